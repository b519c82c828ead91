"""Esc on the play screen, as a new player presses it: on a first-game tip it closes that tip and nothing else;
leaving a game to the menu, at any point (even before the first move), always leaves it for Continue."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.persist import saves
from game.ui.app import App
from game.ui.layers import find
from game.ui.overlays.coach import CoachLayer, Hints
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from tests.ui.conftest import click as gui_click
from tests.ui.driver import click, key, open_table, run_until, save_shot, settle, space_point

SIZE = "1920x1080"


@pytest.fixture
def table(make_app, board_file: Path):
    return lambda: open_table(make_app, str(board_file), SIZE)


def coach(app: App) -> CoachLayer:
    layer = find(app, CoachLayer)
    assert isinstance(layer, CoachLayer)
    return layer


def continue_from_the_menu(app: App) -> PlayScene:
    """On the menu, Continue is there to press, and pressing it opens a game."""
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.step()
    resume = menu.widgets["continue"]
    assert resume.is_enabled, "the game just left cannot be continued"
    save_shot(app.screen, "leaving_menu_after_esc")
    gui_click(app, resume.rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    return scene


def test_escape_on_the_first_tip_closes_the_tip_and_stays_in_the_game(table) -> None:
    app, play = table()
    tips = coach(app)
    assert tips.current(app) == "line" and tips.box is not None
    key(app, pygame.K_ESCAPE)
    assert app.scene is play, "Esc on a tip left the game"
    assert tips.current(app) != "line"  # that tip is closed
    assert play.state.actions_left == 3 and not play.ctl.message
    assert not Hints().seen  # closing a tip is not "Don't show again": the next game shows them again
    save_shot(app.screen, "leaving_tip_closed_by_esc")


def test_escape_before_the_first_move_leaves_the_new_game_continuable(table) -> None:
    app, play = table()
    while coach(app).current(app) is not None:  # every tip closed with Esc, one after another
        key(app, pygame.K_ESCAPE)
        assert app.scene is play
    state = play.ctl.state.to_json()
    assert not saves.has_autosave()
    key(app, pygame.K_ESCAPE)  # now Esc leaves
    resumed = continue_from_the_menu(app)
    assert resumed.ctl.state.to_json() == state
    assert [resumed.session.name(seat) for seat in range(2)] == ["Anna", "Ben"]


def test_escape_in_the_middle_of_a_turn_keeps_the_turn_as_it_was(table) -> None:
    app, play = table()
    Hints().mark_seen()
    coach(app).hints = None  # the tips read the file again: seen
    app.step()
    click(app, space_point(play, sorted(play.ctl.legal_spaces())[0]))
    settle(app, play)
    assert play.ctl.undo()  # an undo changes the game too: what is left is the game as it stands
    state = play.ctl.state.to_json()
    key(app, pygame.K_ESCAPE)
    assert continue_from_the_menu(app).ctl.state.to_json() == state


def test_a_new_game_left_at_once_is_the_one_continue_opens_not_the_one_before(table) -> None:
    app, first = table()
    Hints().mark_seen()
    click(app, space_point(first, sorted(first.ctl.legal_spaces())[0]))  # the old game: saved after a move
    settle(app, first)
    assert saves.has_autosave()
    app2, fresh = table()
    coach(app2).hints = None
    app2.step()
    state = fresh.ctl.state.to_json()
    key(app2, pygame.K_ESCAPE)
    assert continue_from_the_menu(app2).ctl.state.to_json() == state


def test_a_disk_that_refuses_the_save_is_told_on_the_menu(table, monkeypatch: pytest.MonkeyPatch) -> None:
    app, _ = table()
    Hints().mark_seen()
    coach(app).hints = None
    app.step()
    full = saves.SaveProblem("save.problem.unsaved", {"reason": "disk full"})
    monkeypatch.setattr(saves, "write_autosave", lambda data: full)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    assert app.notice == "Could not save the game: disk full"  # the player hears the game could not be kept


def test_escape_puts_away_what_came_last_first_the_hint_then_the_tip_then_the_game(table) -> None:
    app, play = table()
    tips = coach(app)
    key(app, pygame.K_h)
    play.ctl.hints.wait(120)  # worked out on its own thread: waited for, not raced against a frame count
    run_until(app, lambda: play.ctl.hint is not None)
    assert tips.current(app) == "line"
    key(app, pygame.K_ESCAPE)
    assert play.ctl.hint is None and tips.current(app) == "line" and app.scene is play
    key(app, pygame.K_ESCAPE)
    assert tips.current(app) == "space" and app.scene is play
