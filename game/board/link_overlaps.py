"""Links drawn on top of each other: a bend sitting on another link's track, or a stretch running along it.

Two links that share no node should meet, if at all, only where they cross. Where one's bend lies on the
other's bed, or a stretch of the one runs along the other with their beds touching, a reader sees a
junction or one track (a line could change there, or go on either way) where the board has none. Two links
crossing at a point are a plain crossing and not counted. The board check (`legibility`) reports each pair
of links once, with where it is, so the designer knows which bend to move.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Literal

from game.board import proportions
from game.board.model import Board
from game.geometry import Point, SpatialGrid, bounding_rect, segment_distance

PARALLEL = math.sin(math.radians(3.0))  # two stretches closer to parallel than this run along each other
CELL = 64.0

Segment = tuple[Point, Point]


@dataclass(frozen=True)
class Overlap:
    """Link `link` bends on link `other` at `at`, or runs along it (`at` the middle of the shared stretch)."""

    link: int
    other: int
    kind: Literal["bend", "run"]
    at: Point


def _shared_run(p: Segment, q: Segment, reach: float) -> Point | None:
    """The middle of the stretch where parallel segments p and q lie within `reach` of each other, when it is
    longer than half of `reach` (a touch at a corner is a bend's to report)."""
    (ax, ay), (bx, by) = p
    length = math.hypot(bx - ax, by - ay)
    (cx, cy), (dx, dy) = q
    other = math.hypot(dx - cx, dy - cy)
    if length == 0 or other == 0:
        return None
    ux, uy = (bx - ax) / length, (by - ay) / length
    if abs(ux * (dy - cy) - uy * (dx - cx)) / other > PARALLEL:
        return None  # they cross, or meet at an angle
    if abs(ux * (cy - ay) - uy * (cx - ax)) >= reach:
        return None  # side by side with room between their beds
    t0, t1 = sorted((ux * (cx - ax) + uy * (cy - ay), ux * (dx - ax) + uy * (dy - ay)))
    start, end = max(0.0, t0), min(length, t1)
    if end - start <= reach / 2:
        return None
    middle = (start + end) / 2
    return (ax + ux * middle, ay + uy * middle)


def _bend_on(path: Sequence[Point], other: Sequence[Point], reach: float) -> Point | None:
    """The first bend of `path` whose corner lies within `reach` of the other path's centre line."""
    for bend in path[1:-1]:
        if any(segment_distance(bend, a, b) < reach for a, b in pairwise(other)):
            return bend
    return None


def overlap_of(p: Sequence[Point], q: Sequence[Point], reach: float) -> tuple[Literal["bend", "run"], Point] | None:
    """How path p lies on path q (two links with no node in common), if it does: a stretch along it (the
    middle of the run), else a bend of p on q's centre line; `reach` is where their beds start to touch."""
    for s in pairwise(p):
        for t in pairwise(q):
            run = _shared_run(s, t, reach)
            if run is not None:
                return "run", run
    bend = _bend_on(p, q, reach)
    return ("bend", bend) if bend is not None else None


def overlaps_among(paths: Sequence[Sequence[Point]], ends: Sequence[tuple[int, int]],
                   half: Sequence[float]) -> list[Overlap]:
    """Every pair of links sharing no node (`ends`) whose paths lie on each other (beds `half` wide), once
    each, in link order; told by the link with more bends (the one drawn onto the other, most likely)."""
    widest = max(half, default=0.0)
    grid: SpatialGrid[int] = SpatialGrid(CELL)
    found = []
    for k, path in enumerate(paths):
        x, y, w, h = bounding_rect(path)
        pad = half[k] + widest
        for m in grid.near((x - pad, y - pad, w + 2 * pad, h + 2 * pad)):
            if set(ends[k]).isdisjoint(ends[m]):
                overlap = _overlap(paths, m, k, half[m] + half[k])
                if overlap is not None:
                    found.append(overlap)
        grid.add((x, y, w, h), k)
    return sorted(found, key=lambda o: (min(o.link, o.other), max(o.link, o.other)))


def _overlap(paths: Sequence[Sequence[Point]], k: int, m: int, reach: float) -> Overlap | None:
    if len(paths[k]) < len(paths[m]):
        k, m = m, k
    found = overlap_of(paths[k], paths[m], reach)
    if found is not None:
        return Overlap(k, m, found[0], found[1])
    bend = _bend_on(paths[m], paths[k], reach)
    return Overlap(m, k, "bend", bend) if bend is not None else None


def link_overlaps(board: Board) -> list[Overlap]:
    """Every pair of the board's links sharing no node whose drawn paths lie on each other."""
    unit = proportions.board_unit(board)
    half = [proportions.bed_half_width(link.spaces, unit) for link in board.links]
    return overlaps_among([link.path for link in board.links], [(link.a, link.b) for link in board.links], half)
