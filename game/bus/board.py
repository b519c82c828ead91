"""The board of the bus tour (docs/bus-rules.md): places joined by coloured routes, districts, tickets.

Frozen like the Underground's board, and read from its own compiled file (`game/data/bus_boards/*.json`,
docs/board-format.md "Bus-tour boards") through the same bounded JSON reader, so a hostile or hand-broken
file is one line of error, never a traceback. Places and routes are addressed by index.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from game import resources
from game.board.model import BoardError
from game.files import BOARD_JSON, JsonFileError, read_json

SCHEMA = "bus-board/1"
COLOURS = ("orange", "yellow", "pink", "green", "blue", "black")  # the six card and route colours
GREY = "grey"  # a grey route is paid with any one colour
ROUTE_COLOURS = (*COLOURS, GREY)
MAX_PLACES = 200
MAX_ROUTES = 600
MAX_TICKETS = 200
MAX_NAME = 80

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Place:
    """A place of London a route can end at; `label` is the box its name is drawn in (board px)."""

    index: int
    name: str
    x: float
    y: float
    label: tuple[float, float, float, float] | None = None


@dataclass(frozen=True, slots=True)
class Route:
    """A row of 1–4 spaces of one colour between two places; `twin` is the other route of a double route."""

    index: int
    a: int
    b: int
    spaces: int
    colour: str
    twin: int | None = None
    path: tuple[Point, ...] = ()

    def other_end(self, place: int) -> int:
        return self.b if place == self.a else self.a


@dataclass(frozen=True, slots=True)
class District:
    """Places of one district, worth `value` to each player who joins them all with their own routes."""

    name: str
    value: int
    places: tuple[int, ...]
    colour: str = ""
    outline: tuple[Point, ...] = ()


@dataclass(frozen=True, slots=True)
class Ticket:
    """A destination ticket: join `a` and `b` with your own routes for `value` points, or lose them."""

    index: int
    a: int
    b: int
    value: int


@dataclass(frozen=True, slots=True)
class Decoration:
    kind: str  # "water" or "park"
    points: tuple[Point, ...]


@dataclass(frozen=True)
class BusBoard:
    name: str
    width: float
    height: float
    places: tuple[Place, ...]
    routes: tuple[Route, ...]
    districts: tuple[District, ...]
    tickets: tuple[Ticket, ...]
    decorations: tuple[Decoration, ...] = ()
    titles: tuple[tuple[str, str], ...] = ()  # (language, title): the board's own name per language
    label_px: float = 20.0

    @cached_property
    def place_index(self) -> dict[str, int]:
        return {place.name: place.index for place in self.places}

    @cached_property
    def routes_at(self) -> tuple[tuple[int, ...], ...]:
        """The routes ending at each place."""
        found: list[list[int]] = [[] for _ in self.places]
        for route in self.routes:
            found[route.a].append(route.index)
            found[route.b].append(route.index)
        return tuple(tuple(r) for r in found)

    def place(self, name: str) -> Place:
        return self.places[self.place_index[name]]

    def title(self, language: str = "en") -> str:
        return dict(self.titles).get(language, self.name)

    # ----- the file -----

    def to_json(self) -> dict[str, Any]:
        def label(place: Place) -> dict[str, float] | None:
            if place.label is None:
                return None
            x, y, w, h = place.label
            return {"x": x, "y": y, "w": w, "h": h}

        return {
            "schema": SCHEMA, "game": "bus", "name": self.name, "titles": dict(self.titles),
            "width": self.width, "height": self.height, "label_px": self.label_px,
            "places": [{"name": p.name, "x": p.x, "y": p.y, **({"label": label(p)} if p.label else {})}
                       for p in self.places],
            "routes": [{"a": self.places[r.a].name, "b": self.places[r.b].name, "spaces": r.spaces,
                        "colour": r.colour, "twin": r.twin, "path": [list(p) for p in r.path]} for r in self.routes],
            "districts": [{"name": d.name, "value": d.value, "colour": d.colour,
                           "places": [self.places[i].name for i in d.places],
                           "outline": [list(p) for p in d.outline]} for d in self.districts],
            "tickets": [{"a": self.places[t.a].name, "b": self.places[t.b].name, "value": t.value}
                        for t in self.tickets],
            "decorations": [{"kind": d.kind, "points": [list(p) for p in d.points]} for d in self.decorations],
        }

    def dumps(self) -> str:
        """The board file's text: the same board always gives the same bytes (`compile` and the build)."""
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"

    @classmethod
    def from_json(cls, data: Any) -> BusBoard:
        """A board from its file's JSON; BoardError (one line) for anything the game cannot play."""
        if not isinstance(data, dict) or data.get("schema") != SCHEMA:
            raise BoardError(f"not a bus-tour board file (expected \"schema\": \"{SCHEMA}\")")
        try:
            return _parse(data)
        except (KeyError, TypeError, ValueError) as error:
            if isinstance(error, BoardError):
                raise
            raise BoardError(f"malformed bus-tour board: {type(error).__name__} {error}"[:300]) from None


def _number(value: Any, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise BoardError(f"{what} must be a number, not {value!r:.40}")
    return float(value)


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise BoardError(f"{what} must be a whole number from {low} to {high}, not {value!r:.40}")
    return value


def _points(raw: Any, what: str) -> tuple[Point, ...]:
    if not isinstance(raw, list) or len(raw) > 10_000:
        raise BoardError(f"{what} must be a list of points")
    return tuple((_number(p[0], what), _number(p[1], what)) for p in raw)


def _name(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > MAX_NAME:
        raise BoardError(f"{what} must be a name of 1 to {MAX_NAME} characters")
    return value


def _parse(data: dict[str, Any]) -> BusBoard:
    raw_places, raw_routes = data["places"], data["routes"]
    raw_districts, raw_tickets = data.get("districts", []), data.get("tickets", [])
    for raw, limit, what in ((raw_places, MAX_PLACES, "places"), (raw_routes, MAX_ROUTES, "routes"),
                             (raw_districts, MAX_PLACES, "districts"), (raw_tickets, MAX_TICKETS, "tickets")):
        if not isinstance(raw, list) or len(raw) > limit:
            raise BoardError(f"{what} must be a list of at most {limit}")
    places = []
    for i, raw in enumerate(raw_places):
        box = raw.get("label")
        label = None if box is None else tuple(_number(box[k], "a label box") for k in ("x", "y", "w", "h"))
        places.append(Place(i, _name(raw["name"], f"place {i}"), _number(raw["x"], "x"), _number(raw["y"], "y"),
                            label))  # type: ignore[arg-type]
    index = {p.name: p.index for p in places}
    if len(index) != len(places):
        raise BoardError("two places share a name")

    def place_of(name: Any, what: str) -> int:
        if name not in index:
            raise BoardError(f"{what} names {name!r:.60}, which is no place on the board")
        return index[name]

    routes = []
    for k, raw in enumerate(raw_routes):
        colour = raw["colour"]
        if colour not in ROUTE_COLOURS:
            raise BoardError(f"route {k}: colour {colour!r:.30} is none of {', '.join(ROUTE_COLOURS)}")
        twin = raw.get("twin")
        if twin is not None:
            _whole(twin, f"route {k}: twin", 0, len(raw_routes) - 1)
        a, b = place_of(raw["a"], f"route {k}"), place_of(raw["b"], f"route {k}")
        if a == b:
            raise BoardError(f"route {k} joins {raw['a']!r:.60} to itself")
        routes.append(Route(k, a, b, _whole(raw["spaces"], f"route {k}: spaces", 1, 4), colour, twin,
                            _points(raw.get("path", []), f"route {k}: path")))
    for route in routes:
        if route.twin is not None:
            other = routes[route.twin]
            if other.twin != route.index or {other.a, other.b} != {route.a, route.b} or other.index == route.index:
                raise BoardError(f"route {route.index}: its twin {route.twin} is not the other route of a double route")
    districts = tuple(
        District(_name(raw["name"], "a district"), _whole(raw["value"], f"district {raw['name']!r:.40}: value", 1, 10),
                 tuple(place_of(name, f"district {raw['name']!r:.40}") for name in raw["places"]),
                 str(raw.get("colour", "")), _points(raw.get("outline", []), "a district outline"))
        for raw in raw_districts)
    tickets = tuple(Ticket(k, place_of(raw["a"], f"ticket {k}"), place_of(raw["b"], f"ticket {k}"),
                           _whole(raw["value"], f"ticket {k}: value", 1, 40)) for k, raw in enumerate(raw_tickets))
    decorations = tuple(Decoration(str(raw["kind"]), _points(raw["points"], "a decoration"))
                        for raw in data.get("decorations", []))
    titles = data.get("titles", {})
    if not isinstance(titles, dict):
        raise BoardError("titles must be an object of language: title")
    return BusBoard(_name(data.get("name", "London"), "the board's name"), _number(data.get("width", 1920), "width"),
                    _number(data.get("height", 1080), "height"), tuple(places), tuple(routes), districts, tickets,
                    decorations, tuple(sorted((str(k), str(v)) for k, v in titles.items())),
                    _number(data.get("label_px", 20.0), "label_px"))


def load_bus_board_file(path: Path) -> BusBoard:
    """Read a compiled bus-tour board; any problem becomes a BoardError naming the file."""
    try:
        data = read_json(path, BOARD_JSON)
    except JsonFileError as error:
        raise BoardError(str(error)) from None
    try:
        return BusBoard.from_json(data)
    except BoardError as error:
        raise BoardError(f"{path}: {error}") from None


def bus_board_for(spec: str) -> BusBoard | None:
    """The bus-tour board a `--board` names (a built-in name or a bus-board file), None if it names none.
    A file is a bus-tour board when its schema says so: a broken one is a BoardError about the bus board,
    not handed to the Underground's loader (which would only say it does not know the schema)."""
    builtin = resources.bus_board(spec)
    if builtin is not None:
        return load_bus_board_file(builtin)
    path = Path(spec)
    if path.suffix.lower() == ".json" and path.is_file():
        try:
            data = read_json(path, BOARD_JSON)
        except JsonFileError:
            return None  # not readable as a board at all: the Underground's loader says what is wrong
        if not (isinstance(data, dict) and str(data.get("schema", "")).startswith("bus-board/")):
            return None  # an Underground board
        try:
            return BusBoard.from_json(data)
        except BoardError as error:
            raise BoardError(f"{path}: {error}") from None
    return None


def shortest_spaces(board: BusBoard, a: int, b: int, routes: Sequence[int] | None = None) -> int | None:
    """The fewest spaces joining two places over the given routes (all of them by default); None if none."""
    import heapq

    allowed = set(range(len(board.routes))) if routes is None else set(routes)
    best = {a: 0}
    heap = [(0, a)]
    while heap:
        d, v = heapq.heappop(heap)
        if v == b:
            return d
        if d > best.get(v, math.inf):
            continue
        for k in board.routes_at[v]:
            if k not in allowed:
                continue
            route = board.routes[k]
            u, nd = route.other_end(v), d + route.spaces
            if nd < best.get(u, math.inf):
                best[u] = nd
                heapq.heappush(heap, (nd, u))
    return None
