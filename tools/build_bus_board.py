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
from collections.abc import Sequence
from itertools import combinations
from pathlib import Path

from game import resources
from game.board.tmx.bus import compile_bus_tmx
from game.board.tmx.bus_check import drawn_bands, under_route
from game.bus.board import BusBoard, Place, Route, shortest_spaces
from game.bus.labels import SIDES, name_box
from game.bus.measures import PLACE_RADIUS
from game.files import write_atomically
from game.geometry import band, box_point_distance, convex_hull, inflate_box, segment_intersection
from tools import bus_board_data as data

LABEL_PX = 20.0
RADIUS = PLACE_RADIUS
DISTRICT_PAD = 42.0  # board px a district's outline keeps round its places
AWAY = (0, 6, 12)  # board px a name may sit further out than its place's disc, to fit between routes
TILE = 40  # the map's tile size: 48 × 27 tiles make the 1920 × 1080 board

Box = tuple[float, float, float, float]


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _side_cost(label: str) -> float:
    """A plain side first (E, W, N, S), then the corners, then the points between; close to the place first."""
    if label.startswith("@"):
        return 1.5
    side, _, away = label.partition("+")
    return (0.0 if len(side) == 1 else 0.5 if side in ("NE", "NW", "SE", "SW") else 0.8) + 0.05 * float(away or 0)


def label_sides(draft: BusBoard) -> dict[str, str]:
    """Each place's name side: greedily the side whose box hits least (another name, a place, a route as the
    table draws it: the compiler's board check, game/board/tmx/bus_check.py), then a few rounds of moving one
    name at a time to its best side given all the others."""
    places = {p.name: (p.x, p.y) for p in draft.places}
    bands = drawn_bands(draft)
    labels = [f"{side}+{away}" if away else side for away in AWAY for side in SIDES]
    options = {name: {label: name_box(x, y, name, label, LABEL_PX) for label in labels}
               for name, (x, y) in places.items()}

    def cost(name: str, side: str, chosen: dict[str, Box]) -> float:
        box = options[name][side]
        w, h = box[2], box[3]
        total = _side_cost(side)
        total += 10 * sum(_overlap(box, other) for key, other in chosen.items() if key != name)
        total += 3 * sum(_overlap(inflate_box(box, 12), other) for key, other in chosen.items() if key != name)
        total += 10 * sum(box_point_distance(box, px, py) < RADIUS for other, (px, py) in places.items()
                          if other != name)
        total += 10 * sum(under_route(box, line, reach) for _, line, reach in bands)
        total += 1 * sum(under_route(box, line, reach + 4) for _, line, reach in bands)  # a little air
        total += 20 * (box[0] < 0 or box[1] < 0 or box[0] + w > draft.width or box[1] + h > draft.height)
        return total

    sides: dict[str, str] = {}
    chosen: dict[str, Box] = {}
    for name in sorted(places, key=lambda n: places[n][1]):
        sides[name] = min(labels, key=lambda label: cost(name, label, chosen))
        chosen[name] = options[name][sides[name]]
    for _ in range(6):
        moved = False
        for name in sorted(places, key=lambda n: places[n][1]):
            best = min(labels, key=lambda label: cost(name, label, chosen))
            if cost(name, best, chosen) < cost(name, sides[name], chosen) - 1e-9:
                sides[name], chosen[name], moved = best, options[name][best], True
        if not moved:
            break
    for name in sorted(places, key=lambda n: places[n][1]):  # a name no side clears is set by hand, as it were
        if cost(name, sides[name], chosen) >= 10:
            options[name].update(_offsets(name, *places[name]))
            best = min(options[name], key=lambda label: cost(name, label, chosen))
            sides[name], chosen[name] = best, options[name][best]
    return sides


def _offsets(name: str, x: float, y: float) -> dict[str, Box]:
    """Boxes dragged off the sides (`@dx,dy`): any position whose nearest point is just beyond the disc."""
    w, h = name_box(x, y, name, "E", LABEL_PX)[2:]
    found = {}
    for dx in range(-round(w) - 50, 51, 4):
        for dy in range(-round(h) - 50, 51, 4):
            box = (x + dx, y + dy, w, h)
            if RADIUS + 4 <= box_point_distance(box, x, y) <= RADIUS + 30:
                found[f"@{dx},{dy}"] = box
    return found


def draft_board() -> BusBoard:
    """The table as a board (double routes paired, no names placed yet): what the names and tickets are
    measured on."""
    index = {name: i for i, name in enumerate(data.PLACES)}
    places = tuple(Place(i, name, float(x), float(y)) for i, (name, (x, y)) in enumerate(data.PLACES.items()))
    pairs: dict[frozenset[str], list[int]] = {}
    for k, (a, b, _, _) in enumerate(data.ROUTES):
        pairs.setdefault(frozenset((a, b)), []).append(k)
    routes = tuple(Route(k, index[a], index[b], n, colour,
                         next((m for m in pairs[frozenset((a, b))] if m != k), None))
                   for k, (a, b, n, colour) in enumerate(data.ROUTES))
    return BusBoard("London", 1920.0, 1080.0, places, routes, (), ())


def tickets_valued() -> list[tuple[str, str, int]]:
    """Each ticket with its value: the fewest spaces between its places over every route."""
    draft = draft_board()
    index = draft.place_index
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


def _prop(parent: ET.Element, name: str, value: object, kind: str = "") -> None:
    props = parent.find("properties")
    if props is None:
        props = ET.SubElement(parent, "properties")
    attrs = {"name": name, **({"type": kind} if kind else {}), "value": str(value)}
    ET.SubElement(props, "property", attrs)


def _points(points: Sequence[tuple[float, float]], x: float, y: float) -> str:
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
    sides = label_sides(draft_board())
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
    return result.board, [str(p) for p in result.problems]


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
        same = board is not None and target.is_file() and target.read_text(encoding="utf-8") == board.dumps()
        print("london_bus: up to date" if same else "london_bus: out of date (run python -m tools.build_bus_board)")
        return 0 if same else 1
    board, problems = build(source)
    for problem in problems:
        print(problem, file=sys.stderr)
    if board is None:
        return 1
    write_atomically(target, board.dumps().encode("utf-8"))
    spaces = colour_spaces(board)
    print(f"london_bus: {len(board.places)} places, {len(board.routes)} routes "
          f"({sum(1 for r in board.routes if r.twin is not None) // 2} double), {len(board.tickets)} tickets "
          f"(values {min(t.value for t in board.tickets)}–{max(t.value for t in board.tickets)}), colours "
          + ", ".join(f"{c} {n}" for c, n in sorted(spaces.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
