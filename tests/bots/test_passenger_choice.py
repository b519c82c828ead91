"""Bots choose the passenger's tied routes in their own favour, and the fast route values match the engine."""

from __future__ import annotations

import random
from functools import cache

import pytest

from game.bots.passenger import INFINITY, line_gains, route_table
from game.rules.actions import ChooseRoute
from game.rules.observation import observe
from game.rules.routing import WALK, find_routes
from game.rules.state import GameState
from tests.bots.helpers import LEVELS, level_bot, positions


def own_lines(state: GameState, action: ChooseRoute) -> int:
    return sum(1 for line in action.lines if state.owner_of(line) == state.current)


@cache
def contested_ties() -> tuple[GameState, ...]:
    """Passenger choices on the last move of a turn where the options pay the chooser differently."""
    found = []
    for seed in range(1, 12):
        for state in positions("london", 2, seed, every=100):
            if state.phase != "passenger" or len(state.pending_moves) != 1:
                continue
            counts = {own_lines(state, a) for a in state.legal_actions() if isinstance(a, ChooseRoute)}
            if len(counts) > 1:
                found.append(state)
        if len(found) >= 4:
            break
    return tuple(found)


@pytest.mark.parametrize("level", LEVELS)
def test_ties_in_own_favour(level: str) -> None:
    states = contested_ties()
    assert states, "no contested passenger tie found in the sample games"
    for state in states:
        action = level_bot(level, 3).choose(observe(state))
        assert isinstance(action, ChooseRoute)
        best = max(own_lines(state, a) for a in state.legal_actions() if isinstance(a, ChooseRoute))
        assert own_lines(state, action) == best


@pytest.mark.parametrize(("name", "players"), [("london", 2), ("newyork", 3), ("berlin", 5)])
def test_route_table_matches_find_routes(name: str, players: int) -> None:
    rng = random.Random(players)
    for state in positions(name, players, seed=5, every=2):
        if state.passenger is None:
            continue
        stations = [node.index for node in state.board.nodes if node.is_station]
        targets = set(rng.sample(stations, 4))
        gains = line_gains(state, state.current)
        table = route_table(state.board, state.tracks, state.line_nodes(), state.passenger, gains, targets)
        result = find_routes(state.board, state.tracks, state.line_nodes(), state.passenger, targets)
        nearest = min(table.dist[t] for t in targets)
        if result is None:
            assert nearest >= INFINITY
            continue
        assert nearest == result.walked * WALK + result.lines
        values = [sum(gains[line] for line in option.lines) for option in result.options]
        ends = [t for t in targets if table.dist[t] == nearest]
        assert max(table.best[t] for t in ends) == pytest.approx(max(values))
        assert min(table.worst[t] for t in ends) == pytest.approx(min(values))
