"""The passenger's routes on offer, in the side panel: which trip this is, then a row per route (number,
destination, the lines ridden, how far he walks), the rows the person clicks to choose."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ui import style, text
from game.ui.board import symbols
from game.ui.panels.widgets import Hotspot, line_chip
from game.ui.table.trips import current_trip
from game.ui.table.turns import TurnController

ROUTE_ROW = 36
TRIP_LINE = 18  # a line of "Trip 1 of 2: to an express destination" under the routes' title


def route_rows(surface: pygame.Surface, area: pygame.Rect, ctl: TurnController, hover: tuple[int, int] | None,
           s: Callable[[float], int], marked: int) -> tuple[int, list[Hotspot]]:
    """The passenger's options as rows: number, destination, the lines ridden, how far he walks (`marked`:
    the row Go and Enter take; `s`: the panel's scale). Returns the bottom drawn to and the rows' hotspots."""
    options = ctl.route_options()
    state = ctl.state
    board = ctl.session.board
    name = ctl.session.name(state.current)
    if ctl.computer_turn():
        title = text.tr("play.route.wait", name=name)
    elif len(options) > 1:
        title = text.ntr("play.route.pick", len(options), count=len(options))
    else:
        title = text.tr("play.route.title")
    routes = state.passenger_options()
    walked = routes.walked if routes else 0
    heads = style.wrap(title, s(17), "black", area.width - s(28), max_lines=3)
    trip = current_trip(state)
    trip_lines = []
    if trip is not None and trip.several:  # he moves twice: say which trip this is, and to which kind of card
        key = "play.trip.express" if trip.kind == "express" else "play.trip.standard"
        trip_lines = style.wrap(text.tr(key, number=trip.number, total=trip.total), s(14), "semibold",
                                area.width - s(50), max_lines=3)
    more = (len(heads) - 1) * s(21) + (len(trip_lines) * s(TRIP_LINE) + s(4) if trip_lines else 0)
    box = pygame.Rect(area.x, area.y, area.width, s(44) + more + len(options) * s(ROUTE_ROW) + s(6))
    pygame.draw.rect(surface, style.INK, box, border_radius=s(12))
    for k, line in enumerate(heads):
        surface.blit(style.text(line, s(17), "black", style.GOLD), (box.x + s(14), box.y + s(12) + k * s(21)))
    if trip is not None and trip_lines:
        top = box.y + s(12) + len(heads) * s(21) + s(3)
        card_icon(surface, pygame.Rect(box.x + s(14), top + s(1), s(14), s(16)), trip.kind == "express", s(3))
        for k, line in enumerate(trip_lines):
            surface.blit(style.text(line, s(14), "semibold", style.HALO), (box.x + s(36), top + k * s(TRIP_LINE)))
    spots: list[Hotspot] = []
    y = box.y + s(42) + more
    for k, option in enumerate(options):
        row = pygame.Rect(box.x + s(8), y, box.width - s(16), s(ROUTE_ROW - 4))
        lit = hover is not None and row.collidepoint(hover)
        pygame.draw.rect(surface, style.GOLD if lit else style.HALO, row, border_radius=s(8))
        if len(options) > 1 and k == marked and ctl.person_may_act():  # the one Go / Enter take
            pygame.draw.rect(surface, style.GOLD, row.inflate(s(4), s(4)), s(3), border_radius=s(10))
        number = style.text(str(k + 1) if len(options) > 1 else "→", s(16), "black", style.INK)
        surface.blit(number, number.get_rect(midleft=(row.x + s(10), row.centery)))
        station = board.nodes[option.destination].name
        if len(option.path) <= 1:
            station = text.tr("play.route.stay", station=station)
        extra = text.ntr("play.route.walk", walked, count=walked) if walked else ""
        if not option.lines and len(option.path) > 1:
            extra = text.tr("play.route.by_foot")
        extra_image = style.text(extra, s(13), "semibold", style.INK_SOFT) if extra else None
        chips_w = len(option.lines) * s(30)
        room = row.width - s(40) - chips_w - (extra_image.get_width() + s(12) if extra_image else 0)
        label = style.fit_text(station, s(16), "bold", style.INK, max(s(60), room))
        surface.blit(label, label.get_rect(midleft=(row.x + s(32), row.centery)))
        cx = row.x + s(40) + label.get_width()
        for line in option.lines:
            chip = pygame.Rect(cx, row.centery - s(8), s(24), s(16))
            if style.colour_blind():
                line_chip(surface, chip, line, 0, plain=True)
            else:
                pygame.draw.rect(surface, style.line_edge(line), chip, border_radius=4)
                pygame.draw.rect(surface, style.line_colour(line), chip.inflate(-4, -4), border_radius=3)
            cx += s(30)
        if extra_image is not None:
            surface.blit(extra_image, extra_image.get_rect(midright=(row.right - s(10), row.centery)))
        spots.append(Hotspot(row, "route", k))
        y += s(ROUTE_ROW)
    return box.bottom + s(10), spots

def card_icon(surface: pygame.Surface, rect: pygame.Rect, express: bool, corner: int) -> None:
    """A tiny destination card of the trip's kind, gold or white with its star, as the cards below show it."""
    fill, edge = (style.GOLD, style.GOLD_DARK) if express else (style.HALO, style.INK_SOFT)
    pygame.draw.rect(surface, fill, rect, border_radius=corner)
    pygame.draw.rect(surface, edge, rect, 1, border_radius=corner)
    symbols.star(surface, edge, rect.center, rect.width * 0.36)
