"""The saved game's own fields, checked against its board and its (already checked) engine state.

Beside the engine state a save keeps what the table remembers: the seats, the scores after every turn, the
cards discarded, the event log and the undo groups. The screens index the board and the seats with all of
it (the log's hover highlights links and stations, the end chart reads a score per seat), so a value out of
range would crash a screen at every Continue. `check_save` refuses it first, in one line; the engine state's
own invariants are `game.rules.invariants`'s.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, NoReturn

from game import phrase
from game.board.model import Board
from game.rules.state import GameState

MAX_NAME = 100  # the menu allows 18 characters; anything longer was not written by the game
MAX_LOG = 200  # the save keeps the last 200 log entries


class InvalidSave(ValueError):
    """A save whose table fields do not fit its game; the message says which, in one line."""


def _fail(message: str) -> NoReturn:
    raise InvalidSave(message)


def _whole(value: Any, what: str, low: int = 0, high: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < low or (high is not None and value > high):
        bounds = f"from {low} to {high}" if high is not None else f"of at least {low}"
        _fail(f"{what} must be a whole number {bounds}, not {value!r:.40}")
    return value


def _list(value: Any, what: str) -> list[Any]:
    if not isinstance(value, list):
        _fail(f"{what} must be a list, not {type(value).__name__}")
    return value


def check_save(data: dict[str, Any], board: Board, state: GameState) -> None:
    """Raise InvalidSave unless the save's setup, history, discards, log and undo groups fit `state`."""
    players = state.player_count
    setup = data.get("setup")
    if not isinstance(setup, dict) or not isinstance(setup.get("board"), str):
        _fail("the setup must name its board")
    seats = _list(setup.get("seats"), "the seats")
    if len(seats) != players:
        _fail(f"{len(seats)} seats for a game of {players}")
    for seat in seats:
        if not isinstance(seat, dict) or not isinstance(seat.get("kind"), str) or not isinstance(seat.get("name"), str):
            _fail("a seat must have a kind and a name")
        if len(seat["name"]) > MAX_NAME or len(seat["kind"]) > MAX_NAME:
            _fail(f"a seat's name of {len(seat['name']):,} characters")
    if setup.get("seed") is not None:
        _whole(setup["seed"], "the setup's seed", -(2**63), 2**63)
    _whole(data.get("seed", 0), "the seed", -(2**63), 2**63)
    _check_history(data.get("history", []), state)
    _check_discards(data.get("discards", []), board, state)
    log = _list(data.get("log", []), "the log")
    if len(log) > MAX_LOG:
        _fail(f"{len(log)} log entries; a save keeps {MAX_LOG}")
    for entry in log:
        _check_entry(entry, board, state)
    groups = _list(data.get("groups", []), "the undo groups")
    for count in groups:
        _whole(count, "an undo group", 0, len(log))
    if len(groups) > state.undoable or sum(groups) > len(log):
        _fail(f"{len(groups)} undo groups for {state.undoable} actions to undo")


def _check_history(history: Any, state: GameState) -> None:
    """One row of scores per seat for the start and every turn ended (the end chart draws them)."""
    rows = _list(history, "the score history")
    expected = state.turn + 1 + (state.phase == "over")
    if rows and len(rows) != expected:
        _fail(f"{len(rows)} rows of scores after {state.turn} turns")
    for row in rows:
        if not isinstance(row, list) or len(row) != state.player_count:
            _fail(f"a row of scores for {len(row) if isinstance(row, list) else 'no'} seats, "
                  f"not {state.player_count}")
        for points in row:
            _whole(points, "a score", -100_000, 100_000)


def _check_discards(discards: Any, board: Board, state: GameState) -> None:
    """The cards the passenger visited: with the pile and the display, exactly the board's deck."""
    cards = []
    for card in _list(discards, "the discarded cards"):
        if not (isinstance(card, list) and len(card) == 2 and isinstance(card[1], str)):
            _fail(f"a discarded card must be [station, kind], not {card!r:.40}")
        cards.append((_whole(card[0], "a discarded card's station", 0, len(board.nodes) - 1), card[1]))
    if len(cards) != state.discards:
        _fail(f"{len(cards)} discarded cards listed, {state.discards} discarded in the game")
    if Counter(state.deck) + Counter(state.face_up) + Counter(cards) != Counter(board.deck):
        _fail("the pile, the display and the discarded cards do not make the board's deck")


def _check_entry(entry: Any, board: Board, state: GameState) -> None:
    """A log line: a phrase, and the seat, line, links and stations it lights up, all on this board."""
    if not isinstance(entry, dict):
        _fail("a log entry must be an object")
    try:
        phrase.from_json(entry.get("words"))
    except (ValueError, TypeError, RecursionError):
        _fail("a log entry's words are not a phrase")
    seat = entry.get("seat")
    if seat is not None:
        _whole(seat, "a log entry's seat", 0, state.player_count - 1)
    line = entry.get("line")
    if line is not None and line not in board.settings.line_tokens:
        _fail(f"a log entry names the line {line!r:.40}")
    for name, count in (("links", len(board.links)), ("nodes", len(board.nodes)), ("path", len(board.nodes))):
        for index in _list(entry.get(name, []), f"a log entry's {name}"):
            _whole(index, f"a log entry's {name[:-1] if name != 'path' else 'path node'}", 0, count - 1)
    if not isinstance(entry.get("kind", ""), str):
        _fail("a log entry's kind must be text")
