"""The random bot: any legal action, uniformly. The engine-speed benchmark and fuzzing use it."""

from __future__ import annotations

import random

from game.rules.actions import Action
from game.rules.observation import Observation


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        return self.rng.choice(observation.legal_actions)
