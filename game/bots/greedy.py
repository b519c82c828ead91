"""The greedy bot: each action for its immediate points plus what the passenger would bring it.

It looks one action ahead only. For each placement it adds the points its own lines would earn if the
passenger moved right after it, which pulls its lines towards the face-up destinations.
"""

from __future__ import annotations

import random

from game.bots.base import best_route_choice
from game.rules.actions import Action, PlaceTrack, TakeBranch
from game.rules.observation import Observation
from game.rules.routing import find_routes
from game.rules.state import GameState, move_kinds

# A branch token is worth a little while the player cannot yet afford a branch, and almost nothing after;
# laying track that scores nothing now still beats hoarding, because every line needs length to earn.
BRANCH_TOKEN_VALUE = 0.4
SPARE_TOKEN_VALUE = 0.02
BUILD_VALUE = 0.3


class GreedyBot:
    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        state = observation.sample_state()
        if state.phase == "passenger":
            return best_route_choice(state, list(observation.legal_actions), self.rng)
        values = action_values(state)
        top = max(value for value, _ in values)
        return self.rng.choice([action for value, action in values if value >= top - 1e-9])


def token_value(state: GameState) -> float:
    enough = state.players[state.current].branch_tokens >= state.board.settings.branch_cost
    return SPARE_TOKEN_VALUE if enough else BRANCH_TOKEN_VALUE


def action_values(state: GameState) -> list[tuple[float, Action]]:
    """Every legal action of the action phase with its one-step greedy value."""
    seat = state.current
    tokens = token_value(state)
    values: list[tuple[float, Action]] = []
    if TakeBranch() in state.legal_actions():
        values.append((tokens + passenger_gain(state, seat), TakeBranch()))
    for action, cost in state.legal_placements():
        outcome = state.preview(action)
        value = BUILD_VALUE + outcome.points + tokens * (outcome.branch_tokens - cost)
        values.append((value + passenger_gain_with(state, seat, action), action))
    return values


def passenger_gain(state: GameState, seat: int) -> int:
    """Points the seat's own lines would earn from the passenger's next move, were it now."""
    due = move_kinds(state.face_up, 1)
    if state.passenger is None or not due:
        return 0
    targets = {station for station, card_kind in state.face_up if card_kind == due[0]}
    routes = find_routes(state.board, state.tracks, state.line_nodes(), state.passenger, targets)
    if routes is None:
        return 0
    return max(sum(1 for line in o.lines if state.owner_of(line) == seat) for o in routes.options)


def passenger_gain_with(state: GameState, seat: int, action: PlaceTrack) -> int:
    """passenger_gain with the placement laid, undone again before returning."""
    with state.trial_track(action.line, action.link):
        return passenger_gain(state, seat)
