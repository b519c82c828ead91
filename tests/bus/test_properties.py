"""Random legal play never breaks what must always hold: the 44 cards, the buses, the points, the file."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bus.rules.cards import full_deck
from game.bus.rules.state import BusState, new_game, state_from_json
from tests.bus.boards import town

BOARD = town()


def _check(state: BusState, points: list[int]) -> None:
    cards = sum((p.hand for p in state.players), Counter()) + state.cards.counts()
    assert cards == Counter(full_deck())
    for seat, player in enumerate(state.players):
        assert player.buses == 17 - sum(BOARD.routes[k].spaces for k in player.routes)
        assert sorted(player.routes) == sorted(k for k, owner in state.claimed.items() if owner == seat)
    assert state.scores() == points
    tickets = [t for p in state.players for t in p.tickets] + state.ticket_pile + state.offer
    assert sorted(tickets) == list(range(len(BOARD.tickets)))


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10_000), st.integers(0, 10_000))
def test_random_play_keeps_every_invariant(players: int, seed: int, choices: int) -> None:
    state = new_game(BOARD, players, seed)
    rng = random.Random(choices)
    points = [0] * players
    steps = 0
    while state.phase != "over" and steps < 3000:
        action = rng.choice(state.legal_actions())
        before = state.to_json(with_log=False)
        events = state.apply(action)
        for event in events:
            if event.player is not None:
                points[event.player] += event.points
        if state.can_undo() and rng.random() < 0.2:
            state.undo()
            assert state.to_json(with_log=False) == before
            for event in events:
                if event.player is not None:
                    points[event.player] -= event.points
        _check(state, points)
        if steps % 25 == 0:
            assert state_from_json(BOARD, state.to_json()).to_json() == state.to_json()
        steps += 1
    assert state.phase == "over"
    assert max(state.scores()) == state.scores()[state.winners()[0]]


def test_the_same_seed_and_choices_make_the_same_game() -> None:
    def play(seed: int) -> list[int]:
        state = new_game(BOARD, 3, seed)
        rng = random.Random(seed)
        while state.phase != "over":
            state.apply(rng.choice(state.legal_actions()))
        return state.scores()

    assert play(11) == play(11)
    assert any(play(11) != play(s) for s in range(12, 20))
