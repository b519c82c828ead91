"""Bots never read what a person at the table could not see: the draw pile's order and the seed.

A bot decides on a position; a second bot with the same seed decides on the same position whose draw
pile was shuffled and whose seed was changed. Every decision of the turn must be the same.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.bots.view import public_copy, unseen_cards
from game.rules.state import GameState
from tests.bots.helpers import LEVELS, level_bot, positions


def turn_decisions(state: GameState, level: str) -> list:
    """The bot's actions from this position up to the end of the turn (the refill is where piles differ)."""
    bot = level_bot(level, 11)
    state = state.clone()
    seat, turn = state.current, state.turn
    chosen = []
    while state.phase != "over" and state.current == seat and state.turn == turn:
        action = bot.choose(state)
        chosen.append(action)
        state.apply(action)
    return chosen


def scrambled(state: GameState, seed: int) -> GameState:
    copy = state.clone()
    rng = random.Random(seed)
    while copy.deck == state.deck and len(set(copy.deck)) > 1:
        rng.shuffle(copy.deck)
    copy.seed = state.seed + 12345
    if copy._turn_start is not None:
        copy._turn_start.deck = list(copy.deck)
        copy._turn_start.seed = copy.seed
    return copy


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "players"), [("london", 2), ("newyork", 3), ("berlin", 4)])
def test_decisions_ignore_the_draw_pile(level: str, name: str, players: int) -> None:
    for index, state in enumerate(positions(name, players, seed=2, every=4)[::3]):
        assert turn_decisions(state, level) == turn_decisions(scrambled(state, index), level)


def test_unseen_cards_are_the_pile_as_a_multiset() -> None:
    for state in positions("newyork", 2, seed=4, every=2):
        assert Counter(unseen_cards(state)) == Counter(state.deck)
        copy = public_copy(state, random.Random(1))
        assert Counter(copy.deck) == Counter(state.deck)
        assert copy.seed == 0
