"""Shared positions for the bot tests: mid-game states reached by fast bots, and the test-sized levels."""

from __future__ import annotations

from functools import cache

from game.board.loader import load_board
from game.board.model import Board
from game.bots.base import Bot
from game.bots.easy import EasyBot
from game.bots.greedy import GreedyBot
from game.bots.planning_bot import hard_bot, normal_bot
from game.rules.observation import observe
from game.rules.state import GameState, new_game

BOARDS = ("london", "london_classic", "berlin", "newyork")
LEVELS = ("easy", "normal", "hard")


@cache
def board(name: str) -> Board:
    return load_board(name)


def level_bot(level: str, seed: int) -> Bot:
    """A bot of each level; hard gets a small node budget and no clock, so tests are quick and repeatable."""
    if level == "easy":
        return EasyBot(seed)
    if level == "normal":
        return normal_bot(seed)
    return hard_bot(seed, seconds=None, evaluations=150)


@cache
def positions(name: str, players: int, seed: int, every: int = 3) -> tuple[GameState, ...]:
    """Copies of a greedy game at the start of every `every`-th turn, plus its passenger choices.

    Cached and shared between tests: callers must not change them (bots only read, tests clone first).
    """
    state = new_game(board(name), players, seed)
    bots = [GreedyBot(seed * 10 + seat) for seat in range(players)]
    found = []
    last_turn = -1
    while state.phase != "over":
        starting = state.turn != last_turn and state.turn % every == 1
        if starting or state.phase == "passenger":
            found.append(state.clone())
        last_turn = state.turn
        state.apply(bots[state.current].choose(observe(state)))
    return tuple(found)
