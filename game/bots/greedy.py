"""The greedy bot: each action for its immediate points plus what the passenger would bring it.

It looks one action ahead only. For each placement it adds the points its own lines would earn if the
passenger moved right after it, which pulls its lines towards the face-up destinations.
"""

from __future__ import annotations

import random

from game.bots.base import best_route_choice
from game.rules.actions import Action, PlaceTrack, TakeBranch
from game.rules.routing import find_routes
from game.rules.state import GameState

BRANCH_TOKEN_VALUE = 0.4  # a token is worth less than a point but more than an idle action


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if state.phase == "passenger":
            return best_route_choice(state, actions, self.rng)
        seat = state.current
        baseline = passenger_gain(state, seat)
        best_value = BRANCH_TOKEN_VALUE + baseline
        best: list[Action] = [TakeBranch()] if TakeBranch() in actions else []
        for action in actions:
            if not isinstance(action, PlaceTrack):
                continue
            outcome = state.preview(action)
            value = outcome.points + BRANCH_TOKEN_VALUE * outcome.branch_tokens
            value += passenger_gain_with(state, seat, action)
            if value > best_value + 1e-9:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best or actions)


def passenger_gain(state: GameState, seat: int) -> int:
    """Points the seat's own lines would earn from the passenger's next move, were it now."""
    kinds = {kind for _, kind in state.face_up}
    if state.passenger is None or not kinds:
        return 0
    kind = "express" if len(kinds) == 2 else next(iter(kinds))
    targets = {station for station, card_kind in state.face_up if card_kind == kind}
    routes = find_routes(state.board, state.tracks, state.line_nodes(), state.passenger, targets)
    if routes is None:
        return 0
    return max(sum(1 for line in o.lines if state.owner_of(line) == seat) for o in routes.options)


def passenger_gain_with(state: GameState, seat: int, action: PlaceTrack) -> int:
    """passenger_gain with the placement laid, undone again before returning."""
    with state.trial_track(action.line, action.link):
        return passenger_gain(state, seat)
