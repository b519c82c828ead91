"""Small synthetic boards for the rules tests, written compactly.

A station is `name: (x, y, "features")` where features is a space-separated list such as
"express railway terminus connection plus landmarks=2 start cards=2 standard waypoint water".
"""

from __future__ import annotations

from game.board.model import Board, Cluster, Link, Node
from game.board.rule_settings import settings_for

FLAGS = ("railway", "terminus", "connection", "plus", "start", "waypoint", "water")


def make_node(index: int, name: str, x: float, y: float, features: str) -> Node:
    words = features.split()
    values: dict[str, object] = {flag: flag in words for flag in FLAGS}
    destination = "express" if "express" in words else "standard" if "standard" in words else ""
    cards = next((int(w.split("=")[1]) for w in words if w.startswith("cards=")), 1 if destination else 0)
    landmarks = next((int(w.split("=")[1]) for w in words if w.startswith("landmarks=")), 0)
    return Node(index, name, float(x), float(y), destination=destination, cards=cards, landmarks=landmarks,
                **values)  # type: ignore[arg-type]


def make_board(
    stations: dict[str, tuple[float, float, str]],
    links: list[tuple[str, str] | tuple[str, str, int]],
    ruleset: str = "custom",
    clusters: dict[str, list[str]] | None = None,
    **settings: object,
) -> Board:
    nodes = tuple(make_node(i, name, x, y, f) for i, (name, (x, y, f)) in enumerate(stations.items()))
    if not any(node.start for node in nodes):
        nodes = (Node(**{**{s: getattr(nodes[0], s) for s in Node.__slots__}, "start": True}), *nodes[1:])
    index = {node.name: node.index for node in nodes}
    built = []
    for i, spec in enumerate(links):
        a, b = index[spec[0]], index[spec[1]]
        spaces = spec[2] if len(spec) > 2 else 1
        built.append(Link(i, a, b, spaces, ((nodes[a].x, nodes[a].y), (nodes[b].x, nodes[b].y))))
    cluster_objects = tuple(
        Cluster(name, (), tuple(index[s] for s in members)) for name, members in (clusters or {}).items()
    )
    return Board(
        name="test", ruleset=ruleset, width=1000, height=1000, nodes=nodes, links=tuple(built),
        clusters=cluster_objects, settings=settings_for(ruleset, settings),
    )


def grid_board(columns: int = 5, rows: int = 4, spaces: int = 2, **settings: object) -> Board:
    """A rectangular grid of stations, every other one a destination: for whole random games."""
    stations: dict[str, tuple[float, float, str]] = {}
    for r in range(rows):
        for c in range(columns):
            kind = ("express" if (r + c) % 4 == 0 else "standard") if (r * columns + c) % 2 == 0 else ""
            features = kind + (" railway" if (r, c) == (1, 1) else "") + (" terminus" if c == columns - 1 else "")
            stations[f"S{r}{c}"] = (c * 100, r * 100, features + (" start" if (r, c) == (0, 0) else ""))
    links: list[tuple[str, str] | tuple[str, str, int]] = []
    for r in range(rows):
        for c in range(columns):
            if c + 1 < columns:
                links.append((f"S{r}{c}", f"S{r}{c + 1}", 1 + (r + c) % spaces))
            if r + 1 < rows:
                links.append((f"S{r}{c}", f"S{r + 1}{c}", 1 + (r * c) % spaces))
    return make_board(stations, links, **settings)
