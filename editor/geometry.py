"""Plane geometry for tools: snapping to a grid and to Beck's 45° directions, hit tests."""

from __future__ import annotations

import math

Point = tuple[float, float]


def snap_grid(p: Point, grid: float) -> Point:
    return (round(p[0] / grid) * grid, round(p[1] / grid) * grid)


def snap_45(anchor: Point, p: Point) -> Point:
    """The point nearest `p` on one of the eight 45° rays from `anchor`."""
    dx, dy = p[0] - anchor[0], p[1] - anchor[1]
    if dx == 0 and dy == 0:
        return p
    angle = round(math.atan2(dy, dx) / (math.pi / 4)) * (math.pi / 4)
    ux, uy = math.cos(angle), math.sin(angle)
    length = dx * ux + dy * uy
    return (anchor[0] + ux * length, anchor[1] + uy * length)


def snap(p: Point, grid: float, enabled: bool, anchor: Point | None = None) -> Point:
    """Whole pixels; with snapping on, the grid, and with an anchor a 45° ray whose steps are grid cells."""
    if not enabled:
        return (round(p[0]), round(p[1]))
    if anchor is None:
        return snap_grid(p, grid)
    q = snap_45(anchor, p)
    dx, dy = q[0] - anchor[0], q[1] - anchor[1]
    sx = 0 if abs(dx) < 1e-6 else (1 if dx > 0 else -1)
    sy = 0 if abs(dy) < 1e-6 else (1 if dy > 0 else -1)
    steps = round(max(abs(dx), abs(dy)) / grid) * grid
    return (round(anchor[0] + sx * steps), round(anchor[1] + sy * steps))


def distance(a: Point, b: Point) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def project_on_segment(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    """The nearest point to `p` on segment a–b and its distance."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / length2))
    q = (ax + t * dx, ay + t * dy)
    return q, distance(p, q)


def nearest_segment(p: Point, path: list[Point]) -> tuple[int, float]:
    """Index i of the segment path[i]–path[i+1] nearest to `p`, and the distance to it."""
    best, best_d = -1, math.inf
    for i in range(len(path) - 1):
        _, d = project_on_segment(p, path[i], path[i + 1])
        if d < best_d:
            best, best_d = i, d
    return best, best_d


def centroid(points: list[Point]) -> Point:
    if not points:
        return (0.0, 0.0)
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def rect_contains(rect: tuple[float, float, float, float], p: Point) -> bool:
    x0, y0, x1, y1 = rect
    return min(x0, x1) <= p[0] <= max(x0, x1) and min(y0, y1) <= p[1] <= max(y0, y1)
