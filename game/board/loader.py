"""Find a board by what a user typed: a built-in name, a compiled board file, or a Tiled source."""

from __future__ import annotations

from pathlib import Path

from game.board.model import Board, BoardError, load_board_file

BOARDS_DIR = Path(__file__).resolve().parents[2] / "boards"


def builtin_boards() -> list[str]:
    """Names of the compiled boards that ship with the game, sorted."""
    return sorted(path.stem for path in BOARDS_DIR.glob("*.json"))


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
    builtin = BOARDS_DIR / f"{text}.json"
    if builtin.is_file():
        return load_board_file(builtin)
    known = ", ".join(builtin_boards()) or "none installed"
    raise BoardError(f"unknown board {text!r} (built-in boards: {known}; or give a .json or .tmx file)")
