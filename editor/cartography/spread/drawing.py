"""The layout as things drawn, seen along the four octilinear axes.

Every point of the drawing (each place, then each bend of each link's path) is a point of the program. A
thing is a station's disc (its point and radius), a link segment (its two points and its bed's half-width)
or a name box riding on its station (its point, the box's corners relative to it). Along each axis (x, y and
the two diagonals, as unit vectors) a thing covers an interval whose ends are a point's coordinate along the
axis plus an offset: a disc ± its radius, a box its corners' least and most, a segment its two ends ± its
half-width, in the order they lie now (a segment keeps its direction and orientation, so the order holds).
Things apart along an axis by some room stay apart while that room holds; for octilinear segments, upright
boxes and discs (seen as the octagons round them) one of the four axes parts any two that do not meet.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from editor.cartography.metro.scene import NameScene
from editor.cartography.network import Point, Schematic, Track
from game.geometry import Box, SpatialGrid

_S = math.sqrt(0.5)
AXES = ((1.0, 0.0), (0.0, 1.0), (_S, _S), (_S, -_S))  # x, y, and the diagonals x + y and x - y
DISC, SEGMENT, BOX, RIVER = 0, 1, 2, 3  # RIVER: a run of a river's course, which stations keep their side of
HORIZONTAL, VERTICAL, RISING, FALLING, SLANTED = range(5)  # a segment's direction (RISING: dx and dy alike)
TIED_AXIS = {HORIZONTAL: 1, VERTICAL: 0, RISING: 3, FALLING: 2}  # the axis a segment's two ends keep alike
_EPS = 1e-6
CELL = 64.0
BLOCK = 256  # things compared with all the others at once (`Drawing.pairs_within`): a few MB of arrays
HOLD_SLACK = 1e-3  # px: a river's point this near a link lies where the river crosses it

Interval = tuple[int, float, int, float]  # low end (point, offset), high end (point, offset)


@dataclass(frozen=True, slots=True)
class Thing:
    """A disc, a segment or a name box (see the notes); `owner` is a disc's or box's place, a segment's track."""

    kind: int
    points: tuple[int, ...]
    size: float = 0.0  # a disc's radius, a segment's half-width
    corners: tuple[Point, ...] = ()  # a box's corners relative to its point
    owner: int = -1
    slanted: bool = False  # a segment neither straight nor at 45° (a junction's first one): no axis is its normal


@dataclass(frozen=True, slots=True)
class Wish:
    """A name the layout should make room for: its station (place index), its box at the clear scale, how far
    that box keeps from its own station's ring (another station's ring must keep further) and the price of
    each px it is left short."""

    index: int
    box: Box
    reach: float
    price: float


@dataclass(frozen=True, slots=True)
class Extent:
    """Where a thing lies along each axis: its interval's ends (each a point and an offset), where those lie
    now (`spans`), where its points lie on average (`middles`), and the runs its points are tied to (`runs`)."""

    ends: tuple[Interval, ...]
    spans: tuple[tuple[float, float], ...]
    middles: tuple[float, ...]
    runs: tuple[frozenset[int], ...]


@dataclass(frozen=True, slots=True)
class Parting:
    """Two things apart along an axis: the room between them (negative where they overlap along it) and the
    near end of each, the one before's high end and the one after's low end."""

    room: float
    axis: int
    before: tuple[int, float]
    after: tuple[int, float]


def _along_segment(point: Point, a: Point, b: Point) -> float | None:
    """How far along the segment a-b the point lies (0 to 1), or None where it is not on it."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = dx * dx + dy * dy
    if length <= 0:
        return 0.0 if math.dist(point, a) < HOLD_SLACK else None
    t = max(0.0, min(1.0, ((point[0] - a[0]) * dx + (point[1] - a[1]) * dy) / length))
    return t if math.dist(point, (a[0] + t * dx, a[1] + t * dy)) < HOLD_SLACK else None


def direction(a: Point, b: Point) -> int:
    """Which way the segment from a to b runs."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    scale = _EPS * max(1.0, abs(dx) + abs(dy))
    if abs(dy) <= scale:
        return HORIZONTAL
    if abs(dx) <= scale:
        return VERTICAL
    if abs(abs(dx) - abs(dy)) <= 2 * scale:
        return RISING if (dx > 0) == (dy > 0) else FALLING
    return SLANTED


class Ties:
    """Which points keep their coordinate along an axis alike: the ends of a horizontal segment keep y, of a
    vertical one x, of a 45° one x - y or x + y, and so do whole runs of them. Two things on one run cannot
    be parted along the axis it ties (names of stations on one avenue part along it, not across it)."""

    def __init__(self, count: int) -> None:
        self.parent = [list(range(count)) for _ in AXES]

    def root(self, axis: int, v: int) -> int:
        parent = self.parent[axis]
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    def tie(self, axis: int, a: int, b: int) -> None:
        self.parent[axis][self.root(axis, b)] = self.root(axis, a)

    def tied(self, axis: int, points: Iterable[int]) -> bool:
        return len({self.root(axis, v) for v in points}) == 1


class Drawing:
    """A layout's points, segments (each path's consecutive points, then each river's runs), ties and things,
    with each thing's interval along each axis and a grid to find the things near a place. A river's course
    (`rivers`: as redrawn, river.py) is drawn too: its points after the paths' bends, each where it crosses a
    link held there (`river_holds`: the point, the segment's two points and how far along it)."""

    def __init__(self, tracks: Sequence[Track], schematic: Schematic, scene: NameScene,
                 boxes: Mapping[int, Box], rivers: Mapping[int, Sequence[Point]] | None = None) -> None:
        self.points = list(schematic.positions)
        self.paths: list[list[int]] = []
        for track, path in zip(tracks, schematic.paths, strict=True):
            ids = [track.a]
            for point in path[1:-1]:
                ids.append(len(self.points))
                self.points.append(point)
            self.paths.append([*ids, track.b])
        self.segments = [(a, b, direction(self.points[a], self.points[b])) for ids in self.paths
                         for a, b in pairwise(ids)]
        self.river_holds: list[tuple[int, int, int, float]] = []
        self.rigid: set[int] = set()  # the links whose shape is kept (by index)
        self.first_river_point = len(self.points)
        self.courses: dict[int, list[int]] = {}  # each river's course (by water area) as points
        runs = self._rivers(rivers or {})
        self.ties = Ties(len(self.points))
        for a, b, way in self.segments:
            for axis in range(4) if way == SLANTED else (TIED_AXIS[way],):
                self.ties.tie(axis, a, b)
        self.things = [Thing(DISC, (i,), disc.radius, owner=i) for i, disc in enumerate(scene.obstacles.discs)]
        k = 0
        for track_index, (ids, line) in enumerate(zip(self.paths, scene.obstacles.tracks, strict=True)):
            for a, b in pairwise(ids):
                self.things.append(Thing(SEGMENT, (a, b), line.half_width, owner=track_index,
                                         slanted=self.segments[k][2] == SLANTED))
                k += 1
        self.things += [self.box(index, box) for index, box in boxes.items()]
        self.things += [Thing(RIVER, (a, b)) for a, b in runs]
        self.extents = [self.extent(thing) for thing in self.things]
        self._spans: tuple[np.ndarray, np.ndarray] | None = None
        self._ends: np.ndarray | None = None
        self.grid: SpatialGrid[int] = SpatialGrid(CELL)
        for k, extent in enumerate(self.extents):
            self.grid.add(self.rect(extent), k)

    def _rivers(self, rivers: Mapping[int, Sequence[Point]]) -> list[tuple[int, int]]:
        """Each river's course as points and runs (see the class notes); its runs join the segments. A link the
        river crosses keeps its shape (`rigid`): the river crosses it halfway along its length, which stays
        on the same segment only while no segment of it grows."""
        links = [(k, a, b) for k, ids in enumerate(self.paths) for a, b in pairwise(ids)]
        runs = []
        for area, course in rivers.items():
            ids = self.courses[area] = []
            for point in course:
                ids.append(len(self.points))
                self.points.append(point)
                hold = next(((k, a, b, t) for k, a, b in links
                             if (t := _along_segment(point, self.points[a], self.points[b])) is not None), None)
                if hold is not None:
                    self.river_holds.append((ids[-1], *hold[1:]))
                    self.rigid.add(hold[0])
            for a, b in pairwise(ids):
                if math.dist(self.points[a], self.points[b]) > _EPS:
                    runs.append((a, b))
                    self.segments.append((a, b, direction(self.points[a], self.points[b])))
        return runs

    def box(self, index: int, box: Box) -> Thing:
        """Place `index`'s name box as a thing riding on its station."""
        x, y = self.points[index]
        bx, by, bw, bh = box
        corners = ((bx - x, by - y), (bx + bw - x, by - y), (bx - x, by + bh - y), (bx + bw - x, by + bh - y))
        return Thing(BOX, (index,), corners=corners, owner=index)

    def extent(self, thing: Thing) -> Extent:
        """Where the thing lies along each axis (see the notes)."""
        ends = []
        for ax, ay in AXES:
            if thing.kind == DISC:
                (p,) = thing.points
                ends.append((p, -thing.size, p, thing.size))
            elif thing.kind == BOX:
                (p,) = thing.points
                values = [ax * cx + ay * cy for cx, cy in thing.corners]
                ends.append((p, min(values), p, max(values)))
            else:
                a, b = thing.points
                low, high = (a, b) if self._along(ax, ay, a) <= self._along(ax, ay, b) else (b, a)
                ends.append((low, -thing.size, high, thing.size))
        spans = tuple((self._along(ax, ay, low) + low_offset, self._along(ax, ay, high) + high_offset)
                      for (ax, ay), (low, low_offset, high, high_offset) in zip(AXES, ends, strict=True))
        middles = tuple(sum(self._along(ax, ay, p) for p in thing.points) / len(thing.points) for ax, ay in AXES)
        runs = tuple(frozenset(self.ties.root(axis, p) for p in thing.points) for axis in range(4))
        return Extent(tuple(ends), spans, middles, runs)

    def _along(self, ax: float, ay: float, point: int) -> float:
        x, y = self.points[point]
        return ax * x + ay * y

    def rect(self, extent: Extent) -> Box:
        """The upright box round a thing, from its spans along x and y."""
        (x0, x1), (y0, y1) = extent.spans[0], extent.spans[1]
        return x0, y0, x1 - x0, y1 - y0

    def pairs_within(self, room: float) -> tuple[np.ndarray, np.ndarray]:
        """Every pair of things (k < m, as two arrays in that order) less than `room` apart along the axis that
        parts them most now: compared as arrays, a block of things at a time, where a loop over a grid took
        most of a program's making."""
        lows, highs = self.span_arrays()
        found_k: list[np.ndarray] = []
        found_m: list[np.ndarray] = []
        for start in range(0, len(lows), BLOCK):
            block = slice(start, start + BLOCK)
            # the room each way round along each axis, the best of them per pair
            after = lows[None, :, :] - highs[block, None, :]
            before = lows[block, None, :] - highs[None, :, :]
            best = np.maximum(after, before).max(axis=2)
            ks, ms = np.nonzero(best < room)
            ks += start
            later = ms > ks
            found_k.append(ks[later])
            found_m.append(ms[later])
        if not found_k:
            return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
        return np.concatenate(found_k), np.concatenate(found_m)

    def span_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """Each thing's spans along each axis as two arrays (things by axes): the low ends, the high ends."""
        if self._spans is None:
            spans = np.array([extent.spans for extent in self.extents], dtype=float).reshape(-1, len(AXES), 2)
            self._spans = (spans[:, :, 0], spans[:, :, 1])
        return self._spans

    def end_arrays(self) -> np.ndarray:
        """Each thing's interval ends along each axis (things by axes by low point, low offset, high point, high
        offset), as one array."""
        if self._ends is None:
            self._ends = np.array([extent.ends for extent in self.extents], dtype=float).reshape(-1, len(AXES), 4)
        return self._ends

    def near(self, box: Box, reach: float) -> Iterable[int]:
        """The things whose upright box may come within `reach` of `box`."""
        x, y, w, h = box
        return self.grid.near((x - reach, y - reach, w + 2 * reach, h + 2 * reach))

    def parting(self, first: Extent, second: Extent, axes: Iterable[int],
                ways: Mapping[int, int] | None = None) -> Parting:
        """Of the `axes`, the one along which two things are furthest apart now, either way round or as `ways`
        allows along each (1: the second after the first, -1: before, 0: either)."""
        best: tuple[float, int, int] | None = None  # room, axis, 0 (first before second) or 1
        for axis in axes:
            way = 0 if ways is None else ways[axis]
            (low, high), (other_low, other_high) = first.spans[axis], second.spans[axis]
            if way >= 0 and (best is None or other_low - high > best[0]):
                best = (other_low - high, axis, 0)
            if way <= 0 and (best is None or low - other_high > best[0]):
                best = (low - other_high, axis, 1)
        if best is None:
            raise ValueError("no axis to part two things along")
        room, axis, turned = best
        one, other = (second, first) if turned else (first, second)
        return Parting(room, axis, one.ends[axis][2:], other.ends[axis][:2])

    def free(self, first: Extent, second: Extent) -> dict[int, int]:
        """The axes along which the layout can part two things (their points not all tied along it), each with
        the way round they may part: in the order their points lie along it now (a neighbour on a name's side
        of its station parts from the name beyond it, not by passing the station), either way where level."""
        free = {}
        for axis in range(4):
            runs = first.runs[axis] | second.runs[axis]
            if len(runs) == 1:
                continue
            gap = second.middles[axis] - first.middles[axis]
            free[axis] = 0 if abs(gap) < 1.0 else 1 if gap > 0 else -1
        return free
