"""The passenger's move before it happens: each optimal route drawn on the map, the choices marked, and
picking one by clicking its destination, one of its lines, or its row in the choice panel.
"""

from __future__ import annotations

import itertools
import math

import pygame

from game import geometry
from game.board.model import Board
from game.rules.routing import RouteOption
from game.ui import style
from game.ui.board import symbols
from game.ui.board.overlay import PICK_PX, BoardOverlay
from game.ui.board.route_path import route_links
from game.ui.panels.widgets import Hotspot
from game.ui.table.turns import TurnController

NEAR_PX = 18  # a click this close to a small destination still picks it


class PassengerView:
    """Draws the pending move and resolves clicks into one of the options."""

    def __init__(self, overlay: BoardOverlay) -> None:
        self.overlay = overlay
        self._narrow: tuple[int, frozenset[int]] | None = None  # (state version, options still in play)

    def narrowed(self, ctl: TurnController) -> frozenset[int] | None:
        """Options left after earlier clicks on lines, while the same choice is pending."""
        if self._narrow is None or self._narrow[0] != ctl.version:
            return None
        return self._narrow[1]

    def marked(self, ctl: TurnController) -> int:
        """The route Go and Enter take: the first of those earlier line clicks kept, else the first."""
        narrowed = self.narrowed(ctl)
        return min(narrowed) if narrowed else 0

    def pick(self, ctl: TurnController, pos: tuple[float, float]) -> RouteOption | None:
        """A click on the map during a choice: the option it settles, or None (the choice narrows instead).

        Clicking a destination picks it; clicking a line keeps the options that ride it, so when several
        routes tie on lines, two clicks (say blue, then brown) single one out.
        """
        options = ctl.route_options()
        found = self.candidates_at(ctl, pos)
        if not found:
            return None
        indices = frozenset(options.index(o) for o in found)
        narrowed = self.narrowed(ctl)
        if narrowed is not None and indices & narrowed:
            indices &= narrowed
        if len(indices) == 1:
            self._narrow = None
            return options[next(iter(indices))]
        self._narrow = (ctl.version, indices)
        return None

    @property
    def board(self) -> Board:
        return self.overlay.view.board

    # ----- choosing -----

    def candidates_at(self, ctl: TurnController, pos: tuple[float, float]) -> list[RouteOption]:
        """The options a click on the map points at: a destination's disc, a ridden line's track, a
        destination near the click (small stations at fit scale), or a walked link."""
        options = ctl.route_options()
        if not options:
            return []
        view = self.overlay.view
        world = view.camera.to_world(pos)
        destinations = {o.destination for o in options}
        node = view.metrics.node_at(world, slack=1.15)
        if node in destinations:
            return [o for o in options if o.destination == node]
        track = self.track_at(ctl, pos, {line for o in options for line in o.lines})
        if track is not None:
            return [o for o in options if track[1] in o.lines]
        reach = NEAR_PX / view.camera.scale
        near = sorted((math.dist(world, (self.board.nodes[n].x, self.board.nodes[n].y)), n) for n in destinations)
        if near and near[0][0] <= reach:
            return [o for o in options if o.destination == near[0][1]]
        link = self.overlay.pick_link(pos, {i for o in options for i in route_links(self.board, o.path)}, False)
        return [o for o in options if link is not None and link in route_links(self.board, o.path)]

    def track_at(self, ctl: TurnController, pos: tuple[float, float], lines: set[str]) -> tuple[int, str] | None:
        """The placed track (link, line) of one of `lines` nearest the mouse, within reach."""
        view = self.overlay.view
        world = view.camera.to_world(pos)
        reach = max(PICK_PX / view.camera.scale, view.metrics.slot_width)
        best, best_d = None, float("inf")
        for link, on_link in enumerate(ctl.shown.tracks):
            for slot, line in enumerate(on_link):
                if line not in lines:
                    continue
                path = view.metrics.slot_paths[link][slot]
                d = min(geometry.segment_distance(world, a, b) for a, b in itertools.pairwise(path))
                if d <= reach and d < best_d:
                    best, best_d = (link, line), d
        return best

    # ----- drawing -----

    def draw(self, surface: pygame.Surface, ctl: TurnController, time: float, hover: tuple[int, int] | None,
             rows: list[Hotspot]) -> None:
        """The routes and the destination marks; `rows` are the sidebar's option rows (for hover focus)."""
        options = ctl.route_options()
        if not options:
            return
        focus = self.focus(ctl, options, hover, rows)
        half = max(3.0, self.overlay._half() * 1.2)
        order = sorted(range(len(options)), key=lambda k: k in focus)
        for k in order:
            self._route(surface, ctl, options[k], half * (1.25 if k in focus else 0.8), k in focus or len(options) == 1)
        many = len(options) > 1
        for k, option in enumerate(options):
            self._destination(surface, option, k, many, k in focus, time, options)

    def focus(self, ctl: TurnController, options: tuple[RouteOption, ...], hover: tuple[int, int] | None,
              rows: list[Hotspot]) -> set[int]:
        """Which options the mouse is on (a row, Go, or the map), or the ones earlier line clicks kept."""
        narrowed = self.narrowed(ctl)
        if hover is None:
            return set(narrowed or ())
        if any(spot.kind == "go" and spot.rect.collidepoint(hover) for spot in rows):
            return {self.marked(ctl)}
        for spot in rows:
            if spot.kind == "route" and spot.rect.collidepoint(hover):
                return {spot.value}
        view = pygame.Rect(*(round(v) for v in self.overlay.view.camera.view))
        found: set[int] = set()
        if view.collidepoint(hover) and len(options) > 1:
            found = {options.index(o) for o in self.candidates_at(ctl, hover)}
        if narrowed is not None:
            found = (found & narrowed) or set(narrowed)
        return found

    def _route(self, surface: pygame.Surface, ctl: TurnController, option: RouteOption, half: float,
               strong: bool) -> None:
        """Ridden stretches as a solid gold band, walked ones as dashes."""
        tracks = ctl.shown.tracks
        to_screen = self.overlay.view.camera.to_screen
        fill = style.GOLD if strong else style.mix(style.GOLD, style.PAPER, 0.45)
        edge = style.INK if strong else style.mix(style.INK, style.PAPER, 0.45)
        for a, b in itertools.pairwise(option.path):
            index = self.board.link_between[(a, b)]
            points = [to_screen(p) for p in self.board.links[index].path_from(a)]
            ridden = bool(set(tracks[index]) & set(option.lines)) if index < len(tracks) else False
            if ridden:
                symbols.polygon(surface, edge, geometry.band(points, half + 2, -half - 2))
                symbols.polygon(surface, fill, geometry.band(points, half, -half))
            else:
                total = geometry.length(points)
                dash = max(8.0, half * 3)
                steps = max(1, int(total / dash))
                for s in range(0, steps, 2):
                    piece = [geometry.point_along(points, s / steps), geometry.point_along(points, (s + 1) / steps)]
                    symbols.polygon(surface, edge, geometry.band(piece, half * 0.8 + 2, -half * 0.8 - 2))
                    symbols.polygon(surface, fill, geometry.band(piece, half * 0.8, -half * 0.8))

    def _destination(self, surface: pygame.Surface, option: RouteOption, k: int, many: bool, focused: bool,
                     time: float, options: tuple[RouteOption, ...]) -> None:
        node = self.board.nodes[option.destination]
        view = self.overlay.view
        centre = view.camera.to_screen((node.x, node.y))
        r = max(style.STATION_MIN_PX, view.metrics.radius[node.index] * view.camera.scale)
        pulse = 0.5 + 0.5 * math.sin(time * 5)
        pygame.draw.circle(surface, style.INK, centre, r + 9 + 3 * pulse, 3)
        pygame.draw.circle(surface, style.GOLD, centre, r + 6 + 3 * pulse, 4)
        same = [j for j, o in enumerate(options) if o.destination == option.destination]
        if not many or len(same) == len(options) or same[0] != k:
            return  # numbers tell destinations apart; ties on lines are told apart by their rows and lines
        size = 15 if focused else 13
        contiguous = same == list(range(same[0], same[-1] + 1))
        numbers = str(k + 1) if len(same) == 1 else (f"{k + 1}–{same[-1] + 1}" if contiguous else
                                                      ",".join(str(j + 1) for j in same))
        size += 4 * (len(numbers) - 1)
        bx, by = number_spot(centre, r + 16, size + 2, view.name_boxes_near(centre, r + 16 + 3 * size))
        symbols.disc(surface, style.INK, (bx, by), size + 2)
        symbols.disc(surface, style.GOLD if focused else style.HALO, (bx, by), size)
        label = style.text(numbers, 16, "black", style.INK)
        surface.blit(label, label.get_rect(center=(bx, by)))


NUMBER_CORNERS = ((0.75, -0.75), (0.75, 0.75), (-0.75, -0.75), (-0.75, 0.75), (1.0, 0.0), (-1.0, 0.0), (0.0, -1.0),
                  (0.0, 1.0))  # up and to the right first, where the eye looks for it


def number_spot(centre: tuple[float, float], reach: float, radius: float,
                names: list[pygame.Rect]) -> tuple[float, float]:
    """Where a destination's route number goes: `reach` px from its centre in the first direction whose disc
    (of `radius`) covers no station name (a fresh player could not read "Kottbusser Tor" under a "2"), else
    in the first direction."""
    spots = [(centre[0] + reach * dx, centre[1] + reach * dy) for dx, dy in NUMBER_CORNERS]
    for x, y in spots:
        disc = pygame.Rect(round(x - radius), round(y - radius), round(2 * radius), round(2 * radius))
        if disc.collidelist(names) < 0:
            return x, y
    return spots[0]
