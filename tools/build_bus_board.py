"""Build the bus tour's London board from tools/bus_board_data.py into game/data/bus_boards/london_bus.json.

python -m tools.build_bus_board [--check]

Ticket values are the fewest spaces between their places; each name goes on the side of its place where
its box hits nothing (another name, a place, a route); the build refuses crossing routes and reports
each colour's total spaces, so the board stays balanced when the table changes.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from itertools import combinations, pairwise

from game import resources
from game.board.text_metrics import name_metrics
from game.bus.board import (
    BusBoard,
    Decoration,
    District,
    Place,
    Route,
    Ticket,
    shortest_spaces,
)
from game.files import write_atomically
from game.geometry import band, segment_intersection
from tools import bus_board_data as data

LABEL_PX = 20.0
GAP = 6.0
RADIUS = 15.0
SIDES = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1), "NE": (1, -1), "NW": (-1, -1), "SE": (1, 1),
         "SW": (-1, 1)}

Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _box_hits_segment(box: Box, p: tuple[float, float], q: tuple[float, float], pad: float) -> bool:
    x, y, w, h = box[0] - pad, box[1] - pad, box[2] + 2 * pad, box[3] + 2 * pad
    corners = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
    if any(x <= c[0] <= x + w and y <= c[1] <= y + h for c in (p, q)):
        return True
    return any(segment_intersection(p, q, a, b) is not None for a, b in pairwise([*corners, corners[0]]))


def label_boxes(places: dict[str, tuple[float, float]],
                segments: list[tuple[tuple[float, float], ...]]) -> dict[str, Box]:
    """Each place's name box, greedily: the first side (E, W, N, S, then the corners) that hits nothing."""
    metrics = name_metrics()
    boxes: dict[str, Box] = {}
    for name, (x, y) in sorted(places.items(), key=lambda item: item[1][1]):
        w, h = metrics.size(name, LABEL_PX)
        best: tuple[float, Box] | None = None
        for side, (dx, dy) in SIDES.items():
            reach = RADIUS + GAP
            cx = x + dx * (reach + w / 2) if dx else x
            cy = y + dy * (reach + h / 2) if dy else y
            box = (cx - w / 2, cy - h / 2, w, h)
            cost = 0.0 if side in ("E", "W", "N", "S") else 0.5
            cost += 10 * sum(_overlap(box, other) for other in boxes.values())
            cost += 10 * sum(_overlap(box, (px - RADIUS, py - RADIUS, 2 * RADIUS, 2 * RADIUS))
                             for other, (px, py) in places.items() if other != name)
            cost += 4 * sum(_box_hits_segment(box, p, q, 3.0) for p, q in segments)
            cost += 20 * (box[0] < 0 or box[1] < 0 or box[0] + w > 1920 or box[1] + h > 1080)
            if best is None or cost < best[0]:
                best = (cost, box)
        assert best is not None
        boxes[name] = best[1]
    return boxes


def build() -> tuple[BusBoard, list[str]]:
    names = list(data.PLACES)
    index = {name: i for i, name in enumerate(names)}
    routes: list[Route] = []
    pairs: dict[frozenset[int], list[int]] = {}
    for k, (a, b, _, _) in enumerate(data.ROUTES):
        pairs.setdefault(frozenset((index[a], index[b])), []).append(k)
    problems = [f"{len(ks)} routes between one pair: {data.ROUTES[ks[0]][:2]}" for ks in pairs.values() if len(ks) > 2]
    for k, (a, b, spaces, colour) in enumerate(data.ROUTES):
        group = pairs[frozenset((index[a], index[b]))]
        twin = next((other for other in group if other != k), None)
        routes.append(Route(k, index[a], index[b], spaces, colour, twin))
    segments = [(data.PLACES[a], data.PLACES[b]) for a, b, _, _ in data.ROUTES]
    for (k, (p1, q1)), (m, (p2, q2)) in combinations(enumerate(segments), 2):
        shared = {p1, q1} & {p2, q2}
        if not shared and segment_intersection(p1, q1, p2, q2) is not None:
            problems.append(f"routes cross: {data.ROUTES[k][:2]} and {data.ROUTES[m][:2]}")
    boxes = label_boxes(data.PLACES, segments)
    places = tuple(Place(i, name, float(x), float(y), boxes[name])
                   for i, (name, (x, y)) in enumerate(data.PLACES.items()))
    districts = tuple(District(name, len(members), tuple(index[m] for m in members))
                      for name, members in data.DISTRICTS)
    draft = BusBoard("London", 1920.0, 1080.0, places, tuple(routes), districts, ())
    tickets = []
    for k, (a, b) in enumerate(data.TICKETS):
        value = shortest_spaces(draft, index[a], index[b])
        if value is None:
            problems.append(f"ticket {a} – {b}: no way between them")
            value = 1
        tickets.append(Ticket(k, index[a], index[b], value))
    thames = band([(float(x), float(y)) for x, y in data.THAMES], data.THAMES_HALF, -data.THAMES_HALF)
    decorations = (Decoration("water", tuple(thames)),
                   *(Decoration("park", tuple((float(x), float(y)) for x, y in park)) for park in data.PARKS))
    board = BusBoard("London", 1920.0, 1080.0, places, tuple(routes), districts, tuple(tickets), decorations,
                     tuple(sorted(data.TITLES.items())), LABEL_PX)
    return board, problems


def colour_spaces(board: BusBoard) -> Counter[str]:
    spaces: Counter[str] = Counter()
    for route in board.routes:
        spaces[route.colour] += route.spaces
    return spaces


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if the file is out of date")
    args = parser.parse_args(argv)
    board, problems = build()
    for problem in problems:
        print(f"error: {problem}", file=sys.stderr)
    if problems:
        return 1
    text = json.dumps(board.to_json(), ensure_ascii=False, indent=1) + "\n"
    target = resources.path("bus_boards") / "london_bus.json"
    spaces = colour_spaces(board)
    print(f"london_bus: {len(board.places)} places, {len(board.routes)} routes "
          f"({sum(1 for r in board.routes if r.twin is not None) // 2} double), {len(board.tickets)} tickets "
          f"(values {min(t.value for t in board.tickets)}–{max(t.value for t in board.tickets)}), colours "
          + ", ".join(f"{c} {n}" for c, n in sorted(spaces.items())))
    if args.check:
        return 0 if target.is_file() and target.read_text(encoding="utf-8") == text else 1
    write_atomically(target, text.encode("utf-8"))
    return 0


if __name__ == "__main__":
    sys.exit(main())


