"""The bus tour's autosave: the game after every action, in its own file beside the Underground's, so a
crash, a closed window or a power cut never loses it and Continue brings it back.

`bus-autosave.json` (the previous one kept as `.bak`), written atomically; a save that cannot be read or
no longer fits its board is set aside as `.bad` and the menu simply offers no Continue for it.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.board.model import BoardError
from game.bus.catalogue import load_bus_board
from game.bus.rules.state import BusState, state_from_json
from game.files import JsonFileError, read_json, write_atomically
from game.persist.saves import data_dir

FILE_NAME = "bus-autosave.json"
VERSION = 1


@dataclass
class BusSave:
    board: str
    seats: list[tuple[str, str]]  # (kind, name)
    state: BusState


def bus_save_path() -> Path:
    return data_dir() / FILE_NAME


def write_bus_save(board: str, seats: list[tuple[str, str]], state: BusState) -> str | None:
    """Keep the game; the problem in one line when the disk refuses (the game goes on regardless)."""
    data = {"version": VERSION, "game": "bus", "board": board, "seats": [list(s) for s in seats],
            "state": state.to_json()}
    try:
        write_atomically(bus_save_path(), json.dumps(data).encode("utf-8"), backup=True)
    except OSError as error:
        return f"{type(error).__name__}: {error}"[:200]
    return None


def forget_bus_save() -> None:
    """A finished game is not offered to Continue."""
    with contextlib.suppress(OSError):
        bus_save_path().unlink()


def read_bus_save() -> BusSave | None:
    """The saved game, or None when there is none or it cannot be resumed (then it is set aside)."""
    path = bus_save_path()
    if not path.is_file():
        return None
    try:
        data: Any = read_json(path)
        if data.get("version") != VERSION or data.get("game") != "bus":
            raise ValueError("not a bus-tour save of this version")
        board = load_bus_board(str(data["board"]))  # BoardError when it is gone or broken
        seats = [(str(kind), str(name)) for kind, name in data["seats"]]
        state = state_from_json(board, data["state"])
        if len(seats) != len(state.players) or state.phase == "over":
            raise ValueError("seats and game disagree, or the game is over")
        state.legal_actions()  # a state the rules cannot read fails here, not in the middle of a turn
    except (JsonFileError, BoardError, ValueError, KeyError, TypeError, IndexError, AttributeError):
        with contextlib.suppress(OSError):
            path.replace(path.with_name(FILE_NAME + ".bad"))
        return None
    return BusSave(str(data["board"]), seats, state)
