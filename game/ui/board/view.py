"""The board on screen: a camera, cached layers, and the few things that move drawn each frame.

Layers, from the bottom: the static `under` surface (paper, water, parks, clusters, empty spaces) and
`over` surface (stations, symbols, names) are painted once per zoom level and region; the placed
tracks and the turn's lit spaces (board/marks.py) are painted between them, tiles and destination
markers above them, into one composite that is rebuilt only when the game or the lit spaces change; each
frame blits that composite and draws the passenger. So station names always stay above the lit spaces.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game import geometry
from game.board.model import Board
from game.ui import style
from game.ui.board import patterns, symbols
from game.ui.board.camera import Camera
from game.ui.board.labels import label_boxes, place_labels
from game.ui.board.marks import SpaceMarks, paint_marks, slot_half
from game.ui.board.metrics import BoardMetrics
from game.ui.board.static_layer import Frame, StaticPainter, badge_positions, name_px, static_badges
from game.ui.input.intents import Intent
from game.ui.table.snapshot import BoardSnapshot

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

REGION_MARGIN = 0.35  # of the visible world, painted beyond each side so small pans need no repaint
CACHED_LEVELS = 2
PAN_STEP = 0.04  # of the view size, per arrow-key tick


@dataclass
class _Static:
    frame: Frame
    under: pygame.Surface
    over: pygame.Surface


def _contains(outer: Rect, inner: Rect) -> bool:
    eps = 1e-6
    return (outer[0] <= inner[0] + eps and outer[1] <= inner[1] + eps
            and outer[0] + outer[2] >= inner[0] + inner[2] - eps and outer[1] + outer[3] >= inner[1] + inner[3] - eps)


def _intersect(a: Rect, b: Rect) -> Rect | None:
    x0, y0 = max(a[0], b[0]), max(a[1], b[1])
    x1, y1 = min(a[0] + a[2], b[0] + b[2]), min(a[1] + a[3], b[1] + b[3])
    if x1 <= x0 or y1 <= y0:
        return None
    return (x0, y0, x1 - x0, y1 - y0)


class BoardView:
    """Draws one board into a view rectangle and reacts to camera intents (zoom, pan, fit)."""

    def __init__(self, board: Board, view: Rect) -> None:
        self.board = board
        self.metrics = BoardMetrics(board)
        self.labels = place_labels(self.metrics)
        self.painter = StaticPainter(board, self.metrics, self.labels)
        self.bounds = self._bounds_with_names()
        self.camera = Camera(self.bounds, view)
        self.static_renders = 0  # how often the static layers were painted: tests read it
        self.state_renders = 0
        self.marks_drawn = 0  # colour-blind code plates on tracks in the last composite: tests read it
        self.lit_drawn = 0  # lit legal spaces painted into the last composite: tests read it
        self._statics: OrderedDict[tuple[float, Rect], _Static] = OrderedDict()
        self._current: _Static | None = None
        self._composite: pygame.Surface | None = None
        self._composite_key: object = None
        self._widest_name = max((x1 - x0 for x0, _y0, x1, _y1 in label_boxes(self.metrics, self.labels)), default=0.0)
        self._limit = self._paint_limit()

    def _bounds_with_names(self) -> Rect:
        """What fitting shows: the board and every station name around it."""
        x, y, w, h = self.metrics.bounds
        points = [(x, y), (x + w, y + h)]
        for x0, y0, x1, y1 in label_boxes(self.metrics, self.labels):
            points += [(x0, y0), (x1, y1)]
        return geometry.bounding_rect(points)

    def _paint_limit(self, scale: float | None = None) -> Rect:
        """The world area worth painting at `scale`: the board, its names and its decorations.

        Zoomed far out (the menu's preview) names keep a readable size, larger than the map's own scale, so
        they reach further beyond their boxes: the area grows by that much, or they would be cut off.
        """
        x, y, w, h = self.bounds
        pad = self.metrics.unit * 0.5
        if scale is not None and self._widest_name:
            grown = name_px(self.metrics, scale) / max(1e-9, style.NAME_SIZE * self.metrics.unit * scale)
            pad = max(pad, self._widest_name * (grown - 1) + pad)
        points = [(x - pad, y - pad), (x + w + pad, y + h + pad)]
        for deco in self.board.decorations:
            points.extend(deco.points)
        for cluster in self.board.clusters:
            points.extend(cluster.polygon)
        return geometry.bounding_rect(points)

    # ----- input -----

    def resize(self, view: Rect) -> None:
        """A new view rectangle: refit, and forget layers painted for the old scale."""
        self.camera.set_view(view)
        self._statics.clear()
        self._current = None
        self._composite = None

    def handle(self, intent: Intent) -> bool:
        """Apply a camera intent; True when it was one."""
        if intent.kind == "zoom":
            self.camera.zoom_at(intent.amount, intent.pos or self._view_centre())
            return True
        if intent.kind == "pan":
            self.camera.pan(intent.delta[0], intent.delta[1])
            return True
        if intent.kind == "pan_step":
            vw, vh = self.camera.view[2], self.camera.view[3]
            self.camera.pan(-intent.delta[0] * vw * PAN_STEP, -intent.delta[1] * vh * PAN_STEP)
            return True
        if intent.kind == "fit":
            self.camera.fit()
            return True
        return False

    def _view_centre(self) -> Point:
        vx, vy, vw, vh = self.camera.view
        return (vx + vw / 2, vy + vh / 2)

    # ----- layers -----

    def _static_for_view(self) -> _Static:
        scale = self.camera.scale
        visible = _intersect(self.camera.visible_world(), self._limit) or self.camera.visible_world()
        current = self._current
        if (current is not None and math.isclose(current.frame.scale, scale)
                and _contains(current.frame.region, visible)):
            return current
        for key, cached in self._statics.items():
            if math.isclose(key[0], scale) and _contains(cached.frame.region, visible):
                self._statics.move_to_end(key)
                self._current = cached
                return cached
        x, y, w, h = self.camera.visible_world()
        grown = (x - w * REGION_MARGIN, y - h * REGION_MARGIN, w * (1 + 2 * REGION_MARGIN), h * (1 + 2 * REGION_MARGIN))
        region = _intersect(grown, self._paint_limit(scale)) or grown
        frame = Frame(region, scale)
        painted = _Static(frame, self.painter.under(frame).convert(), self.painter.over(frame).convert_alpha())
        self.static_renders += 1
        self._statics[(scale, region)] = painted
        while len(self._statics) > CACHED_LEVELS:
            self._statics.popitem(last=False)
        self._current = painted
        return painted

    def _composite_for(self, static: _Static, snapshot: BoardSnapshot | None,
                       marks: SpaceMarks | None = None) -> pygame.Surface:
        key = (id(static), snapshot.layer_key if snapshot else None, style.colour_blind(), marks)
        if self._composite is not None and key == self._composite_key:
            return self._composite
        composite = static.under.copy()
        if snapshot is not None:
            self._paint_tracks(composite, static.frame, snapshot)
        self.lit_drawn = 0
        if marks is not None:
            self.lit_drawn = paint_marks(composite, marks, self.metrics, static.frame.scale, static.frame.pts)
        composite.blit(static.over, (0, 0))
        if snapshot is not None:
            self._paint_pieces(composite, static.frame, snapshot)
        self._composite = composite
        self._composite_key = key
        self.state_renders += 1
        return composite

    def _paint_tracks(self, surface: pygame.Surface, frame: Frame, snapshot: BoardSnapshot) -> None:
        m = self.metrics
        half = slot_half(m, frame.scale)
        marked = style.colour_blind()
        plates: list[tuple[list[Point], str]] = []
        self.marks_drawn = 0
        for index, lines in enumerate(snapshot.tracks):
            if not lines or index >= len(self.board.links):
                continue
            link = self.board.links[index]
            if not frame.sees(geometry.bounding_rect(link.path), m.unit):
                continue
            for slot, line in enumerate(lines[: link.spaces]):
                path = frame.pts(m.slot_paths[index][slot])
                edge = style.track_edge_width(line, half)
                symbols.polygon(surface, style.line_edge(line), geometry.band(path, half, -half))
                symbols.polygon(surface, style.line_colour(line), geometry.band(path, half - edge, -(half - edge)))
                if marked:
                    patterns.pattern(surface, path, line, half - edge)
                    plates.append((path, line))
        for path, line in plates:  # after every track, so no neighbour paints over a code
            self.marks_drawn += patterns.plate(surface, path, line, half)

    def _paint_pieces(self, surface: pygame.Surface, frame: Frame, snapshot: BoardSnapshot) -> None:
        """Connection tiles, landmark stacks and face-up markers: on top of the stations."""
        m = self.metrics
        half = max(6.5, style.BADGE * m.unit * frame.scale * 1.15)
        for station, symbol in snapshot.tiles:
            symbols.tile(surface, symbol, self._tile_place(frame, station, half), half)
        for station, kind, count in snapshot.stacks:
            slot = self._tile_place(frame, station, half)
            if count > 0:
                symbols.stack(surface, kind, slot, half, count)
        for station, kind in snapshot.face_up:
            node = self.board.nodes[station]
            r = m.radius[station] * frame.scale
            symbols.marker(surface, frame.px((node.x, node.y - m.radius[station] * 0.2)), max(7.0, r * 0.95),
                           kind == "express")

    def _tile_place(self, frame: Frame, station: int, half: float) -> Point:
        """A tile goes in the first badge place after the station's printed symbols."""
        places = badge_positions(self.painter, frame, station, extra=half * 0.1)
        return places[static_badges(self.board.nodes[station])]

    # ----- drawing -----

    def draw(self, surface: pygame.Surface, snapshot: BoardSnapshot | None = None, time: float = 0.0,
             passenger_at: Point | None = None, marks: SpaceMarks | None = None) -> None:
        """Draw the board into the camera's view rectangle of `surface`, with the turn's lit spaces if any."""
        static = self._static_for_view()
        composite = self._composite_for(static, snapshot, marks)
        view = pygame.Rect(*(round(v) for v in self.camera.view))
        previous_clip = surface.get_clip()
        surface.set_clip(view.clip(previous_clip) if previous_clip else view)
        origin = self.camera.to_screen((static.frame.region[0], static.frame.region[1]))
        placed = pygame.Rect(round(origin[0]), round(origin[1]), *composite.get_size())
        if not placed.contains(view):
            surface.fill(style.PAPER, view)
        surface.blit(composite, placed.topleft)
        where = passenger_at
        if where is None and snapshot is not None and snapshot.passenger is not None:
            node = self.board.nodes[snapshot.passenger]
            where = (node.x, node.y)
        if where is not None:
            self._draw_passenger(surface, where, time)
        surface.set_clip(previous_clip)

    def _draw_passenger(self, surface: pygame.Surface, world: Point, time: float) -> None:
        scale = self.camera.scale
        centre = self.camera.to_screen(world)
        r = max(11.0, self.metrics.unit * 0.13 * scale)
        pulse = (time * 0.8) % 1.0
        ring_r = r * (1.2 + pulse * 0.9)
        size = math.ceil(ring_r * 2 + 4)
        glow = pygame.Surface((size, size), pygame.SRCALPHA)
        alpha = round(150 * (1 - pulse))
        pygame.draw.circle(glow, (*style.GOLD, alpha), (size / 2, size / 2), ring_r, max(2, round(r * 0.22)))
        surface.blit(glow, (centre[0] - size / 2, centre[1] - size / 2))
        lift = r * 0.08 * math.sin(time * 3.0)
        symbols.passenger(surface, (centre[0], centre[1] - lift), r)
