"""Compile a Tiled board source (TMX) into the game's Board, reporting every problem in one run.

Used alike by the command-line tools, the editor (in memory, through `compile_tmx_bytes`) and the game
(`.tmx` boards given on the command line). The input is untrusted: it is parsed with defusedxml, then
read by pytmx from the screened tree (read.py says what pytmx reads and what is read directly, and why),
sizes are bounded, no file outside the board's folder is touched, and no input ever raises — every
failure, even an unexpected one, comes back as a Problem.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from game.board.model import Board
from game.board.tmx.build import build_drafts
from game.board.tmx.checks import check_and_assemble
from game.board.tmx.problems import ERROR, Findings, Problem, Reporter
from game.board.tmx.read import read_map
from game.board.tmx.safe_xml import MAX_FILE_BYTES, SourceRefused, parse_xml
from game.files import write_atomically

__all__ = ["CompileResult", "Problem", "compile_tmx", "compile_tmx_bytes", "write_board_atomically"]


@dataclass
class CompileResult(Findings):
    """The board (None whenever there is any error), every problem found (errors and warnings), and apart
    from them what makes the board hard to read (names that collide, stations that crowd: the board check)."""

    board: Board | None
    problems: list[Problem] = field(default_factory=list)
    legibility: list[Problem] = field(default_factory=list)


def compile_tmx(path: Path) -> CompileResult:
    """Read and compile a source file; files it refers to must lie in its own folder."""
    path = Path(path)
    name = str(path)
    try:
        if not path.is_file():
            return _failed(name, "no such file" if not path.exists() else "not a regular file")
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            return _failed(name, f"the file is {size:,} bytes; board sources are limited to {MAX_FILE_BYTES:,}")
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as error:
        return _failed(name, f"cannot read the file: {error.strerror or error}")
    return compile_tmx_bytes(data, name, path.parent)


def compile_tmx_bytes(data: bytes, name: str, base_dir: Path | None = None) -> CompileResult:
    """Compile a source held in memory (the editor's document); `base_dir` is the folder it lives in."""
    try:
        return _compile(data, name, base_dir)
    except Exception as error:  # the boundary: a bug must become a message, never a traceback
        return _failed(name, f"internal error while compiling ({type(error).__name__}: {str(error)[:200]}); "
                             "please report this with the file")


def _compile(data: bytes, name: str, base_dir: Path | None) -> CompileResult:
    report = Reporter(name)
    try:
        root = parse_xml(data)
    except SourceRefused as error:
        return _failed(name, str(error))
    raw = read_map(root, report, base_dir)
    if root.tag != "map":
        return CompileResult(None, report.problems)
    stem = Path(name).stem or "board"
    drafts = build_drafts(raw, report, stem)
    if drafts.background and base_dir is not None and not (base_dir / drafts.background).is_file():
        report.warn(None, f"the background image {drafts.background!r} is not in the board's folder")
    board = check_and_assemble(drafts, report, raw.width, raw.height)
    return CompileResult(board if not report.has_errors else None, report.problems, report.legibility)


def _failed(name: str, message: str) -> CompileResult:
    return CompileResult(None, [Problem(ERROR, name, None, "", message)])


def write_board_atomically(board: Board, out: Path) -> None:
    """Write the board file so a reader sees the old file or the new one, never half of one."""
    write_atomically(Path(out), board.dumps().encode("utf-8"))
