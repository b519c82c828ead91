"""Where a link splits: the point of its drawn path nearest a click, and the two paths either side of it.

A water crossing is a link split by a water-symbol waypoint; the designer clicks where the link crosses the
water, and the path's bends stay on the half they belong to.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from editor.document.tmx import Point
from game.geometry import nearest_segment, project_on_segment

MIN_FROM_END = 16  # map pixels (a grid cell): nearer, the water symbol would sit on the station

# `snap(p, anchor)`: the session's snapping, so the split point lands on the grid along a 45° segment.
Snap = Callable[[Point, Point], Point]


def split_point(path: list[Point], p: Point, snap: Snap) -> tuple[int, Point] | None:
    """The segment index and the point of `path` nearest `p` (on the grid along a straight or 45° segment);
    None when that point is at an end of the path, where the symbol would cover the station there."""
    if len(path) < 2:
        return None
    i, _ = nearest_segment(p, path)
    a, b = path[i], path[i + 1]
    q, _ = project_on_segment(p, a, b)
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        snapped = snap(q, a)
        q, _ = project_on_segment(snapped, a, b)  # the grid step may overshoot the segment's end
    w = (float(round(q[0])), float(round(q[1])))
    if min(math.dist(w, path[0]), math.dist(w, path[-1])) < MIN_FROM_END:
        return None
    return i, w


def split_path(path: list[Point], p: Point, snap: Snap) -> tuple[list[Point], list[Point], Point] | None:
    """The path from its start to the split point, from the split point to its end, and the point itself."""
    found = split_point(path, p, snap)
    if found is None:
        return None
    i, w = found
    first = [q for q in path[: i + 1] if q != w] + [w]
    second = [w] + [q for q in path[i + 1:] if q != w]
    return first, second, w
