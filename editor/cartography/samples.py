"""Maps to make for benches and tests: the shipped boards, fresh imports of open data, a big synthetic city.

Each is a `MapRequest` as the editor would build it: the network with the designer's rough positions, each
link's track spaces and each station's feature badges (railway, plus, one tile slot for a connection or
landmark station).
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from editor.cartography.bench import big_network, board_network
from editor.cartography.metro.pipeline import MapRequest
from editor.cartography.network import Area, Frame, Network, Place, Track
from game import resources

# Fresh imports: a part of a city's open data, as a designer would start a board (20–150 stations), imported
# as the editor's Import dialog and `python -m editor import` do it (`import_request`).
IMPORTS: dict[str, dict[str, Any]] = {
    "paris-centre": {"city": "paris", "area": [48.835, 2.30, 48.885, 2.39]},
    "brooklyn-downtown": {"city": "newyork", "area": [40.66, -74.005, 40.715, -73.94]},
    "berlin-mitte": {"city": "berlin", "lines": ["U\\d+", "S\\d+"], "area": [52.49, 13.35, 52.54, 13.45]},
    "london-zone1": {"city": "london", "area": [51.49, -0.20, 51.535, -0.07]},
    "paris-120": {"city": "paris", "area": [48.838, 2.305, 48.883, 2.39]},
    "manhattan-110": {"city": "newyork", "area": [40.70, -74.02, 40.80, -73.93]},
}


def _importing(module: str) -> Any:
    """A module of the open-data importer, loaded when an import is asked for (the importer is the editor's
    own room, checked on its own; cartography's type check does not follow into it)."""
    return importlib.import_module(f"editor.importing.{module}")


def badges_of(node: dict[str, Any]) -> int:
    """A node's feature badges in front of its name: railway, plus, one slot for connection/landmarks."""
    props = node.get("properties", node)
    return int(bool(props.get("railway"))) + int(bool(props.get("plus"))) + int(
        bool(props.get("connection") or props.get("landmarks")))


def board_request(name: str) -> MapRequest:
    """A shipped board (`boards/NAME.json`) as a request: its positions as the rough geography."""
    network, frame = board_network(name)
    path = resources.builtin_board(name)
    if path is None:
        raise ValueError(f"no built-in board {name!r}")
    data = json.loads(path.read_text(encoding="utf-8"))
    spaces = tuple(int(link.get("spaces", 1)) for link in data["links"])
    badges = tuple(badges_of(node) for node in data["nodes"])
    return MapRequest(network, Frame(frame.width, frame.height), spaces, badges,
                      termini=_termini(node.get("properties", node) for node in data["nodes"]))


def data_dir() -> Path:
    """The open network data the product ships (game/data/network), the importer's default."""
    return Path(_importing("network_data").default_data_dir())


def import_request(config: dict[str, Any], data: Path | None = None) -> MapRequest:
    """A fresh import (`editor.importing.importer.build_board`) as a request, rivers and parks included: the
    city's features guessed and the importer's own projection, as a designer's import gets them (until
    2026-11-25 the samples cut the projection's spacing pass short, and the bench timed less than a designer
    waits for: 2.6 s of 4.6 on the 126-station row)."""
    importer = _importing("importer")
    board = importer.build_board({**importer.FRESH_IMPORT, **config}, data or data_dir())
    index = {node.name: i for i, node in enumerate(board.nodes)}
    places = tuple(Place(node.x, node.y, node.name, node.waypoint) for node in board.nodes)
    tracks = tuple(Track(index[link.a], index[link.b], link.lines) for link in board.links)
    spaces = tuple(link.spaces for link in board.links)
    badges = tuple(badges_of(node.properties) for node in board.nodes)
    areas = tuple(Area(kind, tuple(points), name) for kind, points, name in board.decorations)
    return MapRequest(Network(places, tracks, areas), Frame(board.width, board.height), spaces, badges,
                      termini=_termini(node.properties for node in board.nodes))


def _termini(properties: Iterable[Mapping[str, Any]]) -> frozenset[int]:
    return frozenset(i for i, props in enumerate(properties) if props.get("terminus"))


def big_request() -> MapRequest:
    """The 500-station bench city on its 4K board."""
    network, frame = big_network()
    return MapRequest(network, frame)
