"""Bots by name, for `simulate --bots` and the menu's computer seats."""

from __future__ import annotations

from collections.abc import Callable

from game.bots.base import Bot
from game.bots.greedy import GreedyBot
from game.bots.random_bot import RandomBot

BOTS: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
}


def make_bot(kind: str, seed: int = 0) -> Bot:
    try:
        return BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bot {kind!r} (known: {', '.join(sorted(BOTS))})") from None
