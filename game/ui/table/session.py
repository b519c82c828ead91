"""A game at the table: the engine state plus what the screens remember beside it.

The engine knows the rules; the table also remembers who sits where (names, people or computers),
the scores after every turn (for the end chart), the cards already discarded (the pile's contents are
public only as "every card not yet seen") and the event log. All of it goes into the autosave.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from game import i18n
from game.board.loader import load_board
from game.board.model import Board
from game.bots.base import Bot
from game.bots.registry import make_bot
from game.persist import saves
from game.persist.save_check import check_save
from game.phrase import Value
from game.rules.actions import Action, ChooseRoute
from game.rules.events import Event
from game.rules.invariants import check_state
from game.rules.state import STATE_VERSION, GameState, new_game
from game.ui.table.event_log import LogEntry, default_seat_name, describe
from game.ui.table.setup import GameSetup, Seat
from game.ui.table.trips import current_trip

SAVE_VERSION = saves.SAVE_VERSION
FALLBACK_BOT = "greedy"


def bot_for(kind: str, seed: int) -> Bot:
    """The computer player for a menu level; a kind this version does not know (an old save) plays greedy."""
    try:
        return make_bot(kind, seed)
    except ValueError:
        return make_bot(FALLBACK_BOT, seed)


class GameSession:
    """One game with its seats, history, discards and log; `apply` and `undo` keep them all in step."""

    def __init__(self, board: Board, setup: GameSetup, state: GameState | None = None, seed: int = 0) -> None:
        self.board = board
        self.setup = setup
        self.seed = seed
        self.state = state or new_game(board, setup.players, seed)
        self.history: list[list[int]] = [[p.points for p in self.state.players]]
        self.discards: list[tuple[int, str]] = []
        self.log: list[LogEntry] = []
        self.groups: list[int] = []  # log entries per undoable action of this turn
        self.bots: dict[int, Bot] = {
            seat: bot_for(info.kind, seed * 31 + seat) for seat, info in enumerate(setup.seats) if info.is_computer
        }

    # ----- the table -----

    @property
    def names(self) -> list[str]:
        return [self.name(seat) for seat in range(self.state.player_count)]

    def name(self, seat: int) -> str:
        """The seat's name as typed, or its default ("Player 1", "Computer 2") in the language of the moment."""
        return i18n.render(self._name(seat))

    def _name(self, seat: int) -> Value:
        given = self.setup.seats[seat] if seat < len(self.setup.seats) else Seat()
        return given.name or default_seat_name(seat, given.is_computer)

    def is_computer(self, seat: int) -> bool:
        return seat in self.bots

    def pile(self) -> Counter[tuple[int, str]]:
        """The cards still in the pile, as far as anyone at the table can know: all minus those seen."""
        remaining = Counter(self.board.deck)
        remaining.subtract(Counter(self.state.face_up))
        remaining.subtract(Counter(self.discards))
        return +remaining

    # ----- changes -----

    def apply(self, action: Action) -> list[Event]:
        """Apply through the engine and keep the history, discards and log in step."""
        state = self.state
        trip = current_trip(state) if isinstance(action, ChooseRoute) else None
        events = state.apply(action)
        if trip is not None and isinstance(action, ChooseRoute):
            self.discards.append((action.destination, trip.kind))
        entries = describe(events, self.board, [self._name(seat) for seat in range(len(self.setup.seats))], trip)
        self.log.extend(entries)
        if isinstance(action, ChooseRoute):
            self.groups.clear()
        else:
            self.groups.append(len(entries))
        for event in events:
            if event.kind in ("turn", "game_over"):
                self.history.append([p.points for p in state.players])
                self.groups.clear()
        return events

    def can_undo(self) -> bool:
        return self.state.can_undo()

    def undo(self) -> bool:
        """Take back the last action of the turn, and its log lines."""
        if not self.state.undo():
            return False
        if self.groups:
            count = self.groups.pop()
            if count:
                del self.log[-count:]
        return True

    # ----- saving -----

    def to_save(self) -> dict[str, Any]:
        """Everything Continue needs, with the save format and the engine's state format it was written in."""
        return {
            "version": SAVE_VERSION,
            "engine": STATE_VERSION,
            "setup": {"board": self.setup.board, "seed": self.setup.seed,
                      "seats": [{"kind": s.kind, "name": s.name} for s in self.setup.seats]},
            "seed": self.seed,
            "state": self.state.to_json(),
            "history": self.history,
            "discards": [list(card) for card in self.discards],
            "log": [entry.to_json() for entry in self.log[-200:]],
            "groups": list(self.groups),
        }

    def autosave(self) -> str | None:
        """Save the game; a message for the screen when the disk refuses (the game goes on regardless)."""
        problem = saves.write_autosave(self.to_save())
        return problem.text() if problem is not None else None

    @classmethod
    def from_save(cls, data: dict[str, Any]) -> GameSession:
        """Rebuild a session from `to_save`; raises saves.NewerSave for a save from a newer version of the
        game, BoardError if its board cannot be opened, and another exception (InvalidState, InvalidSave,
        KeyError, TypeError, …) if it is unusable. What it returns resumes: every index is in range, every
        count adds up and the log replays to the saved state (rules.invariants, persist.save_check)."""
        data = migrate(data)
        raw = data["setup"]
        setup = GameSetup(str(raw["board"]), [Seat(str(s["kind"]), str(s["name"])) for s in raw["seats"]],
                          raw.get("seed"))
        board = load_board(setup.board)
        state = GameState.from_json(data["state"], board)
        if state.player_count != setup.players:
            raise ValueError("the saved seats do not match the saved game")
        check_state(state)
        check_save(data, board, state)
        session = cls(board, setup, state, int(data.get("seed", 0)))
        session.history = [[int(v) for v in row] for row in data.get("history", [])] or session.history
        session.discards = [(int(s), str(k)) for s, k in data.get("discards", [])]
        session.log = [LogEntry.from_json(entry) for entry in data.get("log", [])]
        session.groups = [int(n) for n in data.get("groups", [])]
        return session


def _from_version_1(data: dict[str, Any]) -> dict[str, Any]:
    """Version 1 did not name the engine's state format beside the state: it is in the state itself."""
    return {**data, "version": 2, "engine": data["state"]["version"]}


def _from_version_2(data: dict[str, Any]) -> dict[str, Any]:
    """Version 2 kept log entries as rendered text ("text"); version 3 keeps phrases ("words"), put into
    words when drawn. An old entry's text stays as it was: a literal, in the language it was written in."""
    log = [{**{k: v for k, v in entry.items() if k != "text"}, "words": str(entry["text"])}
           if isinstance(entry, dict) and "text" in entry else entry for entry in data.get("log", [])]
    return {**data, "version": 3, "log": log}


# version n → a function turning a version-n save into a version n+1 save.
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _from_version_1, 2: _from_version_2}


def migrate(data: dict[str, Any]) -> dict[str, Any]:
    """A save in the current format; NewerSave if it (or its engine state) is newer than this game reads."""
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError(f"save version {version!r} is not a version")
    if version > SAVE_VERSION:
        raise saves.NewerSave(f"save format {version} is newer than {SAVE_VERSION}")
    while version < SAVE_VERSION:
        data = _MIGRATIONS[version](data)
        version += 1
    engine = data.get("engine")
    if not isinstance(engine, int) or isinstance(engine, bool):
        raise ValueError(f"engine version {engine!r} is not a version")
    if engine > STATE_VERSION:
        raise saves.NewerSave(f"engine state format {engine} is newer than {STATE_VERSION}")
    return data


def read_saved_game() -> saves.Loaded:
    """The newest save that really restores a game (older ones are tried in turn, bad ones set aside):
    what the menu checks when it opens, so Continue only ever offers a game it can resume. The restored
    session is `restored`."""
    return saves.read_saves(GameSession.from_save)
