"""Draws a bus-tour board's own objects: districts as tinted outlines, routes as their coloured spaces (a double
route's two side by side), places as discs with their names where `label` puts them, tickets as a list.

Colours and shapes are the game's (game/ui/bus/look.py), names are placed by the game's own `name_box`, so
the editor shows the board as the table will.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

import pygame

from editor.canvas.name_plate import INK, SELECT, name_plate
from editor.canvas.view import View
from editor.document.tmx import Document, MapObject, Point
from game.board.tmx.bus import LABEL_PX
from game.bus.labels import name_box
from game.bus.measures import PLACE_RADIUS, ROUTE_WIDTH, TWIN_SHIFT
from game.ui.bus.look import CARD_COLOURS, SHAPES, ink_on, shape

PROBLEM = (220, 40, 40)
DISTRICT = (120, 80, 170)
SPACE_GAP = 4.0  # board px between two spaces
TICKET_FONT = 15.0  # board px


def draw_bus(surface: pygame.Surface, doc: Document, view: View, fonts: FontSource, *, selection: set[int],
             problems: set[int]) -> None:
    """Everything of a bus-tour board above its water and parks, bottom up."""
    objects = doc.objects()
    places = {o.id: o for o in objects if o.kind == "place"}
    for obj in objects:
        if obj.kind == "district":
            _district(surface, view, fonts, obj, obj.id in selection, obj.id in problems)
    for obj in objects:
        if obj.kind == "route":
            _route(surface, view, obj, _twin_side(doc, obj), obj.id in selection, obj.id in problems)
    for obj in objects:
        if obj.kind == "district":  # its name and value above the routes, which often cross its top corner
            _district_label(surface, view, fonts, obj, obj.id in selection, obj.id in problems)
    label_px = _label_px(doc)
    for obj in places.values():
        _place(surface, view, fonts, obj, label_px, obj.id in selection, obj.id in problems)
    for obj in objects:
        if obj.kind == "ticket":
            _ticket(surface, view, fonts, obj, places, obj.id in selection, obj.id in problems)


@dataclass(frozen=True)
class FontSource:
    """The faces to write with (render.py's caches): `name(size)` the game's place-name face, `plain(size)`."""

    name: Callable[[int], pygame.font.Font]
    plain: Callable[[int], pygame.font.Font]


def _label_px(doc: Document) -> float:
    try:
        return float(doc.map_properties().get("label_px", LABEL_PX))
    except ValueError:
        return LABEL_PX


def _twin_side(doc: Document, route: MapObject) -> int:
    """-1 or +1 for the two lines of a double route (the older one first), 0 for a single route."""
    pair = {route.ref("a"), route.ref("b")}
    twins = sorted(r.id for r in doc.of_kind("route") if {r.ref("a"), r.ref("b")} == pair)
    if len(twins) < 2:
        return 0
    return -1 if twins.index(route.id) == 0 else 1


def _shifted(points: list[Point], side: int) -> list[Point]:
    """The path moved sideways off its chord (a double route's lines), always to the same side of a→b."""
    if not side or len(points) < 2:
        return points
    (x1, y1), (x2, y2) = points[0], points[-1]
    length = math.dist(points[0], points[-1]) or 1.0
    nx, ny = -(y2 - y1) / length, (x2 - x1) / length
    if (nx, ny) < (0.0, 0.0):  # the same normal whichever end the route was drawn from
        nx, ny = -nx, -ny
    return [(x + nx * TWIN_SHIFT * side, y + ny * TWIN_SHIFT * side) for x, y in points]


def _along(points: list[Point], distance: float) -> tuple[Point, Point]:
    """The point `distance` along a polyline and the unit direction there."""
    for (x1, y1), (x2, y2) in pairwise(points):
        step = math.dist((x1, y1), (x2, y2))
        if step and distance <= step:
            t = distance / step
            return (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t), ((x2 - x1) / step, (y2 - y1) / step)
        distance -= step
    (x1, y1), (x2, y2) = points[-2], points[-1]
    step = math.dist((x1, y1), (x2, y2)) or 1.0
    return points[-1], ((x2 - x1) / step, (y2 - y1) / step)


def _route(surface: pygame.Surface, view: View, obj: MapObject, side: int, selected: bool, problem: bool) -> None:
    points = _shifted(list(obj.points), side)
    if len(points) < 2:
        return
    colour = obj.props.get("colour", "")
    fill = CARD_COLOURS.get(colour, (200, 200, 200))
    screen = [view.to_screen(p) for p in points]
    width = max(3, round(ROUTE_WIDTH * view.zoom))
    if selected or problem:
        pygame.draw.lines(surface, SELECT if selected else PROBLEM, False, screen, width + 8)
    pygame.draw.lines(surface, (120, 124, 134), False, screen, max(2, width // 4))
    total = sum(math.dist(p, q) for p, q in pairwise(points))
    spaces = max(1, min(4, obj.number("spaces", 1)))
    cell = max(4.0, (total - 2 * PLACE_RADIUS) / spaces - SPACE_GAP)
    for k in range(spaces):
        centre, (ux, uy) = _along(points, PLACE_RADIUS + (k + 0.5) * (cell + SPACE_GAP) + SPACE_GAP / 2)
        half_l, half_w = cell / 2, ROUTE_WIDTH / 2
        corners = [(centre[0] + ux * dl - uy * dw, centre[1] + uy * dl + ux * dw)
                   for dl, dw in ((-half_l, -half_w), (half_l, -half_w), (half_l, half_w), (-half_l, half_w))]
        polygon = [view.to_screen(c) for c in corners]
        pygame.draw.polygon(surface, fill, polygon)
        pygame.draw.polygon(surface, INK, polygon, 1)
        if SHAPES.get(colour):
            shape(surface, SHAPES[colour], view.to_screen(centre), max(2.0, ROUTE_WIDTH * 0.25 * view.zoom),
                  ink_on(fill))


def _place(surface: pygame.Surface, view: View, fonts: FontSource, obj: MapObject, label_px: float, selected: bool,
           problem: bool) -> None:
    centre = view.to_screen(obj.pos)
    r = max(4, round(PLACE_RADIUS * view.zoom))
    if selected or problem:
        pygame.draw.circle(surface, SELECT if selected else PROBLEM, centre, r + 5)
    pygame.draw.circle(surface, (255, 255, 255), centre, r)
    pygame.draw.circle(surface, INK, centre, r, max(2, r // 4))
    if not obj.name:
        return
    try:
        x, y, w, h = name_box(obj.x, obj.y, obj.name, obj.props.get("label", ""), label_px)
    except ValueError:  # a label the compiler refuses: the problems list says so; the name goes east meanwhile
        x, y, w, h = name_box(obj.x, obj.y, obj.name, "", label_px)
    box = name_plate(surface, view, (x, y, w, h), selected)
    drawn = fonts.name(round(label_px * view.zoom)).render(obj.name, True, INK)
    surface.blit(drawn, drawn.get_rect(center=box.center))


def _district(surface: pygame.Surface, view: View, fonts: FontSource, obj: MapObject, selected: bool,
              problem: bool) -> None:
    points = [view.to_screen(p) for p in obj.points]
    if len(points) < 3:
        return
    tint = CARD_COLOURS.get(obj.props.get("colour", ""), DISTRICT)
    overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    pygame.draw.polygon(overlay, (*tint, 30), points)
    surface.blit(overlay, (0, 0))
    edge = SELECT if selected else PROBLEM if problem else tint
    pygame.draw.polygon(surface, edge, points, 3 if selected or problem else 2)


def _district_label(surface: pygame.Surface, view: View, fonts: FontSource, obj: MapObject, selected: bool,
                    problem: bool) -> None:
    """"West End · 3" on a pale backing inside the district's top corner."""
    label = " · ".join(part for part in (obj.name, obj.props.get("value", "")) if part)
    if not label or len(obj.points) < 3:
        return
    edge = SELECT if selected else PROBLEM if problem else CARD_COLOURS.get(obj.props.get("colour", ""), DISTRICT)
    drawn = fonts.plain(round(20 * max(0.85, min(1.6, view.zoom)))).render(label, True, edge)
    top = min((view.to_screen(p) for p in obj.points), key=lambda p: (p[1], p[0]))
    backing = drawn.get_rect(topleft=(top[0] + 6, top[1] + 4)).inflate(6, 2)
    pygame.draw.rect(surface, (250, 248, 242), backing, border_radius=3)
    surface.blit(drawn, (top[0] + 6, top[1] + 4))


def _ticket(surface: pygame.Surface, view: View, fonts: FontSource, obj: MapObject, places: dict[int, MapObject],
            selected: bool, problem: bool) -> None:
    """A ticket is listed where its object lies (down the map's right-hand edge): "13  Notting Hill – Tower"; the
    selected one also shows the two places it joins."""
    a, b = places.get(obj.ref("a")), places.get(obj.ref("b"))
    ends = f"{a.name if a else '?'} – {b.name if b else '?'}"
    colour = SELECT if selected else PROBLEM if problem else INK
    drawn = fonts.plain(max(12, round(TICKET_FONT * 1.3 * view.zoom))).render(
        f"{obj.props.get('value', '?')}  {ends}", True, colour)
    x, y = view.to_screen(obj.pos)
    rect = drawn.get_rect(midright=(x, y))
    card = rect.inflate(10, 4)
    pygame.draw.rect(surface, (255, 252, 236), card, border_radius=4)
    pygame.draw.rect(surface, colour, card, 2 if selected or problem else 1, border_radius=4)
    surface.blit(drawn, rect)
    if selected and a is not None and b is not None:
        start, end = view.to_screen(a.pos), view.to_screen(b.pos)
        steps = max(1, int(math.dist(start, end) / 12))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            dx, dy = end[0] - start[0], end[1] - start[1]
            pygame.draw.line(surface, SELECT, (start[0] + dx * t0, start[1] + dy * t0),
                             (start[0] + dx * t1, start[1] + dy * t1), 3)
