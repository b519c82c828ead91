"""Drawing the parts of a board that never change in a game, for one zoom level and region.

Two surfaces come out: `under` (paper, water, parks, clusters, empty track spaces) and `over`
(stations, feature symbols, names, transparent elsewhere). Placed tracks go between the two, so
station discs always cover the ends of the tracks, exactly as the empty spaces are covered.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import geometry
from game.board.model import Board, Node
from game.geometry import convex_hull
from game.ui import style
from game.ui.board import symbols
from game.ui.board.labels import Label
from game.ui.board.metrics import BoardMetrics

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


@dataclass(frozen=True)
class Frame:
    """A world region drawn at a scale: maps world points to pixels of the layer surfaces."""

    region: Rect
    scale: float

    @property
    def size(self) -> tuple[int, int]:
        return (max(1, math.ceil(self.region[2] * self.scale)), max(1, math.ceil(self.region[3] * self.scale)))

    def px(self, point: Point) -> Point:
        return ((point[0] - self.region[0]) * self.scale, (point[1] - self.region[1]) * self.scale)

    def pts(self, points: Sequence[Point]) -> list[Point]:
        x0, y0, s = self.region[0], self.region[1], self.scale
        return [((x - x0) * s, (y - y0) * s) for x, y in points]

    def sees(self, box: Rect, margin: float = 0.0) -> bool:
        """Whether a world box touches the region (so off-screen things are skipped)."""
        x, y, w, h = self.region
        return not (box[0] > x + w + margin or box[0] + box[2] < x - margin
                    or box[1] > y + h + margin or box[1] + box[3] < y - margin)


def name_px(metrics: BoardMetrics, scale: float) -> int:
    """Station name size on screen: grows with zoom, never unreadably small nor shouting (limits grow with
    the window, so a 4K screen across the room reads like a laptop close up)."""
    low, high = style.NAME_MIN_PX * style.layout_scale(), style.NAME_MAX_PX * style.layout_scale()
    return round(min(high, max(low, style.NAME_SIZE * metrics.unit * scale)))


def halo_text(text: str, size: int, weight: str, colour: style.Colour, halo: style.Colour,
              halo_px: int) -> pygame.Surface:
    """Text with a soft outline in the paper colour, so names stay legible across lines and water."""
    body = style.font(size, weight).render(text, True, colour)
    if halo_px <= 0:
        return body
    outline = _outline_font(size, weight, halo_px).render(text, True, halo)
    outline.blit(body, (halo_px, halo_px))
    return outline


@functools.lru_cache(maxsize=64)
def _outline_font(size: int, weight: str, halo_px: int) -> pygame.font.Font:
    """The outlined font for halos, opened once per size (opening it per name cost a millisecond each:
    a 1,000-station board's names took seconds to paint at every zoom step)."""
    if _outline_font.cache_info().currsize == 0:
        pygame.register_quit(_outline_font.cache_clear)  # fonts die with pygame.quit(); so must the cache
    font = pygame.font.Font(str(style.FONT_FILES[weight]), size)
    font.outline = halo_px
    return font


def blit_aligned(surface: pygame.Surface, image: pygame.Surface, anchor: Point, align: tuple[int, int],
                 inset: int = 0) -> None:
    w, h = image.get_size()
    x = anchor[0] - inset if align[0] < 0 else anchor[0] - w + inset if align[0] > 0 else anchor[0] - w / 2
    y = anchor[1] - inset if align[1] < 0 else anchor[1] - h + inset if align[1] > 0 else anchor[1] - h / 2
    surface.blit(image, (round(x), round(y)))


class StaticPainter:
    """Paints the static board for a frame; one per board, reused across zoom levels."""

    def __init__(self, board: Board, metrics: BoardMetrics, labels: dict[int, Label]) -> None:
        self.board = board
        self.metrics = metrics
        self.labels = labels
        self._halo_fonts: dict[tuple[int, str, int], pygame.font.Font] = {}

    # ----- under: everything below the tracks -----

    def under(self, frame: Frame) -> pygame.Surface:
        surface = pygame.Surface(frame.size)
        surface.fill(style.PAPER)
        self._decorations(surface, frame)
        self._clusters(surface, frame)
        self._links(surface, frame)
        return surface

    def _decorations(self, surface: pygame.Surface, frame: Frame) -> None:
        unit_px = self.metrics.unit * frame.scale
        fills = {"water": (style.WATER, style.WATER_EDGE), "park": (style.PARK, style.PARK_EDGE)}
        for deco in self.board.decorations:
            if deco.kind in fills and len(deco.points) >= 3 and frame.sees(geometry.bounding_rect(deco.points)):
                fill, edge = fills[deco.kind]
                pts = geometry.rounded_polygon(frame.pts(deco.points), unit_px * 0.25)
                pygame.draw.polygon(surface, fill, pts)
                pygame.draw.aalines(surface, edge, True, pts)
        for deco in self.board.decorations:
            if deco.text and deco.points and frame.sees(geometry.bounding_rect(deco.points), self.metrics.unit):
                where = deco.points[0] if len(deco.points) < 3 else geometry.centroid(deco.points)
                colour = style.PARK_TEXT if deco.kind == "park" else style.WATER_TEXT
                size = round(min(34, max(12, style.LABEL_SIZE * 0.5 * unit_px)))
                image = style.font(size, "italic").render(deco.text, True, colour)
                blit_aligned(surface, image, frame.px(where), (0, 0))

    def _clusters(self, surface: pygame.Surface, frame: Frame) -> None:
        if not self.board.clusters:
            return
        unit_px = self.metrics.unit * frame.scale
        tint = pygame.Surface(frame.size, pygame.SRCALPHA)
        for cluster in self.board.clusters:
            points: list[Point] = list(cluster.polygon)
            if len(points) < 3:
                points = [(self.board.nodes[i].x, self.board.nodes[i].y) for i in cluster.stations]
                points = geometry.inflate(convex_hull(points), self.metrics.unit * 0.35)
            if len(points) < 3 or not frame.sees(geometry.bounding_rect(points)):
                continue
            pts = geometry.rounded_polygon(frame.pts(points), unit_px * 0.3, steps=6)
            pygame.draw.polygon(tint, (*style.CLUSTER, 70), pts)
            pygame.draw.aalines(tint, (*style.CLUSTER_EDGE, 200), True, pts)
        surface.blit(tint, (0, 0))
        for cluster in self.board.clusters:
            if cluster.polygon and frame.sees(geometry.bounding_rect(cluster.polygon)):
                x, y, w, _ = geometry.bounding_rect(cluster.polygon)
                size = round(min(22, max(11, 0.2 * unit_px)))
                image = style.font(size, "bold").render(cluster.name.upper(), True, style.CLUSTER_EDGE)
                blit_aligned(surface, image, frame.px((x + w / 2, y)), (0, -1), inset=-round(size * 0.3))

    def _links(self, surface: pygame.Surface, frame: Frame) -> None:
        m = self.metrics
        margin = m.unit
        visible = [link for link in self.board.links if frame.sees(geometry.bounding_rect(link.path), margin)]
        for link in visible:  # beds first, so crossing links never cut into each other's spaces
            half = m.bed_half_width(link.spaces) * frame.scale
            symbols.polygon(surface, style.BED, geometry.band(frame.pts(link.path), half, -half))
        slot_half = m.slot_width / 2 * frame.scale
        for link in visible:
            for path in m.slot_paths[link.index]:
                symbols.polygon(surface, style.SLOT, geometry.band(frame.pts(path), slot_half, -slot_half))

    # ----- over: everything above the tracks -----

    def over(self, frame: Frame) -> pygame.Surface:
        surface = pygame.Surface(frame.size, pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        visible = [n for n in self.board.nodes
                   if frame.sees((n.x, n.y, 0, 0), self.metrics.unit * 3)]
        for node in visible:
            self._station(surface, frame, node.index)
        for node in visible:
            self._badges(surface, frame, node.index)
        size = name_px(self.metrics, frame.scale)
        for node in visible:
            label = self.labels.get(node.index)
            if label is not None:
                self._name(surface, frame, node.index, label, size)
        return surface

    def _station(self, surface: pygame.Surface, frame: Frame, index: int) -> None:
        node = self.board.nodes[index]
        m = self.metrics
        c = frame.px((node.x, node.y))
        r = max(style.STATION_MIN_PX, m.radius[index] * frame.scale)
        ring = max(1.5, style.STATION_RING * m.unit * frame.scale)
        if node.waypoint:
            symbols.wave(surface, c, r)
            return
        if node.terminus:
            bar = max(2.5, ring * 1.5)
            ox, oy = m.outward[index]
            where = (c[0] + ox * (r + bar * 0.2), c[1] + oy * (r + bar * 0.2))
            symbols.terminus_bar(surface, where, (ox, oy), r * 1.15, bar)
        if node.destination == "express":
            symbols.disc(surface, style.INK, c, r + ring * 0.9)
            symbols.disc(surface, style.GOLD, c, r)
            symbols.disc(surface, style.HALO, c, r - ring * 1.2)
        elif node.destination == "standard":
            symbols.disc(surface, style.INK, c, r + ring * 0.9)
            symbols.disc(surface, style.HALO, c, r - ring * 0.1)
            symbols.disc(surface, style.INK, c, r - ring * 0.75)
            symbols.disc(surface, style.HALO, c, r - ring * 1.5)
        else:
            symbols.ring_disc(surface, style.HALO, style.INK, c, r, ring)
        if node.start:
            symbols.disc(surface, style.INK_SOFT, c, max(1.5, r * 0.22))

    def _badges(self, surface: pygame.Surface, frame: Frame, index: int) -> None:
        """Feature symbols beside the station, on the side away from its name."""
        node = self.board.nodes[index]
        if node.waypoint:
            return
        half = max(6.0, style.BADGE * self.metrics.unit * frame.scale)
        slots = badge_positions(self, frame, index)
        used = 0
        if node.railway:
            symbols.rail(surface, slots[used], half)
            used += 1
        if node.plus:
            symbols.plus(surface, slots[used], half)
            used += 1
        if node.connection or node.landmarks:  # the tile itself comes with the game; until then a blank
            symbols.tile(surface, None, slots[used], half * 1.15)

    def _name(self, surface: pygame.Surface, frame: Frame, index: int, label: Label, size: int) -> None:
        node = self.board.nodes[index]
        weight = "bold" if node.destination else "semibold"
        colour = style.INK if node.destination or len(self.board.links_at[index]) > 2 else style.INK_SOFT
        halo = max(1, round(size / 7))
        image = halo_text(node.name, size, weight, colour, style.HALO, halo)
        blit_aligned(surface, image, frame.px((label.x, label.y)), (label.align_x, label.align_y), inset=halo)


def static_badges(node: Node) -> int:
    """How many badge places the static symbols of a station take (the game's tiles go after them)."""
    return int(node.railway) + int(node.plus)


def badge_positions(painter: StaticPainter, frame: Frame, index: int, extra: float = 0.0) -> list[Point]:
    """Where a station's badges go, in layer pixels: an arc on the side away from its name."""
    m = painter.metrics
    node = painter.board.nodes[index]
    half = max(6.0, style.BADGE * m.unit * frame.scale)
    distance = m.radius[index] * frame.scale + half * 1.1 + extra
    label = painter.labels.get(index)
    ax = (label.align_x or -1) if label else -1
    ay = 1 if label and label.align_y > 0 else -1
    base = math.atan2(ay * 0.9, ax)
    c = frame.px((node.x, node.y))
    return [(c[0] + math.cos(base + k * 0.8) * distance, c[1] + math.sin(base + k * 0.8) * distance)
            for k in (0, 1, -1)]
