"""A generated board at the size bound (`model.MAX_STATIONS`): what the bench and the tests load to check that
the largest board the game accepts still draws, routes and plays fluidly.

Deterministic from its seed: stations on a jittered grid, a spanning tree of neighbour links plus most other
neighbour pairs (some with a bend), every kind of station feature London has, a river and parks. It goes
through `Board.from_json`, so it is held to every check a board file is.

`python -m game.board.big_board -o big.json [--stations N] [--seed S]` writes it as a board file.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

from game.board.model import MAX_STATIONS, Board
from game.board.rule_settings import settings_for

SPACING = 120.0  # board pixels between grid neighbours (London's links are 60–130)
SYLLABLES = ("ash", "bel", "brook", "cam", "den", "ford", "gate", "ham", "ing", "ley", "mar", "mont", "nor",
             "park", "ridge", "ston", "ton", "vale", "well", "wick", "wood", "bury", "field", "hurst")
SUFFIXES = ("", "", " Road", " Street", " Cross", " Park", " Green", " Junction", " Broadway")


def _name(rng: random.Random, taken: set[str]) -> str:
    """A made-up station name of realistic length (names are what the label placement measures)."""
    while True:
        word = "".join(rng.choice(SYLLABLES) for _ in range(rng.randint(2, 3))).capitalize()
        name = word + rng.choice(SUFFIXES)
        if name not in taken:
            taken.add(name)
            return name


def _features(rng: random.Random, index: int) -> dict[str, Any]:
    roll = rng.random()
    node: dict[str, Any] = {}
    if roll < 0.2:
        node.update(destination="standard", cards=1)
    elif roll < 0.3:
        node.update(destination="express", cards=1)
    if rng.random() < 0.1:
        node["railway"] = True
    if rng.random() < 0.06:
        node["terminus"] = True
    if index % 23 == 5:
        node["connection"] = True
    return node


def big_board_json(stations: int = MAX_STATIONS, seed: int = 1) -> dict[str, Any]:
    """The board file's content: `stations` stations on a grid about 16:9, linked to their neighbours."""
    rng = random.Random(seed)
    columns = max(2, round((stations * 16 / 9) ** 0.5))
    rows = -(-stations // columns)
    cells = [(c, r) for r in range(rows) for c in range(columns)][:stations]
    index = {cell: i for i, cell in enumerate(cells)}
    taken: set[str] = set()
    nodes = []
    for i, (c, r) in enumerate(cells):
        x = SPACING * (c + 1) + rng.uniform(-0.22, 0.22) * SPACING
        y = SPACING * (r + 1) + rng.uniform(-0.22, 0.22) * SPACING
        nodes.append({"name": _name(rng, taken), "x": round(x, 1), "y": round(y, 1), **_features(rng, i)})
    nodes[index[(columns // 2, rows // 2)]]["start"] = True
    pairs = [(index[(c, r)], index[(c + dc, r + dr)]) for (c, r) in cells for dc, dr in ((1, 0), (0, 1))
             if (c + dc, r + dr) in index]
    rng.shuffle(pairs)
    parent = list(range(stations))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    chosen = []
    for a, b in pairs:  # a spanning tree first (every station reachable), then most of the other pairs
        if root(a) != root(b):
            parent[root(a)] = root(b)
            chosen.append((a, b))
        elif rng.random() < 0.55:
            chosen.append((a, b))
    links = []
    for a, b in sorted(chosen):
        ax, ay, bx, by = nodes[a]["x"], nodes[a]["y"], nodes[b]["x"], nodes[b]["y"]
        path = [[ax, ay], [bx, by]]
        if rng.random() < 0.3:  # a bend, as drawn lines have
            path.insert(1, [round(bx if rng.random() < 0.5 else ax, 1), round(ay if path[0][0] == bx else by, 1)])
        links.append({"a": a, "b": b, "spaces": rng.choice((1, 1, 1, 2, 2, 3)), "path": path})
    width, height = SPACING * (columns + 1), SPACING * (rows + 1)
    river = [[0.0, height * 0.45], [width * 0.3, height * 0.52], [width * 0.6, height * 0.43], [width, height * 0.5],
             [width, height * 0.5 + 40], [width * 0.6, height * 0.43 + 40], [width * 0.3, height * 0.52 + 40],
             [0.0, height * 0.45 + 40]]
    parks = [[[x, y], [x + 200, y], [x + 200, y + 140], [x, y + 140]]
             for x, y in ((width * 0.2, height * 0.2), (width * 0.7, height * 0.7), (width * 0.5, height * 0.15))]
    return {
        "schema": 1, "name": f"Generated {stations}", "ruleset": "london", "width": width, "height": height,
        "background": "", "settings": settings_for("london").to_json(), "nodes": nodes,
        "links": links, "clusters": [],
        "decorations": [{"kind": "water", "points": river, "text": ""},
                        *({"kind": "park", "points": park, "text": ""} for park in parks)],
    }


def big_board(stations: int = MAX_STATIONS, seed: int = 1) -> Board:
    """The generated board, checked like any board file."""
    return Board.from_json(big_board_json(stations, seed))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.board.big_board", description=__doc__.split("\n")[0])
    parser.add_argument("-o", "--output", type=Path, required=True, help="the board file to write")
    parser.add_argument("--stations", type=int, default=MAX_STATIONS, help=f"how many (default {MAX_STATIONS})")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    args.output.write_text(big_board(args.stations, args.seed).dumps(), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
