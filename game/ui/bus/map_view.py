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
from game.ui.board.labels import min_name_px
from game.ui.board.static_layer import halo_text
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
        self.badges = badge_spots(board)  # the districts' value badges: names keep clear of them
        self._names: list[tuple[pygame.Surface, pygame.Rect]] = []
        self._names_key: tuple[object, ...] = ()
        self.fit(rect)

    def fit(self, rect: tuple[float, float, float, float]) -> None:
        """Fit what the map shows (its places, names and routes, with a margin) into `rect`, as large as it goes:
        the board's own frame has room round its edges (the river runs on past the places), and fitting that
        left a wide empty band and small names."""
        x, y, w, h = self.area = rect
        self.rect = pygame.Rect(round(x), round(y), round(w), round(h))
        self.fitted_text = style.text_scale()
        left, top, right, bottom = content = self._content()
        for _ in range(3):  # names drawn larger than their boxes (readable size, text size) widen what is shown
            self._show((left, top, right, bottom))
            shown = [self.board_point(r.topleft) + self.board_point(r.bottomright) for _, r in self.names()]
            left, top = min([content[0]] + [b[0] for b in shown]), min([content[1]] + [b[1] for b in shown])
            right, bottom = max([content[2]] + [b[2] for b in shown]), max([content[3]] + [b[3] for b in shown])
        self._show((left, top, right, bottom))
        self.spaces = [self._spaces(route) for route in self.board.routes]

    def _show(self, bounds: tuple[float, float, float, float]) -> None:
        """Scale and place the map so `bounds` (left, top, right, bottom in board px) fill the area, centred."""
        x, y, w, h = self.area
        left, top, right, bottom = bounds
        pad = 12.0
        self.scale = max(1e-3, min((w - 2 * pad) / (right - left), (h - 2 * pad) / (bottom - top)))
        self.origin = (x + (w - (right - left) * self.scale) / 2 - left * self.scale,
                       y + (h - (bottom - top) * self.scale) / 2 - top * self.scale)

    def _content(self) -> tuple[float, float, float, float]:
        """The board area worth showing (left, top, right, bottom in board px): the places with their discs and
        name boxes and the routes' bends; the board's frame when it has nothing."""
        board = self.board
        xs = [v for p in board.places for v in (p.x - 2 * PLACE_RADIUS, p.x + 2 * PLACE_RADIUS)]
        ys = [v for p in board.places for v in (p.y - 2 * PLACE_RADIUS, p.y + 2 * PLACE_RADIUS)]
        for p in board.places:
            if p.label is not None:
                lx, ly, lw, lh = p.label
                xs += [lx, lx + lw]
                ys += [ly, ly + lh]
        for route in board.routes:
            xs += [q[0] for q in route.path]
            ys += [q[1] for q in route.path]
        if not xs or max(xs) - min(xs) < 1 or max(ys) - min(ys) < 1:
            return (0.0, 0.0, max(1.0, board.width), max(1.0, board.height))
        return (min(xs), min(ys), max(xs), max(ys))

    def board_point(self, point: tuple[float, float]) -> Point:
        """A screen point in board px."""
        return ((point[0] - self.origin[0]) / self.scale, (point[1] - self.origin[1]) / self.scale)

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
        if self.fitted_text != style.text_scale():  # the names' size changed: they take their room again
            self.fit(self.area)
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip))  # the river runs on past the fitted places: not into the panel
        pygame.draw.rect(surface, style.PAPER, self.rect)
        for deco in self.board.decorations:
            if len(deco.points) >= 3:
                fill, edge = (style.WATER, style.WATER_EDGE) if deco.kind == "water" else (style.PARK, style.PARK_EDGE)
                points = [self.screen(p) for p in deco.points]
                pygame.draw.polygon(surface, fill, points)
                pygame.draw.aalines(surface, edge, True, points)
        for k, district in enumerate(self.board.districts):
            self._district(surface, k, district.outline, district.places)
        names = self.names()
        ground = surface.copy()  # the map under its routes: given back in each name's box
        for route in self.board.routes:
            owner = claimed.get(route.index)
            progress = 1.0 if arriving is None else arriving.get(route.index, 1.0)
            halo = style.GOLD if route.index == chosen else style.OPTION if route.index in lit else \
                style.GOLD_DARK if route.index in glow else None
            self._route(surface, route, owner, halo, progress)
        for _, box in names:  # no route piece, halo or bus covers a name (a fresh player lost several under them)
            surface.blit(ground, box, box)
        for place in self.board.places:
            self._place(surface, place.index, place.index in places_lit)
        for image, box in names:  # the names last, their own layer over everything on the map
            surface.blit(image, box)
        surface.set_clip(clip)

    def name_px(self, text_scale: float | None = None) -> int:
        """The names' size on screen: the board's own at this fit but never under the smallest readable size
        (game/ui/board/labels.min_name_px), times the players' text size — at 150 % a name is half as large
        again even where the readable minimum set its size (as far as it has room: `names`)."""
        chosen = style.text_scale() if text_scale is None else text_scale
        return max(1, round(max(min_name_px(), self.board.label_px * self.scale) * chosen))

    def names(self) -> list[tuple[pygame.Surface, pygame.Rect]]:
        """Every place's name as drawn now and the box it covers on screen (its halo included). A name larger
        than its box on the board grows away from its place, so it stays beside it; past the size of the 100 %
        text each grows only as far as it stays clear of the other names, places and district badges (a big
        text size otherwise ran names into each other). Laid out once per fit and size, not every frame."""
        base, top = self.name_px(1.0), self.name_px()
        key = (self.scale, self.origin, base, top)
        if key != self._names_key:
            self._names, self._names_key = self._lay_out_names(base, top), key
        return self._names

    def _lay_out_names(self, base: int, top: int) -> list[tuple[pygame.Surface, pygame.Rect]]:
        names = [self._name(k, base) for k in range(len(self.board.places))]
        if top <= base:
            return names if top == base else [self._name(k, top) for k in range(len(self.board.places))]
        radius = max(6.0, PLACE_RADIUS * self.scale)
        discs = [pygame.Rect(0, 0, round(2 * radius), round(2 * radius)) for _ in self.board.places]
        for disc, place in zip(discs, self.board.places, strict=True):
            disc.center = (round(self.screen((place.x, place.y))[0]), round(self.screen((place.x, place.y))[1]))
        side = round(2 * BADGE_RADIUS * self.scale) + 4
        badges = [pygame.Rect(0, 0, side, side) for _ in self.badges]
        for badge, spot in zip(badges, self.badges, strict=True):
            badge.center = (round(self.screen(spot)[0]), round(self.screen(spot)[1]))
        for k in range(len(names)):
            others = [box for n, (_, box) in enumerate(names) if n != k] + discs[:k] + discs[k + 1:] + badges
            for size in range(top, base, -1):
                grown = self._name(k, size)
                if grown[1].inflate(-2, -2).collidelist(others) < 0:
                    names[k] = grown
                    break
        return names

    def _name(self, index: int, size: int) -> tuple[pygame.Surface, pygame.Rect]:
        """One place's name at `size` px and its box on screen, grown away from its place."""
        place = self.board.places[index]
        halo = max(1, round(size / 8))
        image = halo_text(place.name, size, "name", style.INK, style.HALO, halo)
        iw, ih = image.get_size()
        cx, cy = self.screen((place.x, place.y))
        if place.label is None:
            x, y = cx + max(6.0, PLACE_RADIUS * self.scale) + 4 - halo, cy - ih / 2
        else:
            bx, by, bw, bh = place.label
            (left, top), (right, bottom) = self.screen((bx, by)), self.screen((bx + bw, by + bh))
            x = left - halo if bx >= place.x else right - iw + halo if bx + bw <= place.x else (left + right - iw) / 2
            y = top - halo if by >= place.y else bottom - ih + halo if by + bh <= place.y else (top + bottom - ih) / 2
        return image, pygame.Rect(round(x), round(y), iw, ih)

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
