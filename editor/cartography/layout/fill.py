"""Stretching a finished layout to fill the frame, without touching a single angle.

The router rarely puts the outermost stations on the grid's very edge, so a layout tends to leave an
empty band. Two moves keep everything octilinear, plane and in the same cyclic order: scaling the whole
drawing up (a larger pitch: "as large as fits"), and then, along the axis that still has room, widening
the map at "cuts" (a gap between two grid columns, or rows, that only straight across-the-cut track
spans: a horizontal cut under only vertical track). Widening at such a cut only lengthens those straight
segments.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import pairwise

from editor.cartography.network import Frame, Point

Path = tuple[Point, ...]


def fill_frame(
    positions: Sequence[Point], paths: Sequence[Path], pitch: float, origin: Point, frame: Frame
) -> tuple[list[Point], list[Path], float, Point]:
    """The layout scaled and widened to fill the frame less its margin: positions, paths, pitch and a
    node of the new grid."""
    to_grid = [((x - origin[0]) / pitch, (y - origin[1]) / pitch) for x, y in positions]
    grid_paths = [[((x - origin[0]) / pitch, (y - origin[1]) / pitch) for x, y in path] for path in paths]
    points = [*to_grid, *(p for path in grid_paths for p in path)]
    if not points:
        return list(positions), list(paths), pitch, origin
    lo_u, hi_u = min(p[0] for p in points), max(p[0] for p in points)
    lo_v, hi_v = min(p[1] for p in points), max(p[1] for p in points)
    width = frame.width - 2 * frame.margin
    height = frame.height - 2 * frame.margin
    span_u, span_v = hi_u - lo_u, hi_v - lo_v
    scale = min(
        width / (span_u * pitch) if span_u > 0 else math.inf,
        height / (span_v * pitch) if span_v > 0 else math.inf,
    )
    if not math.isfinite(scale) or scale < 1.0:
        scale = 1.0
    new_pitch = pitch * scale
    count_u = int((width - span_u * new_pitch) / new_pitch + 1e-6)
    count_v = int((height - span_v * new_pitch) / new_pitch + 1e-6)
    extra_u = _spread_cuts(grid_paths, to_grid, lo_u, hi_u, axis=0, count=count_u)
    extra_v = _spread_cuts(grid_paths, to_grid, lo_v, hi_v, axis=1, count=count_v)
    used_w = (span_u + len(extra_u)) * new_pitch
    used_h = (span_v + len(extra_v)) * new_pitch
    left = frame.margin + (width - used_w) / 2
    top = frame.margin + (height - used_h) / 2

    def place(p: Point) -> Point:
        u = p[0] - lo_u + sum(1 for c in extra_u if p[0] > c)
        v = p[1] - lo_v + sum(1 for c in extra_v if p[1] > c)
        return (left + u * new_pitch, top + v * new_pitch)

    placed = [place(p) for p in to_grid]
    return placed, [tuple(place(p) for p in path) for path in grid_paths], new_pitch, (left, top)


def _spread_cuts(
    paths: Sequence[Sequence[Point]], places: Sequence[Point], lo: float, hi: float, axis: int, count: int
) -> list[float]:
    """Up to `count` cut positions (half-way between grid lines) where widening is safe.

    Each goes where it does most good: the cut separating the most pairs of places that stand one pitch
    apart across it (crowded places get the room, as the centre does on Beck's map), a cut's worth
    halving each time it is used; with no crowding, the cuts are spread evenly."""
    if count <= 0:
        return []
    safe = [c + 0.5 for c in range(math.floor(lo), math.ceil(hi)) if lo < c + 0.5 < hi and _safe(paths, c + 0.5, axis)]
    if not safe:
        return []
    other = 1 - axis
    worth = {}
    for cut in safe:
        near = [p for p in places if abs(p[axis] - cut) < 0.6]
        left = [p for p in near if p[axis] < cut]
        right = [p for p in near if p[axis] > cut]
        worth[cut] = float(sum(1 for a in left for b in right if abs(a[other] - b[other]) <= 1.01))
    chosen: list[float] = []
    for i in range(count):
        best = max(safe, key=lambda c: (worth[c], -abs(c - (lo + hi) / 2)))
        if worth[best] < 1.0:  # no crowding left: spread the rest evenly
            rest = count - i
            chosen += [safe[min(len(safe) - 1, int((j + 0.5) * len(safe) / rest))] for j in range(rest)]
            break
        chosen.append(best)
        worth[best] /= 2
    return sorted(chosen)


def _safe(paths: Sequence[Sequence[Point]], cut: float, axis: int) -> bool:
    """Whether every segment spanning the cut runs straight across it (so widening only lengthens it)."""
    other = 1 - axis
    for path in paths:
        for p, q in pairwise(path):
            if min(p[axis], q[axis]) < cut < max(p[axis], q[axis]) and abs(p[other] - q[other]) > 1e-9:
                return False
    return True
