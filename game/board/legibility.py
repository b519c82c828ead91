"""The board check: can a board be read from the sofa? Figures and problems of a compiled board.

One check for every reader: the compiler reports its problems as warnings (so the editor's problems
panel lists them), the tests hold the shipped boards to zero, and `make bench` prints the figures.
What it measures is docs/contracts.md §1b and the cartography figures: link paths octilinear, stations
apart, no link drawn on another it shares no station with (`link_overlaps`), names big enough, and every
name box clear of every other box, station, link path and the board's edge, next to its own station — at
the largest text size the game draws names at (`CLEAR_SCALE`). And the water, which no rule is about but a
reader is misled by: a station it reaches, a name on it or across it, a link drawn along it (hiding it).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from game.board import proportions
from game.board.label_spec import LabelSpec, gap_for, label_box, line_sizes, parse_label, split_lines
from game.board.link_overlaps import link_overlaps
from game.board.model import Board, Link, Node
from game.board.name_clearance import (
    MAX_REACH,
    Disc,
    NameObstacles,
    NameScene,
    NameStation,
    TrackLine,
    check_boxes,
    name_spacing,
    problems_by_station,
)
from game.board.name_stacking import level_with, read_as_one
from game.board.text_metrics import name_metrics
from game.geometry import (
    Box,
    Point,
    SpatialGrid,
    bounding_rect,
    heads_along,
    point_in_polygon,
    polygon_boundary_distance,
    segment_distance,
)

CLEAR_SCALE = 1.2  # the largest a station name is ever drawn, relative to the board's label size
MIN_SPACING = 40.0  # board px between station centres
MIN_LABEL_PX = 20.0  # station names' font size in board px, at the least
OCTILINEAR_SHARE = 0.98  # of all link length, horizontal, vertical or at 45°
# A link runs along the water where its centre line keeps within ALONG_NEAR px of a water's edge, heading the
# edge's way (within ALONG_ANGLE): its bed then covers the river. A crossing keeps that close only for a few px.
ALONG_NEAR = 12.0
ALONG_ANGLE = math.radians(20.0)
ALONG_WATER = 30.0  # board px of a link's path along the water before it is a problem
_ALONG_STEP = 2.0
_ANGLE_SLACK = math.radians(1.0)


@dataclass(frozen=True)
class Figures:
    """What the cartography figures measure on one board."""

    octilinear: float  # share of link length within a degree of a multiple of 45°
    min_spacing: float  # board px between the two closest stations
    label_px: float
    name_problems: int  # at CLEAR_SCALE
    too_close: int
    through_stations: int
    links_along: int  # pairs of links drawn on each other (a bend on the other's track, a shared run)

    @property
    def ok(self) -> bool:
        return (self.octilinear >= OCTILINEAR_SHARE and self.min_spacing >= MIN_SPACING
                and self.label_px >= MIN_LABEL_PX and not (self.name_problems or self.too_close
                                                           or self.through_stations or self.links_along))


def label_spec_of(node: Node) -> LabelSpec:
    """The placement a station's name was compiled with (east of the station for a board without any)."""
    if node.label is not None and node.label.spec:
        return parse_label(node.label.spec)
    return LabelSpec()


def name_stations(board: Board) -> list[NameStation]:
    """Every station as the name rules see it: its centre, its disc and the room its badges take."""
    radii = proportions.node_radii(board)
    lead = proportions.badge_advance(board.label_px)
    return [NameStation(node.index, node.name, node.x, node.y, radii[node.index], label_spec_of(node),
                        (node.label.badges if node.label else 0) * lead)
            for node in board.nodes if not node.waypoint]


def name_obstacles(board: Board) -> NameObstacles:
    """Every disc, link bed and terminus bar, as drawn (proportions.py): what names keep clear of; and the
    water, whose far bank a name keeps off by preference (`NameScene.across_water`)."""
    unit = proportions.board_unit(board)
    radii = proportions.node_radii(board, unit)
    discs = tuple(Disc(node.x, node.y, radii[node.index], node.name) for node in board.nodes)
    nodes = board.nodes
    tracks = tuple(TrackLine(link.path, proportions.bed_half_width(link.spaces, unit), link_name(board, link))
                   for link in board.links)
    width = proportions.terminus_bar_width(unit)
    bars = tuple(TrackLine(proportions.terminus_bar((node.x, node.y),
                                                    proportions.outward(proportions.leaving(board, node.index)),
                                                    radii[node.index], width), width / 2, node.name)
                 for node in nodes if node.terminus)
    return NameObstacles(discs=discs, tracks=tracks, bars=bars, spacing=name_spacing(board.label_px),
                         water=water_outlines(board))


def water_outlines(board: Board) -> tuple[tuple[Point, ...], ...]:
    """The outline of every river and lake on the board."""
    return tuple(d.points for d in board.decorations if d.kind == "water" and len(d.points) >= 3)


def beds_over(ends: Sequence[tuple[int, int]], obstacles: NameObstacles) -> list[tuple[int, int]]:
    """Each (link, node) pair whose link's bed, as drawn, reaches the disc of a node it does not join (`ends`:
    each link's two nodes; the discs by node index). Stricter than "drawn through" (`links_through_stations`),
    which asks it of the centre line: a wide bed on a short diagonal reaches a neighbour one pitch away."""
    found = []
    for k, ((a, b), line) in enumerate(zip(ends, obstacles.tracks, strict=True)):
        xs = [p[0] for p in line.path]
        ys = [p[1] for p in line.path]
        for i, disc in enumerate(obstacles.discs):
            reach = line.half_width + disc.radius
            if i in (a, b) or not (min(xs) - reach < disc.x < max(xs) + reach
                                   and min(ys) - reach < disc.y < max(ys) + reach):
                continue
            if min(segment_distance((disc.x, disc.y), p, q) for p, q in pairwise(line.path)) < reach:
                found.append((k, i))
    return found


def link_name(board: Board, link: Link) -> str:
    """A link as a designer reads it in a problem: its two stations' names ("Bank–Moorgate")."""
    return f"{board.nodes[link.a].name}–{board.nodes[link.b].name}"


def name_boxes(board: Board, stations: list[NameStation], scale: float = 1.0) -> dict[int, Box]:
    """Each station's name box at text size `scale`, grown from its compiled placement about its anchor."""
    return {station.index: name_box(board.label_px, station, station.fixed or LabelSpec(), scale)
            for station in stations}


def name_box(label_px: float, station: NameStation, spec: LabelSpec, scale: float = 1.0) -> Box:
    """The box of `station`'s name placed as `spec` says, at text size `scale` (names of `label_px`)."""
    measure = name_metrics().size
    sizes = line_sizes(split_lines(station.name, spec), lambda text: measure(text, label_px), station.lead)
    return label_box(station.x, station.y, station.radius, spec, sizes, gap_for(label_px), scale)


def names_across_water(board: Board) -> list[str]:
    """The stations whose names sit on the water or across it (`NameScene.across_water`): no rule's breach,
    but a reader looks there for another station's name."""
    return [board.nodes[index].name for index in _names_across_water(board)]


def _names_across_water(board: Board, stations: list[NameStation] | None = None,
                        scene: NameScene | None = None) -> list[int]:
    """The indices of the stations whose names sit on the water or across it (the scene built once, by
    `problems`, for this and the name checks)."""
    stations = name_stations(board) if stations is None else stations
    scene = NameScene(stations, name_obstacles(board), board) if scene is None else scene
    boxes = name_boxes(board, stations)
    return [station.index for pos, station in enumerate(stations) if scene.across_water(pos, boxes[station.index])]


def stations_in_water(board: Board) -> list[str]:
    """The stations whose disc, as drawn, the water reaches: no rule's breach (a big interchange on a short
    link across a river cannot keep clear), but the station looks as if it stood in the river."""
    return [board.nodes[index].name for index in _stations_in_water(board)]


def _stations_in_water(board: Board) -> list[int]:
    radii = proportions.node_radii(board)
    water = water_outlines(board)
    return [node.index for node in board.nodes if not node.waypoint
            and any(point_in_polygon((node.x, node.y), outline)
                    or polygon_boundary_distance((node.x, node.y), outline) < radii[node.index] for outline in water)]


def links_along_water(board: Board) -> list[str]:
    """Links drawn along a river's bank or down its middle, so their bed hides the water (London classic's
    Charing Cross–Waterloo drawn down the Thames): the river seems to stop under the track and start again."""
    return [message for _, message in _links_along_water(board)]


def _links_along_water(board: Board) -> list[tuple[int, str]]:
    found = []
    for k, along, first in paths_along_water([link.path for link in board.links], water_outlines(board)):
        link = board.links[k]
        found.append((link.index, f"the link {link_name(board, link)} runs along the water for {along:.0f} px "
                                  f"from ({first[0]:.0f}, {first[1]:.0f}): its track hides the river there; "
                                  "cross the water, do not follow it"))
    return found


def paths_along_water(paths: Sequence[Sequence[Point]],
                      water: Sequence[Sequence[Point]]) -> list[tuple[int, float, Point]]:
    """Each path (by position) that runs along a water outline for more than ALONG_WATER px, with how far and
    where it starts: shared by the board check and the layout's steps, which may not hide more water."""
    edges = [(p, q) for outline in water for p, q in pairwise((*outline, outline[0])) if p != q]
    if not edges:
        return []
    grid: SpatialGrid[int] = SpatialGrid(64.0)
    for k, (p, q) in enumerate(edges):
        x, y, w, h = bounding_rect((p, q))
        grid.add((x - ALONG_NEAR, y - ALONG_NEAR, w + 2 * ALONG_NEAR, h + 2 * ALONG_NEAR), k)
    found = []
    for index, path in enumerate(paths):
        along, first = 0.0, None
        for p, q in pairwise(path):
            length = math.dist(p, q)
            if length == 0:
                continue
            ux, uy = (q[0] - p[0]) / length, (q[1] - p[1]) / length
            for i in range(int(length // _ALONG_STEP)):
                point = (p[0] + ux * (i + 0.5) * _ALONG_STEP, p[1] + uy * (i + 0.5) * _ALONG_STEP)
                if any(heads_along(*edges[k], (ux, uy), ALONG_ANGLE) and segment_distance(point, *edges[k]) < ALONG_NEAR
                       for k in grid.near((point[0], point[1], 0.0, 0.0))):
                    along += _ALONG_STEP
                    first = first or point
        if along > ALONG_WATER and first is not None:
            found.append((index, along, first))
    return found


def name_problems(board: Board, scale: float = CLEAR_SCALE) -> list[str]:
    """Every name that overlaps another, covers a station, crosses a link, leaves the board, strays more
    than 30 px from its station's ring or sits nearer another one — with the text grown to `scale`."""
    stations = name_stations(board)
    return check_boxes(stations, name_obstacles(board), board, name_boxes(board, stations, scale))


def covering(problems: Iterable[str]) -> int:
    """How many of `name_problems`' lines are a name over another name or a station (or icon, or bar): the
    ones a reader cannot read past, where a name touching a link's bed still reads."""
    return sum(1 for line in problems if covers(line))


def covers(line: str) -> bool:
    """Whether one of `name_problems`' lines is a name over another name or a station (or icon, or bar)."""
    return " overlaps " in line or " covers " in line


def names_read_as_one(board: Board) -> list[str]:
    """Two stations' names set one over the other so that they read as one name (`name_stacking`), each pair a
    line naming the name to move: one not level with its own station."""
    return [message for _, message in _read_as_one(board)]


def pairs_read_as_one(board: Board, stations: list[NameStation] | None = None,
                      scale: float = 1.0) -> list[tuple[NameStation, NameStation]]:
    """The pairs of stations whose names read as one (`name_stacking.read_as_one`), the upper name's first, with
    the text at `scale` (at CLEAR_SCALE, as 1280×720 draws the names at fit)."""
    stations = name_stations(board) if stations is None else stations
    return _pairs_read_as_one(board, stations, name_boxes(board, stations, scale), scale)


def _pairs_read_as_one(board: Board, stations: list[NameStation], boxes: dict[int, Box],
                       scale: float) -> list[tuple[NameStation, NameStation]]:
    ordered = [boxes[station.index] for station in stations]
    return [(stations[upper], stations[lower])
            for upper, lower in read_as_one(ordered, [(s.x, s.y) for s in stations], board.label_px * scale)]


def _read_as_one(board: Board, stations: list[NameStation] | None = None) -> list[tuple[int, str]]:
    stations = name_stations(board) if stations is None else stations
    boxes = name_boxes(board, stations)
    return [stacked_words(a, b, boxes) for a, b in _pairs_read_as_one(board, stations, boxes, 1.0)]


def on_water_words(name: str) -> str:
    """The board check's words for a name on the water or across it from its station."""
    return f"name of {name} is on the water or across it: a reader looks there for another station's name"


def stacked_words(upper: NameStation, lower: NameStation, boxes: Mapping[int, Box]) -> tuple[int, str]:
    """The station whose name to move of two that read as one (the one not level with its own station) and the
    board check's words for the pair; `boxes` at the usual size, by station index."""
    mover = upper if not level_with(boxes[upper.index], (upper.x, upper.y)) else lower
    return mover.index, (f"the names of {upper.name} and {lower.name} are set one over the other and read as one: "
                         f"move {mover.name}'s name")


def figure_problems(board: Board) -> list[str]:
    """The name rules as the cartography issue's figure words them: each box at the usual text size against
    the other boxes, the stations, each link's path as a line and the board's edge, within 30 px of its own
    station and nearer it than any other. `name_problems` is the stricter check the boards are held to (the
    text grown to CLEAR_SCALE, and each link's bed as drawn, not its centre line)."""
    stations = name_stations(board)
    return check_boxes(stations, name_obstacles(board).as_lines(), board, name_boxes(board, stations))


def stations_too_close(board: Board, spacing: float = MIN_SPACING) -> list[str]:
    """Pairs of stations whose centres are nearer than `spacing` board px."""
    return [message for _, message in _too_close(board, spacing)]


def _too_close(board: Board, spacing: float = MIN_SPACING) -> list[tuple[int, str]]:
    stations = sorted((node for node in board.nodes if not node.waypoint), key=lambda n: n.x)
    found = []
    for i, a in enumerate(stations):
        for b in stations[i + 1:]:
            if b.x - a.x >= spacing:
                break  # sorted by x: every later station is further still
            gap = math.dist((a.x, a.y), (b.x, b.y))
            if gap < spacing:
                found.append((a.index, f"stations {a.name} and {b.name} are {gap:.0f} px apart "
                                       f"(at least {spacing:.0f})"))
    return found


def links_through_stations(board: Board) -> list[str]:
    """Links whose drawn path runs over a station's disc that is not one of its two ends."""
    return [message for _, message in _links_through(board)]


def _links_through(board: Board) -> list[tuple[int, str]]:
    radii = proportions.node_radii(board)
    grid: SpatialGrid[int] = SpatialGrid(64.0)
    for node in board.nodes:
        r = radii[node.index]
        grid.add((node.x - r, node.y - r, 2 * r, 2 * r), node.index)
    found = []
    for link in board.links:
        for p, q in zip(link.path, link.path[1:], strict=False):
            for index in grid.near(bounding_rect((p, q))):
                node = board.nodes[index]
                if index not in (link.a, link.b) and segment_distance((node.x, node.y), p, q) < radii[index]:
                    found.append((link.index, f"the link {link_name(board, link)} is drawn through {node.name}"))
    return list(dict.fromkeys(found))


def octilinear_share(board: Board) -> float:
    """The share of all link length that runs horizontally, vertically or at 45°."""
    total = straight = 0.0
    for link in board.links:
        for (x0, y0), (x1, y1) in zip(link.path, link.path[1:], strict=False):
            length = math.hypot(x1 - x0, y1 - y0)
            angle = math.atan2(y1 - y0, x1 - x0) % (math.pi / 4)
            total += length
            if min(angle, math.pi / 4 - angle) <= _ANGLE_SLACK:
                straight += length
    return straight / total if total else 1.0


def min_spacing(board: Board) -> float:
    stations = [(node.x, node.y) for node in board.nodes if not node.waypoint]
    return min((math.dist(a, b) for i, a in enumerate(stations) for b in stations[i + 1:]), default=math.inf)


def figures(board: Board) -> Figures:
    return Figures(octilinear=octilinear_share(board), min_spacing=min_spacing(board), label_px=board.label_px,
                   name_problems=len(name_problems(board)), too_close=len(_too_close(board)),
                   through_stations=len(_links_through(board)), links_along=len(link_overlaps(board)))


def links_along_links(board: Board) -> list[tuple[int, int, str]]:
    """Links drawn on each other where they share no node (`link_overlaps`): the link whose bend or stretch
    it is, the other link, and a line saying where and what to do."""
    found = []
    for overlap in link_overlaps(board):
        link, other = link_name(board, board.links[overlap.link]), link_name(board, board.links[overlap.other])
        x, y = overlap.at
        if overlap.kind == "run":
            message = (f"the link {link} runs along the link {other} at ({x:.0f}, {y:.0f}), which reads as one "
                       "track: move its bends so the two part")
        else:
            message = (f"the link {link} bends on the link {other} at ({x:.0f}, {y:.0f}), which reads as a "
                       "junction: move the bend off it")
        found.append((overlap.link, overlap.other, message))
    return found


@dataclass(frozen=True)
class Problem:
    """One thing that makes the board hard to read, and what it is about: a node or a link (by index), or
    both when a station's name crosses a link (the designer moves the one or the other); `along` is the
    second link when a link is drawn on another."""

    message: str
    node: int | None = None
    link: int | None = None
    along: int | None = None
    grown: bool = False  # a name's, found only with the text at the clear scale: at the usual size it reads


def _crossed_links(board: Board, scene: NameScene, pos: int, box: Box) -> dict[str, int]:
    """The lines saying station `pos`'s name crosses a link, each with the index of the link it crosses."""
    by_name = {link_name(board, link): link.index for link in board.links}  # one link each: names are unique
    return {scene.describe(pos, kind, what): by_name[what] for kind, what in scene.breaks(pos, box)
            if kind == "link" and what in by_name}


def problems(board: Board) -> list[Problem]:
    """Everything that makes the board hard to read, each pointing at what to fix (the compiler's warnings)."""
    found = [Problem(message, link=link) for link, message in _links_through(board)]
    found += [Problem(message, link=link, along=other) for link, other, message in links_along_links(board)]
    found += [Problem(message, node=node) for node, message in _too_close(board)]
    stations = name_stations(board)
    found += [Problem(message, node=node) for node, message in _read_as_one(board, stations)]
    scene = NameScene(stations, name_obstacles(board), board)
    found += [Problem(message, link=link) for link, message in _links_along_water(board)]
    found += [Problem(f"the water reaches {board.nodes[node].name}'s disc: the station looks as if it stood "
                      "in the river", node=node) for node in _stations_in_water(board)]
    found += [Problem(on_water_words(board.nodes[node].name), node=node)
              for node in _names_across_water(board, stations, scene)]
    boxes, usual = name_boxes(board, stations, CLEAR_SCALE), name_boxes(board, stations)
    by_pos = {pos: boxes[station.index] for pos, station in enumerate(stations)}
    at_one = problems_by_station(scene, {pos: usual[station.index] for pos, station in enumerate(stations)})
    seen: set[str] = set()
    for pos, messages in problems_by_station(scene, by_pos).items():
        crossed = _crossed_links(board, scene, pos, by_pos[pos]) if messages else {}
        for message in messages:
            if message not in seen:
                seen.add(message)
                found.append(Problem(message, node=stations[pos].index, link=crossed.get(message),
                                     grown=message not in at_one[pos]))
    return found


__all__ = ["CLEAR_SCALE", "MAX_REACH", "Figures", "Problem", "beds_over", "figures", "links_along_links",
           "links_along_water", "name_problems", "names_read_as_one", "pairs_read_as_one", "problems"]
