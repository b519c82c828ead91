"""Bots never read what a person at the table could not see: the draw pile's order and the seed.

A bot is given an `Observation`, never the game state. It has no pile and no seed to read, two games
that differ only in the pile's order (and the seed) give equal observations, and a bot decides the same
on both: a second bot with the same seed plays the turn of a position whose pile was shuffled and whose
seed was changed, and every decision of the turn must be the same.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest

from game.rules.actions import ChooseRoute, TakeBranch
from game.rules.observation import Observation, observe
from game.rules.state import GameState
from tests.bots.helpers import LEVELS, level_bot, positions

PUBLIC_FIELDS = {
    "board", "seat", "current", "phase", "turn", "actions_left", "pending_moves", "players", "lines", "tracks",
    "face_up", "passenger", "connection_tiles", "landmark_stacks", "discards", "end_triggered", "winners",
    "undoable", "log", "unseen", "legal_actions",
}


def turn_decisions(state: GameState, level: str) -> list:
    """The bot's actions from this position up to the end of the turn (the refill is where piles differ)."""
    bot = level_bot(level, 11)
    state = state.clone()
    seat, turn = state.current, state.turn
    chosen = []
    while state.phase != "over" and state.current == seat and state.turn == turn:
        action = bot.choose(observe(state))
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


def reachable(value: Any, depth: int = 0) -> Iterator[Any]:
    """Every object an observation holds, however deep (boards excepted: they are the same for all)."""
    yield value
    if depth > 6 or isinstance(value, str | int | float | bool | type(None)):
        return
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if type(value).__name__ == "Board":
            return
        for field in dataclasses.fields(value):
            yield from reachable(getattr(value, field.name), depth + 1)
    elif isinstance(value, dict) or hasattr(value, "items"):
        for key, item in value.items():
            yield from reachable(key, depth + 1)
            yield from reachable(item, depth + 1)
    elif isinstance(value, tuple | list | set | frozenset):
        for item in value:
            yield from reachable(item, depth + 1)


@pytest.mark.parametrize("level", LEVELS)
@pytest.mark.parametrize(("name", "players"), [("london", 2), ("newyork", 3), ("berlin", 4)])
def test_decisions_ignore_the_draw_pile(level: str, name: str, players: int) -> None:
    for index, state in enumerate(positions(name, players, seed=2, every=4)[::3]):
        assert turn_decisions(state, level) == turn_decisions(scrambled(state, index), level)


def test_unseen_cards_are_the_pile_as_a_multiset() -> None:
    """What the observation says of the pile is what a person works out from the table and the log."""
    for state in positions("newyork", 2, seed=4, every=2):
        observation = observe(state)
        nodes = state.board.nodes
        visited = Counter((a.destination, nodes[a.destination].destination)
                          for a in observation.log if isinstance(a, ChooseRoute))
        worked_out = Counter(state.board.deck) - Counter(observation.face_up) - visited
        assert Counter(observation.unseen) == worked_out == Counter(state.deck)
        assert list(observation.unseen) == sorted(observation.unseen)
        assert observation.deck_size == state.deck_size
        sample = observation.sample_state(random.Random(1))
        assert Counter(sample.deck) == Counter(state.deck)
        assert sample.seed == 0


def test_an_observation_has_no_pile_and_no_seed_to_reach() -> None:
    """Only the public fields, and nothing inside them leads back to the game or its pile."""
    for state in positions("london", 2, seed=2, every=4)[:6]:
        observation = observe(state)
        assert {field.name for field in dataclasses.fields(Observation)} == PUBLIC_FIELDS
        for hidden in ("deck", "seed", "state", "_turn_start", "__dict__"):
            assert not hasattr(observation, hidden)
        for held in reachable(observation):
            assert not isinstance(held, GameState)
            assert held is not state.deck
        with pytest.raises(dataclasses.FrozenInstanceError):
            observation.phase = "over"  # type: ignore[misc]


def test_games_differing_only_in_the_pile_give_equal_observations() -> None:
    for index, state in enumerate(positions("berlin", 3, seed=2, every=4)):
        other = scrambled(state, index)
        if len(set(state.deck)) > 1:
            assert other.deck != state.deck
        assert observe(other) == observe(state)
        rng_seed = 7 + index
        assert observe(other).sample_state(random.Random(rng_seed)).deck == \
            observe(state).sample_state(random.Random(rng_seed)).deck


def test_observations_differ_when_anything_public_does() -> None:
    state = positions("london", 2, seed=2, every=4)[2].clone()
    before = observe(state)
    assert observe(state, seat=1 - state.current) != before  # the observer is part of it
    if state.phase == "actions":
        state.apply(TakeBranch())
        assert observe(state) != before


def test_a_sampled_state_answers_the_rules_as_the_game_does() -> None:
    for state in positions("newyork", 3, seed=2, every=3)[:8]:
        sample = observe(state).sample_state()
        assert sample.legal_actions() == state.legal_actions() == list(observe(state).legal_actions)
        assert sample.line_nodes() == state.line_nodes()
        assert [list(d) for d in sample.line_nodes().values()] == [list(d) for d in state.line_nodes().values()]
        assert not sample.can_undo()
