"""The board on screen: a camera, cached layers, and the few things that move drawn each frame.

Layers, from the bottom: the static `under` surface (paper, water, parks, clusters, empty spaces), `over`
surface (stations, symbols) and `names` surface (station names, district titles) are painted once per zoom
level and region; the placed tracks and the turn's lit spaces (board/marks.py) are painted between them,
tiles and destination markers above them, into one composite that is rebuilt only when the game or the lit
spaces change; each frame blits that composite and draws the passenger. So station names always stay above
the lit spaces, and a scene draws the names again over its own highlights (`draw_names_again`). The
passenger piece is drawn over the names, centred on his station, but cut out of their boxes, so it never
hides one either (while he rides, his face is kept whole: he may pass over a name, never vanish under it).
"""

from __future__ import annotations

import math
from collections import OrderedDict
from dataclasses import dataclass

import pygame

from game import geometry
from game.board.legibility import CLEAR_SCALE
from game.board.model import Board
from game.ui import style
from game.ui.board import patterns, symbols
from game.ui.board.camera import Camera
from game.ui.board.labels import BoardNames, badge_kinds, name_scale
from game.ui.board.marks import SpaceMarks, paint_marks, slot_half
from game.ui.board.metrics import BoardMetrics
from game.ui.board.pins import PinShape, head_radius, lean_for
from game.ui.board.static_layer import Frame, StaticPainter
from game.ui.input.intents import Intent
from game.ui.table.snapshot import BoardSnapshot

Rect = tuple[float, float, float, float]
Point = tuple[float, float]

REGION_MARGIN = 0.35  # of the visible world, painted beyond each side so small pans need no repaint
CACHED_LEVELS = 2
PAN_STEP = 0.04  # of the view size, per arrow-key tick
PASSENGER_MIN_PX = 8.5  # the passenger piece's face radius on screen at the least, so his figure reads
PASSENGER_OVER_PX = 1.5  # and how far it reaches past his station's disc: it covers that station, little more
SHADOW_PX = 2.0  # the piece's shadow reaches this far past it, all round: it stands on this very spot
KNOCK_OUT_PX = 2  # the passenger piece keeps this far off a name's box: its halo (the box has the line's leading)


@dataclass
class _Static:
    frame: Frame
    under: pygame.Surface
    over: pygame.Surface
    names: pygame.Surface


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


def paint_track(surface: pygame.Surface, path: list[Point], line: str, half: float) -> None:
    """One built track space along `path` (pixels), `half` pixels either side: its line's colour inside a
    darker rim.

    A light line's rim (white, yellow, grey) is a real edge, so the track never passes for an empty space,
    whose own fill is near white. A band is 5 px wide at 1280×720, and a rim of 1.6 px a side left white
    track a pixel or two of white between two ink lines: two thin outlines with nothing inside (a fresh
    player's word). So the rim gives way there (style.track_edge_width keeps LIGHT_FILL_PX of colour inside)
    and stays crisp: the fill is laid without the anti-aliased fringe that would eat a one-pixel rim.
    """
    edge = style.track_edge_width(line, half)
    symbols.polygon(surface, style.line_edge(line), geometry.band(path, half, -half))
    inner = geometry.band(path, half - edge, -(half - edge))
    if line not in style.LIGHT_LINES:
        symbols.polygon(surface, style.line_colour(line), inner)
    elif len(inner) >= 3:
        pygame.draw.polygon(surface, style.line_colour(line), inner)


class BoardView:
    """Draws one board into a view rectangle and reacts to camera intents (zoom, pan, fit)."""

    def __init__(self, board: Board, view: Rect) -> None:
        self.board = board
        self.metrics = BoardMetrics(board)
        self.names = BoardNames(board)
        self._station_at = {(node.x, node.y): node.index for node in board.nodes if not node.waypoint}
        ordinary = sorted(self.metrics.radius[index] for index in self._station_at.values())
        self._ordinary_radius = ordinary[len(ordinary) // 2] if ordinary else 0.0  # a median station's, in units
        self._pins: dict[int, PinShape] = {}  # by station, at the zoom `_pins_scale`
        self._pins_scale = 0.0
        self.painter = StaticPainter(board, self.metrics, self.names)
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
        self._pieces: BoardSnapshot | None = None  # whose tiles, stacks and pins the composite shows
        self._limit = self._paint_limit()

    def _bounds_with_names(self) -> Rect:
        """What fitting shows: every station's disc and every name at the clear scale (BoardMetrics.fitted)."""
        return self.metrics.fitted(self.names.box(index, CLEAR_SCALE) for index in self.names.stations())

    def _paint_limit(self) -> Rect:
        """The world area worth painting: the board, its names and its decorations."""
        x, y, w, h = self.bounds
        pad = self.metrics.unit * 0.5
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
        region = _intersect(grown, self._limit) or grown
        frame = Frame(region, scale)
        painted = _Static(frame, self.painter.under(frame).convert(), self.painter.over(frame).convert_alpha(),
                          self.painter.name_layer(frame).convert_alpha())
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
        composite.blit(static.names, (0, 0))
        if snapshot is not None:
            self._paint_pieces(composite, static.frame, snapshot)
        self._pieces = snapshot
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
                paint_track(surface, path, line, half)
                if marked:
                    patterns.pattern(surface, path, line, half - style.track_edge_width(line, half))
                    plates.append((path, line))
        for path, line in plates:  # after every track, so no neighbour paints over a code
            self.marks_drawn += patterns.plate(surface, path, line, half)

    def _paint_pieces(self, surface: pygame.Surface, frame: Frame, snapshot: BoardSnapshot) -> None:
        """Connection tiles, landmark stacks and face-up markers: on top of the stations."""
        for station, symbol in snapshot.tiles:
            centre, half = self._tile_place(frame, station)
            symbols.tile(surface, symbol, centre, half)
        for station, kind, count in snapshot.stacks:
            centre, half = self._tile_place(frame, station)
            if count > 0:
                symbols.stack(surface, kind, centre, half, count)
        for station, kind in snapshot.face_up:
            pin = self.pin(station, frame.scale)
            symbols.marker(surface, frame.px(pin.tip), frame.px(pin.head), pin.radius * frame.scale,
                           kind == "express")

    def pin(self, station: int, scale: float) -> PinShape:
        """The destination pin on `station` at this zoom, in board coordinates: leaning off any name."""
        scale = round(scale, 4)
        if scale != self._pins_scale:  # pins are worked out for the zoom shown: a new zoom, a fresh set
            self._pins, self._pins_scale = {}, scale
        found = self._pins.get(station)
        if found is None:
            radius = self.metrics.radius
            found = self._pins[station] = lean_for(self.board, self.names, station,
                                                   head_radius(radius[station], scale),
                                                   name_scale(self.board.label_px, scale), radius)
        return found

    def _tile_place(self, frame: Frame, station: int) -> tuple[Point, float]:
        """Where a station's tile goes: its badge square in front of its name (centre, half side in pixels)."""
        setting = self.names.setting(station, name_scale(self.board.label_px, frame.scale))
        kinds = badge_kinds(self.board.nodes[station])
        x, y, side, _ = setting.badges[kinds.index("tile")]
        return frame.px((x + side / 2, y + side / 2)), side / 2 * frame.scale

    # ----- drawing -----

    def draw(self, surface: pygame.Surface, snapshot: BoardSnapshot | None = None, time: float = 0.0,
             passenger_at: Point | None = None, marks: SpaceMarks | None = None, look: bool = False,
             with_passenger: bool = True) -> None:
        """Draw the board into the camera's view rectangle of `surface`, with the turn's lit spaces if any (and
        the passenger pulsing when `look`; not `with_passenger` when a scene draws him over its own marks)."""
        static = self._static_for_view()
        composite = self._composite_for(static, snapshot, marks)
        view = pygame.Rect(*(round(v) for v in self.camera.view))
        previous_clip = self._clip_to(surface, view)
        placed = self._placed(static)
        if not placed.contains(view):
            surface.fill(style.PAPER, view)
        surface.blit(composite, placed.topleft)
        where = passenger_at
        if where is None and snapshot is not None and snapshot.passenger is not None:
            node = self.board.nodes[snapshot.passenger]
            where = (node.x, node.y)
        if where is not None and with_passenger:
            self.draw_passenger(surface, where, time, look)
        surface.set_clip(previous_clip)

    def _placed(self, static: _Static) -> pygame.Rect:
        """Where the painted region lies on the screen."""
        origin = self.camera.to_screen((static.frame.region[0], static.frame.region[1]))
        return pygame.Rect(round(origin[0]), round(origin[1]), *static.under.get_size())

    def draw_names_again(self, surface: pygame.Surface) -> None:
        """The names once more, over what a scene has just drawn across the track (the passenger's routes,
        a scoring flash, a ride): a name a highlight ran over would be unreadable until it ended. The tiles,
        stacks and pins go over them again too: the names' layer holds each tile's empty slot, which hid
        the station's tile whenever a space was hovered."""
        static = self._static_for_view()
        previous_clip = self._clip_to(surface, pygame.Rect(*(round(v) for v in self.camera.view)))
        surface.blit(static.names, self._placed(static).topleft)
        self.draw_pieces(surface)
        surface.set_clip(previous_clip)

    def draw_pieces(self, surface: pygame.Surface) -> None:
        """The tiles, landmark stacks and pins of the board last drawn, on screen, over whatever is there."""
        if self._pieces is None:
            return
        static = self._static_for_view()
        placed = self._placed(static)
        x, y, w, h = static.frame.region
        scale = static.frame.scale
        self._paint_pieces(surface, Frame((x - placed.x / scale, y - placed.y / scale, w, h), scale), self._pieces)

    @staticmethod
    def _clip_to(surface: pygame.Surface, view: pygame.Rect) -> pygame.Rect:
        """Clip drawing to the view (within any clip already set); returns the clip to restore."""
        previous_clip = surface.get_clip()
        surface.set_clip(view.clip(previous_clip) if previous_clip else view)
        return previous_clip

    def passenger_radius(self, world: Point) -> float:
        """The passenger piece's face radius on screen at `world`: his station's disc and a little more, so the
        piece sits squarely on that station and reaches no neighbour (a bigger piece, pushed aside or cut away
        by crowding names, left players arguing where he was). Riding, it eases from one station's size to
        the next, an ordinary station's in between."""
        scale = self.camera.scale
        size = max(style.STATION_MIN_PX, self._ordinary_radius * scale)
        nearest, weight = size, 0.0
        for index in self._station_at.values():
            node = self.board.nodes[index]
            radius = max(style.STATION_MIN_PX, self.metrics.radius[index] * scale)
            near = 1.0 - math.dist(world, (node.x, node.y)) * scale / (2 * max(radius, size))
            if near > weight:
                nearest, weight = radius, near
        return max(PASSENGER_MIN_PX, size + (nearest - size) * weight + PASSENGER_OVER_PX)

    def draw_passenger(self, surface: pygame.Surface, world: Point, time: float, look: bool = False) -> None:
        """The passenger piece centred where he is, on a shadow centred under it; when it is time to look at
        him (`look`: his move is due, a turn begins) a gold ring swells from it and fades, again and again.

        It hides no station name: whatever of it reaches a name's box (and the name's halo) is cut out, so
        the names stay as the board set them. Sized to his station, the piece loses at most a sliver of ring
        there. While he rides between stations, his face is kept whole over a name he passes, so he never
        vanishes under the text; the ring, shadow and pulse are still cut."""
        centre = self.camera.to_screen(world)
        r = self.passenger_radius(world)
        shadow = symbols.passenger_reach(r) + SHADOW_PX
        swell = shadow + r * 1.1 * ((time * 0.9) % 1.0) if look else shadow
        half = math.ceil(swell + 4)
        corner = (round(centre[0]) - half, round(centre[1]) - half)
        middle = (centre[0] - corner[0], centre[1] - corner[1])
        piece = pygame.Surface((2 * half, 2 * half), pygame.SRCALPHA)
        if look:
            pulse = (time * 0.9) % 1.0
            alpha = round(230 * (1 - pulse))
            width = max(2, round(r * 0.2))
            pygame.draw.circle(piece, (*style.INK, alpha // 2), middle, swell + 1, width + 2)
            pygame.draw.circle(piece, (*style.GOLD, alpha), middle, swell, width)
        symbols.disc(piece, (*style.INK, 70), middle, shadow)  # type: ignore[arg-type]
        symbols.passenger(piece, middle, r)
        boxes = [box.inflate(2 * KNOCK_OUT_PX, 2 * KNOCK_OUT_PX) for box in self.name_boxes_near(centre, half * 1.5)]
        for box in boxes:
            piece.fill((0, 0, 0, 0), box.move(-corner[0], -corner[1]))
        if boxes and world not in self._station_at:
            symbols.passenger_face(piece, middle, r)
        surface.blit(piece, corner)

    def name_boxes_near(self, centre: Point, reach: float) -> list[pygame.Rect]:
        """The station names' lines and badges on screen (as the names layer draws them at this zoom) within
        `reach` pixels of `centre`."""
        scale = name_scale(self.board.label_px, self.camera.scale)
        world = self.camera.to_world(centre)
        far = reach / self.camera.scale
        boxes = []
        for index in self.names.stations():
            setting = self.names.setting(index, scale)
            if geometry.box_point_distance(setting.box, world[0], world[1]) > far:
                continue
            for x, y, w, h in [box for _, box in setting.lines] + list(setting.badges):
                left, top = self.camera.to_screen((x, y))
                boxes.append(pygame.Rect(math.floor(left), math.floor(top), math.ceil(w * self.camera.scale) + 1,
                                         math.ceil(h * self.camera.scale) + 1))
        return boxes
