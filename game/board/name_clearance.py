"""The board's rules for station names (docs/contracts.md §1b): what a name's box may not touch.

Station and waypoint discs, track, icons, the board's edge, and the other stations a name must stay
further from than from its own — indexed once per board; and well apart from a name on its row.
The authoring tools place names by these rules and the compiler checks a finished board by them, so both
judge a name the same way.

`hits` says, one readable line each, everything one box breaks. The placer asks it with a small clearance
`pad` (so what it calls clean is clean with room to spare); the board check asks it with none.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Protocol

from game.board.label_spec import LabelSpec
from game.geometry import (
    Box,
    Point,
    SpatialGrid,
    bounding_rect,
    box_inside,
    box_point_distance,
    boxes_overlap,
    clip_segment,
    inflate_box,
    point_in_polygon,
    segment_intersection,
    segment_near_box,
    simplified,
)

CELL = 48.0  # grid cell size in board px: about a name's reach, so a query touches a handful of cells
_SAME_SPOT = 0.01
# Names of two stations on one row keep 0.6 em apart, three of the name font's word spaces (0.21 em): closer,
# they read as one name. London classic at 150 %: "Moorgate" ran on into the "Street" of Liverpool Street
# ("MoorgateStreet"), and a word space apart "Richmond Barons Court" still read as one station. Two names
# are on one row when their boxes share more than 0.6 em of height too (about half a line at the largest
# text): a one-line name by the corner of a two-line one (Berlin's Nordbahnhof, 10 px of a 28 px line) does
# not read on into it. Names one over another are left as they are: they part by their stations' discs, and
# keeping those apart too (by a word space) cost the rebuilt London 2 more names across a link, London
# classic 3 and New York 6.
NAME_GAP_EM = 0.6
NAMES_MEET = (" overlaps name of ", " runs into name of ")  # how a problem line joins two stations' names
# A name a third of whose box lies on the water reads as written on the river, though its middle is on the
# station's bank (`NameScene.across_water`): New York's Clark St (nearly half of it on the East River), London's
# Vauxhall and London classic's Putney Bridge (session 54).
WET_SHARE = 1 / 3
WET_ROWS = 12  # rows a box's wet share is measured along: a twelfth of it at most off


def name_spacing(label_px: float) -> float:
    """Board px the names of two stations on one row keep apart on a board whose names are `label_px` high."""
    return NAME_GAP_EM * label_px


def word_spaced(box: Box, spacing: float) -> Box:
    """The box widened by `spacing` at either end of its row: where another name on the row may be met (a
    grid query's box; `names_meet` says whether it is)."""
    x, y, w, h = box
    return (x - spacing, y, w + 2 * spacing, h)


def names_meet(box: Box, other: Box, spacing: float, pad: float = 0.0) -> bool:
    """True when two stations' name boxes overlap (with `pad` px to spare), or stand on one row — sharing more
    than `spacing` of their height — less than `spacing` (and `pad`) apart: then they read as one name."""
    grown = inflate_box(box, pad) if pad else box
    if boxes_overlap(grown, other):
        return True
    if not boxes_overlap(word_spaced(grown, spacing), other):
        return False
    return min(box[1] + box[3], other[1] + other[3]) - max(box[1], other[1]) > spacing


class Sheet(Protocol):
    """The board a name must stay on: its width and height in board px (cartography's Frame is one). A sheet
    may also say `names_inside` (a Frame for a board whose configuration asks it): then `NameScene.outside`
    measures how far a name stands out past the map, for the placer to weigh."""

    @property
    def width(self) -> float: ...

    @property
    def height(self) -> float: ...


MAX_REACH = 30.0  # a name's box keeps within this many px of its station's ring (from its nearest point)


@dataclass(frozen=True, slots=True)
class NameStation:
    """A station whose name is to be placed.

    `index` is the station's node index on the board (results are keyed by it). `radius` is its disc's.
    `fixed` is a placement a designer set by hand: it is kept whatever it hits (and reported if it hits).
    """

    index: int
    name: str
    x: float
    y: float
    radius: float
    fixed: LabelSpec | None = None
    lead: float = 0.0  # extra width in front of the first line: the station's feature badges


@dataclass(frozen=True, slots=True)
class Disc:
    """A node's disc names must not cover: a waypoint, or any node. `name` is said in reports."""

    x: float
    y: float
    radius: float
    name: str = ""


@dataclass(frozen=True, slots=True)
class TrackLine:
    """A link's drawn path; names keep `half_width` clear of its centre line. `name` is said in reports."""

    path: tuple[Point, ...]
    half_width: float
    name: str = ""


@dataclass(frozen=True, slots=True)
class IconBox:
    """A symbol drawn on the board (landmark, destination, connection...) that names must not cover."""

    box: Box
    name: str = ""


@dataclass(frozen=True, slots=True)
class NameObstacles:
    """What names keep clear of besides each other.

    `discs` may list every node; a disc centred on a named station is that station's own and is taken from
    the `NameStation` instead, so listing it twice does no harm.
    """

    discs: tuple[Disc, ...] = ()
    tracks: tuple[TrackLine, ...] = ()
    icons: tuple[IconBox, ...] = ()
    bars: tuple[TrackLine, ...] = ()  # termini's bars (proportions.terminus_bar), each named by its station
    spacing: float = 0.0  # px between the names of two stations on one row (`name_spacing`)
    # Rivers' and lakes' outlines: no rule keeps a name off the water, but a reader takes a name across a
    # river for a station of the far bank (`NameScene.across_water`, a preference of the placer's).
    water: tuple[tuple[Point, ...], ...] = ()

    def as_lines(self) -> NameObstacles:
        """The same, each link its centre line (a width of 0): the links as the cartography figure judges them."""
        return replace(self, tracks=tuple(replace(track, half_width=0.0) for track in self.tracks))



@lru_cache(maxsize=16)
def _water_edges(water: tuple[tuple[Point, ...], ...]) -> tuple[tuple[tuple[Point, Point], ...], SpatialGrid[int]]:
    """The water outlines' edges, filed in a grid: built once for the many scenes of one layout's water (filed
    anew for each, a carried river's thousands of short edges took the placer twice its time on Manhattan)."""
    edges: list[tuple[Point, Point]] = []
    grid: SpatialGrid[int] = SpatialGrid(CELL)
    for outline in water:
        for a, b in zip(outline, (*outline[1:], outline[0]), strict=True):
            grid.add((min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1])), len(edges))
            edges.append((a, b))
    return tuple(edges), grid  # shared by every scene of this water: not to be changed


def crosses_water(water: tuple[tuple[Point, ...], ...], a: Point, b: Point) -> bool:
    """Whether the way from a to b crosses an edge of the water: a name or a title at b, read as belonging to
    a, sits on the water or on its far bank."""
    edges, grid = _water_edges(water)
    span = (min(a[0], b[0]), min(a[1], b[1]), abs(b[0] - a[0]), abs(b[1] - a[1]))
    return any(segment_intersection(a, b, *edges[k]) for k in grid.near(span))


# px a water outline may be simplified by for measuring a name's share of it: a carried river's 2,762 points
# come down to 275 (a Manhattan import's), and a bank moves by half a pixel at most (a 23 px name's share by
# about 2 %).
WET_TOLERANCE = 0.5


@lru_cache(maxsize=16)
def _wet_banks(water: tuple[tuple[Point, ...], ...]) -> tuple[tuple[tuple[Point, ...], ...], tuple[Box, ...],
                                                              tuple[tuple[Point, Point], ...], SpatialGrid[int]]:
    """The water's outlines simplified (`WET_TOLERANCE`), their bounds, and their edges filed in a grid:
    measured once for the many boxes a placer asks about."""
    outlines = tuple(tuple(simplified([*outline, outline[0]], WET_TOLERANCE)[:-1]) for outline in water)
    edges, grid = _water_edges(outlines)
    return outlines, tuple(bounding_rect(outline) for outline in outlines), edges, grid


def on_water(point: Point, outlines: Sequence[Sequence[Point]]) -> bool:
    """Whether the point is on the water, even-odd over all the outlines: what the walk along a row of
    `wet_share`, turning at every edge, takes for water."""
    return sum(point_in_polygon(point, outline) for outline in outlines) % 2 == 1


def wet_share(water: tuple[tuple[Point, ...], ...], box: Box, middle_wet: bool | None = None) -> float:
    """The share of the box on the water, measured along WET_ROWS rows across it. Only the water's edges that
    meet the box are looked at: whether a point is on the water is the middle's state (`middle_wet`, or
    asked of the outlines near it), turned at each edge between. Clipping the whole outline to every box, as
    first written, cost a carried river of many points a second of a Manhattan import."""
    x, y, w, h = box
    if w <= 0 or h <= 0:
        return 0.0
    outlines, bounds, edges, grid = _wet_banks(water)
    near = [outline for outline, around in zip(outlines, bounds, strict=True) if boxes_overlap(around, box)]
    if not near:
        return 0.0
    cx, cy = x + w / 2, y + h / 2
    if middle_wet is None:
        middle_wet = on_water((cx, cy), near)
    banks = [edges[k] for k in grid.near(box) if clip_segment(*edges[k][0], *edges[k][1], box) is not None]
    if not banks:
        return 1.0 if middle_wet else 0.0  # no bank through the box: all of it on the water or none
    wet = 0.0
    for row in range(WET_ROWS):
        ry = y + (row + 0.5) * h / WET_ROWS
        # the state at (cx, ry): the middle's, turned by each bank the way down (or up) to the row crosses
        turns = sum(1 for (ax, ay), (bx, by) in banks
                    if (ax > cx) != (bx > cx) and min(cy, ry) < ay + (cx - ax) * (by - ay) / (bx - ax) <= max(cy, ry))
        crossings = sorted(ax + (ry - ay) * (bx - ax) / (by - ay) for (ax, ay), (bx, by) in banks
                           if (ay > ry) != (by > ry))
        for direction, end in ((1, x + w), (-1, x)):
            state, at = middle_wet ^ (turns % 2 == 1), cx
            for cross_x in (crossings if direction > 0 else reversed(crossings)):
                if (cross_x - at) * direction <= 0:
                    continue  # behind the middle
                if (cross_x - end) * direction >= 0:
                    break  # past the box
                wet += abs(cross_x - at) if state else 0.0
                state, at = not state, cross_x
            wet += abs(end - at) if state else 0.0
    return min(1.0, wet / (WET_ROWS * w))


class NameScene:
    """The board around the names: built once, asked about many candidate boxes."""

    def __init__(self, stations: Sequence[NameStation], obstacles: NameObstacles, frame: Sheet) -> None:
        self.stations = tuple(stations)
        self.frame = frame
        self._edges = _fitting_edges(self.stations, frame) if getattr(frame, "names_inside", False) else None
        self.spacing = obstacles.spacing
        self.station_grid: SpatialGrid[int] = SpatialGrid(CELL)
        for pos, station in enumerate(self.stations):
            self.station_grid.add((station.x, station.y, 0.0, 0.0), pos)
        # Discs: each station's own (owner = its position), then the obstacles' other discs (owner -1).
        self.discs: list[tuple[float, float, float, str, int]] = [
            (s.x, s.y, s.radius, s.name, pos) for pos, s in enumerate(self.stations)]
        for disc in obstacles.discs:
            if not any(abs(s.x - disc.x) < _SAME_SPOT and abs(s.y - disc.y) < _SAME_SPOT
                       for s in self._stations_at(disc.x, disc.y)):
                self.discs.append((disc.x, disc.y, disc.radius, disc.name, -1))
        # Filed by centre: a query grows by the widest radius instead.
        self.disc_grid: SpatialGrid[int] = SpatialGrid(CELL)
        for k, (x, y, _, _, _) in enumerate(self.discs):
            self.disc_grid.add((x, y, 0.0, 0.0), k)
        self.widest_disc = max((r for _, _, r, _, _ in self.discs), default=0.0)
        # Links' beds and termini's bars alike: a stroke of some half-width along a path.
        strokes = [*obstacles.tracks, *obstacles.bars]
        self.stroke_names = [stroke.name for stroke in strokes]
        self.stroke_kinds = ["link"] * len(obstacles.tracks) + ["bar"] * len(obstacles.bars)
        self.segments: list[tuple[float, float, float, float, float, int]] = []
        self.segment_grid: SpatialGrid[int] = SpatialGrid(CELL)
        self.segment_bounds: list[tuple[float, float, float, float]] = []  # x0, y0, x1, y1 with half-width
        for t, track in enumerate(strokes):
            hw = track.half_width
            for (ax, ay), (bx, by) in zip(track.path, track.path[1:], strict=False):
                self.segment_grid.add((min(ax, bx) - hw, min(ay, by) - hw, abs(bx - ax) + 2 * hw,
                                       abs(by - ay) + 2 * hw), len(self.segments))
                self.segments.append((ax, ay, bx, by, hw, t))
                self.segment_bounds.append((min(ax, bx) - hw, min(ay, by) - hw, max(ax, bx) + hw, max(ay, by) + hw))
        self.water = obstacles.water
        self._station_wet: dict[int, bool] = {}  # by position: whether the station stands on the water
        self.icons = [(icon.box, icon.name) for icon in obstacles.icons]
        self.icon_grid: SpatialGrid[int] = SpatialGrid(CELL)
        for k, (box, _) in enumerate(self.icons):
            self.icon_grid.add(box, k)

    def outside(self, box: Box) -> float:
        """How far (px) the box stands out past the map on the axis that fills the sheet first, when the sheet
        asks names to keep inside (`Sheet`): names there widen (or heighten) what fitting shows, and every name
        on the screen is drawn smaller. 0 otherwise."""
        if self._edges is None:
            return 0.0
        axis, lo, hi = self._edges
        start, size = box[axis], box[axis + 2]
        return max(0.0, lo - start) + max(0.0, start + size - hi)

    def across_water(self, pos: int, box: Box) -> bool:
        """Whether the name sits on the water or on the far bank, where a reader looks for another station's
        name: the way from station `pos` to the middle of the box crosses a water's edge, or WET_SHARE of the
        box lies on the water (a name along a bank, its middle still on land, that reads as written on the
        river)."""
        if not self.water:
            return False
        me = self.stations[pos]
        if crosses_water(self.water, (me.x, me.y), (box[0] + box[2] / 2, box[1] + box[3] / 2)):
            return True
        # no bank between: the middle of the name is where the station is, on the water or not
        if pos not in self._station_wet:
            self._station_wet[pos] = on_water((me.x, me.y), self.water)
        return wet_share(self.water, box, self._station_wet[pos]) >= WET_SHARE

    def _stations_at(self, x: float, y: float) -> list[NameStation]:
        return [self.stations[p] for p in self.station_grid.near((x - 1, y - 1, 2, 2))]

    def breaks(self, pos: int, box: Box, pad: float = 0.0) -> Iterator[tuple[str, str]]:
        """Each hard constraint the box of station `pos`'s name breaks, as (kind, what it hits).

        Kinds: "board", "reach", "own", "station", "disc", "nearer", "icon", "link", "bar"; `describe` turns one
        into a line a designer reads. Lazy, cheapest checks first, so asking only whether a box is clean
        stops at the first thing it breaks.
        """
        me = self.stations[pos]
        f = self.frame
        if not box_inside(box, (pad, pad, f.width - 2 * pad, f.height - 2 * pad)):
            yield "board", ""
        own = box_point_distance(box, me.x, me.y)
        reach = own - me.radius  # measured from the ring: a big junction's name may sit as far out as a small one's
        if reach > MAX_REACH + 1e-9:
            yield "reach", f"{reach:.0f}"
        # One look round serves both the discs the box may cover and the stations it may be nearer to.
        for k in self.disc_grid.around(inflate_box(box, own + self.widest_disc + pad)):  # one cell each
            x, y, r, name, owner = self.discs[k]
            distance = box_point_distance(box, x, y)
            if distance < r + pad:
                yield ("own", "") if owner == pos else ("station", name) if owner >= 0 else ("disc", name)
            if owner >= 0 and owner != pos and distance - r <= reach + pad:
                yield "nearer", name
        grown = inflate_box(box, pad) if pad else box
        for k in self.icon_grid.near(grown) if self.icons else ():
            icon, name = self.icons[k]
            if boxes_overlap(grown, icon):
                yield "icon", name
        crossed: set[int] = set()
        gx0, gy0, gw, gh = grown
        gx1, gy1 = gx0 + gw, gy0 + gh
        for k in self.segment_grid.around(grown):  # repeats are cheap: bounds first, `crossed` after
            sx0, sy0, sx1, sy1 = self.segment_bounds[k]
            if sx0 >= gx1 or gx0 >= sx1 or sy0 >= gy1 or gy0 >= sy1:
                continue  # not even the bounds meet
            ax, ay, bx, by, hw, t = self.segments[k]
            if t not in crossed and segment_near_box(box, ax, ay, bx, by, hw + pad):
                crossed.add(t)
                yield self.stroke_kinds[t], self.stroke_names[t]

    def names_meet(self, box: Box, other: Box, pad: float = 0.0) -> bool:
        """True when two stations' name boxes overlap or run into each other on one row (`names_meet`); with
        `pad` px to spare, as `breaks` asks it."""
        return names_meet(box, other, self.spacing, pad)

    def rivals(self, pos: int, box: Box, margin: float) -> list[float]:
        """For each other station less than `margin` px further from the box than station `pos` itself,
        how much further it is: the readers' doubt about whose name this is."""
        me = self.stations[pos]
        own = box_point_distance(box, me.x, me.y)
        found = []
        for k in self.disc_grid.around(inflate_box(box, own + margin)):
            x, y, _, _, owner = self.discs[k]
            if owner >= 0 and owner != pos:
                extra = box_point_distance(box, x, y) - own
                if extra < margin:
                    found.append(extra)
        return found

    def describe(self, pos: int, kind: str, what: str) -> str:
        """One broken constraint as a line a designer reads."""
        name = self.stations[pos].name
        label = f"name of {name}"
        if kind == "board":
            return f"{label} leaves the board"
        if kind == "reach":
            return f"{label} is {what} px from its station's ring (at most {MAX_REACH:.0f})"
        if kind == "own":
            return f"{label} covers its own station"
        if kind == "station":
            return f"{label} covers station {what}"
        if kind == "disc":
            return f"{label} covers {what or 'a waypoint'}"
        if kind == "nearer":
            return f"{label} is nearer {what} than {name}"
        if kind == "bar":
            return f"{label} covers the terminus bar of {what}"
        if kind == "icon":
            return f"{label} covers an icon ({what})" if what else f"{label} covers an icon"
        return f"{label} crosses a link ({what})" if what else f"{label} crosses a link"

    def hits(self, pos: int, box: Box, pad: float = 0.0) -> list[str]:
        """Everything the box of station `pos`'s name breaks, one readable line each."""
        return [self.describe(pos, kind, what) for kind, what in self.breaks(pos, box, pad)]

    def clean(self, pos: int, box: Box, pad: float = 0.0) -> bool:
        """True when the box breaks nothing (stops at the first thing it breaks)."""
        return next(self.breaks(pos, box, pad), None) is None


def problems_by_station(scene: NameScene, boxes: Mapping[int, Box]) -> dict[int, list[str]]:
    """Each station's problems (keyed by position in `scene.stations`); two names that overlap, or sit on one
    row closer than `spacing` (`NameScene.names_meet`: "runs into"), are listed under both.

    `boxes` is keyed by position too; a station with no box is reported as such.
    """
    found: dict[int, list[str]] = {pos: [] for pos in range(len(scene.stations))}
    grid: SpatialGrid[int] = SpatialGrid(CELL)
    for pos, station in enumerate(scene.stations):
        box = boxes.get(pos)
        if box is None:
            found[pos].append(f"name of {station.name} has no place")
            continue
        found[pos].extend(scene.hits(pos, box))
        for other in grid.near(word_spaced(box, scene.spacing)):
            if scene.names_meet(box, boxes[other]):
                message = _meeting(scene, other, boxes[other], pos, box)
                found[other].append(message)
                found[pos].append(message)
        grid.add(box, pos)
    return found


def box_problems(scene: NameScene, pos: int, box: Box, others: Mapping[int, Box]) -> list[str]:
    """What station `pos`'s name breaks at `box`, the other names standing at `others` (keyed by position, as
    `problems_by_station` keys them, in its words): a name being dragged by hand, judged where it is now."""
    found = scene.hits(pos, box)
    found += [_meeting(scene, other, at, pos, box) for other, at in others.items()
              if other != pos and scene.names_meet(box, at)]
    return found


def _meeting(scene: NameScene, first: int, first_box: Box, second: int, second_box: Box) -> str:
    """The words for two names that meet: "overlaps" where their boxes do, "runs into" where they only sit too
    close on one row."""
    meets = "overlaps" if boxes_overlap(first_box, second_box) else "runs into"
    return f"name of {scene.stations[first].name} {meets} name of {scene.stations[second].name}"


def _ordered(found: dict[int, list[str]]) -> list[str]:
    seen: dict[str, None] = {}
    for pos in sorted(found):
        for message in found[pos]:
            seen[message] = None
    return list(seen)


def _fitting_edges(stations: Sequence[NameStation], frame: Sheet) -> tuple[int, float, float] | None:
    """The axis (0: x, 1: y) along which the stations fill the sheet first, and their extent on it; None for
    stations that span nothing (a single one, or one column on a wide sheet, has no side that binds)."""
    if not stations:
        return None
    xs, ys = [s.x for s in stations], [s.y for s in stations]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    if span_x * frame.height >= span_y * frame.width:
        return (0, min(xs), max(xs)) if span_x > 0 else None
    return 1, min(ys), max(ys)


def check_boxes(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Sheet,
                boxes: Mapping[int, Box]) -> list[str]:
    """Every violation among name boxes already worked out (a compiled board's `label` boxes), keyed by index."""
    by_pos = {pos: boxes[s.index] for pos, s in enumerate(stations) if s.index in boxes}
    return _ordered(problems_by_station(NameScene(stations, obstacles, frame), by_pos))
