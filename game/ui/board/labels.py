"""Station names as the board sets them: each in the box its board file gives (docs/contracts.md §1b).

Names are placed when a board is authored; the screens only draw them. The text size the players chose
grows each name about the point of its box nearest its station, so it grows away from the station and
never into a neighbour — the board is checked clear up to `CLEAR_SCALE`, so names grow no further. On a
small window names grow just enough to stay readable (at least `min_name_px`), within the same cap.
Feature badges (railway, "+", the station's tile) sit in front of the first line, inside the box.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from game.board import proportions
from game.board.label_spec import LabelSpec, gap_for, label_box, line_align, line_boxes, line_sizes, split_lines
from game.board.legibility import CLEAR_SCALE, label_spec_of
from game.board.model import Board, Node
from game.board.naming import badges
from game.board.text_metrics import name_metrics
from game.geometry import Box
from game.ui import style

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

    def stations(self) -> list[int]:
        return list(self._names)

    def setting(self, index: int, scale: float = 1.0) -> NameSetting:
        """Station `index`'s name at `scale` times the board's name size."""
        key = (index, round(scale, 3))
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._lay_out(self._names[index], scale)
        return found

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
        return NameSetting(tuple(texts), tuple(squares), box, align)


def min_name_px(window_height: float | None = None) -> float:
    """The smallest a station name may be on screen, for a window of this height (the current one)."""
    height = style.window_size()[1] if window_height is None else window_height
    return max(MIN_NAME_PX, NAME_PX_AT_1080 * height / 1080)


def name_scale(label_px: float, zoom: float, text_scale: float | None = None,
               window_height: float | None = None) -> float:
    """How much bigger than the board's own name size names are drawn at this zoom: the players' text size,
    or more where that would be too small to read, but never past the scale the board is checked clear at."""
    chosen = style.text_scale() if text_scale is None else text_scale
    readable = min_name_px(window_height) / max(label_px * zoom, 1e-9)
    return min(CLEAR_SCALE, max(chosen, readable))


@cache
def _badge_kinds(railway: bool, plus: bool, tile: bool) -> tuple[str, ...]:
    return tuple(kind for kind, present in (("railway", railway), ("plus", plus), ("tile", tile)) if present)


def badge_kinds(node: Node) -> tuple[str, ...]:
    """Which badges lead the station's name, in order (the same count `naming.badges` gives)."""
    return _badge_kinds(node.railway, node.plus, node.connection or node.landmarks > 0)
