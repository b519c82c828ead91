"""Which game a board is for, and the bus tour's board however a person names it.

The Underground's lists (game.board.loader.builtin_boards) never hold a bus-tour board: the built-in ones live
in their own folder (resources.bus_board_names). A designer's file is the bus tour's when it says so: a board
file by its schema (`bus-board/…`), a Tiled source by its map property `game` = `bus`. Everything that takes a
`--board` (the menu, simulate, a saved game) asks here first, so a bus-tour board never reaches the
Underground's loader, and a broken one is reported for what is wrong with it.
"""

from __future__ import annotations

from pathlib import Path

from game import resources
from game.board.model import BoardError
from game.board.tmx.bus import is_bus_source, load_bus_source
from game.bus.board import BusBoard, bus_board_for
from game.files import BOARD_JSON, JsonFileError, read_json


def is_bus_board(spec: str) -> bool:
    """Whether `spec` (a built-in name, a board file or a Tiled source) names a board of the bus tour."""
    if spec in resources.bus_board_names():
        return True
    path = Path(spec)
    suffix = path.suffix.lower()
    if suffix == ".tmx":
        return path.is_file() and is_bus_source(path)
    if suffix == ".json" and path.is_file():
        try:
            data = read_json(path, BOARD_JSON)
        except JsonFileError:
            return False
        return isinstance(data, dict) and str(data.get("schema", "")).startswith("bus-board/")
    return False


def load_bus_board(spec: str) -> BusBoard:
    """The bus-tour board `spec` names (a Tiled source is compiled in memory); BoardError in one line otherwise."""
    path = Path(spec)
    if path.suffix.lower() == ".tmx" and spec not in resources.bus_board_names():
        if not (path.is_file() and is_bus_source(path)):
            raise BoardError(f"{spec[:120]} is no bus-tour source (its map property game is not bus)")
        return load_bus_source(path)
    board = bus_board_for(spec)
    if board is None:
        known = ", ".join(resources.bus_board_names()) or "none installed"
        raise BoardError(f"{spec[:120]!r} is no bus-tour board (built-in: {known}; or a bus-board .json or .tmx)")
    return board
