"""Every level finishes games on every shipped board and player count, and the same seed replays the game."""

from __future__ import annotations

import pytest

from game.bots.registry import BOTS, make_bot
from game.rules.observation import observe
from game.rules.state import GameState, new_game
from tests.bots.helpers import BOARDS, LEVELS, board, level_bot


def play(name: str, levels: list[str], seed: int) -> GameState:
    state = new_game(board(name), len(levels), seed)
    bots = [level_bot(level, seed * 100 + seat) for seat, level in enumerate(levels)]
    while state.phase != "over":
        action = bots[state.current].choose(observe(state))
        assert action in state.legal_actions()
        state.apply(action)
    return state


def test_registry_has_three_levels() -> None:
    for kind in ("easy", "normal", "hard", "greedy", "random"):
        assert kind in BOTS
        assert make_bot(kind, 3).choose(observe(new_game(board("london"), 2, 1))) is not None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("name", BOARDS)
def test_levels_finish_games(name: str, players: int) -> None:
    levels = [LEVELS[(seat + players) % 3] for seat in range(players)]
    state = play(name, levels, seed=players)
    assert state.phase == "over"
    assert state.winners
    assert sum(p.points for p in state.players) > 0


@pytest.mark.parametrize("levels", [["easy", "normal"], ["hard", "normal"]])
def test_same_seed_same_game(levels: list[str]) -> None:
    first = play("london", levels, seed=7)
    second = play("london", levels, seed=7)
    assert first.log == second.log
    assert [p.points for p in first.players] == [p.points for p in second.players]
