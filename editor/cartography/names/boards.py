"""Name-placement inputs from boards: a compiled board file's stations and links, or a made-up octilinear
network for tests and the bench. Sizes follow the game's look: discs of 10–14 px, track 4 px per space.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from editor.cartography.network import Frame, Point
from game.board.name_clearance import Disc, NameObstacles, NameStation, TrackLine

SPACE_PX = 4.0  # half-width a track space adds
EDGE_PX = 2.0  # the track bed's edge
WAYPOINT_RADIUS = 6.0


@dataclass(frozen=True, slots=True)
class NameInputs:
    stations: tuple[NameStation, ...]
    obstacles: NameObstacles
    frame: Frame


def half_width(spaces: int) -> float:
    return spaces * SPACE_PX + EDGE_PX


def station_radius(widest: float) -> float:
    """A disc covering most of the widest track at the station, within the game's 10–14 px."""
    return min(14.0, max(10.0, widest + 2.0))


def inputs_from_board(board: Mapping[str, Any]) -> NameInputs:
    """The stations, discs and links of a compiled board (`boards/*.json`)."""
    nodes = board["nodes"]
    widest = [0.0] * len(nodes)
    tracks = []
    for link in board["links"]:
        hw = half_width(int(link.get("spaces", 1)))
        a, b = int(link["a"]), int(link["b"])
        widest[a], widest[b] = max(widest[a], hw), max(widest[b], hw)
        path = tuple((float(x), float(y)) for x, y in link["path"])
        tracks.append(TrackLine(path, hw, f"{nodes[a]['name']}–{nodes[b]['name']}"))
    stations = []
    discs = []
    for index, node in enumerate(nodes):
        x, y = float(node["x"]), float(node["y"])
        if node.get("waypoint"):
            discs.append(Disc(x, y, WAYPOINT_RADIUS))
        else:
            r = station_radius(widest[index])
            stations.append(NameStation(index, str(node["name"]), x, y, r))
            discs.append(Disc(x, y, r, str(node["name"])))
    frame = Frame(float(board.get("width", 1920.0)), float(board.get("height", 1080.0)))
    return NameInputs(tuple(stations), NameObstacles(tuple(discs), tuple(tracks)), frame)


_WORDS = ("Park", "Street", "Cross", "Green", "Hill", "Road", "Gate", "Kings", "Bridge", "Market", "Square",
          "Church", "Wood", "Field", "Mill", "Lane", "Court", "Town", "Bank", "Common", "Heath", "Vale", "Water",
          "Ash", "Oak", "Elm", "Arden", "Bow", "Holborn", "Acton", "Colindale", "Hatton", "Barnet", "Euston",
          "Mile", "End", "Abbey", "Tower", "Dock", "Quay", "Angel", "Temple", "Royal", "Old", "New", "West",
          "East", "North", "South", "Central", "Lake", "Moor", "Brook", "Fenwick", "Marsh", "Ridge")


def _name(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = " ".join(rng.choice(_WORDS) for _ in range(rng.choice((1, 1, 2, 2, 2, 3))))
        if name not in taken and len(name) <= 20:
            taken.add(name)
            return name


def _crowded(point: tuple[int, int], came_from: tuple[int, int], degree: dict[tuple[int, int], int]) -> bool:
    """A new station next to another line's station (not the one the line comes from, nor one beside
    that) would leave no room for names: a spread-out network has none."""
    for dx in (-1, 0, 1):
        for dy in (-1, 0, 1):
            near = (point[0] + dx, point[1] + dy)
            if near != point and near in degree and max(abs(near[0] - came_from[0]),
                                                        abs(near[1] - came_from[1])) > 1:
                return True
    return False


def _walk(rng: random.Random, cols: int, rows: int, degree: dict[tuple[int, int], int],
          edges: set[tuple[tuple[int, int], tuple[int, int]]]) -> list[tuple[int, int]]:
    """One line: mostly straight, an occasional 45° bend; it may cross another line at a station of degree
    2 or less, never run along it, never cross a diagonal between grid points, and stops where it cannot go on."""
    directions = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
    at = (rng.randrange(cols + 1), rng.randrange(rows + 1))
    if degree.get(at, 0) > 2:
        return []
    heading = rng.randrange(8)
    line = [at]
    for _ in range(rng.randrange(5, 14)):
        if rng.random() < 0.2:
            heading = (heading + rng.choice((-1, 1))) % 8
        dx, dy = directions[heading]
        step = (at[0] + dx, at[1] + dy)
        corner = (min(at[0], step[0]), min(at[1], step[1]))
        crossing = ((corner[0], corner[1] + 1), (corner[0] + 1, corner[1])) if dx * dy > 0 else \
            (corner, (corner[0] + 1, corner[1] + 1))
        if (not (0 <= step[0] <= cols and 0 <= step[1] <= rows) or step in line
                or (min(at, step), max(at, step)) in edges or degree.get(step, 0) > 2
                or (dx and dy and crossing in edges) or (step not in degree and _crowded(step, at, degree))):
            break
        line.append(step)
        at = step
    return line if len(line) > 1 else []


def octilinear_network(stations: int, pitch: float = 80.0, seed: int = 1, frame: Frame | None = None,
                       edge: float | None = None) -> NameInputs:
    """A spread-out metro: lines wandering on a `pitch` grid along horizontal, vertical and 45° directions,
    a station at every grid point a line passes (shared points are interchanges), about `stations` of them.
    Without a frame, one is sized to keep the density of 150 stations on a 1920×1080 board. Stations keep
    `edge` px from the board's edges (the frame's margin unless given)."""
    rng = random.Random(seed)
    if frame is None:
        grow = max(1.0, math.sqrt(stations / 150))
        frame = Frame(1920.0 * grow, 1080.0 * grow)
    inset = frame.margin if edge is None else edge
    cols, rows = int((frame.width - 2 * inset) // pitch), int((frame.height - 2 * inset) // pitch)
    degree: dict[tuple[int, int], int] = {}
    edges: set[tuple[tuple[int, int], tuple[int, int]]] = set()
    points: dict[tuple[int, int], int] = {}
    for _ in range(200 * stations):
        if len(points) >= stations:
            break
        line = _walk(rng, cols, rows, degree, edges)
        fresh = [p for p in dict.fromkeys(line) if p not in points]
        if len(points) + len(fresh) > stations:
            continue
        for point in fresh:
            points[point] = len(points)
        for a, b in itertools.pairwise(line):
            edges.add((min(a, b), max(a, b)))
            degree[a] = degree.get(a, 0) + 1
            degree[b] = degree.get(b, 0) + 1

    def place(point: tuple[int, int]) -> Point:
        return (inset + point[0] * pitch, inset + point[1] * pitch)

    taken: set[str] = set()
    names = {index: _name(rng, taken) for index in range(len(points))}
    station_list = []
    discs = []
    for point, index in points.items():
        x, y = place(point)
        station_list.append(NameStation(index, names[index], x, y, 12.0))
        discs.append(Disc(x, y, 12.0, names[index]))
    tracks = tuple(TrackLine((place(a), place(b)), half_width(1), f"{names[points[a]]}–{names[points[b]]}")
                   for a, b in sorted(edges))
    return NameInputs(tuple(station_list), NameObstacles(tuple(discs), tracks), frame)
