"""A layout's links as drawn, and the other octilinear ways each could be drawn.

A link between two stations that are not in line can be drawn many octilinear ways: the elbow either way
round, a Z whose diagonal sits anywhere along it, a diagonal-straight-diagonal. The steps that redraw links
on a finished layout (links stepping aside for names, links stepping off other links) try those ways on a
`TrackDrawing`, which knows what each link's bed must keep clear of.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from itertools import pairwise

from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene
from editor.cartography.network import Point, Schematic
from game.board.link_overlaps import overlap_of
from game.geometry import (
    Box,
    angle_gap,
    angle_of,
    bounding_box,
    point_segment_distance,
    segment_near_box,
    segments_touch,
)

STEPS = 8  # places along a link tried for a Z's diagonal (or a diagonal-straight-diagonal's straight run)
NAME_CLEARANCE = 1.0  # px between a bed and a name box, as the placer keeps it
BED_CLEARANCE = 2.0  # px between two beds
BEND_COST = 0.05  # a name cleared is worth far more than a bend; among equals, fewer and gentler bends
RIGHT_ANGLE_COST = 0.05

Path = tuple[Point, ...]


def octilinear_ways(p: Point, q: Point, steps: int = STEPS) -> list[Path]:
    """Every octilinear path from p to q with at most two bends that this step tries (p, q included).

    A straight link stays straight: it has no other way."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    a, b = abs(dx), abs(dy)
    if min(a, b) < 1e-6 or abs(a - b) < 1e-6:
        return [(p, q)]
    sx, sy = math.copysign(1.0, dx), math.copysign(1.0, dy)
    diagonal = min(a, b)
    straight = max(a, b) - diagonal
    along_x = a > b

    def run(point: Point, length: float) -> Point:  # along the straight axis
        return (point[0] + sx * length, point[1]) if along_x else (point[0], point[1] + sy * length)

    def slant(point: Point, length: float) -> Point:
        return (point[0] + sx * length, point[1] + sy * length)

    ways: list[Path] = []
    for k in range(steps + 1):  # straight, diagonal, straight (k = 0 and k = steps: the two elbows)
        first = run(p, straight * k / steps)
        second = slant(first, diagonal)
        ways.append(_clean((p, first, second, q)))
    for k in range(1, steps):  # diagonal, straight, diagonal
        first = slant(p, diagonal * k / steps)
        second = run(first, straight)
        ways.append(_clean((p, first, second, q)))
    ways.append(_clean((p, (q[0], p[1]), q)))  # the two right-angled elbows
    ways.append(_clean((p, (p[0], q[1]), q)))
    return list(dict.fromkeys(ways))


def _clean(path: Sequence[Point]) -> Path:
    """The path without zero-length steps or points in a straight run."""
    points: list[Point] = [path[0]]
    for point in path[1:]:
        if math.dist(point, points[-1]) > 1e-6:
            points.append(point)
    out = [points[0]]
    for here, there in pairwise(points[1:]):
        before = angle_of(here[0] - out[-1][0], here[1] - out[-1][1])
        after = angle_of(there[0] - here[0], there[1] - here[1])
        if abs(before - after) > 1e-9:
            out.append(here)
    out.append(points[-1])
    return tuple(out)


def bend_cost(path: Path) -> float:
    cost = 0.0
    for u, v, w in zip(path, path[1:], path[2:], strict=False):
        turn = angle_gap(angle_of(w[0] - v[0], w[1] - v[1]), angle_of(v[0] - u[0], v[1] - u[1]))
        cost += BEND_COST + (RIGHT_ANGLE_COST if turn > math.pi / 4 + 1e-6 else 0.0)
    return cost


def _segment_gap(p1: Point, p2: Point, q1: Point, q2: Point) -> float:
    if segments_touch(p1, p2, q1, q2):
        return 0.0
    return min(point_segment_distance(*q1, *q2, *p1), point_segment_distance(*q1, *q2, *p2),
               point_segment_distance(*p1, *p2, *q1), point_segment_distance(*p1, *p2, *q2))


Bounds = tuple[float, float, float, float]  # x0, y0, x1, y1


def _bounds(path: Sequence[Point], pad: float = 0.0) -> Bounds:
    x0, y0, x1, y1 = bounding_box(path)
    return (x0 - pad, y0 - pad, x1 + pad, y1 + pad)


def _meet(a: Bounds, b: Bounds) -> bool:
    return a[0] <= b[2] and b[0] <= a[2] and a[1] <= b[3] and b[1] <= a[3]


class TrackDrawing:
    """The layout being changed: paths by link, what each link's bed must keep clear of."""

    def __init__(self, request: MapRequest, schematic: Schematic, scene: NameScene) -> None:
        self.request = request
        self.network = request.network
        self.positions = schematic.positions
        self.paths: list[Path] = [tuple(path) for path in schematic.paths]
        self.half = [track.half_width for track in scene.obstacles.tracks]
        self.extent = [_bounds(path, self.half[k]) for k, path in enumerate(self.paths)]
        self.discs = scene.obstacles.discs
        self.links_at: dict[int, list[int]] = {}
        for k, track in enumerate(self.network.tracks):
            self.links_at.setdefault(track.a, []).append(k)
            self.links_at.setdefault(track.b, []).append(k)

    def draw(self, k: int, path: Path) -> None:
        self.paths[k] = path
        self.extent[k] = _bounds(path, self.half[k])

    def names_hit(self, k: int, path: Path, boxes: Mapping[int, Box]) -> int:
        """How many of the boxes link k's bed would come near along `path`."""
        return len(self.names_near(k, path, boxes))

    def names_near(self, k: int, path: Path, boxes: Mapping[int, Box]) -> set[int]:
        """The keys of the boxes link k's bed would come near along `path`."""
        reach = self.half[k] + NAME_CLEARANCE
        extent = _bounds(path, reach)
        return {key for key, (x, y, w, h) in boxes.items()
                if _meet(extent, (x, y, x + w, y + h))
                and any(segment_near_box((x, y, w, h), *a, *b, reach) for a, b in pairwise(path))}

    def nearby(self, k: int, path: Path) -> list[int]:
        """The other links whose beds' extents come near link k's bed along `path`."""
        near = _bounds(path, self.half[k] + BED_CLEARANCE)
        return [m for m in range(len(self.paths)) if m != k and _meet(near, self.extent[m])]

    def crossed(self, k: int, path: Path) -> list[int]:
        """The other links link k's bed touches along `path` (crossing them, or worse)."""
        return [m for m in self.nearby(k, path) if not self._clear_of(k, path, m)]

    def allowed(self, k: int, path: Path, crossing: Collection[int] = ()) -> bool:
        """Whether link k may run along `path`: inside the frame, over no station it does not join, clear of
        every other bed but those it may cross (`crossing`: it must not lie along them nor bend on them),
        and leaving each of its stations in its own direction."""
        frame = self.request.frame
        if any(not (0 <= x <= frame.width and 0 <= y <= frame.height) for x, y in path):
            return False
        track = self.network.tracks[k]
        ends = (track.a, track.b)
        extent = _bounds(path, self.half[k])
        for i, disc in enumerate(self.discs):
            if i in ends or not _meet(extent, (disc.x - disc.radius, disc.y - disc.radius,
                                               disc.x + disc.radius, disc.y + disc.radius)):
                continue
            reach = disc.radius + self.half[k]
            if any(point_segment_distance(*a, *b, disc.x, disc.y) < reach for a, b in pairwise(path)):
                return False
        for end, first, second in ((track.a, path[0], path[1]), (track.b, path[-1], path[-2])):
            leaving = angle_of(second[0] - first[0], second[1] - first[1])
            for m in self.links_at[end]:
                if m == k:
                    continue
                other = self.paths[m]
                o1, o2 = (other[0], other[1]) if self.network.tracks[m].a == end else (other[-1], other[-2])
                if abs(angle_of(o2[0] - o1[0], o2[1] - o1[1]) - leaving) < 1e-6:
                    return False
        return all(self._clear_of(k, path, m) if m not in crossing else not self.on_each_other(k, path, m)
                   for m in self.nearby(k, path))

    def on_each_other(self, k: int, path: Path, m: int) -> bool:
        """Whether link k drawn along `path` and link m lie on each other: a bend of one on the other's
        track or a stretch along it (`game.board.link_overlaps`), where they share no station."""
        track, other = self.network.tracks[k], self.network.tracks[m]
        if {track.a, track.b} & {other.a, other.b}:
            return False
        reach = self.half[k] + self.half[m]
        return overlap_of(path, self.paths[m], reach) is not None or overlap_of(self.paths[m], path, reach) is not None

    def _clear_of(self, k: int, path: Path, m: int) -> bool:
        track, other = self.network.tracks[k], self.network.tracks[m]
        shared = {self.positions[i] for i in {track.a, track.b} & {other.a, other.b}}
        need = self.half[k] + self.half[m] + BED_CLEARANCE
        for p1, p2 in pairwise(path):
            near = _bounds((p1, p2), need)
            for q1, q2 in pairwise(self.paths[m]):
                if not _meet(near, _bounds((q1, q2))) or shared & {p1, p2} & {q1, q2}:
                    continue  # far apart, or both leave a station they share (in different directions)
                if _segment_gap(p1, p2, q1, q2) < need:
                    return False
        return True

    def schematic(self, base: Schematic) -> Schematic:
        return Schematic(base.positions, tuple(self.paths), base.areas, base.pitch, base.notes, base.origin)
