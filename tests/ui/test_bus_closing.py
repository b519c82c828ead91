"""Closing the window (a pygame.QUIT event) in the middle of a bus-tour game keeps it, as leaving it to the
menu does (test_bus_table.py) and as the Underground's table does (test_closing.py): the bus tour writes its
autosave after every action and undo, and at the start (persist/bus_save.py), so the next start's Continue
opens the game as it stood — here after a move, after an undo, and with the rules open over the table."""

from __future__ import annotations

import pygame

from game.persist.bus_save import bus_save_path
from game.ui.app import App
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.overlays.help import HelpScene
from game.ui.table.setup import Seat
from tests.ui.driver import DT, click, key
from tests.ui.test_bus_table import spot
from tests.ui.test_i18n_ui import choose

SIZE = "1600x900"


def _table(make_app) -> tuple[App, BusPlayScene]:
    """Anna and Ben at the bus tour; Anna has said she is ready and kept a ticket."""
    app = make_app(["--scene", "menu", "--size", SIZE])
    app.fixed_dt = DT
    scene = BusPlayScene(app, BusSetup("london_bus", [Seat("person", "Anna"), Seat("person", "Ben")], seed=3))
    app.replace(scene)
    app.step()
    click(app, spot(scene, "ready").rect.center)
    click(app, spot(scene, "ticket", 1).rect.center)
    click(app, spot(scene, "keep").rect.center)
    return app, scene


def _close_the_window(app: App) -> None:
    """The window's close button, as pygame delivers it."""
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert not app.running, "the window did not close"


def _continue(make_app) -> BusPlayScene:
    """Start the game again, choose the bus tour in the menu and press Continue."""
    app = make_app(["--scene", "menu", "--size", SIZE])
    app.fixed_dt = DT
    app.step()
    choose(app, app.scene.widgets["city"], "bus:london_bus")
    menu = app.scene
    assert menu.widgets["continue"].is_enabled, "the menu offers no Continue for the bus tour"
    click(app, menu.widgets["continue"].rect.center)
    app.step()
    resumed = app.scene
    assert isinstance(resumed, BusPlayScene)
    return resumed


def test_closing_the_window_in_a_bus_game_keeps_it_for_continue(make_app) -> None:
    app, scene = _table(make_app)
    click(app, spot(scene, "ready").rect.center)  # Ben's turn to choose: he keeps both tickets
    click(app, spot(scene, "ticket", 0).rect.center)
    click(app, spot(scene, "ticket", 1).rect.center)
    click(app, spot(scene, "keep").rect.center)
    kept = scene.state.to_json(with_log=False)
    _close_the_window(app)
    assert bus_save_path().is_file()
    resumed = _continue(make_app)
    assert resumed.state.to_json(with_log=False) == kept and resumed.names == ["Anna", "Ben"]


def test_closing_the_window_after_an_undo_keeps_the_game_as_it_stood(make_app) -> None:
    app, scene = _table(make_app)
    before = scene.state.to_json(with_log=False)
    click(app, spot(scene, "ready").rect.center)
    click(app, spot(scene, "ticket", 0).rect.center)
    click(app, spot(scene, "keep").rect.center)
    assert scene.state.to_json(with_log=False) != before
    key(app, pygame.K_z, pygame.KMOD_CTRL)  # Ben takes his choice back
    assert scene.state.to_json(with_log=False) == before
    _close_the_window(app)
    assert _continue(make_app).state.to_json(with_log=False) == before


def test_closing_the_window_with_the_rules_open_over_a_bus_game_keeps_it(make_app) -> None:
    app, scene = _table(make_app)
    kept = scene.state.to_json(with_log=False)
    click(app, spot(scene, "ready").rect.center)  # Ben at the screen, his tickets on offer, opens the rules
    click(app, spot(scene, "help").rect.center)
    assert isinstance(app.scene, HelpScene)
    _close_the_window(app)
    assert _continue(make_app).state.to_json(with_log=False) == kept
