"""`--continue` opens the last saved game directly; when it cannot, the menu opens and says why."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.persist import saves
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, space_point

SIZE = "1200x800"


def _play_two_placements(make_app, board_file: Path) -> dict:
    """Lay two tracks on a fresh game, close the window; the state the autosave holds."""
    app: App = make_app(["--scene", "menu", "--size", SIZE])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("person", "Ben")], 4))
    app.replace(scene)
    app.step()
    for _ in range(2):
        click(app, space_point(scene, sorted(scene.ctl.legal_spaces())[0]))
    state = scene.ctl.state.to_json()
    assert len(state["log"]) == 2
    pygame.quit()
    return state


def test_continue_opens_the_saved_game_where_it_was(make_app, board_file: Path) -> None:
    state = _play_two_placements(make_app, board_file)
    app = make_app(["--continue", "--size", SIZE])
    assert isinstance(app.scene, PlayScene)
    assert app.scene.ctl.state.to_json() == state
    app.step()


def test_a_save_that_cannot_be_resumed_is_set_aside_and_the_menu_says_why(make_app, board_file: Path) -> None:
    _play_two_placements(make_app, board_file)
    for path in saves.save_paths():
        if path.exists():
            path.write_bytes(b"{ not a save")
    app = make_app(["--continue", "--size", SIZE])
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert "The last saved game was damaged" in menu.widgets["save_problem"].html_text
    assert (saves.data_dir() / "autosave.json.bad").exists() and not saves.autosave_path().exists()
    assert not menu.widgets["continue"].is_enabled


def test_with_no_save_at_all_the_menu_says_there_is_none(make_app) -> None:
    app = make_app(["--continue", "--size", SIZE])
    app.step()
    assert isinstance(app.scene, MenuScene)
    assert app.notice == "There is no saved game to continue."
