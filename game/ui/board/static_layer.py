"""Drawing the parts of a board that never change in a game, for one zoom level and region.

Three surfaces come out: `under` (paper, water, parks, clusters, empty track spaces), `over` (stations
and feature symbols) and `name_layer` (station names and district titles), the last two transparent elsewhere.
Placed tracks go between `under` and the others, so station discs always cover the ends of the tracks,
exactly as the empty spaces are covered.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from game import geometry
from game.board import proportions
from game.board.legibility import CLEAR_SCALE
from game.board.model import Board, Node
from game.geometry import convex_hull
from game.ui import style
from game.ui.board import symbols
from game.ui.board.area_titles import AreaTitles, TitleSpot, lines_size, title_box
from game.ui.board.labels import MAX_NAME_SCALE, BoardNames, badge_kinds, name_scale
from game.ui.board.metrics import BoardMetrics

Point = tuple[float, float]
Rect = tuple[float, float, float, float]

SMALL_WINDOW_MAP_PX = 900.0  # the map's width fitted in a small (1280-wide) window: titles are largest there
TITLE_SCALE_STEP = 0.05  # title spots are worked out again only when the names' drawn scale moves this much
CLUSTER_TITLE = (0.2, 13, 24)  # a district's title: this share of the board unit, within these screen px
AREA_TITLE = (style.LABEL_SIZE * 0.5, 12, 34)  # a park's or river's
SMALLEST_AREA_TITLE = 0.75  # of its size, the least a crowded park's title is set at


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


def halo_text(text: str, size: int, weight: str, colour: style.Colour, halo: style.Colour,
              halo_px: int) -> pygame.Surface:
    """Text with a soft outline in the paper colour, so names stay legible across lines and water."""
    body = style.font(size, weight).render(text, True, colour)
    if halo_px <= 0:
        return body
    outline = _outline_font(size, weight, halo_px).render(text, True, halo)
    _close_gaps(outline, halo, 2 * halo_px + 1)
    outline.blit(body, (halo_px, halo_px))
    return outline


def _close_gaps(image: pygame.Surface, colour: style.Colour, reach: int) -> None:
    """Fill, row by row, the gaps in a halo narrower than `2 * reach` px (between letters, across a word
    space), so a line passing under a name is hidden there: seen through the soft edges of the letters'
    outlines it showed as specks and hairlines inside the word. Wider gaps keep their shape."""
    solid = pygame.mask.from_surface(image, 127)
    width, height = solid.get_size()
    pad = 2 * reach
    padded = pygame.Mask((width + 2 * pad, height))
    padded.draw(solid, (pad, 0))
    grown = pygame.Mask(padded.get_size())
    for dx in range(-reach, reach + 1):
        grown.draw(padded, (dx, 0))
    outside = grown.copy()
    outside.invert()
    closed = grown.copy()
    for dx in range(-reach, reach + 1):
        closed.erase(outside, (dx, 0))
    filled = pygame.Mask((width, height))
    filled.draw(closed, (-pad, 0))
    filled.erase(pygame.mask.from_surface(image, 254), (0, 0))  # what is opaque already
    if filled.count():
        image.blit(filled.to_surface(setcolor=(*colour, 255), unsetcolor=(0, 0, 0, 0)), (0, 0))


@functools.lru_cache(maxsize=64)
def _outline_font(size: int, weight: str, halo_px: int) -> pygame.font.Font:
    """The outlined font for halos, opened once per size (opening it per name cost a millisecond each:
    a 1,000-station board's names took seconds to paint at every zoom step)."""
    if _outline_font.cache_info().currsize == 0:
        pygame.register_quit(_outline_font.cache_clear)  # fonts die with pygame.quit(); so must the cache
    font = pygame.font.Font(str(style.FONT_FILES[weight]), size)
    font.outline = halo_px
    return font


def _blit_lines(surface: pygame.Surface, images: list[pygame.Surface], centre: Point, step: float) -> None:
    """Lines of a title, `step` screen px apart, centred as a block on `centre`."""
    for k, image in enumerate(images):
        blit_aligned(surface, image, (centre[0], centre[1] + (k - (len(images) - 1) / 2) * step), (0, 0))


def blit_aligned(surface: pygame.Surface, image: pygame.Surface, anchor: Point, align: tuple[int, int],
                 inset: int = 0) -> None:
    w, h = image.get_size()
    x = anchor[0] - inset if align[0] < 0 else anchor[0] - w + inset if align[0] > 0 else anchor[0] - w / 2
    y = anchor[1] - inset if align[1] < 0 else anchor[1] - h + inset if align[1] > 0 else anchor[1] - h / 2
    surface.blit(image, (round(x), round(y)))


class StaticPainter:
    """Paints the static board for a frame; one per board, reused across zoom levels."""

    def __init__(self, board: Board, metrics: BoardMetrics, names: BoardNames) -> None:
        self.board = board
        self.metrics = metrics
        self.names = names
        self._titles: dict[float, AreaTitles] = {}

    def titles(self, names_at: float = MAX_NAME_SCALE) -> AreaTitles:
        """Where area titles go, clear of the names as drawn at scale `names_at` (the largest by default),
        worked out on first use per TITLE_SCALE_STEP of it: Berlin's Tiergarten has a clear spot in its park
        next to Zoologischer Garten's name at the usual size, not next to the name grown at 150 %."""
        key = round(math.ceil(names_at / TITLE_SCALE_STEP - 1e-6) * TITLE_SCALE_STEP, 3)
        found = self._titles.get(key)
        if found is None:
            stations = self.names.stations()
            clear = [self.names.box(i, CLEAR_SCALE) for i in stations]
            drawn = [self.names.box(i, key) for i in stations]
            found = AreaTitles(self.board, self.metrics.fitted(clear), clear, drawn)
            self._titles[key] = found
        return found

    def title_px(self, size: tuple[float, int, int], scale: float) -> int:
        """A title's font size in screen px at `scale`."""
        share, least, most = size
        return round(min(most, max(least, share * self.metrics.unit * scale)))

    def title_spot(self, text: str, outline: Sequence[Point], size: tuple[float, int, int], capitals: bool,
                   fallback: Point, names_at: float = MAX_NAME_SCALE, zoom: float | None = None) -> TitleSpot:
        """Where a title in `outline` goes and its lines, chosen for the largest it is drawn on the play screen
        (fitted in a small window) or at `zoom` if smaller still (the menu's preview, where the title keeps its
        least readable size on a small map); clear of the names drawn at scale `names_at`."""
        scale = SMALL_WINDOW_MAP_PX / max(1.0, self.board.width)
        if zoom is not None:
            scale = min(scale, zoom)
        px = self.title_px(size, scale) / scale
        return self.titles(names_at).spot(outline, text, px, capitals, fallback)

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
                spot, size = TitleSpot(deco.points[0], (deco.text,)), self.title_px(AREA_TITLE, frame.scale)
                if len(deco.points) >= 3:  # an area: its title in its clearest spot
                    spot, size = self.area_title(deco.text, deco.points, frame.scale)
                colour = style.PARK_TEXT if deco.kind == "park" else style.WATER_TEXT
                images = [style.font(size, "italic").render(line, True, colour) for line in spot.lines]
                _blit_lines(surface, images, frame.px(spot.centre), size)

    def area_title(self, text: str, outline: Sequence[Point], scale: float) -> tuple[TitleSpot, int]:
        """Where a park's or water's title goes at zoom `scale`, and its font size in screen px. Tried in turn:
        the spot chosen for the largest the title is drawn at (it stays put as the player zooms), a spot for
        this size alone, then for a size smaller by a pixel at a time, to three quarters of it and no less than
        the least readable (a printed map sets a crowded park's name smaller: London classic's Hyde Park, sliced
        by four lines, is clear at 13 px, not 16). The first clear of the track it is painted under wins; else
        the first the track does not cut through the middle ("Ti", "Regen… P…rk"); else no title: the area's
        colour says enough."""
        names_at = name_scale(self.board.label_px, scale)
        titles, middle = self.titles(names_at), geometry.centroid(outline)
        size = self.title_px(AREA_TITLE, scale)
        smallest = max(AREA_TITLE[1], round(size * SMALLEST_AREA_TITLE))
        tries = itertools.chain(
            [(self.title_spot(text, outline, AREA_TITLE, False, middle, names_at, scale), size)],
            ((titles.spot(outline, text, px / scale, False, middle), px) for px in range(size, smallest - 1, -1)))
        uncut: tuple[TitleSpot, int] | None = None
        for spot, px in tries:
            if not spot.lines:
                continue
            box = title_box(spot.centre, lines_size(spot.lines, px / scale, False))
            if titles.covered.clear_of_track(box):
                return spot, px
            if uncut is None and not titles.covered.cuts_middle(box):
                uncut = spot, px
        return uncut or (TitleSpot(middle, ()), size)

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

    def _cluster_titles(self, surface: pygame.Surface, frame: Frame) -> None:
        """Each district's name, over the track with a paper halo (a dense district has no open paper left
        inside), in the spot that covers the fewest names and stations."""
        for cluster in self.board.clusters:
            if cluster.polygon and frame.sees(geometry.bounding_rect(cluster.polygon)):
                x, y, w, _ = geometry.bounding_rect(cluster.polygon)
                top = (x + w / 2, y + 0.9 * self.metrics.unit * CLUSTER_TITLE[0])  # just inside its top edge
                spot = self.title_spot(cluster.name, cluster.polygon, CLUSTER_TITLE, True, top,
                                       name_scale(self.board.label_px, frame.scale), frame.scale)
                size = self.title_px(CLUSTER_TITLE, frame.scale)
                images = [halo_text(line.upper(), size, "bold", style.CLUSTER_EDGE, style.HALO,
                                    max(1, round(size * 0.12))) for line in spot.lines]
                _blit_lines(surface, images, frame.px(spot.centre), size)

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
        """Stations and their feature symbols."""
        surface = pygame.Surface(frame.size, pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        visible = [n for n in self.board.nodes
                   if frame.sees((n.x, n.y, 0, 0), self.metrics.unit * 3)]
        for node in visible:
            self._station(surface, frame, node.index)
        return surface

    def name_layer(self, frame: Frame) -> pygame.Surface:
        """Station names (with their badges) and district titles: apart from the stations, so a scene can
        draw them again over a highlight that runs across the track."""
        surface = pygame.Surface(frame.size, pygame.SRCALPHA)
        surface.fill((0, 0, 0, 0))
        self._cluster_titles(surface, frame)
        scale = name_scale(self.board.label_px, frame.scale)
        for index in self.names.stations():
            node = self.board.nodes[index]
            if frame.sees(self.names.box(index, scale), self.metrics.unit):
                self._name(surface, frame, node, scale)
        return surface

    def _station(self, surface: pygame.Surface, frame: Frame, index: int) -> None:
        node = self.board.nodes[index]
        m = self.metrics
        c = frame.px((node.x, node.y))
        r = max(style.STATION_MIN_PX, m.radius[index] * frame.scale)
        ring = style.ring_px(m.unit, frame.scale)
        if node.waypoint:
            symbols.wave(surface, c, r)
            return
        if node.terminus:
            bar = max(2.5, ring * proportions.TERMINUS_BAR)
            symbols.terminus_bar(surface, *proportions.terminus_bar(c, m.outward[index], r, bar), bar)
        if node.destination == "express":
            symbols.disc(surface, style.INK, c, r + ring * style.DESTINATION_RING)
            symbols.disc(surface, style.GOLD, c, r)
            symbols.disc(surface, style.HALO, c, r - ring * 1.2)
        elif node.destination == "standard":
            symbols.disc(surface, style.INK, c, r + ring * style.DESTINATION_RING)
            symbols.disc(surface, style.HALO, c, r - ring * 0.1)
            symbols.disc(surface, style.INK, c, r - ring * 0.75)
            symbols.disc(surface, style.HALO, c, r - ring * 1.5)
        else:
            symbols.ring_disc(surface, style.HALO, style.INK, c, r, ring)
        if node.start:
            symbols.disc(surface, style.INK_SOFT, c, max(1.5, r * 0.22))

    def _name(self, surface: pygame.Surface, frame: Frame, node: Node, scale: float) -> None:
        """The station's name in its box, line by line, its feature badges in front of the first line."""
        setting = self.names.setting(node.index, scale)
        colour = style.INK if node.destination or len(self.board.links_at[node.index]) > 2 else style.MINOR_NAME
        size = max(1, round(self.board.label_px * setting.scale * frame.scale))
        halo = max(1, round(size / 8))
        for text, (x, y, w, h) in setting.lines:
            image = halo_text(text, size, "name", colour, style.HALO, halo)
            fit: float = image.get_width() - 2 * halo
            left, top = frame.px((x, y))
            room = w * frame.scale
            if fit > room + 1:  # a font hinted wider than its table: shrink rather than spill out of the box
                image = pygame.transform.smoothscale(image, (max(1, round(room + 2 * halo)), image.get_height()))
                fit = room
            dx = 0.0 if fit >= room else (room - fit) * _ALIGN_SHARE[setting.align]
            dy = (h * frame.scale - (image.get_height() - 2 * halo)) / 2
            surface.blit(image, (round(left + dx - halo), round(top + dy - halo)))
        for kind, (x, y, side, _) in zip(badge_kinds(node), setting.badges, strict=False):
            centre = frame.px((x + side / 2, y + side / 2))
            half = side / 2 * frame.scale
            if kind == "railway":
                symbols.rail(surface, centre, half)
            elif kind == "plus":
                symbols.plus(surface, centre, half)
            else:  # the tile comes with the game (drawn over this by the board view); until then a blank
                symbols.tile(surface, None, centre, half)


_ALIGN_SHARE = {"left": 0.0, "centre": 0.5, "right": 1.0}
