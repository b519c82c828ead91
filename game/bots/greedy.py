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

# A branch token is worth a little while the player cannot yet afford a branch, and almost nothing after;
# laying track that scores nothing now still beats hoarding, because every line needs length to earn.
BRANCH_TOKEN_VALUE = 0.4
SPARE_TOKEN_VALUE = 0.02
BUILD_VALUE = 0.3


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = state.legal_actions()
        if state.phase == "passenger":
            return best_route_choice(state, actions, self.rng)
        seat = state.current
        token_value = self.token_value(state)
        best_value = token_value + passenger_gain(state, seat)
        best: list[Action] = [TakeBranch()] if TakeBranch() in actions else []
        costs = dict(state.legal_placements())
        for action in actions:
            if not isinstance(action, PlaceTrack):
                continue
            outcome = state.preview(action)
            value = BUILD_VALUE + outcome.points + token_value * (outcome.branch_tokens - costs[action])
            value += passenger_gain_with(state, seat, action)
            if value > best_value + 1e-9:
                best_value, best = value, [action]
            elif abs(value - best_value) <= 1e-9:
                best.append(action)
        return self.rng.choice(best or actions)

    @staticmethod
    def token_value(state: GameState) -> float:
        enough = state.players[state.current].branch_tokens >= state.board.settings.branch_cost
        return SPARE_TOKEN_VALUE if enough else BRANCH_TOKEN_VALUE


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
