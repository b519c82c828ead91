"""`check_schematic`: every broken layout guarantee, one readable line each (empty list = all kept).

The layout runs it on its own result, the tests run it on every output, and the board check can run it on
a shipped board. It judges only the output against the input; it knows nothing of how the layout works.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Iterator, Sequence
from itertools import pairwise

from editor.cartography.layout.planar import input_crossings
from editor.cartography.network import Frame, Network, Point, Schematic
from editor.cartography.polygon import points_in_polygon
from game.geometry import (
    angle_gap,
    angle_of,
    segment_distance,
    segments_touch,
)

MIN_SPACING = 40.0  # board px between any two places
CLEARANCE = 0.4  # of a pitch, between a path and any place it does not end at
TOLERANCE = 1e-6
DRAWN_SLACK = 1.0  # px a saved board's points may be off its layout's: a TMX keeps whole pixels
PIN_TOLERANCE = 0.01

Segment = tuple[Point, Point, int]  # start, end, link


def is_octilinear(a: Point, b: Point, slack: float = 0.0) -> bool:
    """Horizontal, vertical or at 45°, with each coordinate allowed `slack` px off (both ends rounded)."""
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    scale = max(slack, TOLERANCE * max(1.0, dx + dy))
    return dx <= scale or dy <= scale or abs(dx - dy) <= 2 * scale


def _label(network: Network, k: int) -> str:
    t = network.tracks[k]
    return f"link {k} ({network.places[t.a].name or t.a}–{network.places[t.b].name or t.b})"


def _place(network: Network, i: int) -> str:
    return f"place {i} ({network.places[i].name!r})"


def check_schematic(
    network: Network, schematic: Schematic, frame: Frame, *, min_spacing: float = MIN_SPACING,
    as_drawn: bool = False
) -> list[str]:
    """Every violation of the layout's guarantees (see docs in schematic.py), one line each.

    A board `as_drawn` (the designer's, as saved) is its own input: it is judged in whole pixels (a
    diagonal rounded a pixel off is one still) and not against straight links between its stations
    (crossings and the order of links round a station are what the designer drew)."""
    problems = _check_shape(network, schematic)
    if problems:
        return problems
    problems += _check_octilinear(network, schematic, DRAWN_SLACK if as_drawn else 0.0)
    problems += _check_spacing(network, schematic, frame, min_spacing)
    problems += _check_pins(network, schematic)
    problems += _check_clearance(network, schematic)
    if not as_drawn:
        problems += _check_crossings(network, schematic)
        problems += _check_embedding(network, schematic)
    problems += _check_areas(network, schematic)
    return problems


def _check_shape(network: Network, schematic: Schematic) -> list[str]:
    problems = []
    if len(schematic.positions) != len(network.places):
        problems.append(f"{len(schematic.positions)} positions for {len(network.places)} places")
    if len(schematic.paths) != len(network.tracks):
        problems.append(f"{len(schematic.paths)} paths for {len(network.tracks)} links")
    if len(schematic.areas) != len(network.areas):
        problems.append(f"{len(schematic.areas)} areas for {len(network.areas)} areas in the input")
    if problems:
        return problems
    if not (math.isfinite(schematic.pitch) and schematic.pitch > 0):
        problems.append(f"the grid pitch {schematic.pitch} is not a positive number")
    for i, (x, y) in enumerate(schematic.positions):
        if not (math.isfinite(x) and math.isfinite(y)):
            problems.append(f"{_place(network, i)} has no finite position")
    for k, (track, path) in enumerate(zip(network.tracks, schematic.paths, strict=True)):
        if len(path) < 2:
            problems.append(f"{_label(network, k)} has a path of {len(path)} point(s)")
            continue
        for end, point in ((track.a, path[0]), (track.b, path[-1])):
            px, py = schematic.positions[end]
            if abs(point[0] - px) > TOLERANCE or abs(point[1] - py) > TOLERANCE:
                problems.append(f"{_label(network, k)} does not end at {_place(network, end)}")
        for p, q in pairwise(path):
            if abs(p[0] - q[0]) + abs(p[1] - q[1]) <= TOLERANCE:
                problems.append(f"{_label(network, k)} has a zero-length segment at ({p[0]:.1f}, {p[1]:.1f})")
    for j, (before, after) in enumerate(zip(network.areas, schematic.areas, strict=True)):
        if before.kind != after.kind or before.name != after.name:
            problems.append(f"area {j} was {before.kind} {before.name!r}, is now {after.kind} {after.name!r}")
    return problems


def _check_octilinear(network: Network, schematic: Schematic, slack: float) -> list[str]:
    """Every segment octilinear, except where a link leaves a place with more than 8 links (no octilinear
    drawing has room for a ninth port, so such a link may leave at a slant)."""
    problems = []
    degree: dict[int, int] = defaultdict(int)
    for t in network.tracks:
        degree[t.a] += 1
        degree[t.b] += 1
    for k, path in enumerate(schematic.paths):
        track = network.tracks[k]
        last = len(path) - 2
        for i, (p, q) in enumerate(pairwise(path)):
            at_busy = (i == 0 and degree[track.a] > 8) or (i == last and degree[track.b] > 8)
            if not is_octilinear(p, q, slack) and not at_busy:
                problems.append(f"{_label(network, k)}: segment {i} is not horizontal, vertical or 45°")
    return problems


def _buckets(points: Sequence[Point], cell: float) -> dict[tuple[int, int], list[int]]:
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for i, (x, y) in enumerate(points):
        grid[(math.floor(x / cell), math.floor(y / cell))].append(i)
    return grid


def _check_spacing(network: Network, schematic: Schematic, frame: Frame, min_spacing: float) -> list[str]:
    problems = []
    positions = schematic.positions
    grid = _buckets(positions, min_spacing)
    for i, (x, y) in enumerate(positions):
        cx, cy = math.floor(x / min_spacing), math.floor(y / min_spacing)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for j in grid.get((cx + dx, cy + dy), ()):
                    if j > i and math.hypot(positions[j][0] - x, positions[j][1] - y) < min_spacing - TOLERANCE:
                        d = math.hypot(positions[j][0] - x, positions[j][1] - y)
                        problems.append(f"{_place(network, i)} and {_place(network, j)} are {d:.1f} px apart")
        inside_x = frame.margin - TOLERANCE <= x <= frame.width - frame.margin + TOLERANCE
        inside_y = frame.margin - TOLERANCE <= y <= frame.height - frame.margin + TOLERANCE
        if not (inside_x and inside_y) and not network.places[i].pinned:
            problems.append(f"{_place(network, i)} at ({x:.1f}, {y:.1f}) is outside the frame less its margin")
    return problems


def _check_pins(network: Network, schematic: Schematic) -> list[str]:
    problems = []
    for i, place in enumerate(network.places):
        x, y = schematic.positions[i]
        if place.pinned and (abs(x - place.x) > PIN_TOLERANCE or abs(y - place.y) > PIN_TOLERANCE):
            problems.append(
                f"pinned {_place(network, i)} moved from ({place.x:.1f}, {place.y:.1f}) to ({x:.1f}, {y:.1f})"
            )
    return problems


def _segments(schematic: Schematic) -> list[Segment]:
    return [(p, q, k) for k, path in enumerate(schematic.paths) for p, q in pairwise(path)]


def _near_pairs(segments: list[Segment], cell: float) -> Iterator[tuple[int, int]]:
    """Pairs of segments whose bounding boxes share a grid cell (each pair once)."""
    grid: dict[tuple[int, int], list[int]] = defaultdict(list)
    for s, (p, q, _) in enumerate(segments):
        for cx in range(math.floor(min(p[0], q[0]) / cell), math.floor(max(p[0], q[0]) / cell) + 1):
            for cy in range(math.floor(min(p[1], q[1]) / cell), math.floor(max(p[1], q[1]) / cell) + 1):
                grid[(cx, cy)].append(s)
    seen: set[tuple[int, int]] = set()
    for members in grid.values():
        for i, s in enumerate(members):
            for t in members[i + 1 :]:
                pair = (s, t) if s < t else (t, s)
                if pair not in seen:
                    seen.add(pair)
                    yield pair


def _check_clearance(network: Network, schematic: Schematic) -> list[str]:
    problems = []
    least = CLEARANCE * schematic.pitch
    positions = schematic.positions
    cell = max(least, 1.0) * 4
    grid = _buckets(positions, cell)
    reported: set[tuple[int, int]] = set()
    for p, q, k in _segments(schematic):
        track = network.tracks[k]
        x0, x1 = math.floor((min(p[0], q[0]) - least) / cell), math.floor((max(p[0], q[0]) + least) / cell)
        y0, y1 = math.floor((min(p[1], q[1]) - least) / cell), math.floor((max(p[1], q[1]) + least) / cell)
        for cx in range(x0, x1 + 1):
            for cy in range(y0, y1 + 1):
                for i in grid.get((cx, cy), ()):
                    if i in (track.a, track.b) or (k, i) in reported:
                        continue
                    d = segment_distance(positions[i], p, q)
                    if d < least - TOLERANCE:
                        reported.add((k, i))
                        problems.append(f"{_label(network, k)} passes {d:.1f} px from {_place(network, i)}")
    return problems


def output_crossings(network: Network, schematic: Schematic) -> set[tuple[int, int]]:
    """Pairs of links (k < m) whose drawn paths meet anywhere but at a place they share."""
    segments = _segments(schematic)
    found: set[tuple[int, int]] = set()
    cell = max(schematic.pitch, 1.0) * 2
    for s, t in _near_pairs(segments, cell):
        p1, p2, k = segments[s]
        q1, q2, m = segments[t]
        if k == m:
            continue
        pair = (min(k, m), max(k, m))
        if pair in found:
            continue
        shared = {network.tracks[k].a, network.tracks[k].b} & {network.tracks[m].a, network.tracks[m].b}
        at_shared = [schematic.positions[i] for i in shared]
        if not segments_touch(p1, p2, q1, q2):
            continue
        if at_shared and _meet_only_at(p1, p2, q1, q2, at_shared):
            continue
        found.add(pair)
    return found


def _meet_only_at(p1: Point, p2: Point, q1: Point, q2: Point, allowed: list[Point]) -> bool:
    """Whether two touching segments share nothing but one of the allowed points (a common end place)."""
    for point in allowed:
        ends_p = point in (p1, p2)
        ends_q = point in (q1, q2)
        if ends_p and ends_q:
            far_p = p2 if p1 == point else p1
            far_q = q2 if q1 == point else q1
            same_way = angle_gap(angle_of(far_p[0] - point[0], far_p[1] - point[1]),
                                 angle_of(far_q[0] - point[0], far_q[1] - point[1])) < 1e-9  # fmt: skip
            return not same_way
    return False


def _check_crossings(network: Network, schematic: Schematic) -> list[str]:
    before = set(input_crossings(network))
    after = output_crossings(network, schematic)
    problems = [f"{_label(network, k)} now crosses {_label(network, m)}" for k, m in sorted(after - before)]
    problems += [f"{_label(network, k)} no longer crosses {_label(network, m)}" for k, m in sorted(before - after)]
    return problems


def _check_embedding(network: Network, schematic: Schematic) -> list[str]:
    """The links around each place, in clockwise order, must be the input's order (up to rotation)."""
    problems = []
    incident: dict[int, list[tuple[float, float, int]]] = defaultdict(list)
    for k, (track, path) in enumerate(zip(network.tracks, schematic.paths, strict=True)):
        a, b = network.places[track.a], network.places[track.b]
        incident[track.a].append((angle_of(b.x - a.x, b.y - a.y), _leaving(path[0], path[1]), k))
        incident[track.b].append((angle_of(a.x - b.x, a.y - b.y), _leaving(path[-1], path[-2]), k))
    for i, links in sorted(incident.items()):
        if len(links) < 3:
            continue
        angles = sorted(a for a, _, _ in links)
        if any(b - a < 1e-9 for a, b in pairwise(angles)):
            continue  # two links leave the same way in the input: its order there is undecided
        before = [k for _, _, k in sorted(links)]
        after = [k for _, _, k in sorted(links, key=lambda t: (t[1], t[2]))]
        start = after.index(before[0])
        if after[start:] + after[:start] != before:
            problems.append(f"the links around {_place(network, i)} are in a different order than in the input")
    return problems


def _leaving(p: Point, q: Point) -> float:
    return angle_of(q[0] - p[0], q[1] - p[1])


def _check_areas(network: Network, schematic: Schematic) -> list[str]:
    problems = []
    for j, (before, after) in enumerate(zip(network.areas, schematic.areas, strict=True)):
        if not after.points:
            continue  # left out: a river the layout could not redraw without stations on its wrong bank
        were = points_in_polygon([(place.x, place.y) for place in network.places], before.points)
        now = points_in_polygon(schematic.positions, after.points)
        for i, (was, is_now) in enumerate(zip(were, now, strict=True)):
            if was != is_now:
                side = "inside" if was else "outside"
                problems.append(f"{_place(network, i)} was {side} {before.kind} area {j} {before.name!r}, no longer")
    return problems
