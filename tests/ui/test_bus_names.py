"""The bus tour's place names on the table's map: no route piece, lit halo or bus ever covers one (a fresh
player at 1280×720 and 150 % text found Marble Arch, Hyde Park Corner, Trafalgar Square and Piccadilly Circus
half under route pieces), and they grow with the players' text size.

Measured as tests/ui/test_map_notices.py measures notices: the same frame drawn with and without the route
pieces, and no changed pixel may fall in a name's box; the boxes are checked to hold every pixel the names
draw (the frame with and without the names)."""

from __future__ import annotations

import pygame
import pytest

from game.ui.bus.scene import BusPlayScene
from game.ui.table.setup import Seat
from tests.ui.driver import click, run_until, save_shot, without_drawing
from tests.ui.test_bus_table import spot, table
from tests.ui.test_map_notices import _changed

SIZES = ("1280x720", "1920x1080")


def _frame(scene: BusPlayScene) -> pygame.Surface:
    surface = pygame.Surface(scene.app.size)
    scene.draw(surface)
    return surface


def _busy_table(make_app, size: str, text_scale: float) -> tuple[object, BusPlayScene]:  # type: ignore[no-untyped-def]
    """Anna's first turn against a computer, with half the routes claimed by the two (buses on them) and every
    route she may claim lit: the most the map ever draws across its names."""
    app, scene = table(make_app, [Seat("person", "Anna"), Seat("normal", "")], size=size)
    app.apply_settings(text_scale=text_scale)  # as the settings screen does
    while scene.state.phase == "choose_tickets":
        if scene.hand_open() is not None:
            click(app, spot(scene, "ticket", 0).rect.center)
            click(app, spot(scene, "keep").rect.center)
        else:
            app.step()
    run_until(app, lambda: scene.hand_open() is not None and scene.state.phase == "turn")
    for route in scene.board.routes[::2]:  # claimed, as after a long game
        if route.twin is None or route.twin not in scene.state.claimed:
            scene.state.claimed[route.index] = route.index % 2
    app.step()
    return app, scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("text_scale", (1.0, 1.5))
def test_no_route_piece_covers_a_place_name(make_app, size: str, text_scale: float) -> None:
    app, scene = _busy_table(make_app, size, text_scale)
    save_shot(app.screen, f"bus_names_{size}_text{text_scale}")
    boxes = [box for _, box in scene.map.names()]
    shown = _frame(scene)
    bare = without_drawing(scene.map, "_route")()
    try:
        plain = _frame(scene)
    finally:
        bare()
    routes = _changed(shown, plain)
    assert routes.count() > 0  # the routes are drawn
    hidden = [scene.board.places[k].name for k, box in enumerate(boxes)
              if routes.overlap_area(pygame.Mask(box.size, fill=True), box.topleft)]
    assert not hidden, f"route pieces over {hidden}"
    scene.map.names = lambda: []  # type: ignore[method-assign]  # the frame without a single name
    try:
        no_names = _frame(scene)
    finally:
        del scene.map.names
    drawn = _changed(shown, no_names)
    inside = pygame.Mask(app.size)
    for box in boxes:
        inside.draw(pygame.Mask(box.size, fill=True), box.topleft)
    assert drawn.count() > 0 and drawn.overlap_area(inside, (0, 0)) == drawn.count()  # the boxes hold the names


def test_names_grow_with_the_text_size(make_app) -> None:
    """At 150 % most names are drawn half as large again (each as far as it stays clear of the others), even at
    1280×720 where the smallest readable size had set them all alike."""
    app, scene = _busy_table(make_app, "1280x720", 1.0)
    normal = [box.height for _, box in scene.map.names()]
    app.apply_settings(text_scale=1.5)
    app.step()
    big = [box.height for _, box in scene.map.names()]
    grown = sum(b >= 1.35 * n for n, b in zip(normal, big, strict=True))
    assert grown >= 0.6 * len(normal), f"{grown} of {len(normal)} names grew"
