"""Bots by name, for `simulate --bots` and the menu's computer seats (easy, normal, hard)."""

from __future__ import annotations

from collections.abc import Callable

from game.bots.base import Bot
from game.bots.easy import EasyBot
from game.bots.greedy import GreedyBot
from game.bots.planning_bot import hard_bot, normal_bot
from game.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "easy": EasyBot,
    "normal": normal_bot,
    "hard": hard_bot,
}


def make_bot(kind: str, seed: int = 0) -> Bot:
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(sorted(BOTS))})") from None
