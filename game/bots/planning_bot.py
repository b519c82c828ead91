"""The normal and hard computer players: plan the whole turn, then play the plan one action at a time.

The plan is made once per turn (the first time the bot is asked) and replayed while the state is the
one the plan expects; anything unexpected (an undo, a loaded game) simply makes it plan again.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, replace

from game.bots.evaluate import Evaluator, Weights
from game.bots.passenger import favoured_route
from game.bots.turn_search import SearchSettings, plan_turn
from game.rules.actions import Action, ChooseRoute
from game.rules.observation import Card, Observation


@dataclass(frozen=True)
class Level:
    """Everything that makes one level play the way it does."""

    name: str
    weights: Weights
    search: SearchSettings
    samples: int = 0  # sampled refills for the look past this turn


class PlanningBot:
    """Beam search over the turn's actions; the level decides how wide and how far it looks."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        self.level = level
        self.name = level.name
        self.rng = random.Random(seed)
        self.plan: list[Action] = []
        self.plan_at: tuple[int, int] = (-1, -1)  # (turn, log length) the next planned action is for
        self.last_seconds = 0.0

    def choose(self, observation: Observation) -> Action:
        state = observation.sample_state()
        actions = list(observation.legal_actions)
        if state.phase == "passenger":
            return favoured_route(state, [a for a in actions if isinstance(a, ChooseRoute)], self.rng)
        if not (self.plan and self.plan_at == (state.turn, len(state.log)) and self.plan[0] in actions):
            start = time.perf_counter()
            self.plan = plan_turn(observation, self.evaluator(observation), self.level.search, self.rng)
            self.plan = self.plan or [actions[0]]
            self.last_seconds = time.perf_counter() - start
        action = self.plan.pop(0)
        self.plan_at = (state.turn, len(state.log) + 1)
        return action

    def evaluator(self, observation: Observation) -> Evaluator:
        unseen = list(observation.unseen) if self.level.weights.reach else []
        return Evaluator(self.level.weights, self.sample_refills(observation), unseen)

    def sample_refills(self, observation: Observation) -> list[list[Card]]:
        """Possible next cards, drawn from the cards not yet seen (the observation has no pile to draw from)."""
        if not self.level.samples:
            return []
        unseen = list(observation.unseen)
        samples = []
        for _ in range(self.level.samples):
            self.rng.shuffle(unseen)
            samples.append(unseen[: observation.board.settings.face_up])
        return samples


NORMAL = Level("normal", Weights(), SearchSettings(width=4, candidates=30))
HARD = Level(
    "hard",
    Weights(future=1.0, reach=8.0, ends=0.15, blocked=1.0),
    SearchSettings(width=16, candidates=100, finalists=60, max_evaluations=4000, seconds=1.0),
    samples=10,
)


def normal_bot(seed: int = 0) -> PlanningBot:
    return PlanningBot(NORMAL, seed)


def hard_bot(seed: int = 0, seconds: float | None = HARD.search.seconds, evaluations: int | None = None) -> PlanningBot:
    """The hard level; `evaluations` is its node budget (what makes a game repeatable), `seconds` a safety cap.

    The default node budget keeps a turn well inside the default cap, so the cap does not change the
    game on an ordinary machine; tests pass `seconds=None` to rule the clock out entirely.
    """
    search = replace(HARD.search, seconds=seconds, max_evaluations=evaluations or HARD.search.max_evaluations)
    return PlanningBot(replace(HARD, search=search), seed)
