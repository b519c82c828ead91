"""Names shape the layout: place the names, and where they are in trouble move the layout to give them room.

Each round places every name on the current layout (as the game draws it), then runs an x-pass and a
y-pass of `compact` with the names riding on their stations: a name over a station, a link or another name
is parted from it along the axis that needs the smaller move, everything else keeps its order, and the map
is squeezed where it has slack so that the board still holds it. Rounds stop when no name is in trouble,
or when a round no longer helps; the best layout seen is kept.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from itertools import pairwise

from editor.cartography.layout.areas import carry_areas, kept_off_board
from editor.cartography.layout.checks import check_schematic
from editor.cartography.layout.schematic import schematize
from editor.cartography.metro.compact import BOX, PIECE, SEGMENT, STATION, Pass, Thing, rigid_groups, solve_pass
from editor.cartography.metro.naming import clear_boxes, measure_of, name_problems, placed, troubled
from editor.cartography.metro.request import MapRequest, Progress
from editor.cartography.metro.scene import NameScene, beds_over_stations, board_unit
from editor.cartography.names.candidates import SIDE_COST, layouts_of
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Area, Point, Schematic
from game.board.label_spec import LabelSpec, gap_for, label_box, line_sizes, split_lines
from game.board.name_clearance import MAX_REACH
from game.board.name_clearance import NameScene as RuleScene
from game.board.proportions import node_radius
from game.geometry import Box, box_point_distance, segment_near_box

ROUNDS = 8
STALE_ROUNDS = 1  # a round that does not help ends the search (each costs a name placement)
SPACING = 40.0  # board px between stations (check_schematic's minimum)
BOARD_PAD = 1.0  # px a name keeps from the board's edge



def _vars(schematic: Schematic, places: int) -> tuple[list[Point], list[list[int]]]:
    """Every point the drawing is made of (places first, then each path's bends) and each path as var ids."""
    points = list(schematic.positions)
    paths = []
    for path in schematic.paths:
        ids = [-1] * len(path)
        for k, point in enumerate(path[1:-1], start=1):
            ids[k] = len(points)
            points.append(point)
        paths.append(ids)
    return points, paths


def _things(request: MapRequest, schematic: Schematic, scene: NameScene, boxes: Mapping[int, Box],
            points: list[Point], path_vars: list[list[int]], transpose: bool) -> list[Thing]:
    """Stations, track beds and name boxes as rectangles on the pass's axis (x, or y when `transpose`)."""
    frame = request.frame
    network = request.network
    width, _height = (frame.height, frame.width) if transpose else (frame.width, frame.height)
    margin = frame.margin

    def xy(p: Point) -> Point:
        return (p[1], p[0]) if transpose else p

    things: list[Thing] = []
    for v in range(len(network.places)):
        x, y = xy(points[v])
        things.append(Thing(STATION, v, 0.0, v, 0.0, y, y, v, (v,), SPACING / 2, margin, width - margin))
    half = [t.half_width for t in scene.obstacles.tracks]
    seg_id = 0
    for k, (track, ids) in enumerate(zip(network.tracks, path_vars, strict=True)):
        ends = [track.a, *ids[1:-1], track.b]
        for i in range(len(ends) - 1):
            p, q = ends[i], ends[i + 1]
            things.extend(_segment(xy(points[p]), xy(points[q]), p, q, seg_id, half[k], margin, width))
            seg_id += 1
    for station in scene.stations:
        box = boxes.get(station.index)
        if box is None:
            continue
        v = station.index
        reach = box_point_distance(box, station.x, station.y)
        bx, by, bw, bh = box
        if transpose:
            bx, by, bw, bh = by, bx, bh, bw
        x, y = xy(points[v])
        things.append(Thing(BOX, v, bx - x, v, bx + bw - x, by, by + bh, v, (v,), reach + 1.0, BOARD_PAD,
                            width - BOARD_PAD))
    return things


def _segment(a: Point, b: Point, p: int, q: int, seg: int, half: float, margin: float, width: float) -> list[Thing]:
    """A link's segment as things: one stretchy bar if it runs along the axis, else rigid pieces."""
    (ax, ay), (bx, by) = a, b
    if abs(ay - by) < 1e-9:
        if bx < ax:
            (ax, bx), (p, q) = (bx, ax), (q, p)
        return [Thing(SEGMENT, p, 0.0, q, 0.0, ay, ay, seg, (p, q), half, 0.0, width)]
    if abs(ax - bx) < 1e-9:
        return [Thing(SEGMENT, p, 0.0, p, 0.0, min(ay, by), max(ay, by), seg, (p, q), half, 0.0, width)]
    pieces = max(1, math.ceil(abs(by - ay) / PIECE))
    found = []
    for j in range(pieces):
        x0, x1 = ax + (bx - ax) * j / pieces, ax + (bx - ax) * (j + 1) / pieces
        y0, y1 = ay + (by - ay) * j / pieces, ay + (by - ay) * (j + 1) / pieces
        found.append(Thing(SEGMENT, p, min(x0, x1) - ax, p, max(x0, x1) - ax, min(y0, y1), max(y0, y1), seg,
                           (p, q), half, 0.0, width))
    return found


def _pass(request: MapRequest, schematic: Schematic, scene: NameScene, boxes: Mapping[int, Box],
          points: list[Point], path_vars: list[list[int]], transpose: bool) -> bool:
    """One pass along x (or y): moves `points` in place."""
    network = request.network
    axis, other = (1, 0) if transpose else (0, 1)
    rigid: list[tuple[int, int]] = []
    rigid_across: list[tuple[int, int]] = []  # what the pass on the other axis cannot stretch
    stretchy: list[tuple[int, int, float]] = []
    for track, ids in zip(network.tracks, path_vars, strict=True):
        ends = [track.a, *ids[1:-1], track.b]
        for u, w in pairwise(ends):
            if abs(points[u][axis] - points[w][axis]) >= 1e-9:
                rigid_across.append((u, w))
            if abs(points[u][other] - points[w][other]) < 1e-9:
                a, b = (u, w) if points[u][axis] < points[w][axis] else (w, u)
                stretchy.append((a, b, SPACING / 2 if max(a, b) >= len(network.places) else SPACING))
            else:
                rigid.append((u, w))
    things = _things(request, schematic, scene, boxes, points, path_vars, transpose)
    pinned = {i for i, place in enumerate(network.places) if place.pinned}
    frame = request.frame
    p = Pass([pt[axis] for pt in points], [pt[other] for pt in points], rigid, stretchy, things, pinned,
             frame.height if transpose else frame.width, rigid_groups(len(points), rigid_across))
    if not solve_pass(p):
        return False
    for v, value in enumerate(p.xs):
        points[v] = (points[v][0], value) if transpose else (value, points[v][1])
    return True


def make_room(request: MapRequest, schematic: Schematic, scene: NameScene,
              names: Mapping[int, PlacedName], trouble: set[int]) -> Schematic:
    """The layout moved so the names placed on it part from what they hit (see the module's notes)."""
    places = len(request.network.places)
    points, path_vars = _vars(schematic, places)
    boxes = wanted_boxes(request, schematic, scene, names, trouble)
    _pass(request, schematic, scene, boxes, points, path_vars, transpose=False)
    _pass(request, schematic, scene, boxes, points, path_vars, transpose=True)
    positions = tuple(points[:places])
    paths = []
    for track, ids in zip(request.network.tracks, path_vars, strict=True):
        paths.append((positions[track.a], *(points[v] for v in ids[1:-1]), positions[track.b]))
    bends_before = [pt for path in schematic.paths for pt in path[1:-1]]
    bends_after = points[places:]
    areas = carry_areas(schematic.areas, schematic.positions, positions, bends_before, bends_after,
                        schematic.pitch, (request.frame.width, request.frame.height))
    return Schematic(positions, tuple(paths), areas, schematic.pitch, schematic.notes, schematic.origin)


SCALES = tuple(0.85**k for k in range(1, 12))  # tried in turn while the names like them better
PLATEAU = 2  # sizes in a row that are no better before the search stops


def scaled(request: MapRequest, schematic: Schematic, scale: float) -> Schematic:
    """The layout shrunk by `scale` about the board's middle (every angle kept)."""
    frame = request.frame
    cx, cy = frame.width / 2, frame.height / 2

    def moved(p: Point) -> Point:
        return (cx + (p[0] - cx) * scale, cy + (p[1] - cy) * scale)

    board = (frame.width, frame.height)
    areas = tuple(Area(a.kind, tuple(kept_off_board(p, moved(p), board) if a.kind == "water" else moved(p)
                                     for p in a.points), a.name) for a in schematic.areas)
    return Schematic(tuple(moved(p) for p in schematic.positions),
                     tuple(tuple(moved(p) for p in path) for path in schematic.paths), areas,
                     schematic.pitch * scale, schematic.notes, moved(schematic.origin))


def _best_scale(request: MapRequest, drawn: Schematic) -> tuple[int, Schematic, NameScene, dict[int, PlacedName]]:
    """The layout at the size its names like best. The game draws discs and track beds in proportion to
    the median link length, so a map spread over the whole board may leave its names no room beside
    wide beds (a name stays within MAX_REACH of its station), while one shrunk too far crowds them: try
    smaller sizes while they help, never closer than SPACING between stations, never with pins."""
    scene, names = placed(request, drawn, None, request.seed)
    best = (len(troubled(name_problems(request, scene, names), scene)), drawn, scene, names)
    beds = beds_over_stations(request.network, scene)
    positions = drawn.positions
    closest = min((math.dist(p, q) for i, p in enumerate(positions) for q in positions[i + 1 :]), default=math.inf)
    if any(place.pinned for place in request.network.places) or best[0] == 0:
        return best
    # Where the widest disc alone leaves no name room within MAX_REACH, start at the size that does.
    unit = board_unit(request.network, positions, request.frame.width, request.frame.height)
    largest = (MAX_REACH - gap_for(request.label_px) - 2.0) / node_radius(False, max(request.track_spaces(),
                                                                                       default=1), 1.0)
    first = min(1.0, largest / unit)
    flat = 0
    for scale in ([first] if first < 1.0 else []) + [first * s for s in SCALES]:
        if closest * scale < SPACING:
            break
        smaller = scaled(request, drawn, scale)
        scene, names = placed(request, smaller, None, request.seed)
        trouble = len(troubled(name_problems(request, scene, names), scene))
        if trouble > best[0] or beds_over_stations(request.network, scene) > beds:
            break
        if trouble == best[0]:
            flat += 1
            if flat >= PLATEAU:
                break
            continue
        flat = 0
        best = (trouble, smaller, scene, names)
        if trouble == 0:
            break
    return best


def lay_out_with_room(request: MapRequest, progress: Progress | None) -> tuple[
    Schematic, NameScene, dict[int, PlacedName], int
]:
    """The layout and names after as many rounds as help (the best one seen is returned)."""
    def report(fraction: float) -> None:
        if progress is not None:
            progress(fraction)

    drawn = schematize(request.network, request.frame, progress=lambda f: report(0.4 * f),
                       crossing_room=request.crossing_room, descend_first=request.thorough)
    best = _best_scale(request, drawn)
    report(0.5)
    schematic, scene, names = best[1], best[2], best[3]
    beds = beds_over_stations(request.network, scene)
    rounds = 0
    stale = 0
    for round_no in range(ROUNDS):
        rounds += 1
        if round_no:
            scene, names = placed(request, schematic, None, request.seed)
            if beds_over_stations(request.network, scene) > beds:
                break  # the move brought a station under a wide link's bed: keep the best before it
        in_trouble = troubled(name_problems(request, scene, names), scene)
        trouble = len(in_trouble)
        report(0.5 + 0.5 * (round_no + 1) / ROUNDS)
        if trouble < best[0]:
            best = (trouble, schematic, scene, names)
            stale = 0
        elif round_no:
            stale += 1
        if trouble == 0 or stale >= STALE_ROUNDS:
            break
        moved = make_room(request, schematic, scene, names, in_trouble)
        if check_schematic(request.network, moved, request.frame):
            break
        schematic = moved
    report(1.0)
    return best[1], best[2], best[3], rounds


def wanted_boxes(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
                 trouble: set[int]) -> dict[int, Box]:
    """Each station's name box at the clear scale: where the placer put it, or for a name in trouble, the
    place it would best have if the layout made room (never across its own links, which no move parts
    from it; then hitting as few other things as can be, on the side a cartographer prefers)."""
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    clear = request.clear_scale
    boxes = clear_boxes(request, scene, names, trouble)
    rules = RuleScene(scene.stations, scene.obstacles, request.frame)
    own: dict[int, list[tuple[Point, ...]]] = {}
    for track, path in zip(request.network.tracks, schematic.paths, strict=True):
        own.setdefault(track.a, []).append(path)
        own.setdefault(track.b, []).append(path)
    for pos, station in enumerate(scene.stations):
        v = station.index
        if v in boxes or v not in trouble:
            continue
        if station.fixed is not None:
            specs = [station.fixed]
        else:
            specs = [LabelSpec(side, split=k) for side, k in layouts_of(station, measure)]
        best: tuple[float, Box] | None = None
        for spec in specs:
            lines = split_lines(station.name, spec)
            box = label_box(station.x, station.y, station.radius, spec, line_sizes(lines, measure, station.lead),
                            gap, clear)
            hw = max((t.half_width for t in scene.obstacles.tracks), default=0.0)
            if any(segment_near_box(box, *a, *b, hw + 1.0) for path in own.get(v, ()) for a, b in pairwise(path)):
                continue
            cost = SIDE_COST.get(spec.side or "E", 0.0) + (0.2 if spec.split else 0.0)
            cost += sum(3.0 if kind == "board" else 1.0 for kind, _ in rules.breaks(pos, box, 1.0))
            cost += sum(1.0 for other in boxes.values() if rules.names_meet(box, other, 1.0))
            if best is None or cost < best[0]:
                best = (cost, box)
        if best is not None:
            boxes[v] = best[1]
    return boxes
