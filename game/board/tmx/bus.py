"""Compile a bus-tour board source (a Tiled map whose `game` property is `bus`) into its BusBoard.

The same untrusted-input path as the Underground's compiler (defusedxml, then read.py's bounded reading),
its own object types (docs/board-format.md "Bus-tour boards"): `place` (a point; its name; `label`, the side
its name goes), `route` (a polyline or a straight line; `a`, `b` places, `spaces` 1–4, `colour`), `district`
(a polygon; its name and `value`; its places are the ones inside), `ticket` (`a`, `b` places, `value`),
`water` and `park` polygons. Every problem is reported in one run, naming the object; no board comes out
of a source with an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.board.model import BoardError
from game.board.tmx.problems import ERROR, Findings, Problem, Reporter
from game.board.tmx.props import typed_properties
from game.board.tmx.raw import RawMap, RawObject
from game.board.tmx.read import read_map
from game.board.tmx.safe_xml import MAX_FILE_BYTES, SourceRefused, parse_xml
from game.bus.board import ROUTE_COLOURS, BusBoard, Decoration, District, Place, Route, Ticket
from game.bus.labels import SIDES, name_box
from game.geometry import point_in_polygon

SCHEMAS: dict[str, dict[str, str]] = {
    "place": {"label": "string"},
    "route": {"a": "object", "b": "object", "spaces": "int", "colour": "string"},
    "district": {"value": "int", "colour": "string"},
    "ticket": {"a": "object", "b": "object", "value": "int"},
    "water": {}, "park": {}, "label": {},
}
LABEL_PX = 20.0


@dataclass
class BusCompileResult(Findings):
    board: BusBoard | None
    problems: list[Problem] = field(default_factory=list)


def is_bus_source(path: Path) -> bool:
    """Whether a TMX declares the bus tour (map property game = bus), read cheaply and safely."""
    try:
        root = parse_xml(Path(path).read_bytes()[: MAX_FILE_BYTES + 1])
    except (OSError, SourceRefused):
        return False
    props = root.find("properties")
    return props is not None and any(p.get("name") == "game" and p.get("value") == "bus" for p in props)


def load_bus_source(path: Path) -> BusBoard:
    """The board of a bus-tour source, compiled in memory (`simulate --board SRC.tmx`); BoardError with its
    first error and how many more otherwise."""
    result = compile_bus_tmx(path)
    if result.board is None:
        errors = [str(problem) for problem in result.errors] or ["unknown problem"]
        more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
        raise BoardError(f"{errors[0]}{more}")
    return result.board


def compile_bus_tmx(path: Path) -> BusCompileResult:
    name = str(path)
    report = Reporter(name)
    try:
        data = Path(path).read_bytes()
        if len(data) > MAX_FILE_BYTES:
            raise SourceRefused(f"the file is over {MAX_FILE_BYTES:,} bytes")
        root = parse_xml(data)
    except (OSError, SourceRefused) as error:
        return BusCompileResult(None, [Problem(ERROR, name, None, "", str(error))])
    raw = read_map(root, report, Path(path).parent)
    try:
        board = _assemble(raw, report, Path(path).stem)
    except Exception as error:  # the boundary: a bug becomes a message, never a traceback
        report.error(None, f"internal error while compiling ({type(error).__name__}: {str(error)[:200]})")
        board = None
    return BusCompileResult(None if report.has_errors else board, report.problems)


def _assemble(raw: RawMap, report: Reporter, stem: str) -> BusBoard | None:
    objects: dict[str, list[tuple[RawObject, dict[str, Any]]]] = {kind: [] for kind in SCHEMAS}
    for obj in raw.objects:
        if obj.kind in SCHEMAS:
            objects[obj.kind].append((obj, typed_properties(obj, SCHEMAS[obj.kind], report)))
        elif obj.kind:
            report.warn(obj, f"a {obj.kind[:30]!r} object is not part of a bus-tour board and is ignored")
    places: list[Place] = []
    by_id: dict[int, int] = {}
    names: set[str] = set()
    for obj, values in objects["place"]:
        if not obj.name.strip() or obj.name in names:
            report.error(obj, "two places share this name" if obj.name.strip() else "a place needs a name of its own")
            continue
        side = values.get("label") or "E"
        if side not in SIDES:
            report.error(obj, f"label must be one of {', '.join(SIDES)}, not {side[:10]!r}")
            side = "E"
        x, y = obj.centre()
        by_id[obj.id] = len(places)
        names.add(obj.name)
        box = name_box(x, y, obj.name, side, LABEL_PX)
        places.append(Place(len(places), obj.name, round(x, 2), round(y, 2), box))
    routes = _routes(objects["route"], by_id, places, report)
    districts = []
    for obj, values in objects["district"]:
        inside = tuple(p.index for p in places if point_in_polygon((p.x, p.y), obj.outline()))
        if len(inside) < 2:
            report.error(obj, f"a district holds 2 to 4 places; this one holds {len(inside)}")
        value = values.get("value", len(inside))
        if not isinstance(value, int) or not 1 <= value <= 10:
            report.error(obj, "a district's value is a whole number from 1 to 10")
        districts.append(District(obj.name or f"district {obj.id}", int(value), inside, values.get("colour", ""),
                                  tuple((round(x, 2), round(y, 2)) for x, y in obj.outline())))
    tickets: list[Ticket] = []
    for obj, values in objects["ticket"]:
        a, b = by_id.get(values.get("a") or -1), by_id.get(values.get("b") or -1)
        value = values.get("value")
        if a is None or b is None or a == b:
            report.error(obj, "a ticket names two different places (properties a and b)")
        elif not isinstance(value, int) or not 1 <= value <= 40:
            report.error(obj, "a ticket's value is a whole number from 1 to 40")
        else:
            tickets.append(Ticket(len(tickets), a, b, value))
    if len(tickets) < 8:
        report.error(None, f"a bus-tour board needs at least 8 tickets (2 for each of 4 players), not {len(tickets)}")
    decorations = tuple(Decoration(obj.kind, tuple((round(x, 2), round(y, 2)) for x, y in obj.outline()))
                        for kind in ("water", "park") for obj, _ in objects[kind])
    props = {name: prop.value for name, prop in raw.properties.items()}
    titles = tuple(sorted((key[5:], value) for key, value in props.items() if key.startswith("name_")))
    return BusBoard(props.get("name") or stem, raw.width, raw.height, tuple(places), tuple(routes),
                    tuple(districts), tuple(tickets), decorations, titles, LABEL_PX)


def _routes(found: list[tuple[RawObject, dict[str, Any]]], by_id: dict[int, int], places: list[Place],
            report: Reporter) -> list[Route]:
    """The routes, a double route's two rows paired as twins; more than two between one pair is an error."""
    drafts = []
    for obj, values in found:
        a, b = by_id.get(values.get("a") or -1), by_id.get(values.get("b") or -1)
        spaces, colour = values.get("spaces", 1), values.get("colour", "")
        if a is None or b is None or a == b:
            report.error(obj, "a route joins two different places (properties a and b)")
        elif not isinstance(spaces, int) or not 1 <= spaces <= 4:
            report.error(obj, "a route has 1 to 4 spaces")
        elif colour not in ROUTE_COLOURS:
            report.error(obj, f"colour must be one of {', '.join(ROUTE_COLOURS)}, not {str(colour)[:20]!r}")
        else:
            path = obj.points if obj.shape == "polyline" and len(obj.points) >= 2 else ()
            drafts.append((obj, a, b, spaces, colour, tuple((round(x, 2), round(y, 2)) for x, y in path)))
    pairs: dict[frozenset[int], list[int]] = {}
    for k, (_, a, b, *_rest) in enumerate(drafts):
        pairs.setdefault(frozenset((a, b)), []).append(k)
    routes = []
    for k, (obj, a, b, spaces, colour, path) in enumerate(drafts):
        group = pairs[frozenset((a, b))]
        if len(group) > 2:
            report.error(obj, f"{len(group)} routes join {places[a].name} and {places[b].name}; at most two (a double)")
        twin = next((other for other in group if other != k), None)
        routes.append(Route(k, a, b, spaces, colour, twin, path))
    return routes
