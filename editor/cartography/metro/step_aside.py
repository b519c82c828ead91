"""Links step aside for names: where a bent link runs through the only place left for a name, bend it
another way.

The room-making (room.py) moves stations; it cannot move a bend. Yet a link between two stations that are
not in line can be drawn many octilinear ways: the elbow either way round, a Z whose diagonal sits anywhere
along it, a diagonal-straight-diagonal. For each name in trouble, the places round its station that only
links spoil (no station, name, icon or board edge in the way) are tried in the placer's order of
preference; a place is freed when every link through it has a way that misses it, crosses no placed name
it did not cross before, keeps clear of every other bed and station, leaves its stations in directions of
their own and keeps every layout guarantee (`check_schematic`). Then every name is placed again; a round
is kept only when fewer names are in trouble.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import pairwise

from editor.cartography.layout.checks import check_schematic
from editor.cartography.metro.naming import clear_boxes, measure_of, name_problems, placed, scene_of, troubled
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene, beds_over_stations
from editor.cartography.names.candidates import away_steps, layouts_of
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Point, Schematic
from game.board.label_spec import LabelSpec, gap_for, label_box, line_sizes, split_lines
from game.board.name_clearance import NameScene as RuleScene
from game.geometry import (
    Box,
    angle_gap,
    angle_of,
    bounding_box,
    boxes_overlap,
    inflate_box,
    point_segment_distance,
    segment_near_box,
    segments_touch,
)

ROUNDS = 3
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


def _bend_cost(path: Path) -> float:
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


class _Map:
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
        reach = self.half[k] + NAME_CLEARANCE
        extent = _bounds(path, reach)
        return sum(1 for x, y, w, h in boxes.values()
                   if _meet(extent, (x, y, x + w, y + h))
                   and any(segment_near_box((x, y, w, h), *a, *b, reach) for a, b in pairwise(path)))

    def allowed(self, k: int, path: Path) -> bool:
        """Whether link k may run along `path`: inside the frame, over no station it does not join, clear of
        every other bed, and leaving each of its stations in its own direction."""
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
        near = _bounds(path, self.half[k] + BED_CLEARANCE)
        return all(self._clear_of(k, path, m) for m in range(len(self.paths))
                   if m != k and _meet(near, self.extent[m]))

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


def _places_to_free(request: MapRequest, scene: NameScene, pos: int, kept: Mapping[int, Box],
                    rules: RuleScene) -> list[tuple[LabelSpec, Box, list[int]]]:
    """The boxes station `pos`'s name could have if only links were out of the way, each with those links
    (by index), in the placer's order of preference; boxes over kept names or anything else left out."""
    station = scene.stations[pos]
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    specs = [station.fixed] if station.fixed is not None else [
        LabelSpec(side, away=away, split=k) for side, k in layouts_of(station, measure)
        for away in away_steps(request.label_px, gap)]
    link_index = {track.name: k for k, track in enumerate(scene.obstacles.tracks)}
    found = []
    for spec in specs:
        lines = split_lines(station.name, spec)
        box = label_box(station.x, station.y, station.radius, spec, line_sizes(lines, measure, station.lead), gap,
                        request.clear_scale)
        breaks = list(rules.breaks(pos, box, NAME_CLEARANCE))
        if not breaks or any(kind != "link" for kind, _ in breaks):
            continue  # clean already (the placer's business), or more than links in the way
        if any(boxes_overlap(inflate_box(box, NAME_CLEARANCE), other) for other in kept.values()):
            continue
        found.append((spec, box, sorted({link_index[what] for _, what in breaks})))
    return found


def reroute(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
            in_trouble: set[int]) -> tuple[Schematic, dict[int, LabelSpec]]:
    """The layout with links drawn another way where that frees a place for a name in trouble (a way that
    clears the place without running through any other name's box it did not already cross), and the
    place freed for each such name."""
    drawing = _Map(request, schematic, scene)
    layout_problems = len(check_schematic(request.network, schematic, request.frame))
    kept = clear_boxes(request, scene, names, in_trouble)
    rules = RuleScene(scene.stations, scene.obstacles, request.frame)
    freed: dict[int, LabelSpec] = {}
    for pos, station in enumerate(scene.stations):
        if station.index not in in_trouble:
            continue
        for spec, box, links in _places_to_free(request, scene, pos, kept, rules):
            if any(len(drawing.paths[k]) < 3 for k in links):
                continue  # a straight link has no other way
            before = {k: drawing.paths[k] for k in links}
            cleared = all(_step_aside(drawing, request, schematic, k, box, kept) for k in links)
            layout = drawing.schematic(schematic)
            if cleared and len(check_schematic(request.network, layout, request.frame)) <= layout_problems:
                kept[station.index] = box  # later links keep out of it
                freed[station.index] = spec
                break
            for k, path in before.items():
                drawing.draw(k, path)
    return drawing.schematic(schematic), freed


def _moved_into(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName],
                freed: Mapping[int, LabelSpec]) -> dict[int, PlacedName]:
    """The names as they were, but each name in `freed` at the place freed for it."""
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    moved = dict(names)
    for station in scene.stations:
        spec = freed.get(station.index)
        if spec is not None:
            lines = split_lines(station.name, spec)
            box = label_box(station.x, station.y, station.radius, spec, line_sizes(lines, measure, station.lead), gap)
            moved[station.index] = PlacedName(station.index, spec, lines, box)
    return moved


def _step_aside(drawing: _Map, request: MapRequest, schematic: Schematic, k: int, box: Box,
                kept: Mapping[int, Box]) -> bool:
    """Draw link k the least bent allowed way that clears `box` and crosses no more kept names than now."""
    track = request.network.tracks[k]
    crossed = drawing.names_hit(k, drawing.paths[k], kept)
    best: tuple[float, Path] | None = None
    for way in octilinear_ways(schematic.positions[track.a], schematic.positions[track.b]):
        if drawing.names_hit(k, way, {-1: box}) or drawing.names_hit(k, way, kept) > crossed:
            continue
        cost = _bend_cost(way)
        if (best is None or cost < best[0]) and drawing.allowed(k, way):
            best = (cost, way)
    if best is None:
        return False
    drawing.draw(k, best[1])
    return True


def step_aside(request: MapRequest, schematic: Schematic, scene: NameScene,
               names: dict[int, PlacedName]) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """Rounds of rerouting links out of names' way, while that leaves fewer names in trouble.

    After each reroute the names in trouble move into the places freed for them and the others stay (the
    reroute crosses none of them anew) — or, for a `thorough` request (the shipped boards' build), every
    name is placed again on the new layout: a few names better, but a placement each round, more time
    than a fresh import has (SPEC: 5 s for about 120 stations)."""
    in_trouble = troubled(name_problems(request, scene, names), scene)
    beds = beds_over_stations(request.network, scene)
    for _ in range(ROUNDS):
        if not in_trouble:
            break
        moved, freed = reroute(request, schematic, scene, names, in_trouble)
        if not freed:
            break
        if request.thorough:
            new_scene, new_names = placed(request, moved, None, request.seed)
        else:
            new_scene = scene_of(request, moved)
            new_names = _moved_into(request, new_scene, names, freed)
        now = troubled(name_problems(request, new_scene, new_names), new_scene)
        if len(now) >= len(in_trouble) or beds_over_stations(request.network, new_scene) > beds:
            break
        schematic, scene, names, in_trouble = moved, new_scene, new_names, now
    return schematic, scene, names
