"""A small made-up city with every feature the renderer draws, for tests before (and besides) real boards."""

from __future__ import annotations

from game.board.model import Board, Cluster, Decoration, Link, Node
from game.board.rule_settings import RuleSettings

GRID = 100.0

# name, column, row, features
STATIONS: list[tuple[str, float, float, dict]] = [
    ("Harrow Vale", 0, 0, {"terminus": True, "destination": "standard", "cards": 1}),
    ("Kilburn Rise", 2, 0, {"destination": "express", "cards": 1}),
    ("Hampstead Row", 4, 0, {"railway": True}),
    ("Highgate Wells", 6, 0.5, {"terminus": True, "destination": "standard", "cards": 1}),
    ("Maida Cross", 1, 1.5, {"connection": True}),
    ("Camden Lock", 4, 1.5, {"destination": "standard", "cards": 1, "connection": True}),
    ("Archway", 7, 1.5, {"railway": True, "destination": "express", "cards": 1}),
    ("Paddington Yard", 0, 3, {"railway": True, "destination": "standard", "cards": 1}),
    ("Marylebone Gate", 2, 3, {"connection": True}),
    ("Euston Square", 3.5, 3, {"start": True, "railway": True}),
    ("King's Cross", 5, 3, {"railway": True, "destination": "express", "cards": 1, "connection": True}),
    ("Angel Market", 6.5, 3, {"plus": True}),
    ("Hackney Downs", 8.5, 3, {"terminus": True, "destination": "standard", "cards": 1}),
    ("Bayswater", 0.5, 4.5, {"landmarks": 2}),
    ("Oxford Circus", 2.5, 4.5, {"destination": "express", "cards": 1}),
    ("Holborn", 4, 4.5, {"connection": True}),
    ("Barbican", 5.5, 4.5, {"plus": True, "destination": "standard", "cards": 1}),
    ("Liverpool Street", 7, 4.5, {"railway": True, "connection": True}),
    ("Shepherd's Bush", -1, 5.5, {"terminus": True, "destination": "standard", "cards": 1}),
    ("Green Park", 2, 6, {"destination": "standard", "cards": 1, "connection": True}),
    ("Charing Cross", 3.5, 6, {"railway": True, "landmarks": 3}),
    ("Bank", 5.5, 6, {"destination": "express", "cards": 1, "connection": True}),
    ("Whitechapel", 8, 6, {"landmarks": 1}),
    ("Victoria", 1.5, 7.5, {"railway": True}),
    ("Westminster", 3, 7.5, {"destination": "standard", "cards": 1}),
    ("Waterloo", 4, 8.5, {"railway": True, "destination": "express", "cards": 1}),
    ("London Bridge", 6, 8, {"railway": True}),
    ("Canada Water", 8, 8.5, {"terminus": True}),
    ("Brixton Hill", 2, 9.5, {"terminus": True, "destination": "standard", "cards": 1}),
    ("Elephant & Castle", 5, 9.5, {}),
]

WAYPOINTS: list[tuple[str, float, float]] = [("~1", 6.8, 7.1), ("~2", 4.5, 7.4)]

# a, b, spaces, bends (grid coordinates between the two ends)
LINKS: list[tuple[str, str, int, list[tuple[float, float]]]] = [
    ("Harrow Vale", "Kilburn Rise", 1, []),
    ("Kilburn Rise", "Hampstead Row", 2, []),
    ("Hampstead Row", "Highgate Wells", 1, [(5.5, 0)]),
    ("Harrow Vale", "Maida Cross", 1, []),
    ("Kilburn Rise", "Maida Cross", 1, []),
    ("Hampstead Row", "Camden Lock", 2, []),
    ("Highgate Wells", "Archway", 1, [(6, 1), (6.5, 1.5)]),
    ("Maida Cross", "Paddington Yard", 2, [(1, 2), (0, 3)]),
    ("Maida Cross", "Marylebone Gate", 1, []),
    ("Camden Lock", "Euston Square", 3, [(4, 2.5)]),
    ("Camden Lock", "King's Cross", 2, [(4.5, 2), (5, 2.5)]),
    ("Archway", "Angel Market", 1, [(7, 2.5)]),
    ("Archway", "Hackney Downs", 1, [(8.5, 2.5)]),
    ("Paddington Yard", "Marylebone Gate", 2, []),
    ("Marylebone Gate", "Euston Square", 3, []),
    ("Euston Square", "King's Cross", 4, []),
    ("King's Cross", "Angel Market", 3, []),
    ("Angel Market", "Hackney Downs", 2, []),
    ("Paddington Yard", "Bayswater", 2, [(0, 4), (0.5, 4.5)]),
    ("Marylebone Gate", "Oxford Circus", 2, [(2, 4), (2.5, 4.5)]),
    ("Euston Square", "Holborn", 2, [(3.5, 3.5), (4, 4)]),
    ("King's Cross", "Barbican", 1, [(5, 4), (5.5, 4.5)]),
    ("Angel Market", "Liverpool Street", 2, [(6.5, 4)]),
    ("Bayswater", "Oxford Circus", 3, []),
    ("Oxford Circus", "Holborn", 2, []),
    ("Holborn", "Barbican", 3, []),
    ("Barbican", "Liverpool Street", 2, []),
    ("Bayswater", "Shepherd's Bush", 1, [(-1, 4.5)]),
    ("Oxford Circus", "Green Park", 2, [(2.5, 5.5)]),
    ("Holborn", "Charing Cross", 2, [(4, 5.5)]),
    ("Barbican", "Bank", 2, []),
    ("Liverpool Street", "Whitechapel", 1, [(8, 5.5)]),
    ("Liverpool Street", "Bank", 3, [(7, 5), (6, 6)]),
    ("Green Park", "Charing Cross", 1, []),
    ("Charing Cross", "Bank", 2, []),
    ("Bank", "Whitechapel", 1, []),
    ("Green Park", "Victoria", 2, []),
    ("Charing Cross", "Westminster", 2, [(3, 6.5)]),
    ("Victoria", "Westminster", 1, []),
    ("Westminster", "Waterloo", 2, [(3, 8), (3.5, 8.5)]),
    ("Bank", "~1", 2, []),
    ("~1", "London Bridge", 2, []),
    ("Charing Cross", "~2", 1, []),
    ("~2", "Waterloo", 1, []),
    ("Waterloo", "London Bridge", 1, []),
    ("London Bridge", "Canada Water", 1, [(7.5, 8)]),
    ("Whitechapel", "Canada Water", 1, [(8, 7)]),
    ("Victoria", "Brixton Hill", 1, [(1.5, 9)]),
    ("Waterloo", "Elephant & Castle", 2, [(4, 9), (4.5, 9.5)]),
    ("London Bridge", "Elephant & Castle", 1, [(5.5, 8.5), (5.5, 9.5)]),
    ("Brixton Hill", "Elephant & Castle", 1, [(2.5, 10), (4.5, 10)]),
]

RIVER = [(-1.5, 7.2), (1, 6.9), (3, 7.0), (4.5, 7.4), (6.5, 7.0), (9.5, 7.3),
         (9.5, 7.75), (6.5, 7.45), (4.5, 7.85), (3, 7.45), (1, 7.35), (-1.5, 7.65)]
PARK = [(0.9, 6.2), (1.6, 6.1), (1.8, 6.8), (1.0, 6.85)]


def _g(x: float, y: float) -> tuple[float, float]:
    return (x * GRID + 150, y * GRID + 100)


def make_board(name: str = "testville") -> Board:
    """The synthetic board; `name` lets a test pretend it is a built-in board."""
    nodes: list[Node] = []
    for i, (station, x, y, features) in enumerate(STATIONS):
        px, py = _g(x, y)
        nodes.append(Node(i, station, px, py, **features))
    for j, (label, x, y) in enumerate(WAYPOINTS):
        px, py = _g(x, y)
        nodes.append(Node(len(STATIONS) + j, label, px, py, waypoint=True, water=True))
    index = {node.name: node.index for node in nodes}
    links = []
    for i, (a, b, spaces, bends) in enumerate(LINKS):
        na, nb = nodes[index[a]], nodes[index[b]]
        path = ((na.x, na.y), *(_g(x, y) for x, y in bends), (nb.x, nb.y))
        links.append(Link(i, na.index, nb.index, spaces, path))
    cluster_stations = tuple(index[s] for s in ("Holborn", "Barbican", "Bank", "Charing Cross"))
    hull = (_g(3.6, 4.1), _g(5.9, 4.1), _g(5.9, 6.4), _g(3.2, 6.4))
    return Board(
        name=name,
        ruleset="london",
        width=_g(9.5, 10.5)[0],
        height=_g(9.5, 10.5)[1],
        nodes=tuple(nodes),
        links=tuple(links),
        clusters=(Cluster("City", hull, cluster_stations),),
        decorations=(
            Decoration("water", tuple(_g(x, y) for x, y in RIVER), "River Thames"),
            Decoration("park", tuple(_g(x, y) for x, y in PARK), ""),
            Decoration("label", (_g(0.1, 8.3),), "Southbank"),
        ),
        settings=RuleSettings(loops=True),
    )
