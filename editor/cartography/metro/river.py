"""Rivers redrawn the way a printed metro map draws them: through the links that cross them, in order.

Beck drew the Thames as a few straight and 45° runs that pass between the stations of each bank exactly
where the lines cross it. Carrying the geographic outline along with the layout (`layout.areas`) cannot
promise that: a river is a band, every station lies outside it on one bank or the other, and the carried
band drifts over to the wrong side of stations (London's Waterloo and Borough came out north of the
Thames). So a river given as a band (the importer's: one bank forward, the other back, point i paired
with point n-1-i) is redrawn from its crossings: each link that crosses its centre line in the input
crosses the new river at the middle of its drawn path, the crossings in the order they lie along the
river; the ends run out to the board's edge where the river left it. Between two crossings the river
takes the octilinear elbow (straight then 45°, or 45° then straight) that leaves fewer stations on the
wrong bank. The redrawn river is used only when it leaves every station on its own bank, clear of its disc,
and every water symbol in the water. Otherwise it is redrawn once more, allowed a detour between two
crossings (`_route`: London classic's Thames, whose crossings either side of a station lay level with it),
and the detour is used where the carried outline fails (its course, the centre line carried as the stations
near it moved, has stations on the wrong bank, or its outline covers a station), or where it shows as much
of the river as the carried one (a detour tends to run along the track). Else the carried outline stays;
a river with stations on the wrong bank is left out (an empty outline, which the importer leaves out; the
crossings' water symbols remain). A river whose mouth lies inside the
map runs off by whichever edges keep every station on its bank (the nearest first).
"""

from __future__ import annotations

import functools
import itertools
import math
import operator
from collections.abc import Sequence

from editor.cartography.network import Area, Frame, Network, Point, Schematic
from game.geometry import (
    band,
    line_parameters,
    point_along,
    point_in_polygon,
    polygon_boundary_distance,
    segment_distance,
)

HALF_WIDTH = 0.16  # of the layout's pitch: a river narrower than the gap between two stations' discs
DISC_ROOM = 0.15  # of the pitch: how far the river's edge keeps from a station's centre (its disc)
DETOUR_PLACES = 6  # a detour may turn at 1/6, 2/6 … 5/6 of the way between two crossings…
DETOUR_STEPS = 6  # …this many disc-room steps off the straight way at most
VISIBLE_SLACK = 0.02  # of its course: a detour showing this little less of the river than the carried one
# shows as much (London classic's Thames: 0.7669 against 0.7671)
NARROWEST = 0.1  # of its widest pairing: a band's narrowest pairing (else the outline is no paired band)

# What a run of a way does to the stations round a step (`_Ways`): the stations it flips in or out of the
# bank, those it runs over (bits of an int), and whether it lies along the board's edge.
Judged = tuple[int, int, bool]
# Runs judged, by the step's extent (the stations round it), kept for every river and route of one redraw.
Runs = dict[tuple[Point, ...], dict[tuple[Point, Point], Judged]]


def centre_line(points: Sequence[Point]) -> list[Point] | None:
    """The centre line of a band outline (point i paired with n-1-i), or None if it is not such a band."""
    n = len(points)
    if n < 6 or n % 2:
        return None
    half = n // 2
    widths = [math.dist(points[i], points[n - 1 - i]) for i in range(half)]
    widest = max(widths)
    if widest <= 0 or min(widths) < NARROWEST * widest:
        return None
    line = [((points[i][0] + points[n - 1 - i][0]) / 2, (points[i][1] + points[n - 1 - i][1]) / 2)
            for i in range(half)]
    run = sum(math.dist(line[i], line[i + 1]) for i in range(half - 1))
    return line if run > 3 * widest else None  # a lake is no river: it has no crossings to follow


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


def _crossings(network: Network, line: Sequence[Point]) -> list[tuple[float, int]]:
    """(distance along the river, track index) for every track whose input segment crosses it once."""
    starts = [0.0]
    for i in range(len(line) - 1):
        starts.append(starts[-1] + math.dist(line[i], line[i + 1]))
    found = []
    for k, track in enumerate(network.tracks):
        a, b = network.places[track.a], network.places[track.b]
        hits = []
        for i in range(len(line) - 1):
            along = _meets((a.x, a.y), (b.x, b.y), line[i], line[i + 1])
            if along is not None:
                hits.append(starts[i] + along * (starts[i + 1] - starts[i]))
        if len(hits) % 2:
            found.append((min(hits), k))
    return sorted(found)


def _meets(a: Point, b: Point, p: Point, q: Point) -> float | None:
    """How far along the river's run pq the link segment ab meets it (0 to 1), else None. A run's start
    counts and its end does not, so a link through a corner of the river meets it once: a river redrawn
    here has its corners exactly where links cross it, and a proper crossing alone would find none there."""
    found = line_parameters(a, b, p, q)
    if found is None:
        return None
    t, u = found
    return u if 1e-9 < t < 1 - 1e-9 and -1e-9 <= u < 1 - 1e-9 else None


def _to_edge(point: Point, frame: Frame) -> Point:
    """`point` moved straight out to the board's nearest edge (the river runs off the map there)."""
    return _edges(point, frame)[0]


def _edges(point: Point, frame: Frame) -> list[Point]:
    """`point` moved straight out to each edge of the board, the nearest first."""
    x, y = point
    gaps = {(0.0, y): x, (frame.width, y): frame.width - x, (x, 0.0): y, (x, frame.height): frame.height - y}
    return sorted(gaps, key=lambda p: gaps[p])


def _elbows(p: Point, q: Point) -> list[list[Point]]:
    """The two octilinear ways from p to q: straight then 45°, or 45° then straight."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = min(abs(dx), abs(dy))
    diagonal = (math.copysign(d, dx), math.copysign(d, dy))
    straight = (dx - diagonal[0], 0.0) if abs(dx) >= abs(dy) else (0.0, dy - diagonal[1])
    first = (p[0] + straight[0], p[1] + straight[1])
    second = (p[0] + diagonal[0], p[1] + diagonal[1])
    return [[p, first, q], [p, second, q]]


def _wrong(line: Sequence[Point], places: Sequence[Point], banks: Sequence[int], near: float,
           frame: Frame) -> list[int]:
    """The stations on the wrong bank of `line`, or with the river running through their disc."""
    now, over = sides(places, line, frame), _over(places, line, near)
    return [i for i in range(len(places)) if now[i] != banks[i] or over >> i & 1]


def _route(points: list[Point], places: Sequence[Point], banks: Sequence[int], near: float,
           frame: Frame, detours: bool = False, runs: Runs | None = None) -> list[Point]:
    """The control points joined by octilinear elbows, each elbow chosen for the fewest wrong stations. With
    `detours`, where neither elbow keeps the banks, the river may go two elbows by way of a point off to
    either side (a station of one bank that the layout drew level with the crossings of the other). Only
    a river whose elbows fail takes them, and only where it shows as much of itself: a detour tends to run
    along the track. `runs` keeps what each run does to the stations, for routes among the same `places` with
    the same `near` and `frame` (`_Ways`)."""
    runs = {} if runs is None else runs
    line = [points[0]]
    for q in points[1:]:
        p = line[-1]
        options = _elbows(p, q)
        vias = _vias(p, q, near) if detours else []
        extent = (p, q, *vias)
        ways = _Ways(line, q, points[-1], places, banks, near, frame, extent, runs.setdefault(extent, {}))
        (wrong, _), best = min(((ways.score(way), way) for way in options), key=lambda scored: scored[0])
        if vias and wrong:
            round_ = [first + second[1:] for via in vias for first in _elbows(p, via) for second in _elbows(via, q)]
            best = min([*options, *round_], key=lambda way: (*ways.score(way), len(way)))
        line.extend(best[1:])
    return [p for i, p in enumerate(line) if i == 0 or math.dist(p, line[i - 1]) > 1e-6]


class _Ways:
    """Judges the ways the river may take from the end of `line` to `end`: how many stations each leaves on
    the wrong bank or runs over, and how many of its runs lie along the board's edge. Every way starts and
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
                 runs: dict[tuple[Point, Point], Judged]) -> None:
        xs, ys = [x for x, _ in extent], [y for _, y in extent]
        x0, x1, y0, y1 = min(xs) - near, max(xs) + near, min(ys) - near, max(ys) + near
        local = [i for i, (x, y) in enumerate(places) if x0 <= x <= x1 and y0 <= y <= y1]
        self.points = [places[i] for i in local]
        self.near, self.frame = near, frame
        # The bank with the way cut short to one run from the end of `line` to `end`: every edge but that one
        # is shared by every way's bank.
        shared = bank([*line, end, last], frame)
        edges = _polygon_edges(shared)
        inside = _inside(self.points, edges[:len(line)] + edges[len(line) + 1:])
        wanted = sum(1 << k for k, i in enumerate(local) if banks[i] == 1)
        self.off = inside ^ wanted  # the stations that a way's own runs leave on the wrong bank unless they flip
        # The stations the shared course already runs over.
        self.close = _over(self.points, line, near) | _over(self.points, (end, last), near)
        self.runs = runs

    def score(self, way: Sequence[Point]) -> tuple[int, int]:
        """(stations on the wrong bank or run over, runs along the board's edge) for the way."""
        off, close, along = self.off, self.close, 0
        for run in itertools.pairwise(way):
            flips, over, edge = self.runs.get(run) or self._judge(*run)
            off ^= flips
            close |= over
            along += edge
        return (off | close).bit_count(), along

    def _judge(self, p: Point, q: Point) -> Judged:
        """The stations the run pq flips in or out of the bank and runs over, and whether it lies along the
        board's edge; kept for the other ways through it."""
        judged = (_flipped(self.points, p, q), _over(self.points, (p, q), self.near),
                  math.dist(p, q) > 1e-6 and _on_edge(p, q, self.frame))
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


def _over(points: Sequence[Point], path: Sequence[Point], reach: float) -> int:
    """The points nearer than `reach` to a run of `path`, as bits (`nearest_segment(p, path)[1] < reach`, the
    same floats compared). A point outside a run's box widened by twice the reach (and a millionth) is passed
    over unmeasured: it lies more than a reach beyond `reach`, and rounding moves a distance by far less."""
    found = 0
    margin = 2 * reach + 1e-6
    for a, b in itertools.pairwise(path):
        x0, x1 = min(a[0], b[0]) - margin, max(a[0], b[0]) + margin
        y0, y1 = min(a[1], b[1]) - margin, max(a[1], b[1]) + margin
        found |= sum(1 << k for k, p in enumerate(points)
                     if x0 <= p[0] <= x1 and y0 <= p[1] <= y1 and segment_distance(p, a, b) < reach)
    return found


def _on_edge(p: Point, q: Point, frame: Frame) -> bool:
    """Whether the run pq lies along one of the board's edges (a river leaving the board goes straight off it,
    not along it: `_route` takes the way with the fewest such runs)."""
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


def redraw_rivers(network: Network, schematic: Schematic, frame: Frame) -> Schematic:
    """The schematic with each band-shaped water area redrawn through its crossings (see module doc)."""
    return redrawn_rivers(network, schematic, frame)[0]


def redrawn_rivers(network: Network, schematic: Schematic, frame: Frame, strict: bool = False,
                   routes: dict[int, list[Point]] | None = None) -> tuple[Schematic, frozenset[int]]:
    """`redraw_rivers`, and which water areas came out redrawn through their crossings (the others carried or
    left out): a later step that would cost a river its octilinear course can tell (metro/climb.py). `strict`
    takes a detour only where the carried river fails, and only if it shows as much of the river: the climb
    asks so, for a step that pushes a river off its elbows onto a detour along the track is no better map.
    `routes`, if given, gets each redrawn river's course (its centre line, off the board at both ends)."""
    if not schematic.areas or len(schematic.areas) != len(network.areas):
        return schematic, frozenset()
    redrawn = set()
    before, after = _stations_moved(network, schematic)
    pitch = schematic.pitch or 40.0
    half = HALF_WIDTH * pitch
    near = half + DISC_ROOM * pitch
    areas = list(schematic.areas)
    runs: Runs = {}  # every river is routed among the same stations
    for index, area in enumerate(network.areas):
        if area.kind != "water":
            continue
        line = centre_line(area.points)
        if line is None:
            continue
        crossings = _crossings(network, line)
        if not crossings:
            continue
        banks = sides(before, [_to_edge(line[0], frame), *line, _to_edge(line[-1], frame)], frame)
        middles = [_crossing_point(network, schematic, area, k) for _, k in crossings]
        start = _carried_end(line[0], before, after)
        end = _carried_end(line[-1], before, after)
        carried = _carry(line, before, after, frame)
        misplaced = _misplaced(carried, after, banks, frame)

        ends = (_edges(start, frame), _edges(end, frame))
        route = _redrawn(middles, *ends, after, banks, near, frame, runs=runs)
        outline = _outline(route, half, network, schematic, area)
        if not outline and (not strict or misplaced or _covers(schematic.areas[index].points, after,
                                                                DISC_ROOM * pitch)):
            detour = _redrawn(middles, *ends, after, banks, near, frame, detours=True, runs=runs)
            # Unless the carried river is misplaced, a detour along the track must show as much of the river.
            slack = 0.0 if strict else VISIBLE_SLACK
            if detour is not None and (misplaced or _visible(detour, schematic, half)
                                       >= _visible(carried, schematic, half) - slack):
                route, outline = detour, _outline(detour, half, network, schematic, area)
        if not outline:
            route = _kept_course(schematic.areas[index], after, banks, near, frame)
            outline = _outline(route, half, network, schematic, area)
        if outline:
            areas[index] = Area(area.kind, outline, area.name)
            redrawn.add(index)
            if routes is not None and route is not None:
                routes[index] = route
        elif misplaced:
            areas[index] = Area(area.kind, (), area.name)  # no river at all rather than one over stations
    return Schematic(schematic.positions, schematic.paths, tuple(areas), schematic.pitch, schematic.notes,
                     schematic.origin), frozenset(redrawn)


def river_banks(pitch: float) -> tuple[float, float]:
    """A river's two banks as offsets from its course (`band`'s left and right), on a layout of this pitch."""
    half = HALF_WIDTH * pitch
    return half, -half


def _kept_course(drawn: Area, after: Sequence[Point], banks: Sequence[int], near: float,
                 frame: Frame) -> list[Point] | None:
    """The course the river is drawn along now, if it runs in straight and 45° runs and still keeps every
    station on its bank, clear of its disc: a layout moved a little (spread/, which moves a river's course
    with the links it crosses) keeps its river where no redraw through the crossings' middles finds one."""
    course = centre_line(drawn.points)
    if course is None or not all(_octilinear(p, q) for p, q in itertools.pairwise(course)):
        return None
    return None if _wrong(course, after, banks, near, frame) else course


def _octilinear(p: Point, q: Point) -> bool:
    dx, dy = abs(q[0] - p[0]), abs(q[1] - p[1])
    slack = 1e-6 * max(1.0, dx + dy)
    return dx <= slack or dy <= slack or abs(dx - dy) <= 2 * slack


def _outline(route: list[Point] | None, half: float, network: Network, schematic: Schematic,
             area: Area) -> tuple[Point, ...]:
    """The river drawn along `route`, if there is one and it keeps every water symbol in the water; else ()."""
    if route is None:
        return ()
    outline = tuple(band(route, half, -half))
    return outline if _symbols_in(network, schematic, area, outline) else ()


def _visible(line: Sequence[Point], schematic: Schematic, half: float, step: float = 8.0) -> float:
    """The share of the river's course not drawn under a link (its middle farther than its half-width from
    every link's path): a river redrawn along the track shows little of itself."""
    segments = [(p, q) for path in schematic.paths for p, q in itertools.pairwise(path)]
    seen = total = 0
    for p, q in itertools.pairwise(line):
        count = max(1, math.ceil(math.dist(p, q) / step))
        for k in range(count):
            point = (p[0] + (q[0] - p[0]) * k / count, p[1] + (q[1] - p[1]) * k / count)
            total += 1
            if all(segment_distance(point, a, b) > half for a, b in segments
                   if min(a[0], b[0]) - half <= point[0] <= max(a[0], b[0]) + half
                   and min(a[1], b[1]) - half <= point[1] <= max(a[1], b[1]) + half):
                seen += 1
    return seen / total if total else 1.0


def _covers(outline: Sequence[Point], places: Sequence[Point], room: float) -> bool:
    """Whether the outline runs over a station: its centre in the water, or the bank within `room` of it."""
    return bool(outline) and any(point_in_polygon(p, outline) or polygon_boundary_distance(p, outline) < room
                                 for p in places)


def _in_water(network: Network, area: Area, index: int) -> bool:
    """Whether place `index` is a water symbol (a waypoint the importer put in the river) of this river."""
    place = network.places[index]
    return place.waypoint and point_in_polygon((place.x, place.y), area.points)


def _symbols_in(network: Network, schematic: Schematic, area: Area, outline: Sequence[Point]) -> bool:
    """Whether every water symbol in the river stays in it (a link may carry two across a wide river, and
    the redrawn river passes only the one where the link crosses its middle)."""
    return all(point_in_polygon(schematic.positions[i], outline) for i in range(len(network.places))
               if _in_water(network, area, i))


def _crossing_point(network: Network, schematic: Schematic, area: Area, k: int) -> Point:
    """Where the new river crosses track `k`: at its water symbol if it has one, so the symbol stays in the
    water; else halfway along its drawn path."""
    track = network.tracks[k]
    for end in (track.a, track.b):
        if _in_water(network, area, end):
            return schematic.positions[end]
    return point_along(schematic.paths[k], 0.5)


def _redrawn(middles: list[Point], starts: list[Point], ends: list[Point], places: Sequence[Point],
             banks: Sequence[int], near: float, frame: Frame, detours: bool = False,
             runs: Runs | None = None) -> list[Point] | None:
    """The river through its crossings, running off the board at the edge nearest each end where that
    leaves every station on its bank; else at another edge (a river whose mouth lies inside the map, as
    New York's East River's does, may need to leave by the far side); None if no pair of edges will do.
    With `detours`, the river may leave the elbows between two crossings (see `_route`)."""
    runs = {} if runs is None else runs  # the routes to each pair of ends share runs
    for start in starts:
        for end in ends:
            line = _route([start, *middles, end], places, banks, near, frame, detours, runs)
            if not _wrong(line, places, banks, near, frame):
                return line
    return None


def _misplaced(carried: Sequence[Point], after: Sequence[Point], banks: Sequence[int], frame: Frame) -> bool:
    """Whether the carried river (`_carry`: its centre line, each point moved as the stations near it moved)
    has stations on the wrong bank: it runs between neighbours it never separated (New York's East River
    through Midtown)."""
    return bool(_wrong(carried, after, banks, 0.0, frame))


def _carry(line: Sequence[Point], before: Sequence[Point], after: Sequence[Point], frame: Frame) -> list[Point]:
    """A river's centre line with each point moved as the stations near it moved, run out to the edges."""
    carried = [_carried_end(p, before, after) for p in line]
    return [_to_edge(carried[0], frame), *carried, _to_edge(carried[-1], frame)]


def carried_course(network: Network, schematic: Schematic, frame: Frame, index: int) -> list[Point] | None:
    """Where water area `index` runs on the layout when it is carried, not redrawn: the course that decides
    which bank each station is on (None if the area is no river)."""
    line = centre_line(network.areas[index].points)
    if line is None:
        return None
    return _carry(line, *_stations_moved(network, schematic), frame)


def _stations_moved(network: Network, schematic: Schematic) -> tuple[list[Point], list[Point]]:
    """Every station's centre in the input and in the layout, in the same order (waypoints left out)."""
    stations = [i for i, p in enumerate(network.places) if not p.waypoint]
    return [(network.places[i].x, network.places[i].y) for i in stations], [schematic.positions[i] for i in stations]


def _carried_end(end: Point, before: Sequence[Point], after: Sequence[Point]) -> Point:
    """Where the river's end lands in the layout: moved as the nearest stations moved (weighted)."""
    total = wx = wy = 0.0
    for (bx, by), (ax, ay) in zip(before, after, strict=True):
        d2 = (end[0] - bx) ** 2 + (end[1] - by) ** 2 + 1e-9
        w = 1.0 / (d2 * d2)
        total += w
        wx += w * (ax - bx)
        wy += w * (ay - by)
    return (end[0] + wx / total, end[1] + wy / total) if total else end
