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
a river with stations on the wrong bank is tried narrower (`HALF_WIDTHS`: the layout may leave the banks'
stations too close for the usual width), and left out where even the narrowest finds no room (an empty
outline, which the importer leaves out; the crossings' water symbols remain). A river whose mouth lies inside the
map runs off by whichever edges keep every station on its bank (the nearest first); one whose mouth the layout
drew level with a station of the other bank may slide its mouth along the edge (`SLIDES`).

The last redraw (the map as the board file holds it) also weighs what the layout's steps need not: of two
ways that keep the banks it takes the one whose water stays off the stations' drawn discs (a big interchange's
disc is wider than the room kept from its centre), then the one that runs least along a link's track (which
hides it), it runs straight off the board where it meets the edge rather than along it, and it draws a river
no link crosses (Manhattan's Hudson) along its carried course in straight and 45° runs (`_followed`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

from editor.cartography.layout.planar import input_crossings
from editor.cartography.network import Area, Frame, Network, Point, Schematic
from editor.cartography.river import ways
from editor.cartography.river.ways import Runs, off_the_edge, route_through, sides, wrong_stations
from game.geometry import (
    band,
    length,
    line_parameters,
    point_along,
    point_in_polygon,
    polygon_boundary_distance,
    segment_distance,
    segment_intersection,
    simplified,
)

HALF_WIDTH = 0.16  # of the layout's pitch: a river narrower than the gap between two stations' discs
# A river no course of that width finds room for (the layout put stations of both banks close by) is drawn
# narrower rather than left out: its edge keeps the same room from the stations' discs.
HALF_WIDTHS = (HALF_WIDTH, 0.12, 0.09)
DISC_ROOM = 0.15  # of the pitch: how far the river's edge keeps from a station's centre (its disc)
VISIBLE_SLACK = 0.05  # of its course: a detour showing this little less of the river than the carried one
# shows as much (London classic's Thames: 0.7669 against 0.7671; a 136-station London's: 0.888 against 0.934,
# the carried one a geographic blob swelling to three times the river's width)
CORRIDOR_EDGES = 2  # a river searched for runs off by one of the two edges nearest each of its ends
SLIDES = 4  # half-pitch steps a river's mouth may slide along its edge, where no course from its own keeps the banks
NARROWEST = 0.1  # of its widest pairing: a band's narrowest pairing (else the outline is no paired band)
FOLLOW_TOLERANCES = (2.0, 1.0, 0.5, 0.25)  # of the pitch: how near a river no link crosses keeps to its carried
# course, the simplest first
FOLLOW_REACH = 2.0  # of the pitch: how far from the river as the layout carried it a followed course may turn



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


def _crossings(network: Network, line: Sequence[Point]) -> list[tuple[float, int, float]]:
    """(distance along the river, track index, how far along the track) for every track whose input segment
    crosses it once, where it first meets the river."""
    starts = [0.0]
    for i in range(len(line) - 1):
        starts.append(starts[-1] + math.dist(line[i], line[i + 1]))
    found = []
    for k, track in enumerate(network.tracks):
        a, b = network.places[track.a], network.places[track.b]
        hits = []
        for i in range(len(line) - 1):
            meeting = _meets((a.x, a.y), (b.x, b.y), line[i], line[i + 1])
            if meeting is not None:
                hits.append((starts[i] + meeting[1] * (starts[i + 1] - starts[i]), meeting[0]))
        if len(hits) % 2:
            along, at = min(hits)
            found.append((along, k, at))
    return sorted(found)


def _meets(a: Point, b: Point, p: Point, q: Point) -> tuple[float, float] | None:
    """Where the link segment ab meets the river's run pq: how far along the link and along the run (0 to 1),
    else None. A run's start counts and its end does not, so a link through a corner of the river meets it
    once: a river redrawn here has its corners exactly where links cross it, and a proper crossing alone would
    find none there."""
    found = line_parameters(a, b, p, q)
    if found is None:
        return None
    t, u = found
    return (t, u) if 1e-9 < t < 1 - 1e-9 and -1e-9 <= u < 1 - 1e-9 else None


def _to_edge(point: Point, frame: Frame) -> Point:
    """`point` moved straight out to the board's nearest edge (the river runs off the map there)."""
    return _edges(point, frame)[0]


def _edges(point: Point, frame: Frame) -> list[Point]:
    """`point` moved straight out to each edge of the board, the nearest first."""
    x, y = point
    gaps = {(0.0, y): x, (frame.width, y): frame.width - x, (x, 0.0): y, (x, frame.height): frame.height - y}
    return sorted(gaps, key=lambda p: gaps[p])


def _slid(point: Point, frame: Frame, step: float, count: int) -> list[Point]:
    """`point`, on an edge of the board, slid along that edge by 1 … `count` steps either way (the nearest
    first; never off the board)."""
    x, y = point
    along_x = y in (0.0, frame.height)
    found: list[Point] = []
    for k in range(1, count + 1):
        for d in (k * step, -k * step):
            p = (min(max(x + d, 0.0), frame.width), y) if along_x else (x, min(max(y + d, 0.0), frame.height))
            if p != point and p not in found:
                found.append(p)
    return found


def redraw_rivers(network: Network, schematic: Schematic, frame: Frame, discs: Sequence[float] = (),
                  tracks: Sequence[tuple[Sequence[Point], float]] = ()) -> Schematic:
    """The schematic with each band-shaped water area redrawn through its crossings (see module doc); given
    each place's drawn disc radius (the name scene's discs), of two ways that keep the banks the one whose
    water stays off the discs; given each link's drawn path and its bed's half-width (the scene's tracks), then
    the one that runs least along a track."""
    return redrawn_rivers(network, schematic, frame, discs=discs, tracks=tracks)[0]


def redrawn_rivers(network: Network, schematic: Schematic, frame: Frame, strict: bool = False,
                   routes: dict[int, list[Point]] | None = None, discs: Sequence[float] = (),
                   tracks: Sequence[tuple[Sequence[Point], float]] = ()) -> tuple[Schematic, frozenset[int]]:
    """`redraw_rivers`, and which water areas came out redrawn through their crossings (the others carried or
    left out): a later step that would cost a river its octilinear course can tell (metro/climb.py). `strict`
    takes a detour only where the carried river fails, and only if it shows as much of the river: the climb
    asks so, for a step that pushes a river off its elbows onto a detour along the track is no better map.
    `routes`, if given, gets each redrawn river's course (its centre line, off the board at both ends)."""
    if not schematic.areas or len(schematic.areas) != len(network.areas):
        return schematic, frozenset()
    redrawn = set()
    before, after = _stations_moved(network, schematic)
    radii = [discs[i] for i, place in enumerate(network.places) if not place.waypoint] if discs else []
    segments = [(a, b, half) for path, half in tracks for a, b in itertools.pairwise(path)]
    pitch = schematic.pitch or 40.0
    areas = list(schematic.areas)
    runs: dict[float, Runs] = {}  # every river is routed among the same stations (at each width)
    city: dict[tuple[int, int], tuple[float, float]] | None = None  # the links' crossings in the input, once
    for index, area in enumerate(network.areas):
        if area.kind != "water":
            continue
        line = centre_line(area.points)
        if line is None:
            continue
        crossings = _crossings(network, line)
        if not crossings and strict:
            continue
        banks = sides(before, [_to_edge(line[0], frame), *line, _to_edge(line[-1], frame)], frame)
        carried = _carry(line, before, after, frame)
        if not crossings:
            if followed := _followed(network, schematic, frame, index, carried, after, banks, radii):
                areas[index] = Area(area.kind, followed, area.name)
            continue
        city = input_crossings(network) if city is None else city
        middles = [_crossing_point(network, schematic, area, k, at, city) for _, k, at in crossings]
        start = _carried_end(line[0], before, after)
        end = _carried_end(line[-1], before, after)
        ends = (_edges(start, frame), _edges(end, frame))
        misplaced = _misplaced(carried, after, banks, frame)
        course = River(network, schematic, frame, index, middles, ends, after, banks, carried, misplaced, strict,
                       radii, segments)
        # A narrower river, a slid mouth or a course searched for, only where the carried one has stations on
        # the wrong bank: else no river at all. The cheap tries first.
        attempts = [(course.drawn, width) for width in HALF_WIDTHS] + [(course.slid, HALF_WIDTH),
                                                                        (course.searched, HALF_WIDTH)]
        for attempt, width in attempts if misplaced else attempts[:1]:
            route, outline = attempt(width * pitch, runs.setdefault(width, {}))
            if outline:
                break
        if outline and route is not None and not strict:  # the river as drawn: off the board where it meets the edge
            trimmed = off_the_edge(route, frame)
            if trimmed != route and (cut := _outline(trimmed, width * pitch, network, schematic, area)):
                route, outline = trimmed, cut
        if outline:
            areas[index] = Area(area.kind, outline, area.name)
            redrawn.add(index)
            if routes is not None and route is not None:
                routes[index] = route
        elif misplaced:
            areas[index] = Area(area.kind, (), area.name)  # no river at all rather than one over stations
    return Schematic(schematic.positions, schematic.paths, tuple(areas), schematic.pitch, schematic.notes,
                     schematic.origin), frozenset(redrawn)


@dataclass(frozen=True, slots=True)
class River:
    """One river to redraw on a layout: its crossings' middles in order, the edges each end may run off by,
    each station's bank, and its centre line carried with the stations (`redrawn_rivers` works them out);
    `radii`, if given, each station's drawn disc, which the river keeps off where it has the choice; `tracks`,
    if given, each segment of the links' drawn paths with its bed's half-width, which it keeps from running
    along."""

    network: Network
    schematic: Schematic
    frame: Frame
    index: int
    middles: list[Point]
    ends: tuple[list[Point], list[Point]]
    after: Sequence[Point]
    banks: Sequence[int]
    carried: list[Point]
    misplaced: bool
    strict: bool
    radii: Sequence[float] = ()
    tracks: Sequence[tuple[Point, Point, float]] = ()

    def reaches(self, half: float) -> list[float]:
        """How near each station's centre the river's course reaches its disc, at this half-width."""
        return ways.disc_reaches(self.radii, half)

    def beds(self, half: float) -> ways.Beds:
        """How near each track's centre line the river's course hides under it, at this half-width."""
        return ways.bed_reaches(self.tracks, half)

    def drawn(self, half: float, runs: Runs) -> tuple[list[Point] | None, tuple[Point, ...]]:
        """The river's course and outline at this half-width: through its crossings' elbows; else, where
        the carried river fails (or, not `strict`, whenever it shows as much of the river), by a detour;
        else along the course drawn now, if that still keeps the banks; the outline () if none does."""
        pitch = self.schematic.pitch or 40.0
        near = half + DISC_ROOM * pitch
        area = self.network.areas[self.index]
        after, banks, frame = self.after, self.banks, self.frame
        discs = self.reaches(half)
        beds = self.beds(half)
        route = _redrawn(self.middles, *self.ends, after, banks, near, frame, runs=runs, discs=discs, beds=beds)
        outline = _outline(route, half, self.network, self.schematic, area)
        if not outline and (not self.strict or self.misplaced
                            or _covers(self.schematic.areas[self.index].points, after, DISC_ROOM * pitch)):
            detour = _redrawn(self.middles, *self.ends, after, banks, near, frame, detours=True, runs=runs,
                              discs=discs, beds=beds)
            # Unless the carried river is misplaced, a detour along the track must show as much of the river.
            slack = 0.0 if self.strict else VISIBLE_SLACK
            if detour is not None and (self.misplaced or _visible(detour, self.schematic, half)
                                       >= _visible(self.carried, self.schematic, half) - slack):
                route, outline = detour, _outline(detour, half, self.network, self.schematic, area)
        if not outline:
            route = _kept_course(self.schematic.areas[self.index], after, banks, near, frame)
            outline = _outline(route, half, self.network, self.schematic, area)
        return route, outline

    def slid(self, half: float, runs: Runs) -> tuple[list[Point] | None, tuple[Point, ...]]:
        """The river at this half-width through its crossings' elbows, its mouths slid along the edges nearest
        them (a mouth the layout drew level with a station of the other bank); the outline () if no slide
        keeps the banks."""
        pitch = self.schematic.pitch or 40.0
        starts, ends = ([edges[0], *_slid(edges[0], self.frame, pitch / 2, SLIDES)] for edges in self.ends)
        route = _redrawn(self.middles, starts, ends, self.after, self.banks, half + DISC_ROOM * pitch, self.frame,
                         runs=runs, discs=self.reaches(half), beds=self.beds(half))
        return route, _outline(route, half, self.network, self.schematic, self.network.areas[self.index])

    def searched(self, half: float, runs: Runs) -> tuple[list[Point] | None, tuple[Point, ...]]:
        """The river at this half-width with each run that no elbow nor detour keeps right searched for
        through the stations (the banks' stations in a tangle between two crossings), from the edges
        nearest its ends; the outline () if that leaves a station on the wrong bank."""
        near = half + DISC_ROOM * (self.schematic.pitch or 40.0)
        starts, ends = (edges[:CORRIDOR_EDGES] for edges in self.ends)
        route = _redrawn(self.middles, starts, ends, self.after, self.banks, near, self.frame, detours=True,
                         runs=runs, corridors=True, discs=self.reaches(half), beds=self.beds(half))
        return route, _outline(route, half, self.network, self.schematic, self.network.areas[self.index])


def _followed(network: Network, schematic: Schematic, frame: Frame, index: int, carried: list[Point],
              after: Sequence[Point], banks: Sequence[int], radii: Sequence[float]) -> tuple[Point, ...]:
    """A river no link crosses (the Hudson beside Manhattan, a bend of the Thames between two crossings off the
    board) drawn as a printed map draws it: straight and 45° runs along its carried course, the corners of the
    course simplified as much as keeps every station on its bank and clear of its disc, with no turn sharper
    than a right angle (the carried course wiggles where the layout stretched the city unevenly, and a band
    doubling back on itself is drawn as a knot), and no corner further than `FOLLOW_REACH` from the river as
    drawn now (the course carried with the nearest stations runs wild where the layout turned the city and the
    river runs far from any station). () where none does: the river stays carried. Only the last redraw draws
    it so; the layout's steps never hang on it. `carried`: its centre line carried with the stations, run out
    to the edges; `after`, `banks`: each station's place on the layout and its bank."""
    pitch = schematic.pitch or 40.0
    half = HALF_WIDTH * pitch
    near = half + DISC_ROOM * pitch
    reaches = ways.disc_reaches(radii, half)
    drawn = schematic.areas[index].points
    if len(drawn) < 3:
        return ()
    for tolerance in FOLLOW_TOLERANCES:
        route = route_through(simplified(carried, tolerance * pitch), after, banks, near, frame, detours=True,
                              discs=reaches)
        route = off_the_edge(route, frame)
        if _doubles_back(route) or any(polygon_boundary_distance(p, drawn) > FOLLOW_REACH * pitch
                                       and not point_in_polygon(p, drawn) for p in route):
            continue
        if not wrong_stations(route, after, banks, near, frame) and (
                outline := _outline(route, half, network, schematic, network.areas[index])):
            return outline
    return ()


def _doubles_back(route: Sequence[Point]) -> bool:
    """Whether the course turns anywhere by more than a right angle."""
    return any((q[0] - p[0]) * (r[0] - q[0]) + (q[1] - p[1]) * (r[1] - q[1]) < -1e-9
               for p, q, r in zip(route, route[1:], route[2:], strict=False))


def river_banks(pitch: float) -> tuple[float, float]:
    """A river's two banks as offsets from its course (`band`'s left and right), on a layout of this pitch (at
    the usual width: the last redraw draws a river narrower where it must)."""
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
    return None if wrong_stations(course, after, banks, near, frame) else course


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


def _crossing_point(network: Network, schematic: Schematic, area: Area, k: int, at: float,
                    city: dict[tuple[int, int], tuple[float, float]]) -> Point:
    """Where the new river crosses track `k`: at its water symbol if it has one, so the symbol stays in the
    water; else halfway between the links the track crosses nearest either side of the river in the city
    (`at`: where the river meets it, as a share of its length; `city`: `planar.input_crossings`), where they
    cross its drawn path. Halfway along the whole path put London's Thames north of the District line that
    the Northern line crosses on its way to London Bridge, and the river ran along that track, under its
    names."""
    track = network.tracks[k]
    for end in (track.a, track.b):
        if _in_water(network, area, end):
            return schematic.positions[end]
    path = schematic.paths[k]
    before, after = 0.0, 1.0
    for (first, second), (along_first, along_second) in city.items():
        if k not in (first, second):
            continue
        j, along = (second, along_first) if k == first else (first, along_second)
        drawn = _crossed_at(path, schematic.paths[j])
        if drawn is None:
            continue
        if along < at:
            before = max(before, drawn)
        else:
            after = min(after, drawn)
    return point_along(path, (before + after) / 2 if before < after else 0.5)


def _crossed_at(path: Sequence[Point], other: Sequence[Point]) -> float | None:
    """How far along `path` (a share of its length) the path `other` first crosses it, if it does."""
    total = length(path)
    walked = 0.0
    for p, q in itertools.pairwise(path):
        step = math.dist(p, q)
        found = [crossing[0] for a, b in itertools.pairwise(other)
                 if (crossing := segment_intersection(p, q, a, b)) is not None]
        if found and total > 0:
            return (walked + min(found) * step) / total
        walked += step
    return None


def _redrawn(middles: list[Point], starts: list[Point], ends: list[Point], places: Sequence[Point],
             banks: Sequence[int], near: float, frame: Frame, detours: bool = False, runs: Runs | None = None,
             corridors: bool = False, discs: Sequence[float] = (), beds: ways.Beds = ()) -> list[Point] | None:
    """The river through its crossings, running off the board at the edge nearest each end where that
    leaves every station on its bank; else at another edge (a river whose mouth lies inside the map, as
    New York's East River's does, may need to leave by the far side); None if no pair of edges will do.
    With `detours`, the river may leave the elbows between two crossings (see `_route`); `discs`: each
    station's reach, whose disc the river keeps off where it can, and `beds` the tracks it keeps from running
    along (`ways.route_through`)."""
    runs = {} if runs is None else runs  # the routes to each pair of ends share runs
    for start in starts:
        for end in ends:
            line = route_through([start, *middles, end], places, banks, near, frame, detours, runs, corridors, discs,
                                 beds)
            if not wrong_stations(line, places, banks, near, frame):
                return line
    return None


def _misplaced(carried: Sequence[Point], after: Sequence[Point], banks: Sequence[int], frame: Frame) -> bool:
    """Whether the carried river (`_carry`: its centre line, each point moved as the stations near it moved)
    has stations on the wrong bank: it runs between neighbours it never separated (New York's East River
    through Midtown)."""
    return bool(wrong_stations(carried, after, banks, 0.0, frame))


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
