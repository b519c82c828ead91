"""Choosing tickets on the bus tour leaves the map in view: the choice sits in a strip at the foot of the map
area, the map fits above it and the offered places are lit (a fresh player at 1280×720 picked tickets from a
dialog over the middle of the map, without seeing where the places were).

Measured as tests/ui/test_map_notices.py measures notices: the same frame drawn with and without the choice;
no pixel it changes falls on a place or its name."""

from __future__ import annotations

import pygame
import pytest

from game.bus.measures import PLACE_RADIUS
from game.ui.bus import scene as bus_scene
from game.ui.bus.scene import BusPlayScene
from game.ui.table.setup import Seat
from tests.ui.driver import click, save_shot
from tests.ui.test_bus_table import spot, table
from tests.ui.test_map_notices import _changed


def _frame(scene: BusPlayScene) -> pygame.Surface:
    surface = pygame.Surface(scene.app.size)
    scene.draw(surface)
    return surface


@pytest.mark.parametrize("size", ("1280x720", "1920x1080"))
@pytest.mark.parametrize("text_scale", (1.0, 1.5))
def test_the_ticket_choice_hides_no_place(make_app, monkeypatch, size: str, text_scale: float) -> None:
    app, scene = table(make_app, [Seat("person", "Anna"), Seat("normal", "")], size=size)
    app.apply_settings(text_scale=text_scale)
    while scene.hand_open() is None:
        app.step()
    assert scene.state.phase == "choose_tickets"
    app.step()
    save_shot(app.screen, f"bus_ticket_choice_{size}_text{text_scale}")
    shown = _frame(scene)
    monkeypatch.setattr(bus_scene, "ticket_choice", lambda *args: [])
    bare = _frame(scene)
    monkeypatch.undo()
    covered = _changed(shown, bare)
    assert covered.count() > 0  # the choice is drawn
    r = max(6, round(PLACE_RADIUS * scene.map.scale))
    hidden = []
    for place, (_, box) in zip(scene.board.places, scene.map.names(), strict=True):
        x, y = scene.map.screen((place.x, place.y))
        disc = pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)
        if any(covered.overlap_area(pygame.Mask(b.size, fill=True), b.topleft) for b in (box, disc)):
            hidden.append(place.name)
    assert not hidden, f"the ticket choice covers {hidden}"
    # and it still works by clicks: tick the first ticket, keep it
    app.step()
    click(app, spot(scene, "ticket", 0).rect.center)
    click(app, spot(scene, "keep").rect.center)
    app.step()
    assert len(scene.state.players[scene.names.index("Anna")].tickets) == 1


def test_the_offered_places_are_lit_while_choosing(make_app) -> None:
    app, scene = table(make_app, [Seat("person", "Anna"), Seat("normal", "")], size="1280x720")
    while scene.hand_open() is None:
        app.step()
    lit: list[set[int]] = []
    draw = scene.map.draw

    def spy(surface, claimed, **kw):  # type: ignore[no-untyped-def]
        lit.append(set(kw.get("places_lit", ())))
        return draw(surface, claimed, **kw)

    scene.map.draw = spy  # type: ignore[method-assign]
    app.step()
    offered = {p for t in scene.state.offer for p in (scene.board.tickets[t].a, scene.board.tickets[t].b)}
    assert offered and offered <= lit[-1]
