"""The easy computer player: the greedy bot with deliberate mistakes.

Most of the time it takes the greedy choice; now and then it takes one of the next few sensible actions
instead, so a beginner can win. It still moves the passenger in its own favour, as a person would.
"""

from __future__ import annotations

import random

from game.bots.greedy import action_values
from game.bots.passenger import favoured_route
from game.rules.actions import Action, ChooseRoute
from game.rules.observation import Observation

MISTAKE_CHANCE = 0.35
SENSIBLE = 4  # a mistake is still one of the best few actions


class EasyBot:
    name = "easy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        state = observation.sample_state()
        actions = observation.legal_actions
        if state.phase == "passenger":
            return favoured_route(state, [a for a in actions if isinstance(a, ChooseRoute)], self.rng)
        ranked = sorted(action_values(state), key=lambda item: -item[0])
        if self.rng.random() < MISTAKE_CHANCE:
            return self.rng.choice(ranked[:SENSIBLE])[1]
        top = ranked[0][0]
        return self.rng.choice([action for value, action in ranked if value >= top - 1e-9])
