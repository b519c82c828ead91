"""Closing the window (its close button: a pygame.QUIT event) in the middle of a game keeps the game, as
leaving to the menu does (test_leaving.py): the next start offers Continue with the game as it stood. The
show, the tutorial and a replay still save nothing."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.board.model import Board
from game.persist import saves
from game.ui.app import App
from game.ui.overlays.coach import Hints
from game.ui.overlays.help import HelpScene
from game.ui.scenes.end import EndScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.show import ShowScene
from tests.ui.driver import DT, click, key, open_table, settle, space_point
from tests.ui.test_leaving import continue_from_the_menu
from tests.ui.test_replay import finished_game, open_replay
from tests.ui.test_tutorial import open_tutorial

SIZE = "1920x1080"


def _close_the_window(app: App) -> None:
    """The window's close button, as pygame delivers it."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running, "the window did not close"


def _table(make_app, board_file: Path) -> tuple[App, PlayScene]:
    return open_table(make_app, str(board_file), SIZE, frames=3)


def _start_again(make_app) -> App:
    app = make_app(["--size", SIZE])
    app.fixed_dt = DT
    return app


def test_closing_the_window_before_the_first_move_keeps_the_game_for_continue(make_app, board_file: Path) -> None:
    app, play = _table(make_app, board_file)
    state = play.ctl.state.to_json()
    assert not saves.has_autosave()
    _close_the_window(app)
    resumed = continue_from_the_menu(_start_again(make_app))
    assert resumed.ctl.state.to_json() == state
    assert [resumed.session.name(seat) for seat in range(2)] == ["Anna", "Ben"]


def test_closing_the_window_in_the_middle_of_a_turn_keeps_the_turn_as_it_was(make_app, board_file: Path) -> None:
    Hints().mark_seen()
    app, play = _table(make_app, board_file)
    click(app, space_point(play, sorted(play.ctl.legal_spaces())[0]))
    settle(app, play)
    assert play.ctl.undo()  # an undo changes the game too
    click(app, space_point(play, sorted(play.ctl.legal_spaces())[-1]))  # closed while this one still moves
    state = play.ctl.state.to_json()
    _close_the_window(app)
    assert continue_from_the_menu(_start_again(make_app)).ctl.state.to_json() == state


def test_closing_the_window_with_the_rules_open_over_a_game_keeps_the_game(make_app, board_file: Path) -> None:
    Hints().mark_seen()
    app, play = _table(make_app, board_file)
    state = play.ctl.state.to_json()
    key(app, pygame.K_F1)
    assert isinstance(app.scene, HelpScene)
    _close_the_window(app)
    assert continue_from_the_menu(_start_again(make_app)).ctl.state.to_json() == state


def test_closing_the_show_saves_nothing(make_app, board_file: Path) -> None:
    app = make_app(["--show", "--board", str(board_file), "--size", "1200x800", "--players", "2"])
    app.fixed_dt = DT
    for _ in range(30):
        app.step()
    assert isinstance(app.scene, ShowScene)
    _close_the_window(app)
    assert not saves.has_autosave()


def test_closing_the_tutorial_saves_nothing(make_app) -> None:
    app, _ = open_tutorial(make_app)
    _close_the_window(app)
    assert not saves.has_autosave()


def test_closing_a_replay_saves_nothing(make_app, board: Board, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    app.replace(EndScene(app, finished_game(board, board_file)))
    app.step()
    open_replay(app)
    app.step()
    _close_the_window(app)
    assert not saves.has_autosave()
