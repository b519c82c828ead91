"""Hints on request, driven by real keys and clicks: the normal bot's move on the person's observation, lit
on the board, played with Enter or a click, put away with Esc; never offered to computers or in the show,
and never using what is hidden (the pile's order)."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.board.model import Board
from game.bots.registry import make_bot
from game.rules.actions import PlaceTrack, TakeBranch
from game.rules.observation import observe
from game.rules.state import GameState, new_game
from game.ui.app import App
from game.ui.overlays.help import HelpScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.show import ShowScene
from game.ui.table.hints import Hint, suggest
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, key, save_shot, space_point, spot

SIZE = "1200x800"


@pytest.fixture
def open_table(make_app, board_file: Path):
    def factory(kinds: tuple[str, ...] = ("person", "person"), seed: int = 4,
                state: GameState | None = None) -> tuple[App, PlayScene]:
        app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
        app.fixed_dt = DT
        setup = GameSetup(str(board_file), [Seat(kind, f"P{i + 1}") for i, kind in enumerate(kinds)], seed)
        scene = PlayScene(app, setup, state=state)
        app.replace(scene)
        app.step()
        return app, scene

    return factory


def wait_for_hint(app: App, scene: PlayScene) -> None:
    """Let the worker finish, then one frame for the table to collect the advice."""
    scene.ctl.hints.wait(120)
    app.step()


def test_h_shows_the_normal_bots_move_and_enter_plays_it(open_table) -> None:
    app, scene = open_table()
    ctl = scene.ctl
    expected = make_bot("normal", 0).choose(observe(ctl.state))
    key(app, pygame.K_h)
    assert ctl.hints.status in ("thinking", "shown")
    assert app.scene is scene  # H at the table is the hint's, not the rules'
    wait_for_hint(app, scene)
    hint = ctl.hint
    assert hint is not None and hint.action == expected
    save_shot(app.screen, "hint_on_board")
    before = len(ctl.state.log)
    key(app, pygame.K_RETURN)
    assert ctl.state.log[before:] == [expected]
    if isinstance(expected, PlaceTrack):
        assert expected.line in ctl.state.tracks[expected.link]
        assert hint.points == ctl.state.players[0].points  # the hint said what it would earn
    assert ctl.hint is None  # the game moved on: the advice is forgotten


def test_the_hint_button_asks_and_a_click_on_the_lit_space_plays_it(open_table) -> None:
    app, scene = open_table()
    ctl = scene.ctl
    click(app, spot(scene, "hint").rect.center)
    wait_for_hint(app, scene)
    hint = ctl.hint
    assert hint is not None
    assert isinstance(hint.action, PlaceTrack)  # at the first move a track always beats a token
    other = next(line for line in ctl.state.players[0].lines if line != hint.line)
    click(app, spot(scene, "line", other).rect.center)  # another line selected: the click still plays the hint
    assert ctl.hint is not None
    click(app, space_point(scene, hint.link))
    assert ctl.state.log == [hint.action]


def test_esc_puts_the_hint_away_and_stays_at_the_table(open_table) -> None:
    app, scene = open_table()
    key(app, pygame.K_h)
    wait_for_hint(app, scene)
    assert scene.ctl.hint is not None
    key(app, pygame.K_ESCAPE)
    assert scene.ctl.hint is None and app.scene is scene
    key(app, pygame.K_h)
    wait_for_hint(app, scene)
    key(app, pygame.K_h)  # H again: away too
    assert scene.ctl.hints.status == ""
    key(app, pygame.K_F1)  # the rules are still one key away
    assert isinstance(app.scene, HelpScene)


def test_a_hint_to_take_a_branch_token_is_played_by_enter(open_table) -> None:
    app, scene = open_table()
    ctl = scene.ctl
    ctl.hints.hint = Hint(TakeBranch())  # what the bot says when nowhere is worth building (rare at the start)
    app.step()
    save_shot(app.screen, "hint_branch")
    tokens = ctl.state.players[0].branch_tokens
    key(app, pygame.K_RETURN)
    assert ctl.state.players[0].branch_tokens == tokens + 1


def test_a_computers_turn_and_the_show_offer_no_hint(open_table, make_app, board_file: Path) -> None:
    app, scene = open_table(("normal", "person"))
    key(app, pygame.K_h)
    assert scene.ctl.hints.status == ""
    assert all(s.kind != "hint" for s in scene.sidebar.spots)
    show = make_app(["--show", "--board", str(board_file), "--size", SIZE, "--players", "2"])
    show.fixed_dt = DT
    show.step()
    assert isinstance(show.scene, ShowScene)
    assert all(s.kind != "hint" for s in show.scene.sidebar.spots)


def test_the_hint_never_sees_the_hidden_pile(board: Board) -> None:
    """Two games alike in everything but the pile's order get the same hint, move after move."""
    game = new_game(board, 3, 11)
    rng = random.Random(2)
    for _ in range(12):
        other = game.clone()
        rng.shuffle(other.deck)
        assert other.deck != game.deck or len(game.deck) < 2
        assert suggest(observe(game)) == suggest(observe(other))
        if game.phase == "over":
            break
        game.apply(make_bot("greedy", 1).choose(observe(game)))
