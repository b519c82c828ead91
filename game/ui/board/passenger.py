"""The passenger's move before it happens: each optimal route drawn on the map, the choices marked, and
picking one by clicking its destination or its number, one of its lines, or its row in the choice panel.

The marks hide no station name: a destination's ring is cut out of the names' boxes (as the passenger piece
is), and its route numbers stand where no name is, on the ring's edge or off it with a leader line back.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

import pygame

from game import geometry
from game.board.model import Board
from game.rules.routing import RouteOption
from game.ui import style
from game.ui.board import symbols
from game.ui.board.overlay import PICK_PX, BoardOverlay
from game.ui.board.route_path import route_links
from game.ui.board.view import KNOCK_OUT_PX, SHADOW_PX
from game.ui.panels.widgets import Hotspot
from game.ui.table.turns import TurnController

NEAR_PX = 18  # a click this close to a small destination still picks it
Point = tuple[float, float]
Disc = tuple[Point, float]  # a circle on screen: centre, radius
RING_PX = 12  # a destination's pulsing ring reaches this far past its station's disc, at the most
TAG_TEXT_PX = 16
# px from a destination's ring to its tag, nearest first: a tag may sit on its own ring's edge, as a badge on
# an icon's corner, or stand off it with a leader line back (past LEADER_GAP)
TAG_GAPS = (-8, -4, 0, 4, 9, 16, 25, 36, 50, 66, 84)
LEADER_GAP = 4
# What a tag's spot costs beyond its gap, in px of gap: each station or other ring it covers, a leader that
# crosses a name, and standing nearer another destination on offer than its own (it reads as that one's).
COVER_COST, CUT_COST, ASTRAY_COST = 24.0, 200.0, 60.0
# Up and to the right first, where the eye looks for it; the corners and sides, then the directions between.
TAG_DIRECTIONS = tuple((math.cos(math.radians(a)), math.sin(math.radians(a)))
                       for a in (-45, 45, -135, 135, 0, 180, -90, 90, -22.5, 22.5, -157.5, 157.5,
                                 -67.5, 67.5, -112.5, 112.5))


class PassengerView:
    """Draws the pending move and resolves clicks into one of the options."""

    def __init__(self, overlay: BoardOverlay) -> None:
        self.overlay = overlay
        self._narrow: tuple[int, frozenset[int]] | None = None  # (state version, options still in play)
        self._tags_key: object = None
        self._tags: list[RouteTag] = []

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
        """The options a click on the map points at: a destination's tag or disc, a ridden line's track, a
        destination near the click (small stations at fit scale), or a walked link."""
        options = ctl.route_options()
        if not options:
            return []
        for tag in self.tags(ctl):
            if tag.rect.collidepoint(pos):
                return [options[k] for k in tag.options]
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
        self._tags_and_rings(surface, ctl, focus, time)

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

    def _tags_and_rings(self, surface: pygame.Surface, ctl: TurnController, focus: set[int], time: float) -> None:
        """Each destination's pulsing ring (and a far tag's leader), cut out of every name's box as the
        passenger piece is, then the tags, which stand clear of the names already (`tags`)."""
        pulse = 0.5 + 0.5 * math.sin(time * 5)
        tags = self.tags(ctl)
        for destination in sorted({o.destination for o in ctl.route_options()}):
            (x, y), r = self._disc(destination)
            reach = math.ceil(r + RING_PX + 2)
            layer, corner = self._layer(pygame.Rect(round(x) - reach, round(y) - reach, 2 * reach, 2 * reach))
            pygame.draw.circle(layer, style.INK, (x - corner[0], y - corner[1]), r + 9 + 3 * pulse, 3)
            pygame.draw.circle(layer, style.GOLD, (x - corner[0], y - corner[1]), r + 6 + 3 * pulse, 4)
            self._blit_clear_of_names(surface, layer, corner)
        for tag in tags:
            if tag.gap > LEADER_GAP:  # a tag off its ring: a thin line says whose it is
                start, end = tag.leader()
                layer, corner = self._layer(pygame.Rect(geometry.bounding_rect([start, end])).inflate(6, 6))
                pygame.draw.line(layer, style.INK, (start[0] - corner[0], start[1] - corner[1]),
                                 (end[0] - corner[0], end[1] - corner[1]), 2)
                self._blit_clear_of_names(surface, layer, corner)
        for tag in tags:
            inner = tag.rect.inflate(-4, -4)
            pygame.draw.rect(surface, style.INK, tag.rect, border_radius=tag.rect.height // 2)
            pygame.draw.rect(surface, style.GOLD if focus & set(tag.options) else style.HALO, inner,
                             border_radius=inner.height // 2)
            label = style.text(tag.numbers, TAG_TEXT_PX, "black", style.INK)
            glyphs = label.get_bounding_rect()
            surface.blit(label, glyphs.move(inner.centerx - glyphs.centerx, inner.centery - glyphs.centery).topleft,
                         glyphs)

    @staticmethod
    def _layer(rect: pygame.Rect) -> tuple[pygame.Surface, tuple[int, int]]:
        """A clear surface covering `rect` on screen, and where its corner goes."""
        return pygame.Surface(rect.size, pygame.SRCALPHA), rect.topleft

    def _blit_clear_of_names(self, surface: pygame.Surface, layer: pygame.Surface, corner: tuple[int, int]) -> None:
        """Put `layer` on screen at `corner` with every name's box (and its halo) cut out of it."""
        names = self.overlay.name_boxes()
        knock = 2 * KNOCK_OUT_PX
        for k in layer.get_rect(topleft=corner).inflate(knock, knock).collidelistall(names):
            layer.fill((0, 0, 0, 0), names[k].inflate(knock, knock).move(-corner[0], -corner[1]))
        surface.blit(layer, corner)

    def _disc(self, station: int) -> tuple[Point, float]:
        """A station's centre and disc radius on screen."""
        view = self.overlay.view
        node = self.board.nodes[station]
        return view.camera.to_screen((node.x, node.y)), max(style.STATION_MIN_PX,
                                                             view.metrics.radius[station] * view.camera.scale)

    def tags(self, ctl: TurnController) -> list[RouteTag]:
        """The route numbers' tags of a choice among destinations ("2", "3–4"), one per destination, each
        where it covers no station name, other tag, pin or the passenger (kept while camera and game stay).

        A number used to take its destination's first corner clear of names, or that corner when none was:
        in lower Manhattan a four-route tie's "3–4" sat over Canal St and over the other destination's "1–2".
        """
        options = ctl.route_options()
        key = (self.overlay.camera_key(), ctl.version, options, ctl.shown.face_up, ctl.shown.passenger)
        if key != self._tags_key:
            self._tags_key, self._tags = key, self._place_tags(ctl, options)
        return self._tags

    def _place_tags(self, ctl: TurnController, options: tuple[RouteOption, ...]) -> list[RouteTag]:
        destinations = [o.destination for o in options]
        if len(set(destinations)) < 2:
            return []  # numbers tell destinations apart; ties on lines are told apart by their rows and lines
        view = self.overlay.view
        camera = view.camera
        area = pygame.Rect(*(round(v) for v in camera.view))
        names = self.overlay.name_boxes()
        hard: list[Disc] = []
        for station, _kind in ctl.shown.face_up:  # the pins stand over everything, names included
            pin = view.pin(station, camera.scale)
            head, r = camera.to_screen(pin.head), pin.radius * camera.scale
            tip = camera.to_screen(pin.tip)
            hard += [(head, r + 1), (((head[0] + tip[0]) / 2, (head[1] + tip[1]) / 2), r * 0.6)]
        mover: list[Point] = []
        if ctl.shown.passenger is not None:  # and so does he; a tag nearer him than its destination reads as his
            node = self.board.nodes[ctl.shown.passenger]
            r = view.passenger_radius((node.x, node.y))
            mover.append(camera.to_screen((node.x, node.y)))
            hard.append((mover[0], symbols.passenger_reach(r) + SHADOW_PX))
        soft = [(centre, r + 2) for centre, r in (self._disc(node.index) for node in self.board.nodes)
                if area.collidepoint(centre)]
        soft += [(centre, r + RING_PX) for centre, r in (self._disc(d) for d in set(destinations))]
        tags: list[RouteTag] = []
        for k, destination in enumerate(destinations):
            same = [j for j, d in enumerate(destinations) if d == destination]
            if same[0] != k:
                continue
            contiguous = same == list(range(same[0], same[-1] + 1))
            numbers = str(k + 1) if len(same) == 1 else (f"{k + 1}–{same[-1] + 1}" if contiguous else
                                                          ",".join(str(j + 1) for j in same))
            centre, r = self._disc(destination)
            ring, size = r + RING_PX, tag_size(numbers)
            reach = ring + TAG_GAPS[-1] + size[0] + size[1]  # no tag of it goes further
            others = [(c, rr) for c, rr in soft if 0.5 < math.dist(c, centre) < reach + rr]
            rivals = [self._disc(d)[0] for d in set(destinations) if d != destination] + mover
            rect, gap = tag_spot(centre, ring, size, names + [t.rect for t in tags], hard, others, rivals, area)
            tags.append(RouteTag(destination, tuple(same), numbers, rect, centre, ring, gap))
        return tags


@dataclass(frozen=True)
class RouteTag:
    """A destination's route numbers on the map: the tag's rectangle on screen (its ink rim included)."""

    destination: int
    options: tuple[int, ...]  # the options (by index) that go there
    numbers: str
    rect: pygame.Rect
    centre: Point  # the destination's, on screen
    ring: float  # how far its ring reaches from that centre
    gap: float  # from the ring to the tag

    def leader(self) -> tuple[Point, Point]:
        """The line from the ring to the tag's nearest point."""
        return leader(self.centre, self.ring, self.rect)


def tag_size(numbers: str) -> tuple[int, int]:
    """A tag's size with its 2 px rim: the numbers' ink padded, round at the ends (a disc for one digit)."""
    glyphs = style.text(numbers, TAG_TEXT_PX, "black", style.INK).get_bounding_rect()
    height = glyphs.height + 8
    return max(height, glyphs.width + 12) + 4, height + 4


def _meets(rect: pygame.Rect, disc: Disc) -> bool:
    (x, y), r = disc
    near_x, near_y = min(max(x, rect.left), rect.right), min(max(y, rect.top), rect.bottom)
    return math.dist((x, y), (near_x, near_y)) < r


def leader(centre: Point, ring: float, rect: pygame.Rect) -> tuple[Point, Point]:
    """The line from a ring (of radius `ring` round `centre`) to the nearest point of a tag's `rect`."""
    near = (min(max(centre[0], rect.left), rect.right - 1), min(max(centre[1], rect.top), rect.bottom - 1))
    length = max(math.dist(near, centre), 1e-9)
    return (centre[0] + (near[0] - centre[0]) * ring / length, centre[1] + (near[1] - centre[1]) * ring / length), near


def tag_spot(centre: Point, ring: float, size: tuple[int, int], names: list[pygame.Rect], hard: list[Disc],
             soft: list[Disc], rivals: list[Point], area: pygame.Rect) -> tuple[pygame.Rect, float]:
    """Where a destination's tag of `size` goes, and how far off its ring (of radius `ring` round `centre`).

    Of the spots (TAG_DIRECTIONS at each of TAG_GAPS) inside `area` and clear of the `names`' boxes and the
    `hard` discs, the one that reads best as this destination's: near its ring, its leader crossing no name
    (cut out of the name, it would leave the tag beyond it reading as that name's), nearer this destination
    than the `rivals` (the others on offer), covering few `soft` discs (stations, other rings). Where no
    spot is clear of the names, the one covering the least of them (the names are drawn again over it).
    """
    spots: list[tuple[pygame.Rect, float]] = []
    for gap in TAG_GAPS:
        for dx, dy in TAG_DIRECTIONS:
            along = ring + gap + abs(dx) * size[0] / 2 + abs(dy) * size[1] / 2  # its near side `gap` off the ring
            rect = pygame.Rect(0, 0, *size)
            rect.center = (round(centre[0] + dx * along), round(centre[1] + dy * along))
            if area.contains(rect):
                spots.append((rect, gap))
    clear = [(rect, gap) for rect, gap in spots
             if rect.collidelist(names) < 0 and not any(_meets(rect, disc) for disc in hard)]

    def cost(spot: tuple[pygame.Rect, float]) -> float:
        rect, gap = spot
        start, end = leader(centre, ring, rect)
        own = math.dist(rect.center, centre)
        return (gap + COVER_COST * sum(_meets(rect, disc) for disc in soft)
                + (CUT_COST if gap > LEADER_GAP and any(box.clipline(start, end) for box in names) else 0)
                + (ASTRAY_COST if any(math.dist(rect.center, rival) < own for rival in rivals) else 0))

    if clear:
        return min(clear, key=cost)  # of equal costs the first: the nearest, up and to the right first
    if not spots:
        rect = pygame.Rect(0, 0, *size)
        rect.center = (round(centre[0] + ring + size[0] / 2), round(centre[1]))
        return rect, 0.0

    def covered(spot: tuple[pygame.Rect, float]) -> int:
        return sum(spot[0].clip(box).width * spot[0].clip(box).height for box in names)

    return min(spots, key=covered)
