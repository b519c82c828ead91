"""Find a board by what a user typed: a built-in name, a compiled board file, or a Tiled source."""

from __future__ import annotations

import json
import os
from functools import lru_cache
from pathlib import Path

from game import resources
from game.board.model import Board, BoardError, load_board_file


def builtin_boards() -> list[str]:
    """Names of the compiled boards that ship with the game, sorted."""
    return resources.builtin_board_names()


def load_board(spec: str | Path) -> Board:
    """Load `london`, `boards/london.json` or `my_city.tmx`; BoardError with one line otherwise."""
    text = str(spec)
    path = Path(text)
    if path.suffix.lower() == ".tmx":
        from game.board.tmx.compiler import compile_tmx

        result = compile_tmx(path)
        if result.board is None:
            first = result.errors[0] if result.errors else "unknown problem"
            more = f" (and {len(result.errors) - 1} more)" if len(result.errors) > 1 else ""
            raise BoardError(f"{first}{more}")
        return result.board
    if path.suffix.lower() == ".json":
        return load_board_file(path)
    builtin = resources.builtin_board(text)
    if builtin is not None:
        return load_board_file(builtin)
    if os.path.isdir(text):  # False, not an error, for a name too long to be a path
        raise BoardError(f"{text} is a folder; give a board: a built-in name, a .json or a .tmx file")
    known = ", ".join(builtin_boards()) or "none installed"
    raise BoardError(f"unknown board {text!r} (built-in boards: {known}; or give a .json or .tmx file)")


def board_file_title(path: str | Path) -> str | None:
    """The name a board file gives itself (its `name` map property, or the compiled board's name), read
    without compiling it; None when the file cannot tell (missing, unreadable, no name). A menu lists boards
    by this, not by file name: a designer's `brooklyn.tmx` may be the board "New York"."""
    file = Path(path)
    try:
        return _file_title(str(file), file.stat().st_mtime_ns)
    except OSError:
        return None


@lru_cache(maxsize=64)
def _file_title(path: str, _mtime: int) -> str | None:
    from game.board.tmx.problems import Reporter
    from game.board.tmx.raw import MAX_NAME
    from game.board.tmx.read import read_properties
    from game.board.tmx.safe_xml import SourceRefused, parse_xml

    data = Path(path).read_bytes()
    try:
        if path.lower().endswith(".json"):
            name = json.loads(data).get("name")
        else:  # the map's properties as the compiler reads them (build.py names the board the same way)
            prop = read_properties(parse_xml(data), Reporter(path), "map properties").get("name")
            name = prop.value if prop is not None else None
    except (SourceRefused, ValueError, AttributeError):
        return None
    return (name.strip()[:MAX_NAME] or None) if isinstance(name, str) else None
