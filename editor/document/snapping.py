"""Snapping for the editing tools: to the grid and to Beck's 45° directions, and the 45° path of a new link."""

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


def beck_path(a: Point, b: Point) -> list[Point]:
    """A straight link when a–b is on a 45° ray, else one elbow: diagonal first, then straight."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return [a, b]
    m = min(abs(dx), abs(dy))
    elbow = (a[0] + m * (1 if dx > 0 else -1), a[1] + m * (1 if dy > 0 else -1))
    return [a, elbow, b]
