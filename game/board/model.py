"""The immutable description of a city board: what the compiler writes and everything else reads.

Nodes are stations and waypoints, addressed by index; links join two nodes and carry 1–4 track
spaces. The board never changes during a game; the rules engine keeps its own mutable state.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from game.board.rule_settings import RULESETS, RuleSettings, check_settings
from game.board.tmx.safe_xml import check_reference
from game.files import BOARD_JSON, JsonFileError, read_json

SCHEMA_VERSION = 2  # 2: station names carry their placed boxes (docs/contracts.md §1b)
READABLE_SCHEMAS = (1, 2)  # a board file of schema 1 has no name boxes: the game puts names east of stations
DESTINATION_KINDS = ("", "standard", "express")
LABEL_PX = 20.0  # station names' size in board pixels unless the board says otherwise
LABEL_FONT = "assets/fonts/NotoSans-CondensedMedium.ttf"

Point = tuple[float, float]


class BoardError(ValueError):
    """A board file that cannot be used; the message says what is wrong in one line."""


@dataclass(frozen=True, slots=True)
class NameLabel:
    """Where a station's name is drawn: its box at the board's name size (top-left corner and size), the
    label property it came from (the side it sits on, so it grows away from its station with the text size,
    or a designer's offset) and its lines, the first one led by the station's feature badges."""

    x: float
    y: float
    w: float
    h: float
    spec: str
    lines: tuple[str, ...]
    badges: int = 0

    @property
    def box(self) -> tuple[float, float, float, float]:
        return (self.x, self.y, self.w, self.h)


@dataclass(frozen=True, slots=True)
class Node:
    """A station or a waypoint (a New York water symbol): a place a link can end at."""

    index: int
    name: str
    x: float
    y: float
    waypoint: bool = False
    destination: str = ""  # "", "standard" or "express"
    cards: int = 0
    railway: bool = False
    terminus: bool = False
    connection: bool = False
    plus: bool = False
    landmarks: int = 0
    start: bool = False
    water: bool = False  # a waypoint that is a water symbol of a crossing
    label: NameLabel | None = None  # where the name goes; None on waypoints and on schema-1 board files

    @property
    def is_station(self) -> bool:
        return not self.waypoint


@dataclass(frozen=True, slots=True)
class Link:
    """A stretch of track between two nodes with `spaces` parallel slots for tokens of different lines."""

    index: int
    a: int
    b: int
    spaces: int
    path: tuple[Point, ...]  # as drawn, from node a to node b, both ends included

    def other(self, node: int) -> int:
        return self.b if node == self.a else self.a

    def path_from(self, node: int) -> tuple[Point, ...]:
        """The drawn path walked from `node` to the other end."""
        return self.path if node == self.a else tuple(reversed(self.path))


@dataclass(frozen=True, slots=True)
class Cluster:
    name: str
    polygon: tuple[Point, ...]
    stations: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Decoration:
    """Water, parks and labels: drawn by the game, no effect on the rules."""

    kind: str  # "water", "park" or "label"
    points: tuple[Point, ...]
    text: str = ""


@dataclass(frozen=True)
class Board:
    name: str
    ruleset: str
    width: float
    height: float
    nodes: tuple[Node, ...]
    links: tuple[Link, ...]
    clusters: tuple[Cluster, ...] = ()
    decorations: tuple[Decoration, ...] = ()
    settings: RuleSettings = field(default_factory=RuleSettings)
    background: str = ""  # image file name, relative to the board file
    label_px: float = LABEL_PX  # station names' font size in board pixels
    label_font: str = LABEL_FONT  # the font file names are measured and drawn with
    titles: dict[str, str] = field(default_factory=dict)  # the board's name in other languages: {"fr": "Londres"}

    # ----- derived lookups, computed once -----

    @cached_property
    def index_of(self) -> dict[str, int]:
        return {node.name: node.index for node in self.nodes}

    @cached_property
    def links_at(self) -> tuple[tuple[int, ...], ...]:
        """For each node, the indices of the links that touch it."""
        touching: list[list[int]] = [[] for _ in self.nodes]
        for link in self.links:
            touching[link.a].append(link.index)
            touching[link.b].append(link.index)
        return tuple(tuple(found) for found in touching)

    @cached_property
    def neighbours(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """For each node, (link index, node at the other end) of every link touching it."""
        return tuple(
            tuple((link, self.links[link].other(node)) for link in touching)
            for node, touching in enumerate(self.links_at)
        )

    @cached_property
    def link_spaces(self) -> tuple[int, ...]:
        return tuple(link.spaces for link in self.links)

    @cached_property
    def link_between(self) -> dict[tuple[int, int], int]:
        """The link joining two nodes, keyed both ways round."""
        pairs: dict[tuple[int, int], int] = {}
        for link in self.links:
            pairs[(link.a, link.b)] = link.index
            pairs[(link.b, link.a)] = link.index
        return pairs

    @cached_property
    def start(self) -> int:
        starts = [node.index for node in self.nodes if node.start]
        if len(starts) != 1:
            raise BoardError(f"board {self.name!r} must have exactly one start station, has {len(starts)}")
        return starts[0]

    @cached_property
    def cluster_of(self) -> dict[int, int]:
        return {station: i for i, cluster in enumerate(self.clusters) for station in cluster.stations}

    @cached_property
    def deck(self) -> tuple[tuple[int, str], ...]:
        """Every destination card as (station index, kind), in board order."""
        return tuple(
            (node.index, node.destination)
            for node in self.nodes
            if node.destination
            for _ in range(node.cards)
        )

    def node(self, name: str) -> Node:
        try:
            return self.nodes[self.index_of[name]]
        except KeyError:
            raise BoardError(f"no station called {name!r} on board {self.name!r}") from None

    def link(self, a: str, b: str) -> Link:
        key = (self.node(a).index, self.node(b).index)
        if key not in self.link_between:
            raise BoardError(f"no link between {a!r} and {b!r} on board {self.name!r}")
        return self.links[self.link_between[key]]

    # ----- JSON -----

    def to_json(self) -> dict[str, Any]:
        return {
            "schema": SCHEMA_VERSION,
            "name": self.name,
            "ruleset": self.ruleset,
            "width": self.width,
            "height": self.height,
            "background": self.background,
            "label_font": self.label_font,
            "label_px": self.label_px,
            "titles": dict(sorted(self.titles.items())),
            "settings": self.settings.to_json(),
            "nodes": [_node_json(node) for node in self.nodes],
            "links": [
                {"a": link.a, "b": link.b, "spaces": link.spaces, "path": [list(p) for p in link.path]}
                for link in self.links
            ],
            "clusters": [
                {"name": c.name, "polygon": [list(p) for p in c.polygon], "stations": list(c.stations)}
                for c in self.clusters
            ],
            "decorations": [
                {"kind": d.kind, "points": [list(p) for p in d.points], "text": d.text} for d in self.decorations
            ],
        }

    def dumps(self) -> str:
        """The board file's text: stable key order, so the same board gives the same bytes."""
        return json.dumps(self.to_json(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, data: Any) -> Board:
        """Build a board from parsed JSON, refusing anything malformed with a one-line BoardError."""
        try:
            return _board_from_json(data)
        except BoardError as error:
            raise BoardError(_clip(str(error))) from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError) as error:
            raise BoardError(_clip(f"malformed board file: {type(error).__name__}: {error}")) from None


MAX_MESSAGE = 300
# The size of board the game is built for: drawing, routing and the bots stay fluid up to here (the bench's
# generated 1,000-station board measures it). A bigger board file is refused with a message saying so.
MAX_STATIONS = 1_000
MAX_WAYPOINTS = 1_000
MAX_LINKS = 3 * (MAX_STATIONS + MAX_WAYPOINTS)  # a schematic network is nearly planar: links < 3 × nodes
MAX_CARDS = 20
MIN_LABEL_PX, MAX_LABEL_PX = 6.0, 100.0
MAX_LANDMARKS = 3

_NODE_DEFAULTS = Node(0, "", 0.0, 0.0)
_NODE_FIELDS = ("waypoint", "destination", "cards", "railway", "terminus", "connection", "plus",
                "landmarks", "start", "water")


def _node_json(node: Node) -> dict[str, Any]:
    data: dict[str, Any] = {"name": node.name, "x": node.x, "y": node.y}
    for name in _NODE_FIELDS:
        value = getattr(node, name)
        if value != getattr(_NODE_DEFAULTS, name):
            data[name] = value
    if node.label is not None:
        label = node.label
        data["label"] = {"x": label.x, "y": label.y, "w": label.w, "h": label.h, "spec": label.spec,
                         "lines": list(label.lines), "badges": label.badges}
    return data


def _titles(raw: Any) -> dict[str, str]:
    if not isinstance(raw, dict) or len(raw) > 50:
        raise BoardError("titles must be an object of at most 50 language codes and names")
    return {str(code)[:8]: _clip(str(title)) for code, title in raw.items()}


def _label(raw: Any, where: str) -> NameLabel | None:
    """A node's name box as the compiler writes it; checked, since a board file may come from anyone."""
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise BoardError(f"{where}: label must be an object with x, y, w, h")
    x, y = _finite(raw["x"], "label x"), _finite(raw["y"], "label y")
    w, h = _finite(raw["w"], "label w"), _finite(raw["h"], "label h")
    if w < 0 or h < 0:
        raise BoardError(f"{where}: a label's width and height cannot be negative")
    lines = raw.get("lines", [])
    if not isinstance(lines, list) or not 1 <= len(lines) <= 2 or not all(isinstance(t, str) for t in lines):
        raise BoardError(f"{where}: a label has one or two lines of text")
    return NameLabel(x, y, w, h, str(raw.get("spec", "")), tuple(lines),
                     _whole(raw.get("badges", 0), f"{where}: label badges", 0, 3))


def _clip(message: str) -> str:
    """One short line, however long or strange the offending value was."""
    line = " ".join(message.split())
    return line if len(line) <= MAX_MESSAGE else line[: MAX_MESSAGE - 1] + "…"


def _whole(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise BoardError(f"{what} must be a whole number from {low} to {high}, not {value!r:.40}")
    return value


def _node_fields(raw: dict[str, Any]) -> dict[str, Any]:
    """The optional node fields, each of the type and range the compiler writes."""
    extra = {name: raw[name] for name in _NODE_FIELDS if name in raw}
    where = f"node {str(raw['name'])[:60]!r}"
    for name, value in extra.items():
        if isinstance(getattr(_NODE_DEFAULTS, name), bool) and not isinstance(value, bool):
            raise BoardError(f"{where}: {name} must be true or false")
    if extra.get("destination", "") not in DESTINATION_KINDS:
        raise BoardError(f"{where}: unknown destination kind {extra['destination']!r:.40}")
    _whole(extra.get("cards", 0), f"{where}: cards", 0, MAX_CARDS)
    _whole(extra.get("landmarks", 0), f"{where}: landmarks", 0, MAX_LANDMARKS)
    return extra


def _check_board(board: Board) -> None:
    """What the compiler guarantees and the engine relies on, checked again for a hand-edited file."""
    names = [node.name for node in board.nodes]
    if len(set(names)) != len(names):
        twice = next(name for name in names if names.count(name) > 1)
        raise BoardError(f"two nodes are called {twice[:60]!r}")
    if len(board.link_between) != 2 * len(board.links):
        raise BoardError("two links join the same pair of nodes")
    board.start  # noqa: B018 -- raises BoardError unless exactly one start station
    if not MIN_LABEL_PX <= board.label_px <= MAX_LABEL_PX:
        raise BoardError(f"label_px must be from {MIN_LABEL_PX:g} to {MAX_LABEL_PX:g} board pixels")
    for cluster in board.clusters:
        for station in cluster.stations:
            if not 0 <= station < len(board.nodes) or board.nodes[station].waypoint:
                raise BoardError(f"cluster {cluster.name[:60]!r} lists {station}, which is not a station")
    try:
        check_settings(board.settings)
    except ValueError as error:
        raise BoardError(str(error)) from None


def _finite(value: Any, what: str) -> float:
    number = float(value)
    if not math.isfinite(number) or abs(number) > 1e7:
        raise BoardError(f"{what} is not a sensible coordinate: {value!r}")
    return number


def _points(raw: Any, what: str) -> tuple[Point, ...]:
    return tuple((_finite(p[0], what), _finite(p[1], what)) for p in raw)


def _check_size(data: dict[str, Any]) -> None:
    """Refuse a board beyond the size the game is built for, before any of it is built."""
    raw_nodes, raw_links = data["nodes"], data["links"]
    if not isinstance(raw_nodes, list) or not isinstance(raw_links, list):
        raise BoardError("nodes and links must be lists")
    waypoints = sum(1 for raw in raw_nodes if isinstance(raw, dict) and raw.get("waypoint") is True)
    stations = len(raw_nodes) - waypoints
    for count, limit, what in ((stations, MAX_STATIONS, "stations"), (waypoints, MAX_WAYPOINTS, "waypoints"),
                               (len(raw_links), MAX_LINKS, "links")):
        if count > limit:
            raise BoardError(f"the board has {count:,} {what}; a board may have at most {limit:,}")


def _board_from_json(data: Any) -> Board:
    if not isinstance(data, dict):
        raise BoardError("a board file must hold a JSON object")
    schema = data.get("schema")
    if schema not in READABLE_SCHEMAS:
        readable = " and ".join(str(v) for v in READABLE_SCHEMAS)
        raise BoardError(f"board file schema {schema!r} is not supported (this game reads {readable})")
    ruleset = data["ruleset"]
    if ruleset not in RULESETS:
        raise BoardError(f"unknown ruleset {ruleset!r}")
    _check_size(data)
    nodes = []
    for i, raw in enumerate(data["nodes"]):
        extra = _node_fields(raw)
        label = _label(raw.get("label"), f"node {str(raw['name'])[:60]!r}")
        nodes.append(Node(i, str(raw["name"]), _finite(raw["x"], "x"), _finite(raw["y"], "y"), **extra,
                          label=label))
    links = []
    for i, raw in enumerate(data["links"]):
        a, b = (_whole(raw[end], f"link {i}: node {end}", 0, len(nodes) - 1) for end in ("a", "b"))
        if a == b:
            raise BoardError(f"link {i} joins node {a} to itself")
        spaces = _whole(raw["spaces"], f"link {i}: spaces", 1, 4)
        path = _points(raw.get("path") or [], "link path")
        if len(path) < 2:
            path = ((nodes[a].x, nodes[a].y), (nodes[b].x, nodes[b].y))
        links.append(Link(i, a, b, spaces, path))
    clusters = tuple(
        Cluster(str(raw["name"]), _points(raw["polygon"], "cluster"),
                tuple(_whole(s, "cluster station", 0, len(nodes) - 1) for s in raw["stations"]))
        for raw in data.get("clusters", [])
    )
    decorations = tuple(
        Decoration(str(raw["kind"]), _points(raw["points"], "decoration"), str(raw.get("text", "")))
        for raw in data.get("decorations", [])
    )
    board = Board(
        name=str(data["name"]),
        ruleset=ruleset,
        width=_finite(data["width"], "width"),
        height=_finite(data["height"], "height"),
        nodes=tuple(nodes),
        links=tuple(links),
        clusters=clusters,
        decorations=decorations,
        settings=RuleSettings.from_json(data.get("settings", {})),
        background=str(data.get("background", "")),
        label_px=_finite(data.get("label_px", LABEL_PX), "label_px"),
        label_font=str(data.get("label_font", LABEL_FONT)),
        titles=_titles(data.get("titles", {})),
    )
    refusal = board.background and check_reference(board.background, None)
    if refusal:  # nothing reads it yet, but a board file must not point a future reader out of its folder
        raise BoardError(f"background image refused: {refusal}")
    _check_board(board)
    return board


def load_board_file(path: Path) -> Board:
    """Read a compiled board file; any problem becomes a BoardError naming the file.

    The file is read by `files.read_json` within a board file's limits (20 MB, nesting, numbers JSON can
    hold), so a huge or hostile file is refused before it costs anything.
    """
    try:
        data = read_json(path, BOARD_JSON)
    except JsonFileError as error:
        raise BoardError(str(error)) from None
    try:
        return Board.from_json(data)
    except BoardError as error:
        raise BoardError(f"{path}: {error}") from None
