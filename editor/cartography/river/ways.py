"""The ways a river may take between its crossings (metro/river.py), and how each is judged: which stations it
leaves on the wrong bank, which it runs over.

A station's bank is the even-odd rule's over the bank polygon (`bank`: the river's course closed along the
board's edge). The ways tried between two crossings are the two octilinear elbows, detours by one point off
to either side, and (`corridors`) a path searched for through the stations (corridor.py).
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Sequence

from editor.cartography.network import Frame, Point
from editor.cartography.river.corridor import REACH, corridor
from game.board.legibility import ALONG_ANGLE
from game.geometry import heads_along, segment_distance

DETOUR_PLACES = 6  # a detour may turn at 1/6, 2/6 … 5/6 of the way between two crossings…
DETOUR_STEPS = 6  # …this many disc-room steps off the straight way at most
DISC_CLEARANCE = 2.0  # board px: where it has the choice, a river's edge passes this far outside a station's disc
BED_CLEARANCE = 2.0  # px between the river's edge and a track's bed beside it, for the river to show

# What a run of a way does to the stations round a step (`_Ways`): the stations it flips in or out of the
# bank, those it runs over (bits of an int), whether it lies along the board's edge, the stations whose
# drawn disc its water reaches (bits), and how far it runs along a track (px).
Judged = tuple[int, int, bool, int, float]
# Runs judged, by the step's extent (the stations round it), kept for every river and route of one redraw.
Runs = dict[tuple[Point, ...], dict[tuple[Point, Point], Judged]]
# The links' tracks as a river may hide under them: each segment of a drawn path and how near the river's
# course hides under it (the track's bed and the river's half-width).
Beds = Sequence[tuple[Point, Point, float]]


def _perimeter(point: Point, frame: Frame) -> float:
    """Where a point on the board's edge lies along it, clockwise from the top-left corner."""
    x, y = point
    w, h = frame.width, frame.height
    gaps = [(y, x), (w - x, w + y), (h - y, 2 * w + h - x), (x, 2 * w + 2 * h - y)]
    return min(gaps)[1]


def bank(line: Sequence[Point], frame: Frame) -> list[Point]:
    """The part of the board on one side of a river running edge to edge: the line, then the board's
    edge walked clockwise from its end back to its start. A station is on that bank when inside it."""
    w, h = frame.width, frame.height
    corners = [(0.0, (0.0, 0.0)), (w, (w, 0.0)), (w + h, (w, h)), (2 * w + h, (0.0, h))]
    around = 2 * (w + h)
    start, end = _perimeter(line[-1], frame), _perimeter(line[0], frame)
    span = (end - start) % around
    walked = sorted(((t - start) % around, c) for t, c in corners if 0 < (t - start) % around < span)
    return [*line, *(c for _, c in walked)]


def sides(points: Sequence[Point], line: Sequence[Point], frame: Frame) -> list[int]:
    """Which bank each point is on: +1 inside `bank(line)`, -1 outside."""
    inside = _inside(points, _polygon_edges(bank(line, frame)))
    return [1 if inside >> k & 1 else -1 for k in range(len(points))]


def _elbows(p: Point, q: Point) -> list[list[Point]]:
    """The two octilinear ways from p to q: straight then 45°, or 45° then straight."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = min(abs(dx), abs(dy))
    diagonal = (math.copysign(d, dx), math.copysign(d, dy))
    straight = (dx - diagonal[0], 0.0) if abs(dx) >= abs(dy) else (0.0, dy - diagonal[1])
    first = (p[0] + straight[0], p[1] + straight[1])
    second = (p[0] + diagonal[0], p[1] + diagonal[1])
    return [[p, first, q], [p, second, q]]


def wrong_stations(line: Sequence[Point], places: Sequence[Point], banks: Sequence[int], near: float,
                   frame: Frame) -> list[int]:
    """The stations on the wrong bank of `line`, or with the river running through their disc."""
    now, over = sides(places, line, frame), _over(places, line, near)
    return [i for i in range(len(places)) if now[i] != banks[i] or over >> i & 1]


def route_through(points: list[Point], places: Sequence[Point], banks: Sequence[int], near: float, frame: Frame,
                  detours: bool = False, runs: Runs | None = None, corridors: bool = False,
                  discs: Sequence[float] = (), beds: Beds = ()) -> list[Point]:
    """The control points joined by octilinear elbows, each elbow chosen for the fewest wrong stations, then
    the fewest runs along the board's edge, then (given `discs`, each place's reach: the river's half-width
    and its drawn disc) the fewest discs the water reaches: the disc room `near` keeps is less than a big
    interchange's disc, and of two elbows that keep the banks the one clear of the discs reads better; then
    (given the tracks' `beds`) the least run along a track, which would hide the river under it. With
    `detours`, where neither elbow keeps the banks, the river may go two elbows by way of a point off to
    either side (a station of one bank that the layout drew level with the crossings of the other). Only
    a river whose elbows fail takes them, and only where it shows as much of itself: a detour tends to run
    along the track. `runs` keeps what each run does to the stations, for routes among the same `places` with
    the same `near`, `frame` and `discs` (`_Ways`). With `corridors`, a run that no elbow nor detour keeps right is
    searched for through the stations (`river_corridor`)."""
    runs = {} if runs is None else runs
    line = [points[0]]
    for q in points[1:]:
        p = line[-1]
        options = _elbows(p, q)
        vias = _vias(p, q, near) if detours else []
        extent = (p, q, *vias)
        ways = _Ways(line, q, points[-1], places, banks, near, frame, extent, runs.setdefault(extent, {}), discs,
                     beds)
        (wrong, *_), best = min(((ways.score(way), way) for way in options), key=lambda scored: scored[0])
        if vias and wrong:
            round_ = [first + second[1:] for via in vias for first in _elbows(p, via) for second in _elbows(via, q)]
            best = min([*options, *round_], key=lambda way: (*ways.score(way), len(way)))
        if corridors:
            best = _corridor(line, q, points[-1], places, banks, near, frame, best, discs, beds)
        line.extend(best[1:])
    return [p for i, p in enumerate(line) if i == 0 or math.dist(p, line[i - 1]) > 1e-6]


def disc_reaches(radii: Sequence[float], half: float) -> list[float]:
    """How near each station's centre a river's course of this half-width reaches the station's disc."""
    return [half + radius + DISC_CLEARANCE for radius in radii]


def bed_reaches(tracks: Sequence[tuple[Point, Point, float]], half: float) -> Beds:
    """How near each track segment's centre line a river's course of this half-width hides under its bed."""
    return [(a, b, bed + half + BED_CLEARANCE) for a, b, bed in tracks]


def off_the_edge(line: list[Point], frame: Frame) -> list[Point]:
    """The river leaving the board where it first meets its edge: a run along the edge at either end is cut.
    It showed as a strip along the map's border (London's Thames, down the right edge to where its mouth was
    carried), and it leaves every station on the bank it was on (the bank closes along the edge anyway)."""
    while len(line) > 2 and _on_edge(line[-2], line[-1], frame):
        line = line[:-1]
    while len(line) > 2 and _on_edge(line[0], line[1], frame):
        line = line[1:]
    return line


def _corridor(line: Sequence[Point], q: Point, last: Point, places: Sequence[Point], banks: Sequence[int],
              near: float, frame: Frame, best: list[Point], discs: Sequence[float] = (),
              beds: Beds = ()) -> list[Point]:
    """The run from the end of `line` to q searched for through the stations (`river_corridor.corridor`), if
    it leaves fewer stations near it on the wrong bank or under the river than `best`; else `best`. Judged
    among the stations as far round as the search goes: the elbows' and detours' judge looks no further than
    they go, and a station of the wrong bank beyond them is wrong for every one of them alike."""
    p, reach = line[-1], REACH * near  # as far round as the search may stray
    extent = (p, q, (min(p[0], q[0]) - reach, min(p[1], q[1]) - reach),
              (max(p[0], q[0]) + reach, max(p[1], q[1]) + reach))
    ways = _Ways(line, q, last, places, banks, near, frame, extent, {}, discs, beds)
    if not ways.score(best)[0]:
        return best
    way = corridor(p, q, tuple(ways.points), tuple(bool(ways.off >> k & 1) for k in range(len(ways.points))), near)
    return list(way) if way is not None and ways.score(way) < ways.score(best) else best


class _Ways:
    """Judges the ways the river may take from the end of `line` to `end`: how many stations each leaves on
    the wrong bank or runs over, how many of its runs lie along the board's edge, and how many stations' discs
    its water reaches (given each place's reach, `discs`). Every way starts and
    ends at the same points and stays within the box round `extent`, so only the stations in that box can
    fare differently: only they are counted.

    A station is in the bank by the even-odd rule over the bank's edges (`bank`), and whether an edge flips it
    does not hang on the other edges: the line so far, the run on from `end` to `last` and the board's
    corners are the same for every way, so each station's parity over them is worked out once, and a way adds
    only its own runs. Ways share runs (the detours by one point, the routes to each pair of ends), so each
    run is judged once for the stations round `extent`: `runs`, given by the caller for every step with that
    extent. Stations are bits of an int: a way's wrong stations are a few XORs and ORs."""

    def __init__(self, line: Sequence[Point], end: Point, last: Point, places: Sequence[Point],
                 banks: Sequence[int], near: float, frame: Frame, extent: Sequence[Point],
                 runs: dict[tuple[Point, Point], Judged], discs: Sequence[float] = (), beds: Beds = ()) -> None:
        xs, ys = [x for x, _ in extent], [y for _, y in extent]
        x0, x1, y0, y1 = min(xs) - near, max(xs) + near, min(ys) - near, max(ys) + near
        local = [i for i, (x, y) in enumerate(places) if x0 <= x <= x1 and y0 <= y <= y1]
        self.points = [places[i] for i in local]
        self.near, self.frame = near, frame
        # The stations whose disc a way may reach: round the same box, as far as the widest reach.
        wide = max(discs, default=0.0)
        reached = [i for i, (x, y) in enumerate(places)
                   if x0 - wide <= x <= x1 + wide and y0 - wide <= y <= y1 + wide] if discs else []
        self.discs, self.reaches = [places[i] for i in reached], [discs[i] for i in reached]
        # The tracks a way may run along: round the same box, as far as the widest bed.
        far = max((reach for *_, reach in beds), default=0.0)
        self.beds = [(a, b, reach) for a, b, reach in beds
                     if max(a[0], b[0]) >= x0 - far and min(a[0], b[0]) <= x1 + far
                     and max(a[1], b[1]) >= y0 - far and min(a[1], b[1]) <= y1 + far]
        # The bank with the way cut short to one run from the end of `line` to `end`: every edge but that one
        # is shared by every way's bank.
        shared = bank([*line, end, last], frame)
        edges = _polygon_edges(shared)
        inside = _inside(self.points, edges[:len(line)] + edges[len(line) + 1:])
        wanted = sum(1 << k for k, i in enumerate(local) if banks[i] == 1)
        self.off = inside ^ wanted  # the stations that a way's own runs leave on the wrong bank unless they flip
        # The stations the shared course already runs over.
        self.close = _over(self.points, line, near) | _over(self.points, (end, last), near)
        self.wet = _over(self.discs, line, self.reaches) | _over(self.discs, (end, last), self.reaches) \
            if self.discs else 0
        self.runs = runs

    def score(self, way: Sequence[Point]) -> tuple[int, int, int, int]:
        """(stations on the wrong bank or run over, runs along the board's edge, discs reached, px along a
        track) for the way."""
        off, close, along, wet, hidden = self.off, self.close, 0, self.wet, 0.0
        for run in itertools.pairwise(way):
            flips, over, edge, reached, under = self.runs.get(run) or self._judge(*run)
            off ^= flips
            close |= over
            along += edge
            wet |= reached
            hidden += under
        return (off | close).bit_count(), along, wet.bit_count(), round(hidden)

    def _judge(self, p: Point, q: Point) -> Judged:
        """The stations the run pq flips in or out of the bank and runs over, whether it lies along the
        board's edge, the discs it reaches and how far it runs along a track; kept for the other ways through
        it."""
        judged = (_flipped(self.points, p, q), _over(self.points, (p, q), self.near),
                  math.dist(p, q) > 1e-6 and _on_edge(p, q, self.frame),
                  _over(self.discs, (p, q), self.reaches) if self.discs else 0,
                  _hidden(p, q, self.beds) if self.beds else 0.0)
        self.runs[(p, q)] = judged
        return judged


def _polygon_edges(polygon: Sequence[Point]) -> list[tuple[Point, Point]]:
    """The polygon's edges (j, i) as `point_in_polygon` walks them: i from the first point, j the one before."""
    return [(polygon[i - 1], polygon[i]) for i in range(len(polygon))]


def _inside(points: Sequence[Point], edges: Sequence[tuple[Point, Point]]) -> int:
    """The points an odd number of the edges flip, as bits: for a polygon's edges, those inside it, as
    `point_in_polygon` finds them (the even-odd rule is a parity, whatever the order of the edges)."""
    return functools.reduce(operator.xor, (_flipped(points, j, i) for j, i in edges), 0)


def _flipped(points: Sequence[Point], j: Point, i: Point) -> int:
    """The points the polygon edge j→i flips in or out under the even-odd rule, as bits: `point_in_polygon`'s
    own test and arithmetic for one edge, so a parity made up edge by edge is the same to the last bit."""
    (xj, yj), (xi, yi) = j, i
    return sum(1 << k for k, (x, y) in enumerate(points)
               if (yi > y) != (yj > y) and x < xi + (y - yi) * (xj - xi) / (yj - yi))


def _over(points: Sequence[Point], path: Sequence[Point], reach: float | Sequence[float]) -> int:
    """The points nearer than `reach` (one for all, or each point's own) to a run of `path`, as bits
    (`nearest_segment(p, path)[1] < reach`, the same floats compared). A point outside a run's box widened by
    twice the largest reach (and a millionth) is passed over unmeasured: it lies more than a reach beyond its
    reach, and rounding moves a distance by far less."""
    reaches = [reach] * len(points) if isinstance(reach, float | int) else reach
    if not points or max(reaches) <= 0:
        return 0
    found = 0
    margin = 2 * max(reaches) + 1e-6
    for a, b in itertools.pairwise(path):
        x0, x1 = min(a[0], b[0]) - margin, max(a[0], b[0]) + margin
        y0, y1 = min(a[1], b[1]) - margin, max(a[1], b[1]) + margin
        found |= sum(1 << k for k, p in enumerate(points)
                     if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and segment_distance(p, a, b) < reaches[k])
    return found


def _hidden(p: Point, q: Point, beds: Beds) -> float:
    """How far the run pq runs along a track (px): its length beside each segment heading its way (within the
    board check's `ALONG_ANGLE`: what the check calls a link hiding the water), where the segment's centre
    line is nearer the run than the segment's reach. A track so beside the river hides it (London classic's
    Thames down the Charing Cross–Waterloo link seemed to stop under it and start again)."""
    length = math.dist(p, q)
    if length < 1e-6:
        return 0.0
    ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
    total = 0.0
    for a, b, reach in beds:
        if not heads_along(a, b, (ux, uy), ALONG_ANGLE):
            continue
        # Each end of the segment as (how far along the run, how far to its side); the side varies linearly.
        ta, da = (a[0] - p[0]) * ux + (a[1] - p[1]) * uy, (a[1] - p[1]) * ux - (a[0] - p[0]) * uy
        tb, db = (b[0] - p[0]) * ux + (b[1] - p[1]) * uy, (b[1] - p[1]) * ux - (b[0] - p[0]) * uy
        if tb < ta:
            ta, da, tb, db = tb, db, ta, da
        lo, hi = max(ta, 0.0), min(tb, length)
        if hi <= lo:
            continue
        if tb - ta > 1e-9 and da != db:  # keep the part of [lo, hi] where the side is within reach
            slope = (db - da) / (tb - ta)
            ends = sorted(((side - da) / slope + ta) for side in (-reach, reach))
            lo, hi = max(lo, ends[0]), min(hi, ends[1])
        elif abs(da) >= reach:
            continue
        total += max(0.0, hi - lo)
    return total


def _on_edge(p: Point, q: Point, frame: Frame) -> bool:
    """Whether the run pq lies along one of the board's edges (a river leaving the board goes straight off it,
    not along it: `route_through` takes the way with the fewest such runs)."""
    return any(abs(p[i] - edge) < 1e-6 and abs(q[i] - edge) < 1e-6
               for i, edge in ((0, 0.0), (0, frame.width), (1, 0.0), (1, frame.height)))


def _vias(p: Point, q: Point, near: float) -> list[Point]:
    """Points a detour from p to q may pass: off the way from p to q to either side, at several places along
    it and several steps out (a step is the room the river keeps from a station)."""
    length = math.dist(p, q)
    if length < 1e-6:
        return []
    nx, ny = (p[1] - q[1]) / length, (q[0] - p[0]) / length
    along = [(p[0] + (q[0] - p[0]) * i / DETOUR_PLACES, p[1] + (q[1] - p[1]) * i / DETOUR_PLACES)
             for i in range(1, DETOUR_PLACES)]
    return [(x + k * near * nx, y + k * near * ny) for x, y in along
            for k in range(-DETOUR_STEPS, DETOUR_STEPS + 1) if k]
