"""The controller's message ("Controller connected") in the bus tour sits in the table beside the map, under
the cards on display, where the panel's message line is: at the top of the window it covered the map's
places and routes (the Underground's table moved it into its side panel the same way: Scene.notice_rect).

Measured as test_map_notices.py measures it: the frame drawn with and without the message, every changed
pixel is the message's.
"""

from __future__ import annotations

import pygame
import pytest

from game.ui.app import App
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.input.gamepad import PadLayer
from game.ui.layers import find
from game.ui.table.setup import Seat
from tests.ui.driver import DT, click, plug_controller, run_until, save_shot, without_value
from tests.ui.test_map_notices import _covered, _frame

SIZES = [(1920, 1080), (1280, 720)]
DISPLAY = ("face_up", "deck", "draw_tickets")  # the cards a turn draws from, at the panel's top


def _anna_at_the_table(make_app, size: tuple[int, int]) -> tuple[App, BusPlayScene]:
    """Anna against a computer, her hand open on her first turn (tickets chosen by clicks)."""
    app = make_app(["--scene", "menu", "--size", f"{size[0]}x{size[1]}"])
    app.fixed_dt = DT
    scene = BusPlayScene(app, BusSetup("london_bus", [Seat("person", "Anna"), Seat("normal", "")], seed=3))
    app.replace(scene)
    app.step()
    while scene.state.phase == "choose_tickets":
        if scene.hand_open() is not None:
            click(app, next(s for s in scene.spots if s.kind == "ticket").rect.center)
            click(app, next(s for s in scene.spots if s.kind == "keep").rect.center)
        else:
            app.step()
    run_until(app, lambda: scene.hand_open() is not None and scene.state.phase == "turn")
    app.step()
    return app, scene


@pytest.mark.parametrize("size", SIZES, ids=lambda size: f"{size[0]}x{size[1]}")
@pytest.mark.parametrize("event", [pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED],
                         ids=["plugged", "unplugged"])
def test_the_controller_message_sits_in_the_bus_panel_off_the_map(make_app, size: tuple[int, int],
                                                                 event: int) -> None:
    app, scene = _anna_at_the_table(make_app, size)
    layer = find(app, PadLayer)
    assert layer is not None
    plug_controller(app, event)
    assert layer.toast_time > 0 and scene.hand_open() is not None
    covered = _covered(app, scene, without_value(layer, "toast_time", 0.0))
    assert covered.count(), "the controller's message is on screen"
    save_shot(_frame(app, scene), f"bus_pad_{size[0]}x{size[1]}_{pygame.event.event_name(event)}")
    shown = covered.get_bounding_rects()
    message = shown[0].unionall(shown)
    panel = scene.panel_rect()
    assert panel.contains(message), f"the message {message} is not in the panel {panel}: it covers the map"
    display = [s.rect for s in scene.spots if s.kind in DISPLAY]
    assert display and message.top >= max(rect.bottom for rect in display), "the message covers the cards on display"
    touched = [s.kind for s in scene.spots if message.colliderect(s.rect)]
    assert touched == [], f"the message covers the controls {touched}"
