"""The bus tour's board on screen: the Thames and parks, the districts, every route as a row of coloured
spaces (a double route as two rows side by side), the places with their names, and the buses on the
routes people claimed. It fits the board into a rectangle and says which route or place is under a point.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

import pygame

from game.bus.board import BusBoard, Route
from game.bus.labels import badge_spots
from game.bus.measures import BADGE_RADIUS, PLACE_CLEAR, PLACE_RADIUS, ROUTE_WIDTH, TWIN_SHIFT
from game.ui import style
from game.ui.bus.look import CARD_COLOURS, PLAYER_COLOURS, SHAPES, ink_on, shape

Point = tuple[float, float]
SPACE_GAP = 0.12  # of a space's length, between two spaces of a route
DISTRICT_TINTS = ((232, 200, 160), (190, 210, 236), (214, 196, 230), (200, 226, 200), (240, 210, 210),
                  (220, 220, 190))


@dataclass(frozen=True, slots=True)
class Space:
    """One space of a route on screen: its centre, direction (unit vector) and length, in screen px."""

    centre: Point
    direction: Point
    length: float


class BusMapView:
    def __init__(self, board: BusBoard, rect: tuple[float, float, float, float]) -> None:
        self.board = board
        self.fit(rect)

    def fit(self, rect: tuple[float, float, float, float]) -> None:
        x, y, w, h = rect
        self.rect = pygame.Rect(round(x), round(y), round(w), round(h))
        pad = 24.0
        self.scale = min((w - 2 * pad) / self.board.width, (h - 2 * pad) / self.board.height)
        self.origin = (x + (w - self.board.width * self.scale) / 2, y + (h - self.board.height * self.scale) / 2)
        self.spaces = [self._spaces(route) for route in self.board.routes]
        self.badges = badge_spots(self.board)

    def screen(self, point: Point) -> Point:
        return (self.origin[0] + point[0] * self.scale, self.origin[1] + point[1] * self.scale)

    # ----- geometry -----

    def _path(self, route: Route) -> list[Point]:
        ends = [(self.board.places[route.a].x, self.board.places[route.a].y),
                (self.board.places[route.b].x, self.board.places[route.b].y)]
        path = list(route.path) if len(route.path) >= 2 else ends
        offset = 0.0
        if route.twin is not None:  # two rows side by side, the lower index on the left of a → b
            offset = TWIN_SHIFT * (-1 if route.index < route.twin else 1)
            if self.board.routes[route.twin].a != route.a:
                offset = -offset
        if offset:
            path = _shifted(path, offset)
        return [self.screen(p) for p in path]

    def _spaces(self, route: Route) -> list[Space]:
        """The route's spaces, evenly along its path, clear of the place discs at its ends."""
        path = self._path(route)
        total = sum(math.dist(p, q) for p, q in pairwise(path))
        clear = PLACE_CLEAR * self.scale
        usable = max(1.0, total - 2 * clear)
        step = usable / route.spaces
        spaces = []
        for k in range(route.spaces):
            along = clear + step * (k + 0.5)
            centre, direction = _along(path, along)
            spaces.append(Space(centre, direction, step * (1 - SPACE_GAP)))
        return spaces

    def route_at(self, pos: Point) -> int | None:
        """The route whose space is under the point (nearest first)."""
        best, best_d = None, math.inf
        reach = ROUTE_WIDTH * self.scale * 0.8
        for k, spaces in enumerate(self.spaces):
            for space in spaces:
                d = math.dist(pos, space.centre)
                if d < max(reach, space.length / 2) and d < best_d:
                    best, best_d = k, d
        return best

    def route_centre(self, route: int) -> Point:
        spaces = self.spaces[route]
        return spaces[len(spaces) // 2].centre if len(spaces) % 2 else _mid(spaces[len(spaces) // 2 - 1].centre,
                                                                             spaces[len(spaces) // 2].centre)

    # ----- drawing -----

    def draw(self, surface: pygame.Surface, claimed: dict[int, int], *, lit: frozenset[int] | set[int] = frozenset(),
             chosen: int | None = None, places_lit: frozenset[int] | set[int] = frozenset(),
             arriving: dict[int, float] | None = None, glow: frozenset[int] | set[int] = frozenset()) -> None:
        """The whole map; `lit` routes are ones the player can claim, `glow` the connections of the open
        hand's finished tickets, `chosen` the route being claimed,
        `arriving` route → 0..1: buses still driving onto it."""
        pygame.draw.rect(surface, style.PAPER, self.rect)
        for deco in self.board.decorations:
            if len(deco.points) >= 3:
                fill, edge = (style.WATER, style.WATER_EDGE) if deco.kind == "water" else (style.PARK, style.PARK_EDGE)
                points = [self.screen(p) for p in deco.points]
                pygame.draw.polygon(surface, fill, points)
                pygame.draw.aalines(surface, edge, True, points)
        for k, district in enumerate(self.board.districts):
            self._district(surface, k, district.outline, district.places)
        for route in self.board.routes:
            owner = claimed.get(route.index)
            progress = 1.0 if arriving is None else arriving.get(route.index, 1.0)
            halo = style.GOLD if route.index == chosen else style.OPTION if route.index in lit else \
                style.GOLD_DARK if route.index in glow else None
            self._route(surface, route, owner, halo, progress)
        for place in self.board.places:
            self._place(surface, place.index, place.index in places_lit)

    def _district(self, surface: pygame.Surface, k: int, outline: tuple[Point, ...], places: tuple[int, ...]) -> None:
        """A district: a soft patch of its colour under each of its places and its value in a badge beside
        them (the outline in the file is the designer's way to say which places; on the map it would cover
        the routes)."""
        tint = DISTRICT_TINTS[k % len(DISTRICT_TINTS)]
        layer = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        centres = [self.screen((self.board.places[i].x, self.board.places[i].y)) for i in places]
        radius = round(40 * self.scale)
        for c in centres:
            pygame.draw.circle(layer, (*tint, 170), (round(c[0]), round(c[1])), radius)
        surface.blit(layer, (0, 0))
        value = self.board.districts[k].value
        size = round(2 * BADGE_RADIUS * self.scale) + 4  # a hair larger on a small screen: still legible
        badge = pygame.Rect(0, 0, size, size)
        spot = self.screen(self.badges[k])  # clear of the routes, places and names
        badge.center = (round(spot[0]), round(spot[1]))
        pygame.draw.rect(surface, style.mix(tint, style.INK, 0.25), badge, border_radius=badge.width // 2)
        pygame.draw.rect(surface, style.INK, badge, 2, border_radius=badge.width // 2)
        number = style.text(str(value), max(11, round(20 * self.scale)), "bold", style.INK)
        surface.blit(number, number.get_rect(center=badge.center))

    def _route(self, surface: pygame.Surface, route: Route, owner: int | None, halo: style.Colour | None,
               progress: float) -> None:
        colour = CARD_COLOURS[route.colour]
        width = ROUTE_WIDTH * self.scale
        for n, space in enumerate(self.spaces[route.index]):
            corners = _box(space.centre, space.direction, space.length, width)
            if halo is not None:
                pygame.draw.polygon(surface, halo, _box(space.centre, space.direction, space.length + 6, width + 8))
            pygame.draw.polygon(surface, colour, corners)
            pygame.draw.polygon(surface, style.INK, corners, 1)
            if SHAPES[route.colour]:
                shape(surface, SHAPES[route.colour], space.centre, width * 0.22, ink_on(colour))
            if owner is not None and n < round(progress * len(self.spaces[route.index]) + 0.49):
                self._bus(surface, space, width, PLAYER_COLOURS[owner])

    def _bus(self, surface: pygame.Surface, space: Space, width: float, colour: style.Colour) -> None:
        """A player's bus on a space: a rounded body with windows."""
        body = _box(space.centre, space.direction, space.length * 0.92, width * 0.86)
        pygame.draw.polygon(surface, colour, body)
        pygame.draw.polygon(surface, style.INK, body, 2)
        dx, dy = space.direction
        for t in (-0.25, 0.05, 0.35):
            cx, cy = space.centre[0] + dx * space.length * t * 0.9, space.centre[1] + dy * space.length * t * 0.9
            window = _box((cx, cy), space.direction, space.length * 0.16, width * 0.36)
            pygame.draw.polygon(surface, ink_on(colour), window)

    def _place(self, surface: pygame.Surface, index: int, lit: bool) -> None:
        place = self.board.places[index]
        centre = self.screen((place.x, place.y))
        radius = max(6.0, PLACE_RADIUS * self.scale)
        if lit:
            pygame.draw.circle(surface, style.GOLD, (round(centre[0]), round(centre[1])), round(radius * 1.5))
        pygame.draw.circle(surface, style.INK, (round(centre[0]), round(centre[1])), round(radius))
        pygame.draw.circle(surface, style.HALO, (round(centre[0]), round(centre[1])), round(radius * 0.72))
        size = max(12, round(self.board.label_px * self.scale * 1.05))
        image = style.text(place.name, size, "semibold", style.INK)
        if place.label is not None:
            x, y, w, h = place.label
            left, top = self.screen((x, y))
            where = (left + (w * self.scale - image.get_width()) / 2, top + (h * self.scale - image.get_height()) / 2)
        else:
            where = (centre[0] + radius + 4, centre[1] - image.get_height() / 2)
        halo = style.text(place.name, size, "semibold", style.HALO)
        for ox, oy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            surface.blit(halo, (where[0] + ox, where[1] + oy))
        surface.blit(image, where)


def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def _along(path: list[Point], distance: float) -> tuple[Point, Point]:
    """The point `distance` along a polyline and the unit direction there."""
    for p, q in pairwise(path):
        length = math.dist(p, q)
        if distance <= length or q == path[-1]:
            t = 0.0 if length == 0 else min(1.0, distance / length)
            d = ((q[0] - p[0]) / (length or 1), (q[1] - p[1]) / (length or 1))
            return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t), d
        distance -= length
    return path[-1], (1.0, 0.0)


def _shifted(path: list[Point], offset: float) -> list[Point]:
    """The polyline moved sideways by `offset` (to the left of its direction for a positive offset)."""
    out = []
    for i, p in enumerate(path):
        a, b = path[max(0, i - 1)], path[min(len(path) - 1, i + 1)]
        dx, dy = b[0] - a[0], b[1] - a[1]
        length = math.hypot(dx, dy) or 1.0
        out.append((p[0] - dy / length * offset, p[1] + dx / length * offset))
    return out


def _box(centre: Point, direction: Point, length: float, width: float) -> list[Point]:
    (cx, cy), (dx, dy) = centre, direction
    hx, hy = dx * length / 2, dy * length / 2
    wx, wy = -dy * width / 2, dx * width / 2
    return [(cx - hx - wx, cy - hy - wy), (cx + hx - wx, cy + hy - wy), (cx + hx + wx, cy + hy + wy),
            (cx - hx + wx, cy - hy + wy)]
