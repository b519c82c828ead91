"""Which of many points lie inside a polygon, all at once: `game.geometry.point_in_polygon`'s even-odd rule
with the same arithmetic, edge by edge over an array of points (the layout checks ask it of every station for
every area, many times a map)."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from editor.cartography.network import Point


def points_in_polygon(points: Sequence[Point], polygon: Sequence[Point]) -> list[bool]:
    """For each point, whether it lies inside the polygon (even-odd rule)."""
    if not points:
        return []
    xy = np.asarray(points, dtype=float).reshape(-1, 2)
    x, y = xy[:, 0], xy[:, 1]
    inside = np.zeros(len(xy), dtype=bool)
    count = len(polygon)
    j = count - 1
    for i in range(count):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        crossing = (yi > y) != (yj > y)
        if crossing.any():
            cross_x = xi + (y[crossing] - yi) * (xj - xi) / (yj - yi)
            flip = np.zeros(len(xy), dtype=bool)
            flip[crossing] = x[crossing] < cross_x
            inside ^= flip
        j = i
    return inside.tolist()
