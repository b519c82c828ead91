"""Compile a bus-tour board source (a Tiled map whose `game` property is `bus`) into its BusBoard.

The same untrusted-input path as the Underground's compiler (defusedxml, then read.py's bounded reading),
its own object types (docs/board-format.md "Bus-tour boards"): `place` (a point; its name; `label`, where
its name goes: a side such as `NE` or an offset `@dx,dy`), `route` (a polyline or a straight line; `a`, `b`
places, `spaces` 1–4, `colour`), `district` (a polygon; its name and `value`; its places are the ones inside),
`ticket` (`a`, `b` places, `value`; any object in a layer named "tickets" is one), `water` and `park`
polygons. Every problem is reported in one run, naming the object; no board comes out of a source with an
error. The board check (bus_check.py) then warns about what makes a clean board hard to read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.board.model import MAX_LABEL_PX, MIN_LABEL_PX, BoardError
from game.board.tmx.bus_check import check_board
from game.board.tmx.problems import ERROR, Findings, Problem, Reporter
from game.board.tmx.props import typed_properties
from game.board.tmx.raw import Prop, RawMap, RawObject
from game.board.tmx.read import read_map
from game.board.tmx.safe_xml import MAX_FILE_BYTES, SourceRefused, parse_xml
from game.bus.board import ROUTE_COLOURS, BusBoard, Decoration, District, Place, Route, Ticket
from game.bus.labels import label_spec, name_box
from game.geometry import point_in_polygon

SCHEMAS: dict[str, dict[str, str]] = {
    "place": {"label": "string"},
    "route": {"a": "object", "b": "object", "spaces": "int", "colour": "string"},
    "district": {"value": "int", "colour": "string"},
    "ticket": {"a": "object", "b": "object", "value": "int"},
    "water": {}, "park": {}, "label": {},
}
LABEL_PX = 20.0  # places' names in board px unless the map property `label_px` says otherwise
TICKETS_LAYER = "tickets"  # any object in a layer of this name is a ticket, whatever its type
MIN_TICKETS = 8  # 2 for each of 4 players
DISTRICT_PLACES = (2, 4)
DISTRICT_VALUES = (2, 4)
TICKET_VALUES = (1, 40)
MAP_PROPERTIES = ("game", "name", "label_px")  # and name_XX, the title in language XX

Found = list[tuple[RawObject, dict[str, Any]]]


@dataclass
class BusCompileResult(Findings):
    board: BusBoard | None
    problems: list[Problem] = field(default_factory=list)
    draft: BusBoard | None = None  # assembled despite errors, for defaults; never to be played


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
    try:
        data = Path(path).read_bytes()
    except OSError as error:
        return BusCompileResult(None, [Problem(ERROR, name, None, "", str(error))])
    return compile_bus_bytes(data, name, Path(path).parent)


def compile_bus_bytes(data: bytes, name: str, base_dir: Path | None = None) -> BusCompileResult:
    """Compile a bus-tour source held in memory (the editor's document); `base_dir` is the folder it lives in.
    `draft` is the board as far as it could be assembled even with errors (the editor's defaults read it)."""
    report = Reporter(name)
    try:
        if len(data) > MAX_FILE_BYTES:
            raise SourceRefused(f"the file is over {MAX_FILE_BYTES:,} bytes")
        root = parse_xml(data)
    except SourceRefused as error:
        return BusCompileResult(None, [Problem(ERROR, name, None, "", str(error))])
    try:
        raw = read_map(root, report, base_dir)
        board = _assemble(raw, report, Path(name).stem or "board")
    except Exception as error:  # the boundary: a bug becomes a message, never a traceback
        report.error(None, f"internal error while compiling ({type(error).__name__}: {str(error)[:200]})")
        board = None
    return BusCompileResult(None if report.has_errors else board, report.problems, board)


def _kind(obj: RawObject) -> str:
    if not obj.kind and obj.layer.strip().lower() == TICKETS_LAYER:
        return "ticket"
    return obj.kind


def _assemble(raw: RawMap, report: Reporter, stem: str) -> BusBoard | None:
    objects: dict[str, Found] = {kind: [] for kind in SCHEMAS}
    for obj in raw.objects:
        kind = _kind(obj)
        if kind in SCHEMAS:
            obj.kind = kind
            objects[kind].append((obj, typed_properties(obj, SCHEMAS[kind], report)))
        elif kind:
            report.warn(obj, f"a {kind[:30]!r} object is not part of a bus-tour board and is ignored")
    props = dict(raw.properties)
    label_px = _label_px(props.pop("label_px", None), report)
    places, place_objs, by_id = _places(objects["place"], label_px, report)
    routes, route_objs = _routes(objects["route"], by_id, places, report)
    districts = _districts(objects["district"], places, report)
    tickets, ticket_objs = _tickets(objects["ticket"], by_id, places, report)
    decorations = tuple(Decoration(obj.kind, _rounded(obj.outline()))
                        for kind in ("water", "park") for obj, _ in objects[kind])
    titles = tuple(sorted((key[5:], prop.value.strip()) for key, prop in props.items()
                          if key.startswith("name_") and prop.value.strip()))
    for key in sorted(props):
        if key not in MAP_PROPERTIES and not key.startswith("name_"):
            report.warn(f"map property {key[:40]!r}", "is not read by a bus-tour board and is ignored "
                                                      f"(known: {', '.join(MAP_PROPERTIES)}, name_de …)")
    name = props["name"].value.strip() if "name" in props and props["name"].value.strip() else stem
    board = BusBoard(name, raw.width, raw.height, tuple(places), tuple(routes), tuple(districts), tuple(tickets),
                     decorations, titles, label_px)
    check_board(board, place_objs, route_objs, ticket_objs, report)
    return board


def _rounded(points: tuple[tuple[float, float], ...]) -> tuple[tuple[float, float], ...]:
    return tuple((round(x, 2), round(y, 2)) for x, y in points)


def _label_px(prop: Prop | None, report: Reporter) -> float:
    if prop is None:
        return LABEL_PX
    try:
        value = float(prop.value.strip())
        if not MIN_LABEL_PX <= value <= MAX_LABEL_PX:
            raise ValueError
    except ValueError:
        report.error("map property 'label_px'", f"places' names' size must be a number from {MIN_LABEL_PX:g} to "
                                                f"{MAX_LABEL_PX:g} board pixels, not {prop.value[:20]!r}")
        return LABEL_PX
    return value


def _places(found: Found, label_px: float, report: Reporter) -> tuple[list[Place], list[RawObject], dict[int, int]]:
    """The places in source order, the object each came from, and object id → place index."""
    places: list[Place] = []
    objs: list[RawObject] = []
    by_id: dict[int, int] = {}
    first: dict[str, RawObject] = {}
    for obj, values in found:
        name = obj.name.strip()
        if not name:
            report.error(obj, "a place needs a name of its own (the object's name)")
            continue
        if name in first:
            report.error(obj, f"two places share this name (the other is object {first[name].id})")
            continue
        first[name] = obj
        text = str(values.get("label", ""))
        try:
            spec = label_spec(text)
        except ValueError as error:
            report.error(obj, f"{str(error)[:200]} (e.g. NE, S+8 or @12,-30)")
            spec = label_spec("")
        x, y = obj.centre()
        by_id[obj.id] = len(places)
        places.append(Place(len(places), name, round(x, 2), round(y, 2), name_box(x, y, name, spec, label_px)))
        objs.append(obj)
    return places, objs, by_id


def _ends(obj: RawObject, values: dict[str, Any], by_id: dict[int, int], what: str,
          report: Reporter) -> tuple[int, int] | None:
    """The two places properties a and b refer to, each missing or wrong one reported."""
    ends = []
    for key in ("a", "b"):
        ref = values.get(key)
        if ref is None:
            report.error(obj, f"{what} needs property {key} (an object: one of its two places)")
        elif ref not in by_id:
            report.error(obj, f"{what}'s {key} refers to object {ref}, which is no place")
        else:
            ends.append(by_id[ref])
    if len(ends) < 2:
        return None
    if ends[0] == ends[1]:
        report.error(obj, f"{what} joins two different places (its a and b are the same place)")
        return None
    return ends[0], ends[1]


def _routes(found: Found, by_id: dict[int, int], places: list[Place],
            report: Reporter) -> tuple[list[Route], list[RawObject]]:
    """The routes, a double route's two rows paired as twins; more than two between one pair is an error."""
    drafts = []
    for obj, values in found:
        ends = _ends(obj, values, by_id, "a route", report)
        spaces, colour = values.get("spaces"), values.get("colour", "")
        ok = ends is not None
        if not isinstance(spaces, int) or not 1 <= spaces <= 4:
            report.error(obj, f"a route has 1 to 4 spaces (property spaces), not {spaces}")
            ok = False
        if colour not in ROUTE_COLOURS:
            report.error(obj, f"colour must be one of {', '.join(ROUTE_COLOURS)}, not {str(colour)[:20]!r}")
            ok = False
        if ok and ends is not None and isinstance(spaces, int):
            path = obj.points if obj.shape == "polyline" and len(obj.points) >= 2 else ()
            drafts.append((obj, ends[0], ends[1], spaces, str(colour), _rounded(path)))
    pairs: dict[frozenset[int], list[int]] = {}
    for k, (_, a, b, *_rest) in enumerate(drafts):
        pairs.setdefault(frozenset((a, b)), []).append(k)
    routes = []
    for k, (obj, a, b, spaces, colour, path) in enumerate(drafts):
        group = pairs[frozenset((a, b))]
        if len(group) > 2:
            report.error(obj, f"{len(group)} routes join {places[a].name} and {places[b].name}; "
                              "at most two (a double route)")
        twin = next((other for other in group if other != k), None)
        routes.append(Route(k, a, b, spaces, colour, twin, path))
    return routes, [draft[0] for draft in drafts]


def _districts(found: Found, places: list[Place], report: Reporter) -> list[District]:
    districts = []
    low, high = DISTRICT_PLACES
    for obj, values in found:
        if obj.shape not in ("polygon", "rectangle", "ellipse"):
            report.error(obj, "a district is an area (a polygon round its places)")
            continue
        inside = tuple(p.index for p in places if point_in_polygon((p.x, p.y), obj.outline()))
        if not low <= len(inside) <= high:
            report.error(obj, f"a district holds {low} to {high} places; this one holds {len(inside)}")
        value = values.get("value", min(max(len(inside), DISTRICT_VALUES[0]), DISTRICT_VALUES[1]))
        if not isinstance(value, int) or not DISTRICT_VALUES[0] <= value <= DISTRICT_VALUES[1]:
            report.error(obj, f"a district's value is a whole number from {DISTRICT_VALUES[0]} to "
                              f"{DISTRICT_VALUES[1]}, not {value}")
            value = DISTRICT_VALUES[0]
        if not obj.name.strip():
            report.error(obj, "a district needs a name (the object's name)")
        districts.append(District(obj.name.strip() or f"district {obj.id}", value, inside, values.get("colour", ""),
                                  _rounded(obj.outline())))
    return districts


def _tickets(found: Found, by_id: dict[int, int], places: list[Place],
             report: Reporter) -> tuple[list[Ticket], list[RawObject]]:
    tickets: list[Ticket] = []
    objs: list[RawObject] = []
    for obj, values in found:
        ends = _ends(obj, values, by_id, "a ticket", report)
        value = values.get("value")
        if not isinstance(value, int) or not TICKET_VALUES[0] <= value <= TICKET_VALUES[1]:
            report.error(obj, f"a ticket's value is a whole number from {TICKET_VALUES[0]} to {TICKET_VALUES[1]} "
                              f"(property value), not {value}")
        elif ends is not None:
            tickets.append(Ticket(len(tickets), ends[0], ends[1], value))
            objs.append(obj)
    if len(found) < MIN_TICKETS:
        report.error(None, f"a bus-tour board needs at least {MIN_TICKETS} tickets (2 for each of 4 players), "
                           f"not {len(found)}")
    return tickets, objs
