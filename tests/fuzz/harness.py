"""The one oracle every hostile input goes through: refused with clear one-line messages, or a board that plays.

A refusal must be a Problem or a BoardError (never another exception), each message one line of bounded
length, never the compiler's "internal error" catch-all (that is a bug hidden behind the boundary), and
nothing may appear in the folder. A board that is accepted must survive the start of a real game, since
a board that loads and then crashes the game has not been refused either. Cases are counted so the
session summary can report how many ran.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from pathlib import Path

from game.board.model import Board, BoardError, load_board_file
from game.board.tmx.compiler import CompileResult, compile_tmx, compile_tmx_bytes
from game.rules.state import new_game

CASES: Counter[str] = Counter()
MAX_MESSAGE = 1000  # file name + object + message; the messages themselves are clipped far shorter
PLAY_ACTIONS = 25


def one_line(message: str) -> None:
    """A message a person can read in a terminal: present, one line, not a wall of text, no traceback."""
    assert message.strip(), "an empty message"
    assert "\n" not in message and "\r" not in message, f"a message of several lines: {message!r:.200}"
    assert len(message) <= MAX_MESSAGE, f"a message of {len(message):,} characters"
    assert "Traceback" not in message


def files_in(folder: Path) -> set[str]:
    return {str(p.relative_to(folder)) for p in folder.rglob("*")}


def check_compile_result(result: CompileResult) -> None:
    assert isinstance(result, CompileResult)
    for problem in result.problems:
        one_line(str(problem))
        assert "internal error" not in problem.message, f"the compiler's catch-all fired: {problem}"
    if result.board is None:
        assert result.errors, "refused without saying why"
    else:
        assert not result.errors
        CASES["tmx accepted (and played)"] += 1
        check_playable(result.board)
        # What the compiler writes, the loader must read back as the same board.
        assert Board.from_json(json.loads(result.board.dumps())).dumps() == result.board.dumps()


def check_tmx_bytes(data: bytes, folder: Path, name: str = "fuzz.tmx") -> CompileResult:
    """Compile a source held in memory (as the editor does), in a folder that must stay as it was."""
    before = files_in(folder)
    result = compile_tmx_bytes(data, name, folder)
    check_compile_result(result)
    assert files_in(folder) == before, "compiling wrote a file"
    CASES["tmx"] += 1
    return result


def check_tmx_file(path: Path) -> CompileResult:
    """Compile a source file as the command line and the game do."""
    before = files_in(path.parent)
    result = compile_tmx(path)
    check_compile_result(result)
    assert files_in(path.parent) == before, "compiling wrote a file"
    CASES["tmx"] += 1
    return result


def load_json_file(path: Path) -> Board | str:
    """Load a board file: the board (which must play) or the one-line BoardError message."""
    CASES["json"] += 1
    try:
        board = load_board_file(path)
    except BoardError as error:
        one_line(str(error))
        return str(error)
    CASES["json accepted (and played)"] += 1
    check_playable(board)
    return board


def check_json_file(path: Path) -> Board | None:
    """Load a board file; None when it was refused cleanly."""
    loaded = load_json_file(path)
    return loaded if isinstance(loaded, Board) else None


def check_json_bytes(data: bytes, folder: Path) -> Board | None:
    path = folder / "fuzz.json"
    path.write_bytes(data)
    return check_json_file(path)


def check_playable(board: Board) -> None:
    """An accepted board sets up a game and takes a few turns' worth of legal actions without an exception."""
    try:
        state = new_game(board, 2, 7)
    except (ValueError, BoardError) as error:  # e.g. no colour set for two players: a clean refusal
        one_line(str(error))
        return
    rng = random.Random(7)
    for _ in range(PLAY_ACTIONS):
        actions = state.legal_actions()
        if state.phase == "over":
            break
        assert actions, "no legal action on an accepted board"
        state.apply(rng.choice(actions))
