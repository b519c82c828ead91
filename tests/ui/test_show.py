"""Show mode: it opens full screen, any key, click or button opens the menu, idle minutes bring it back,
and the city changes between games. Time moves only by stepping frames (long ones for the idle timer)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.loader import builtin_boards
from game.command_line import parse_options
from game.ui import style
from game.ui.app import App
from game.ui.bus.show import BusShowScene
from game.ui.layers import find
from game.ui.overlays.help import HelpScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.show import ROTATION, SHOW_OVER_PAUSE, ShowLayer, ShowScene, invitation_rect, next_board
from game.ui.table.setup import GameSetup, Seat
from game.ui.text import tr
from tests.ui.conftest import click
from tests.ui.driver import DT, key, save_shot

SIZE = "1200x800"
needs_cities = pytest.mark.skipif(not {"london", "berlin"} <= set(builtin_boards()),
                                  reason="the built-in boards are not installed")


@pytest.fixture
def show(make_app, board_file: Path) -> App:
    app = make_app(["--show", "--board", str(board_file), "--size", SIZE, "--players", "2"])
    app.fixed_dt = DT
    app.step()
    assert isinstance(app.scene, ShowScene)
    return app


def test_show_opens_full_screen_unless_a_window_is_asked_for() -> None:
    assert parse_options(["--show"]).fullscreen
    assert not parse_options(["--show", "--size", "800x600"]).fullscreen
    assert not parse_options(["--show", "--windowed"]).fullscreen
    assert not parse_options([]).fullscreen
    assert parse_options(["--fullscreen", "--size", "800x600"]).fullscreen


def test_a_key_opens_the_menu(show: App) -> None:
    key(show, pygame.K_SPACE)
    assert isinstance(show.scene, MenuScene)
    assert show.running


def test_escape_opens_the_menu_rather_than_quitting(show: App) -> None:
    key(show, pygame.K_ESCAPE)
    assert isinstance(show.scene, MenuScene) and show.running


def test_a_click_opens_the_menu_without_clicking_what_is_under_it(show: App) -> None:
    click(show, (600, 400))
    assert isinstance(show.scene, MenuScene)


def test_a_controller_button_opens_the_menu_and_presses_nothing_there(show: App) -> None:
    pygame.event.post(pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=3, joy=0, button=0))  # SDL sends
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=0))  # both
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=3, button=0))
    show.step()
    show.step()
    assert isinstance(show.scene, MenuScene)  # A woke the show; it did not also press Start
    for _ in range(int(0.5 / DT)):
        show.step()
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=0))
    show.step()
    show.step()
    assert isinstance(show.scene, PlayScene)  # after a moment, A presses Start


def test_full_screen_toggle_does_not_wake_the_show(show: App) -> None:
    key(show, pygame.K_F11)
    assert isinstance(show.scene, ShowScene)


def test_the_show_comes_back_after_idle_minutes_in_the_menu(show: App) -> None:
    show.apply_settings(show_idle_minutes=3)
    key(show, pygame.K_RETURN)
    assert isinstance(show.scene, MenuScene)
    show.step(60.0)
    show.step(60.0)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 50), rel=(1, 0), buttons=(0, 0, 0)))
    show.step(1.0)  # someone is there: the clock starts again
    show.step(60.0)
    show.step(60.0)
    assert isinstance(show.scene, MenuScene)
    show.step(61.0)
    assert isinstance(show.scene, ShowScene)
    assert len(show.scenes) == 1


def test_the_idle_minutes_come_from_the_settings(show: App) -> None:
    show.apply_settings(show_idle_minutes=1)
    key(show, pygame.K_a)
    show.step(59.0)
    assert isinstance(show.scene, MenuScene)
    show.step(2.0)
    assert isinstance(show.scene, ShowScene)


def test_an_abandoned_game_or_the_rules_give_way_to_the_show(show: App) -> None:
    key(show, pygame.K_a)
    menu = show.scene
    for _ in range(int(0.5 / DT)):  # a press right after waking is taken for the waking press's echo
        show.step()
    click(show, menu.widgets["start"].rect.center)
    assert isinstance(show.scene, PlayScene) and not isinstance(show.scene, ShowScene)
    key(show, pygame.K_F1)
    assert isinstance(show.scene, HelpScene)
    for _ in range(4):
        show.step(60.0)
    assert isinstance(show.scene, ShowScene) and len(show.scenes) == 1


def test_without_show_mode_the_menu_never_turns_into_a_show(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    for _ in range(5):
        app.step(120.0)
    assert isinstance(app.scene, MenuScene)
    assert find(app, ShowLayer) is None


def test_the_menu_show_button_starts_the_show(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    click(app, app.scene.widgets["show"].rect.center)
    assert isinstance(app.scene, ShowScene)
    assert all(seat.is_computer for seat in app.scene.setup.seats)


def test_the_rotation_visits_each_city_in_turn() -> None:
    boards = list(ROTATION)
    assert [next_board(name, boards) for name in ROTATION] == ["berlin", "newyork", "london_classic", "london"]
    assert next_board("london", ["london", "newyork"]) == "newyork"
    assert next_board("my_board.json", boards) == "my_board.json"  # a board of one's own just repeats


@needs_cities
def test_the_board_changes_city_between_games(make_app) -> None:
    app = make_app(["--show", "--size", SIZE, "--players", "2"])
    app.fixed_dt = DT
    app.step()
    scene = app.scene
    assert isinstance(scene, ShowScene) and scene.setup.board == "london"
    first_view = scene.view
    scene.ctl.over_time = SHOW_OVER_PAUSE  # as if the game had just ended and its board had been admired
    scene.game_over()
    app.step()
    bus = app.scene  # the shows alternate: a bus tour between two cities (tests/ui/test_bus_table.py plays it out)
    assert isinstance(bus, BusShowScene) and bus.after == "berlin"
    app.router.go("show", board=bus.after)  # what the bus show does when its game has ended
    scene = app.scene
    assert isinstance(scene, ShowScene) and scene.setup.board == "berlin"
    assert scene.board.name.lower().startswith("berlin") and scene.view is not first_view
    assert scene.session.board is scene.board and scene.ctl.state.phase == "actions"
    app.step()
    key(app, pygame.K_SPACE)
    assert isinstance(app.scene, MenuScene)
    layer = find(app, ShowLayer)
    assert isinstance(layer, ShowLayer) and layer.board == "berlin"
    for _ in range(4):
        app.step(60.0)
    assert isinstance(app.scene, ShowScene) and app.scene.setup.board == next_board("berlin")


def test_a_show_game_plays_itself_at_a_pace_people_can_follow(show: App) -> None:
    scene = show.scene
    for _ in range(int(0.4 / DT)):
        show.step()
    assert len(scene.ctl.state.log) == 0
    for _ in range(int(0.2 / DT)):
        show.step()
    assert len(scene.ctl.state.log) == 1


def _written(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text the panels render from now on (through the style module's text helpers)."""
    seen: list[str] = []
    plain, fitted = style.text, style.fit_text

    def text(message: str, *args, **kwargs):
        seen.append(message)
        return plain(message, *args, **kwargs)

    def fit(message: str, *args, **kwargs):
        seen.append(message)
        return fitted(message, *args, **kwargs)

    monkeypatch.setattr(style, "text", text)
    monkeypatch.setattr(style, "fit_text", fit)
    return seen


def _keys_shown(seen: list[str]) -> bool:
    """The key hints were drawn (on as many lines as they need): a line of two or more of them, as the list
    writes them. A line of the log wrapped to "+1 branch token" is a piece of the list's words, not the list."""
    return any(len(words) > 8 and " · " in words and words in tr("play.keys") for words in seen)


def test_the_show_has_no_key_hints_and_no_redundant_kinds(show: App, monkeypatch: pytest.MonkeyPatch) -> None:
    seen = _written(monkeypatch)
    for _ in range(40):
        show.step()
    scene = show.scene
    assert isinstance(scene, ShowScene)
    names = scene.session.names
    assert names == ["Computer 1", "Computer 2"] and all(n in seen for n in names)
    assert not _keys_shown(seen) and tr("pad.hint.actions") not in seen
    assert tr("play.computer") not in seen  # "Computer 1", not "Computer 1 computer"
    save_shot(show.screen, "show")


def test_a_game_with_people_shows_the_keys_and_tags_only_renamed_computers(make_app, board_file: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    seats = [Seat("person", "Anna"), Seat("normal", tr("menu.seat.computer_name", number=2)), Seat("hard", "Hal")]
    app.replace(PlayScene(app, GameSetup(str(board_file), seats, 1)))
    seen = _written(monkeypatch)
    app.step()
    assert _keys_shown(seen)
    assert seen.count(tr("play.computer")) == 1  # beside "Hal", not beside "Computer 2"


def test_the_invitation_takes_the_side_column_and_leaves_the_map_whole(show: App) -> None:
    """The map keeps the play screen's whole map area (boards have its shape); "press any key" sits at the
    foot of the right-hand column, under the panel, drawn in ink there and nowhere over the map."""
    for _ in range(10):
        show.step()
    scene = show.scene
    assert isinstance(scene, ShowScene) and scene.view is not None
    assert scene.view.camera.view == PlayScene.board_rect(scene)
    band = invitation_rect(PlayScene.sidebar_rect(scene))
    panel = scene.sidebar_rect()
    assert panel.bottom <= band.top and band.bottom == show.size[1] and band.height >= show.size[1] // 5
    x, y, w, h = (round(v) for v in scene.board_rect())
    screen = show.screen
    assert screen.get_at((band.centerx, band.bottom - 3))[:3] == style.INK
    assert all(screen.get_at((x + w * k // 8, y + h - 2))[:3] != style.INK for k in range(1, 8))


@pytest.mark.parametrize("size", ["1920x1080", "1280x720", "1024x600"])
def test_the_key_list_breaks_between_its_keys(make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch,
                                              size: str) -> None:
    """"Wheel zoom · F" over "fit · Esc menu" read as a key called fit: the list's lines break between keys."""
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", size])
    app.replace(PlayScene(app, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("person", "Ben")], 1)))
    seen = _written(monkeypatch)
    app.step()
    keys = tr("play.keys")
    lines = list(dict.fromkeys(words for words in seen if " " in words and words in keys))  # each line once
    assert len(lines) >= 2 if size != "1920x1080" else lines, lines
    assert " · ".join(lines) == keys, lines
