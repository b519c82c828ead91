"""How the track runs at each station, for the placer's soft preferences: which neighbouring stations sit on
one straight run (their names read best on the same side), and where a line would continue past a station
if it went on straight (a name across that continuation looks like it blocks the line, or belongs to it).

Tracks are matched to stations by their end points, which the pipeline puts exactly on the nodes.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from editor.cartography.network import Point
from game.board.name_clearance import NameStation, TrackLine

_ON_NODE = 1.0  # px: a path end this close to a station's centre starts or ends there
_STRAIGHT = 1.0  # px: a path whose points all lie this close to its chord is straight
_SAME_DIRECTION = 0.985  # cosine: two links leaving a station this parallel continue each other

Segment = tuple[float, float, float, float]


def _index(stations: Sequence[NameStation]) -> dict[tuple[int, int], list[int]]:
    cells: dict[tuple[int, int], list[int]] = {}
    for pos, s in enumerate(stations):
        cells.setdefault((round(s.x), round(s.y)), []).append(pos)
    return cells


def _end_station(stations: Sequence[NameStation], cells: dict[tuple[int, int], list[int]], point: Point) -> int:
    near = sorted({p for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                   for p in cells.get((round(point[0]) + dx, round(point[1]) + dy), ())})
    for p in near:
        s = stations[p]
        if abs(s.x - point[0]) <= _ON_NODE and abs(s.y - point[1]) <= _ON_NODE:
            return p
    return -1


def _is_straight(path: tuple[Point, ...]) -> bool:
    (ax, ay), (bx, by) = path[0], path[-1]
    length = math.hypot(bx - ax, by - ay)
    if length == 0:
        return False
    return all(abs((bx - ax) * (py - ay) - (by - ay) * (px - ax)) / length <= _STRAIGHT for px, py in path[1:-1])


def _straight_links(stations: Sequence[NameStation], tracks: Sequence[TrackLine]) -> list[tuple[int, int, Point]]:
    """Straight links between two stations (positions), each with its unit direction from the first."""
    cells = _index(stations)
    links: dict[tuple[int, int], Point] = {}
    for track in tracks:
        if len(track.path) < 2 or not _is_straight(track.path):
            continue
        a, b = _end_station(stations, cells, track.path[0]), _end_station(stations, cells, track.path[-1])
        if a >= 0 and b >= 0 and a != b:
            a, b = min(a, b), max(a, b)
            dx, dy = stations[b].x - stations[a].x, stations[b].y - stations[a].y
            d = math.hypot(dx, dy)
            links[(a, b)] = (dx / d, dy / d)
    return [(a, b, direction) for (a, b), direction in sorted(links.items())]


def straight_neighbours(stations: Sequence[NameStation], tracks: Sequence[TrackLine]) -> list[tuple[int, int]]:
    """Pairs of stations (positions) joined by one straight link: a run whose names should share a side."""
    return [(a, b) for a, b, _ in _straight_links(stations, tracks)]


def straight_runs(stations: Sequence[NameStation], tracks: Sequence[TrackLine]) -> list[list[int]]:
    """The stations of each straight run: links that continue one another in one direction through their
    shared stations, chained (a station where two runs cross is in both)."""
    links = _straight_links(stations, tracks)
    parent = list(range(len(links)))

    def root(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    at: dict[int, list[int]] = {}
    for k, (a, b, _) in enumerate(links):
        at.setdefault(a, []).append(k)
        at.setdefault(b, []).append(k)
    for ks in at.values():
        for i, k in enumerate(ks):
            for m in ks[i + 1 :]:
                (ux, uy), (vx, vy) = links[k][2], links[m][2]
                if abs(ux * vx + uy * vy) >= _SAME_DIRECTION:
                    parent[root(k)] = root(m)
    runs: dict[int, set[int]] = {}
    for k, (a, b, _) in enumerate(links):
        runs.setdefault(root(k), set()).update((a, b))
    return [sorted(run) for run in runs.values()]


def _leaving(stations: Sequence[NameStation], tracks: Sequence[TrackLine]) -> list[list[Point]]:
    """Each station's unit directions along the first segment of every link that starts or ends there."""
    cells = _index(stations)
    out: list[list[Point]] = [[] for _ in stations]
    for track in tracks:
        path = track.path
        if len(path) < 2:
            continue
        for end, after in ((path[0], path[1:]), (path[-1], path[-2::-1])):
            pos = _end_station(stations, cells, end)
            if pos < 0:
                continue
            for point in after:  # the first point of the path clearly away from the station
                dx, dy = point[0] - end[0], point[1] - end[1]
                d = math.hypot(dx, dy)
                if d > _ON_NODE:
                    out[pos].append((dx / d, dy / d))
                    break
    return out


def continuation_rays(stations: Sequence[NameStation], tracks: Sequence[TrackLine],
                      length: float) -> list[list[Segment]]:
    """For each station, where its lines would run on if they went straight through: a terminus's line
    beyond its end, a bending line's both legs beyond the bend. A ray that another link already follows is
    left out (names keep off that link anyway)."""
    rays: list[list[Segment]] = []
    for pos, directions in enumerate(_leaving(stations, tracks)):
        s = stations[pos]
        mine: list[Segment] = []
        for ux, uy in directions:
            if any(ux * vx + uy * vy <= -_SAME_DIRECTION for vx, vy in directions):
                continue
            mine.append((s.x, s.y, s.x - ux * length, s.y - uy * length))
        rays.append(mine)
    return rays
