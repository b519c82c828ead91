"""`check_state`: every state a game reaches passes it; a state with the right types and impossible values
(what a damaged or hand-edited save holds) is refused with one line saying what is wrong."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from game.board.model import Board
from game.rules.invariants import InvalidState, check_state
from game.rules.state import GameState
from game.simulate import play_game
from tests.rules.test_random_games import BOARDS


@pytest.mark.parametrize("board_name", list(BOARDS))
def test_every_state_of_real_games_passes(board_name: str) -> None:
    board = BOARDS[board_name]
    for players, seed in ((2, 1), (5, 2)):
        log = play_game(board, ["random"] * players, seed).log
        state = GameState.from_json(play_game(board, ["random"] * players, seed).to_json(), board)
        check_state(state)  # the end of the game, read back as a save is
        for cut in sorted(random.Random(seed).sample(range(len(log)), 12)):
            partial = _replayed(board, players, seed, log[:cut])
            check_state(GameState.from_json(partial.to_json(), board))


def _replayed(board: Board, players: int, seed: int, log: list) -> GameState:
    from game.rules.state import replay

    return replay(board, seed, players, log)


def _mid_game() -> tuple[Board, dict[str, Any]]:
    board = BOARDS["london"]
    log = play_game(board, ["random"] * 2, 5).log
    return board, _replayed(board, 2, 5, log[: len(log) // 2]).to_json()


def _set(path: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        *parents, last = path.split(".")
        target: Any = data
        for key in parents:
            target = target[int(key)] if isinstance(target, list) else target[key]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return change


def _first_track(data: dict[str, Any]) -> str:
    return next(iter(data["tracks"]))


CORRUPTIONS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "seat 5 of 2": (_set("current", 5), "the seat to play 5 is out of range (0 to 1)"),
    "passenger on node 9999": (_set("passenger", 9999), "the passenger's node 9999 is out of range"),
    "a card for a station that does not exist": (
        lambda d: d["face_up"].__setitem__(0, [9999, "standard"]), "a card's station 9999 is out of range"),
    "a card the deck does not hold": (
        lambda d: d["face_up"].__setitem__(0, [d["passenger"], "express"]), "which the board's deck does not hold"),
    "a card many times": (lambda d: d.__setitem__("deck", [d["face_up"][0]] * len(d["deck"])),
                          "more often than the board's deck holds it"),
    "tokens that do not add up": (
        lambda d: d["lines"]["red"].__setitem__("tokens_left", d["lines"]["red"]["tokens_left"] + 1),
        "line red has"),
    "discards that do not add up": (lambda d: d.__setitem__("discards", d["discards"] + 3),
                                    "do not make the board's"),
    "a track on a link with no space": (
        lambda d: d["tracks"].__setitem__(_first_track(d), ["red", "blue", "black", "yellow", "green"]),
        "more tracks than spaces"),
    "turn out of range": (_set("turn", -1), "turn -1 is out of range"),
    "too many actions left": (_set("actions_left", 99), "99 actions left"),
    "a winner who is not at the table": (_set("winners", [7]), "a winner's seat 7 is out of range"),
    "more to undo than was played": (_set("undoable", 10_000), "actions to undo"),
    "the seats' lines swapped": (
        lambda d: d["players"].__setitem__(slice(0, 2), [{**d["players"][0], "lines": d["players"][1]["lines"]},
                                                         {**d["players"][1], "lines": d["players"][0]["lines"]}]),
        "seat 1 holds the lines"),
    "a negative branch token count": (_set("players.1.branch_tokens", -2), "seat 2 has a negative count"),
    "points that the log does not give": (_set("players.0.points", 500), "differs in 'players'"),
    "a log that is not legal": (lambda d: d["log"].insert(0, {"type": "ride", "destination": 0, "lines": []}),
                                "action 1 of the log is not legal there"),
    "a log one action short": (lambda d: d["log"].pop(), "the log does not lead to the saved state"),
    "a different seed": (lambda d: d.__setitem__("seed", d["seed"] + 1), "the log"),
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_impossible_values_are_refused_in_one_line(name: str) -> None:
    board, data = _mid_game()
    check_state(GameState.from_json(data, board))
    change, expected = CORRUPTIONS[name]
    change(data)
    with pytest.raises(InvalidState) as caught:
        check_state(GameState.from_json(data, board))
    message = str(caught.value)
    assert expected in message and "\n" not in message and len(message) < 300, message
