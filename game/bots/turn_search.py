"""Plan a whole turn at once: a beam search over the turn's actions on a state sampled from the observation.

Each level expands every kept plan by every legal action (placements under `trial_track`, so only the
kept plans are ever copied), scores the children with the evaluator's quick value, and keeps the best
`width` distinct ones. Plans reaching the same placements in another order are the same plan. The last
level is never played on a copy: its children are the finished plans, and the best `finalists` of them
are scored again with the evaluator's full value (the look past this turn).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field

from game.bots.evaluate import Evaluator, Progress
from game.rules.actions import Action, PlaceTrack, TakeBranch
from game.rules.observation import Observation
from game.rules.state import GameState

EXTENSION_BONUS = 2.0  # when candidates are cut, growing a line ranks above starting one elsewhere
HOT_BONUS = 1.0  # and touching the passenger or a face-up destination ranks above a quiet corner
LATE_CANDIDATES = 12  # actions tried per level once the time is up
FULL_VALUE_SECONDS = 0.004  # a generous guess at one full value, to fit the finalists into the time left


@dataclass(frozen=True)
class SearchSettings:
    width: int = 5  # plans kept per level
    candidates: int = 40  # actions tried per plan (the most promising by a cheap score when there are more)
    finalists: int = 0  # finished plans scored again with the full value
    max_evaluations: int = 1 << 30  # a node budget: stop widening once this many children were scored
    seconds: float | None = None  # a safety cap on the thinking time; past it the plan is finished greedily


@dataclass
class Plan:
    state: GameState
    actions: list[Action] = field(default_factory=list)
    progress: Progress = field(default_factory=Progress)

    def key(self, action: Action) -> tuple[frozenset[Action], int]:
        done = [*self.actions, action]
        return frozenset(a for a in done if isinstance(a, PlaceTrack)), sum(isinstance(a, TakeBranch) for a in done)


@dataclass
class Child:
    value: float
    parent: Plan
    action: Action
    progress: Progress


def clock() -> float:
    """The thinking time of this thread, the cap's clock.

    Other programs on a busy machine do not eat into it, so the cap does not change a game that the node
    budget already keeps inside it: the same seed plays the same game, loaded machine or not.
    """
    return time.thread_time()


def candidate_actions(state: GameState, limit: int) -> list[tuple[Action, int]]:
    """The actions worth trying, with their branch-token cost; all of them unless there are too many."""
    placements = state.legal_placements()
    actions: list[tuple[Action, int]] = list(placements)
    if len(actions) > limit:
        hot = {station for station, _ in state.face_up}
        if state.passenger is not None:
            hot.add(state.passenger)
        links = state.board.links

        def cheap(item: tuple[PlaceTrack, int]) -> float:
            action, cost = item
            outcome = state.preview(action)
            link = links[action.link]
            score = outcome.points + 0.5 * outcome.branch_tokens - 0.5 * cost
            score += EXTENSION_BONUS if state.lines[action.line].degree else 0.0
            score += HOT_BONUS if link.a in hot or link.b in hot else 0.0
            return score

        ranked = sorted(range(len(placements)), key=lambda i: -cheap(placements[i]))
        actions = [placements[i] for i in sorted(ranked[:limit])]
    if TakeBranch() in state.legal_actions():
        actions.append((TakeBranch(), 0))
    return actions


def score_child(evaluator: Evaluator, plan: Plan, seat: int, action: Action, cost: int) -> Child:
    state = plan.state
    done = plan.progress
    if isinstance(action, TakeBranch):
        progress = Progress(done.points, done.tokens + 1, done.placed)
        return Child(evaluator.quick(state, seat, progress), plan, action, progress)
    assert isinstance(action, PlaceTrack)
    outcome = state.preview(action)
    progress = Progress(done.points + outcome.points, done.tokens - cost + outcome.branch_tokens, done.placed + 1)
    with state.trial_track(action.line, action.link):
        value = evaluator.quick(state, seat, progress)
    return Child(value, plan, action, progress)


def plan_turn(
    observation: Observation, evaluator: Evaluator, settings: SearchSettings, rng: random.Random
) -> list[Action]:
    """The best sequence of this turn's remaining actions for the active seat.

    The search plays on a state sampled from the observation, its unseen cards shuffled by `rng`.
    """
    seat = observation.current
    deadline = None if settings.seconds is None else clock() + settings.seconds
    root = Plan(observation.sample_state(rng), progress=Progress(tokens=observation.players[seat].branch_tokens))
    frontier = [root]
    evaluations = 0
    steps = observation.actions_left
    children: list[Child] = []
    for depth in range(steps):
        children = []
        seen: set[tuple[frozenset[Action], int]] = set()
        late = deadline is not None and clock() > deadline
        if late:  # out of time: finish the best plan with a narrow, short look
            frontier = frontier[:1]
        for plan in frontier:
            for action, cost in candidate_actions(plan.state, LATE_CANDIDATES if late else settings.candidates):
                key = plan.key(action)
                if key in seen:
                    continue
                seen.add(key)
                children.append(score_child(evaluator, plan, seat, action, cost))
                evaluations += 1
            if evaluations >= settings.max_evaluations or (deadline is not None and clock() > deadline):
                break
        children.sort(key=lambda child: -child.value)  # stable: equal values keep the generation order
        if depth == steps - 1 or not children:
            break
        frontier = []
        for child in children[: settings.width]:
            copy = child.parent.state.clone()
            copy.apply(child.action)
            frontier.append(Plan(copy, [*child.parent.actions, child.action], child.progress))
    if not children:
        return []
    best = children[0]
    if settings.finalists > 1:
        finalists = children[: settings.finalists]
        if deadline is not None:  # the full values are the slow part: as many as the time allows
            remaining = max(0.0, deadline - clock())
            finalists = finalists[: max(1, int(remaining / FULL_VALUE_SECONDS))]
        best = max(finalists, key=lambda c: full_value(evaluator, c, seat))
    return [*best.parent.actions, best.action]


def full_value(evaluator: Evaluator, child: Child, seat: int) -> float:
    state = child.parent.state
    if isinstance(child.action, PlaceTrack):
        with state.trial_track(child.action.line, child.action.link):
            return evaluator.full(state, seat, child.progress)
    return evaluator.full(state, seat, child.progress)
