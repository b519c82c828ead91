"""The few measurements name placement needs between boxes, points and track segments, and a grid to find
nearby things fast. Boxes are (x, y, width, height) in board px, y downwards, as everywhere in cartography.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Generic, TypeVar

from editor.cartography.network import Box

T = TypeVar("T")


def inflate(box: Box, pad: float) -> Box:
    """The box grown by `pad` on every side."""
    x, y, w, h = box
    return (x - pad, y - pad, w + 2 * pad, h + 2 * pad)


def point_distance(box: Box, px: float, py: float) -> float:
    """The distance from a point to the nearest point of the box (0 inside it)."""
    x, y, w, h = box
    dx = max(x - px, 0.0, px - x - w)
    dy = max(y - py, 0.0, py - y - h)
    return math.hypot(dx, dy)


def boxes_overlap(a: Box, b: Box) -> bool:
    """True when the boxes share some area; boxes that only touch along an edge do not overlap."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def box_inside(inner: Box, outer: Box) -> bool:
    return (inner[0] >= outer[0] and inner[1] >= outer[1] and inner[0] + inner[2] <= outer[0] + outer[2]
            and inner[1] + inner[3] <= outer[1] + outer[3])


def _segment_point_distance(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def _segment_crosses_box(ax: float, ay: float, bx: float, by: float, box: Box) -> bool:
    """Liang–Barsky clipping: does any part of the segment lie inside the (closed) box?"""
    x0, y0, w, h = box
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x0 + w - ax), (-dy, ay - y0), (dy, y0 + h - ay)):
        if p == 0:
            if q < 0:
                return False
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return False
    return True


def segment_near(box: Box, ax: float, ay: float, bx: float, by: float, distance: float) -> bool:
    """True when the segment a–b comes nearer the box than `distance` (cheap tests first)."""
    if not _segment_crosses_box(ax, ay, bx, by, inflate(box, distance)):
        return False
    return segment_distance(box, ax, ay, bx, by) < distance


def segment_distance(box: Box, ax: float, ay: float, bx: float, by: float) -> float:
    """The shortest distance between the segment a–b and the box (0 when the segment enters it)."""
    if _segment_crosses_box(ax, ay, bx, by, box):
        return 0.0
    x, y, w, h = box
    best = min(point_distance(box, ax, ay), point_distance(box, bx, by))
    for cx, cy in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        best = min(best, _segment_point_distance(ax, ay, bx, by, cx, cy))
    return best


class Grid(Generic[T]):
    """A uniform grid of buckets: things are filed under every cell their bounding box touches."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[T]] = {}

    def _span(self, box: Box) -> tuple[int, int, int, int]:
        c = self.cell
        x, y, w, h = box
        return math.floor(x / c), math.floor((x + w) / c), math.floor(y / c), math.floor((y + h) / c)

    def add(self, box: Box, item: T) -> None:
        x0, x1, y0, y1 = self._span(box)
        cells = self.cells
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                cells.setdefault((gx, gy), []).append(item)

    def near(self, box: Box) -> Iterable[T]:
        """Everything filed in a cell the box touches, each once (in the order first met)."""
        x0, x1, y0, y1 = self._span(box)
        cells = self.cells
        if x0 == x1 and y0 == y1:
            return cells.get((x0, y0), ())
        seen: dict[T, None] = {}
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                items = cells.get((gx, gy))
                if items:
                    seen.update(dict.fromkeys(items))
        return seen.keys()

    def around(self, box: Box) -> list[T]:
        """Everything filed in a cell the box touches; a thing filed in several of them comes several times
        (cheaper than `near` when a repeat costs nothing, or things are filed in one cell each)."""
        x0, x1, y0, y1 = self._span(box)
        cells = self.cells
        found: list[T] = []
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                items = cells.get((gx, gy))
                if items:
                    found.extend(items)
        return found
