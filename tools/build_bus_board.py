"""Build the bus tour's London board: tools/bus_board_data.py → the Tiled source
game/data/bus_boards/src/london_bus.tmx → (the bus compiler) → game/data/bus_boards/london_bus.json.

python -m tools.build_bus_board [--check]

The source is what a designer opens in Tiled or edits by hand; the board file is always its compile. Each
name goes on the side of its place where its box hits nothing (another name, a place, a route); ticket values
are the fewest spaces between their places; the build refuses crossing routes and reports each colour's total
spaces, so the board stays balanced when the table changes.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ET
from collections import Counter
from itertools import combinations
from pathlib import Path

from game import resources
from game.board.tmx.bus import compile_bus_tmx
from game.bus.board import BusBoard, Place, Route, shortest_spaces
from game.bus.labels import SIDES, name_box
from game.files import write_atomically
from game.geometry import band, convex_hull, segment_intersection
from tools import bus_board_data as data

LABEL_PX = 20.0
RADIUS = 15.0
ROUTE_HALF = 10.0  # board px: half a drawn route's width (game/ui/bus/map_view.py ROUTE_WIDTH)
TWIN_SHIFT = 12.4  # board px: how far each route of a double is drawn off the line between its places
DISTRICT_PAD = 42.0  # board px a district's outline keeps round its places
TILE = 40  # the map's tile size: 48 × 27 tiles make the 1920 × 1080 board

Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def length_under(box: Box, p: tuple[float, float], q: tuple[float, float], reach: float) -> float:
    """How much of a drawn route (the segment p–q, `reach` wide either side) lies under the box, in board px
    of its length: a name grazing a route's end costs little, one lying across it much."""
    x, y, w, h = box[0] - reach, box[1] - reach, box[2] + 2 * reach, box[3] + 2 * reach
    length = ((q[0] - p[0]) ** 2 + (q[1] - p[1]) ** 2) ** 0.5
    steps = max(1, round(length / 2))
    inside = sum(1 for k in range(steps + 1)
                 if x <= p[0] + (q[0] - p[0]) * k / steps <= x + w and y <= p[1] + (q[1] - p[1]) * k / steps <= y + h)
    return length * inside / (steps + 1)


def label_sides(places: dict[str, tuple[float, float]],
                segments: list[tuple[tuple[float, float], tuple[float, float], float]]) -> dict[str, str]:
    """Each place's name side, greedily: the first side (E, W, N, S, then the corners) that hits nothing.
    A segment is a route as drawn: the line between its places and how far its spaces reach either side."""
    boxes: dict[str, Box] = {}
    sides: dict[str, str] = {}
    for name, (x, y) in sorted(places.items(), key=lambda item: item[1][1]):
        best: tuple[float, str, Box] | None = None
        for side in SIDES:
            box = name_box(x, y, name, side, LABEL_PX)
            w, h = box[2], box[3]
            cost = 0.0 if side in ("E", "W", "N", "S") else 0.5
            cost += 10 * sum(_overlap(box, other) for other in boxes.values())
            cost += 10 * sum(_overlap(box, (px - RADIUS, py - RADIUS, 2 * RADIUS, 2 * RADIUS))
                             for other, (px, py) in places.items() if other != name)
            cost += 0.2 * sum(length_under(box, p, q, reach) for p, q, reach in segments)  # 20 px: a clash
            cost += 20 * (box[0] < 0 or box[1] < 0 or box[0] + w > 1920 or box[1] + h > 1080)
            if best is None or cost < best[0]:
                best = (cost, side, box)
        assert best is not None
        sides[name], boxes[name] = best[1], best[2]
    return sides


def tickets_valued() -> list[tuple[str, str, int]]:
    """Each ticket with its value: the fewest spaces between its places over every route."""
    names = list(data.PLACES)
    index = {name: i for i, name in enumerate(names)}
    places = tuple(Place(i, name, float(x), float(y)) for i, (name, (x, y)) in enumerate(data.PLACES.items()))
    routes = tuple(Route(k, index[a], index[b], n, colour) for k, (a, b, n, colour) in enumerate(data.ROUTES))
    draft = BusBoard("London", 1920.0, 1080.0, places, routes, (), ())
    return [(a, b, shortest_spaces(draft, index[a], index[b]) or 0) for a, b in data.TICKETS]


def problems_of_the_table() -> list[str]:
    """Crossing routes, more than two routes between one pair, a ticket with no way: the build refuses them."""
    segments = [(data.PLACES[a], data.PLACES[b]) for a, b, _, _ in data.ROUTES]
    found = []
    for (k, (p1, q1)), (m, (p2, q2)) in combinations(enumerate(segments), 2):
        if not {p1, q1} & {p2, q2} and segment_intersection(p1, q1, p2, q2) is not None:
            found.append(f"routes cross: {data.ROUTES[k][:2]} and {data.ROUTES[m][:2]}")
    pairs = Counter(frozenset((a, b)) for a, b, _, _ in data.ROUTES)
    found += [f"{n} routes between {sorted(pair)}" for pair, n in pairs.items() if n > 2]
    found += [f"ticket {a} – {b}: no way between them" for a, b, value in tickets_valued() if not value]
    return found


def route_segments() -> list[tuple[tuple[float, float], tuple[float, float], float]]:
    """Each pair of places joined by a route, with how far the drawn route (or double route) reaches sideways."""
    pairs = Counter(frozenset((a, b)) for a, b, _, _ in data.ROUTES)
    return [(data.PLACES[a], data.PLACES[b], ROUTE_HALF + (TWIN_SHIFT if n > 1 else 0.0))
            for pair, n in pairs.items() for a, b in [sorted(pair)]]


def _prop(parent: ET.Element, name: str, value: object, kind: str = "") -> None:
    props = parent.find("properties")
    if props is None:
        props = ET.SubElement(parent, "properties")
    attrs = {"name": name, **({"type": kind} if kind else {}), "value": str(value)}
    ET.SubElement(props, "property", attrs)


def _points(points: list[tuple[float, float]], x: float, y: float) -> str:
    return " ".join(f"{px - x:g},{py - y:g}" for px, py in points)


def tmx_source() -> bytes:
    """The board as a Tiled map (docs/board-format.md "Bus-tour boards")."""
    root = ET.Element("map", {"version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal",
                              "renderorder": "right-down", "width": str(1920 // TILE), "height": str(1080 // TILE),
                              "tilewidth": str(TILE), "tileheight": str(TILE), "infinite": "0"})
    _prop(root, "game", "bus")
    _prop(root, "name", "London")
    for language, title in sorted(data.TITLES.items()):
        _prop(root, f"name_{language}", title)
    next_id = 1

    def obj(layer: ET.Element, kind: str, x: float, y: float, name: str = "") -> ET.Element:
        nonlocal next_id
        attrs = {"id": str(next_id), **({"name": name} if name else {}), "type": kind, "x": f"{x:g}", "y": f"{y:g}"}
        next_id += 1
        return ET.SubElement(layer, "object", attrs)

    layers = {name: ET.SubElement(root, "objectgroup", {"id": str(k + 1), "name": name})
              for k, name in enumerate(("decoration", "districts", "routes", "places", "tickets"))}
    thames = band([(float(x), float(y)) for x, y in data.THAMES], data.THAMES_HALF, -data.THAMES_HALF)
    for kind, outline in (("water", thames), *(("park", [(float(x), float(y)) for x, y in p]) for p in data.PARKS)):
        element = obj(layers["decoration"], kind, 0, 0)
        ET.SubElement(element, "polygon", {"points": _points(outline, 0, 0)})
    for name, members in data.DISTRICTS:
        ring = [(x + dx * DISTRICT_PAD, y + dy * DISTRICT_PAD) for m in members for x, y in [data.PLACES[m]]
                for dx, dy in ((1, 0), (0.7, 0.7), (0, 1), (-0.7, 0.7), (-1, 0), (-0.7, -0.7), (0, -1), (0.7, -0.7))]
        element = obj(layers["districts"], "district", 0, 0, name)
        hull = [(round(x), round(y)) for x, y in convex_hull(ring)]
        ET.SubElement(element, "polygon", {"points": _points(hull, 0, 0)})
        _prop(element, "value", len(members), "int")
    place_ids: dict[str, int] = {}
    for name in data.PLACES:  # places get their ids first: routes and tickets refer to them
        place_ids[name] = next_id
        next_id += 1
    sides = label_sides(data.PLACES, route_segments())
    for a, b, spaces, colour in data.ROUTES:
        (ax, ay), (bx, by) = data.PLACES[a], data.PLACES[b]
        element = obj(layers["routes"], "route", ax, ay)
        ET.SubElement(element, "polyline", {"points": f"0,0 {bx - ax:g},{by - ay:g}"})
        _prop(element, "a", place_ids[a], "object")
        _prop(element, "b", place_ids[b], "object")
        _prop(element, "spaces", spaces, "int")
        _prop(element, "colour", colour)
    for name, (x, y) in data.PLACES.items():
        element = ET.SubElement(layers["places"], "object", {"id": str(place_ids[name]), "name": name,
                                                               "type": "place", "x": f"{x:g}", "y": f"{y:g}"})
        _prop(element, "label", sides[name])
        ET.SubElement(element, "point")
    for k, (a, b, value) in enumerate(tickets_valued()):
        element = obj(layers["tickets"], "ticket", 1880, 20 + 24 * k)  # a column of pins at the edge
        _prop(element, "a", place_ids[a], "object")
        _prop(element, "b", place_ids[b], "object")
        _prop(element, "value", value, "int")
        ET.SubElement(element, "point")
    root.set("nextlayerid", str(len(layers) + 1))
    root.set("nextobjectid", str(next_id))
    ET.indent(root, " ")
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="utf-8") + b"\n"


def build(source: Path) -> tuple[BusBoard | None, list[str]]:
    """Write the source, compile it; the board, or the problems."""
    problems = problems_of_the_table()
    if problems:
        return None, problems
    write_atomically(source, tmx_source())
    result = compile_bus_tmx(source)
    return result.board, [f"{p.severity}: {p}" for p in result.problems]


def colour_spaces(board: BusBoard) -> Counter[str]:
    spaces: Counter[str] = Counter()
    for route in board.routes:
        spaces[route.colour] += route.spaces
    return spaces


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 if a file is out of date")
    args = parser.parse_args(argv)
    folder = resources.path("bus_boards")
    source, target = folder / "src" / "london_bus.tmx", folder / "london_bus.json"
    if args.check:
        text = tmx_source()
        board = compile_bus_tmx(source).board if source.is_file() and source.read_bytes() == text else None
        same = board is not None and target.is_file() and target.read_text(encoding="utf-8") == _board_text(board)
        print("london_bus: up to date" if same else "london_bus: out of date (run python -m tools.build_bus_board)")
        return 0 if same else 1
    board, problems = build(source)
    for problem in problems:
        print(problem, file=sys.stderr)
    if board is None:
        return 1
    write_atomically(target, _board_text(board).encode("utf-8"))
    spaces = colour_spaces(board)
    print(f"london_bus: {len(board.places)} places, {len(board.routes)} routes "
          f"({sum(1 for r in board.routes if r.twin is not None) // 2} double), {len(board.tickets)} tickets "
          f"(values {min(t.value for t in board.tickets)}–{max(t.value for t in board.tickets)}), colours "
          + ", ".join(f"{c} {n}" for c, n in sorted(spaces.items())))
    return 0


def _board_text(board: BusBoard) -> str:
    import json

    return json.dumps(board.to_json(), ensure_ascii=False, indent=1) + "\n"


if __name__ == "__main__":
    sys.exit(main())
