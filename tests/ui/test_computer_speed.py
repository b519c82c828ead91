"""The computer players' speed, chosen on the settings screen (a fresh player found them faster than a sofa
can follow): Slow, Normal (today's pace) or Fast, saved with the other settings, and used at once by the
Underground's table and the bus tour; the show keeps its own pace.

Time here is the App's fixed step (driver.DT a frame), so the pauses are counted in frames, never in clock
time: a slow computer waits twice the frames a normal one does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from game.persist.settings import config_dir
from game.ui.app import App
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings import SettingsScene
from game.ui.scenes.show import ShowScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.conftest import click
from tests.ui.driver import DT, key, save_shot

SLOW, NORMAL, FAST = 2.0, 1.0, 0.5
LIMIT = 400  # frames: 20 s of game time, far beyond any computer's pause


def _saved() -> dict:
    return json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))


def _choose_speed(app: App, pace: float) -> None:
    """Menu → Settings → the speed's button → Esc back to the menu, by clicks and keys as a player would."""
    click(app, app.scene.widgets["settings"].rect.center)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    click(app, settings.paces[pace].rect.center)
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.scene, SettingsScene)


def _menu(make_app, board_file: Path, pace: float | None = None) -> App:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", "1600x900"])
    app.fixed_dt = DT
    app.step()
    if pace is not None:
        _choose_speed(app, pace)
    return app


def _frames_until(app: App, acted) -> int:  # type: ignore[no-untyped-def]
    """Frames stepped until the first computer has acted."""
    for frame in range(1, LIMIT + 1):
        app.step()
        if acted():
            return frame
    raise AssertionError("the computer never acted")


def _table_pause(make_app, board_file: Path, pace: float | None) -> int:
    """Frames a computer sitting first at the Underground's table takes for its first action."""
    app = _menu(make_app, board_file, pace)
    seats = [Seat("normal", "Cleo"), Seat("person", "Anna")]
    scene = PlayScene(app, GameSetup(str(board_file), seats, 4))
    app.replace(scene)
    assert scene.ctl is not None and scene.ctl.computer_turn()
    return _frames_until(app, lambda: len(scene.ctl.state.log) > 0)


def _bus_pause(make_app, board_file: Path, pace: float | None) -> int:
    """Frames the bus tour's first computer takes to choose its tickets."""
    app = _menu(make_app, board_file, pace)
    scene = BusPlayScene(app, BusSetup("london_bus", [Seat("normal", ""), Seat("easy", "")], seed=3))
    app.replace(scene)
    assert scene.state.current in scene.bots
    done = len(scene.state.log)
    return _frames_until(app, lambda: len(scene.state.log) > done)


def test_the_settings_screen_keeps_the_computer_speed(make_app, board_file: Path) -> None:
    app = _menu(make_app, board_file)
    click(app, app.scene.widgets["settings"].rect.center)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    assert settings.paces[NORMAL].is_selected and not settings.paces[SLOW].is_selected  # today's pace by default
    assert [button.text for button in settings.paces.values()] == ["Slow", "Normal", "Fast"]
    click(app, settings.paces[SLOW].rect.center)
    assert app.store.settings.computer_pace == SLOW and _saved()["computer_pace"] == SLOW
    settings = app.scene
    assert settings.paces[SLOW].is_selected and not settings.paces[NORMAL].is_selected
    app.step()
    save_shot(app.screen, "settings_computer_speed")

    again = make_app(["--scene", "menu", "--board", str(board_file)])  # the next start remembers it
    again.step()
    click(again, again.scene.widgets["settings"].rect.center)
    assert again.scene.paces[SLOW].is_selected


@pytest.mark.parametrize(("pause", "today"), [(_table_pause, 0.6), (_bus_pause, 0.7)],
                         ids=["table", "bus tour"])  # today's pace: BOT_DELAY, THINK_SECONDS
def test_slow_computers_take_twice_as_long_and_fast_ones_half(make_app, board_file: Path, pause,
                                                              today: float) -> None:
    normal = pause(make_app, board_file, None)
    assert abs(normal * DT - today) <= DT
    slow = pause(make_app, board_file, SLOW)
    fast = pause(make_app, board_file, FAST)
    assert abs(slow - 2 * normal) <= 1, (normal, slow)
    assert abs(fast - normal / 2) <= 1, (normal, fast)


def test_the_show_keeps_its_own_pace(make_app, board_file: Path) -> None:
    def show_pause(pace: float | None) -> int:
        app = _menu(make_app, board_file, pace)
        app.router.go("show", board=str(board_file), players=2)
        show = app.scene
        assert isinstance(show, ShowScene) and show.ctl is not None
        return _frames_until(app, lambda: len(show.ctl.state.log) > 0)

    assert show_pause(SLOW) == show_pause(None)
