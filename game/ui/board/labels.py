"""Station names as the board sets them: each in the box its board file gives (docs/contracts.md §1b).

Names are placed when a board is authored; the screens only draw them. The text size the players chose
grows each name about the point of its box nearest its station, so it grows away from the station and
never into a neighbour. The board is checked up to `CLEAR_SCALE`, so every name grows that far; past it
(the largest text sizes) each name grows only as far as it stays clear of every station, link, icon, the
board's edge and the other names (`BoardNames.grown`), so a crowded centre keeps its size while the rest
of the map reads bigger. On a small window names grow just enough to stay readable (at least
`min_name_px`), in the same way.
Feature badges (railway, "+", the station's tile) sit in front of the first line, inside the box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from game.board import proportions
from game.board.label_spec import LabelSpec, gap_for, label_box, line_align, line_boxes, line_sizes, split_lines
from game.board.legibility import CLEAR_SCALE, label_spec_of, name_obstacles, name_stations
from game.board.model import Board, Node
from game.board.name_clearance import NameScene
from game.board.naming import badges
from game.board.text_metrics import name_metrics
from game.geometry import Box, bounding_rect, box_inside
from game.ui import style

MAX_NAME_SCALE = 1.5  # the largest text size (the settings' 150 %): as far as a name ever grows
GROWTH_STEP = 0.05  # a name past the clear scale grows in steps of this, and stops at the first that hits
GROWTH_SLOPE = 0.3 / 300  # scale per board px: a name grows at most this much more than one that far away
MIN_NAME_PX = 12.0  # no window draws station names smaller than this, if the board's clear scale allows
NAME_PX_AT_1080 = 15.0  # and a 1080-line screen at least this (taller windows in proportion)


@dataclass(frozen=True)
class NameSetting:
    """One station's name laid out at one scale, in board coordinates: each line's text and box, and the
    squares of its feature badges (in the order railway, "+", tile)."""

    lines: tuple[tuple[str, Box], ...]
    badges: tuple[Box, ...]
    box: Box
    align: str  # "left", "centre" or "right": how the lines line up, towards the station
    scale: float = 1.0  # the scale it is set at: past the clear scale, this name's own (`BoardNames.grown`)


@dataclass(frozen=True)
class _Name:
    node: Node
    spec: LabelSpec
    lines: tuple[str, ...]
    sizes: tuple[tuple[float, float], ...]
    radius: float
    badges: int


class BoardNames:
    """Every station name of a board, laid out at any scale on request."""

    def __init__(self, board: Board) -> None:
        self.board = board
        self.label_px = board.label_px
        self.gap = gap_for(board.label_px)
        self.badge_side = proportions.BADGE_EM * board.label_px
        radii = proportions.node_radii(board)
        metrics = name_metrics()
        lead = proportions.badge_advance(board.label_px)
        self._names: dict[int, _Name] = {}
        for node in board.nodes:
            if node.waypoint:
                continue
            spec = label_spec_of(node)
            lines = node.label.lines if node.label else split_lines(node.name, spec)
            count = node.label.badges if node.label else badges(node)
            sizes = line_sizes(lines, lambda text: metrics.size(text, board.label_px), count * lead)
            self._names[node.index] = _Name(node, spec, lines, sizes, radii[node.index], count)
        self._cache: dict[tuple[int, float], NameSetting] = {}
        self._grown: dict[float, dict[int, float]] = {}

    def stations(self) -> list[int]:
        return list(self._names)

    def setting(self, index: int, scale: float = 1.0) -> NameSetting:
        """Station `index`'s name at `scale` times the board's name size; past the clear scale, at as much
        of it as the name has room for (`grown`)."""
        if scale > CLEAR_SCALE + 1e-9:
            scale = self.grown(scale)[index]
        key = (index, round(scale, 3))
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._lay_out(self._names[index], scale)
        return found

    def grown(self, wanted: float) -> dict[int, float]:
        """Each name's scale when the players ask for `wanted` (past the clear scale): a name clear at the
        clear scale grows step by step towards `wanted` while its box breaks none of the board's name rules
        (game.board.name_clearance: stations, links, icons, the edge, nearer another station) and comes no
        nearer another name on its row as set so far than `name_spacing` (`NameScene.names_meet`); a name not
        clear at the clear scale stays there. Then the sizes are evened out over the map (`_evened`). Worked out
        once a size."""
        wanted = round(min(wanted, MAX_NAME_SCALE), 3)
        found = self._grown.get(wanted)
        if found is None:
            found = self._grown[wanted] = self._grow(wanted)
        return found

    def _grow(self, wanted: float) -> dict[int, float]:
        stations = name_stations(self.board)
        scene = NameScene(stations, name_obstacles(self.board), self.board)
        boxes = {index: self._lay_out(name, CLEAR_SCALE).box for index, name in self._names.items()}
        scales = dict.fromkeys(self._names, CLEAR_SCALE)
        # the view fits the stations and the names at the clear scale: a name grows no further out than those
        shown = bounding_rect([corner for x, y, w, h in boxes.values() for corner in ((x, y), (x + w, y + h))]
                              + [(name.node.x + d, name.node.y + d) for name in self._names.values()
                                 for d in (-name.radius, name.radius)])
        steps = math.ceil((wanted - CLEAR_SCALE) / GROWTH_STEP - 1e-9)
        tries = [min(wanted, CLEAR_SCALE + GROWTH_STEP * k) for k in range(1, steps + 1)]

        def clear(pos: int, index: int, box: Box) -> bool:
            return (box_inside(box, shown) and next(scene.breaks(pos, box), None) is None
                    and not any(other != index and scene.names_meet(box, boxes[other]) for other in boxes))

        for pos, station in enumerate(stations):
            index = station.index
            if not clear(pos, index, boxes[index]):
                continue
            for scale in tries:
                box = self._lay_out(self._names[index], scale).box
                if not clear(pos, index, box):
                    break
                scales[index], boxes[index] = scale, box
        return self._evened(scales)

    def _evened(self, room: dict[int, float]) -> dict[int, float]:
        """The scales the names have room for, evened out over the map: no name grows more than
        `GROWTH_SLOPE` per board pixel past any other, so sizes change gradually, from the crowded centre at
        the clear scale to the roomy suburbs (neighbours of very different sizes read as a mistake). Each
        name stays within its own room, so every name is as clear as before."""
        where = {index: (name.node.x, name.node.y) for index, name in self._names.items()}
        return {index: min(room[other] + GROWTH_SLOPE * math.dist(where[index], where[other]) for other in room)
                for index in room}

    def box(self, index: int, scale: float = 1.0) -> Box:
        return self.setting(index, scale).box

    def _lay_out(self, name: _Name, scale: float) -> NameSetting:
        node = name.node
        box = label_box(node.x, node.y, name.radius, name.spec, name.sizes, self.gap, scale)
        boxes = line_boxes(node.x, node.y, name.radius, name.spec, name.sizes, self.gap, scale)
        side = self.badge_side * scale
        advance = proportions.badge_advance(self.label_px) * scale
        lead = name.badges * advance
        align = line_align(name.spec, name.sizes)
        squares: list[Box] = []
        texts: list[tuple[str, Box]] = []
        for k, (text, (x, y, w, h)) in enumerate(zip(name.lines, boxes, strict=True)):
            if k == 0 and name.badges:
                badges_after = align == "right"
                first = x + w - lead + (advance - side) if badges_after else x
                top = y + (h - side) / 2
                squares = [(first + i * advance, top, side, side) for i in range(name.badges)]
                x, w = (x, w - lead) if badges_after else (x + lead, w - lead)
            texts.append((text, (x, y, w, h)))
        return NameSetting(tuple(texts), tuple(squares), box, align, scale)


def min_name_px(window_height: float | None = None) -> float:
    """The smallest a station name may be on screen, for a window of this height (the current one)."""
    height = style.window_size()[1] if window_height is None else window_height
    return max(MIN_NAME_PX, NAME_PX_AT_1080 * height / 1080)


def name_scale(label_px: float, zoom: float, text_scale: float | None = None,
               window_height: float | None = None) -> float:
    """How much bigger than the board's own name size names are drawn at this zoom: the players' text size,
    or more where that would be too small to read. Every name is drawn at it up to the scale the board is
    checked clear at (`sure_name_scale`); past that, each name as far as it has room (`BoardNames.grown`)."""
    chosen = style.text_scale() if text_scale is None else text_scale
    readable = min_name_px(window_height) / max(label_px * zoom, 1e-9)
    return min(MAX_NAME_SCALE, max(chosen, readable))


def sure_name_scale(label_px: float, zoom: float, text_scale: float | None = None,
                    window_height: float | None = None) -> float:
    """The scale every name is drawn at, crowded or not: `name_scale` up to the board's clear scale."""
    return min(CLEAR_SCALE, name_scale(label_px, zoom, text_scale, window_height))


@cache
def _badge_kinds(railway: bool, plus: bool, tile: bool) -> tuple[str, ...]:
    return tuple(kind for kind, present in (("railway", railway), ("plus", plus), ("tile", tile)) if present)


def badge_kinds(node: Node) -> tuple[str, ...]:
    """Which badges lead the station's name, in order (the same count `naming.badges` gives)."""
    return _badge_kinds(node.railway, node.plus, node.connection or node.landmarks > 0)
