"""Choosing one option per label so that few overlap and preferences are met: greedy start, simulated
annealing after Christensen, Marks & Shieber (ACM ToG 14(3), 1995), and a final descent.

The problem is abstract here: variables (labels) with options (candidate places), a cost per option, a
conflict graph between options of different variables (their boxes overlap), and soft pairwise terms
between neighbouring variables that depend only on the *kinds* of the two options chosen (neighbours on a
run prefer the same side: the kind is the side). Energy = option costs + `overlap_cost` per overlapping
pair + `pair_costs[kind][kind]` per pair of neighbours.

Annealing as in the paper: a move takes a label in conflict, at random, to another of its options at
random. In conflict here means overlapping another label, or sitting at an option that breaks a hard
constraint some other option of it keeps (our options are not all equally allowed). The first temperature
accepts a move adding one overlap with probability 2/3; the temperature drops by 10% after 20·n tries or
5·n accepted moves, where n is the labels in conflict when the stage starts, at least 10 (the paper's n is
all labels, but our moves only touch those in conflict); the run stops after 50 temperatures, at a
temperature where nothing was accepted, or when no label is in conflict. Then a descent over every label
settles the soft preferences.
All randomness comes from the `random.Random` passed in, so a seed gives the same result every time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from editor.cartography.names.types import Progress

Conflicts = Callable[[int, int], Sequence[tuple[int, int]]]  # (label, option) -> overlapping (label, option)s

STAGES = 50
TRIES_PER_LABEL = 20
ACCEPTS_PER_LABEL = 5
COOLING = 0.9
FIRST_ACCEPT = 2 / 3
POLISH_PASSES = 20
MIN_STAGE_LABELS = 10


@dataclass(frozen=True, slots=True)
class LabelProblem:
    costs: Sequence[Sequence[float]]
    conflicts: Conflicts
    neighbours: Sequence[Sequence[int]]
    kinds: Sequence[Sequence[int]]  # each option's kind, an index into pair_costs
    pair_costs: Sequence[Sequence[float]]
    overlap_cost: float


class Labelling:
    """A choice of option per label, with each label's current overlaps kept up to date as labels move."""

    def __init__(self, problem: LabelProblem) -> None:
        self.problem = problem
        count = len(problem.costs)
        self.choice = [-1] * count  # -1: not placed yet (greedy start)
        self.overlaps = [0] * count
        self.movable = [len(options) > 1 for options in problem.costs]
        # A label is in trouble above this cost: its option breaks something another option would not.
        self._bearable = [min(options, default=0.0) + problem.overlap_cost / 2 for options in problem.costs]
        self._conflicted: list[int] = []  # movable labels in trouble (overlapping, or worse off than need be)
        self._where: dict[int, int] = {}

    def _mark(self, label: int) -> None:
        inside = label in self._where
        option = self.choice[label]
        wanted = self.movable[label] and (
            self.overlaps[label] > 0 or (option >= 0 and self.problem.costs[label][option] > self._bearable[label]))
        if wanted and not inside:
            self._where[label] = len(self._conflicted)
            self._conflicted.append(label)
        elif inside and not wanted:
            at = self._where.pop(label)
            last = self._conflicted.pop()
            if last != label:
                self._conflicted[at] = last
                self._where[last] = at

    def conflicted(self) -> list[int]:
        return self._conflicted

    def overlaps_with(self, label: int, option: int) -> int:
        choice = self.choice
        return sum(1 for other, theirs in self.problem.conflicts(label, option) if choice[other] == theirs)

    def delta(self, label: int, option: int) -> float:
        """How much the energy changes if `label` takes `option`."""
        p = self.problem
        now = self.choice[label]
        change = p.costs[label][option] + p.overlap_cost * self.overlaps_with(label, option)
        if now >= 0:
            change -= p.costs[label][now] + p.overlap_cost * self.overlaps[label]
        neighbours = p.neighbours[label]
        if neighbours:
            kinds = p.kinds
            new_row = p.pair_costs[kinds[label][option]]
            old_row = p.pair_costs[kinds[label][now]] if now >= 0 else None
            for other in neighbours:
                theirs = self.choice[other]
                if theirs >= 0:
                    kind = kinds[other][theirs]
                    change += new_row[kind] - (old_row[kind] if old_row is not None else 0.0)
        return change

    def energy(self) -> float:
        """The whole labelling's energy (placed labels only): option costs, overlaps, neighbour pairs."""
        p = self.problem
        total = 0.0
        for label, option in enumerate(self.choice):
            if option < 0:
                continue
            total += p.costs[label][option] + p.overlap_cost * self.overlaps[label] / 2
            row = p.pair_costs[p.kinds[label][option]]
            for other in p.neighbours[label]:
                theirs = self.choice[other]
                if other > label and theirs >= 0:
                    total += row[p.kinds[other][theirs]]
        return total

    def move(self, label: int, option: int) -> None:
        choice = self.choice
        now = choice[label]
        if now >= 0:
            for other, theirs in self.problem.conflicts(label, now):
                if choice[other] == theirs:
                    self.overlaps[other] -= 1
                    self._mark(other)
        choice[label] = option
        count = 0
        for other, theirs in self.problem.conflicts(label, option):
            if choice[other] == theirs:
                self.overlaps[other] += 1
                self._mark(other)
                count += 1
        self.overlaps[label] = count
        self._mark(label)


def greedy(problem: LabelProblem, order: Sequence[int]) -> Labelling:
    """Labels placed one by one in `order`, each at its cheapest option given those already placed."""
    state = Labelling(problem)
    for label in order:
        options = range(len(problem.costs[label]))
        best = min(options, key=lambda option: (state.delta(label, option), option))
        state.move(label, best)
    return state


def anneal(state: Labelling, rng: random.Random, progress: Progress | None = None) -> Labelling:
    """Simulated annealing from the state given; the state ends at the lowest energy met on the way."""
    p = state.problem
    movers = sum(state.movable)
    temperature = p.overlap_cost / -math.log(FIRST_ACCEPT)
    energy = best_energy = 0.0
    best = list(state.choice)
    for stage in range(STAGES):
        if progress is not None:
            progress(stage / STAGES)
        # The paper's n is every label; moves here are drawn from the labels in trouble only, so n is those
        # (with a floor for small knots): a board with a few hard spots anneals them without paying for all.
        n = min(movers, max(len(state.conflicted()), MIN_STAGE_LABELS))
        tried = accepted = 0
        while tried < TRIES_PER_LABEL * n and accepted < ACCEPTS_PER_LABEL * n:
            conflicted = state.conflicted()
            if not conflicted:
                break
            tried += 1
            label = conflicted[rng.randrange(len(conflicted))]
            options = len(p.costs[label])
            option = rng.randrange(options - 1)
            if option >= state.choice[label]:
                option += 1
            change = state.delta(label, option)
            if change <= 0 or rng.random() < math.exp(-change / temperature):
                state.move(label, option)
                accepted += 1
                energy += change
                if energy < best_energy - 1e-9:
                    best_energy, best = energy, list(state.choice)
        if accepted == 0:
            break
        temperature *= COOLING
    for label, option in enumerate(best):
        if state.choice[label] != option:
            state.move(label, option)
    return state


def polish(state: Labelling, labels: Sequence[int]) -> Labelling:
    """Descent: each label in turn moves to its best option while that lowers the energy, until none does."""
    costs = state.problem.costs
    for _ in range(POLISH_PASSES):
        changed = False
        for label in labels:
            if not state.movable[label]:
                continue
            change, option = min((state.delta(label, option), option) for option in range(len(costs[label])))
            if change < -1e-9:
                state.move(label, option)
                changed = True
        if not changed:
            break
    return state


def align_groups(state: Labelling, groups: Sequence[Sequence[int]]) -> Labelling:
    """Block moves the one-at-a-time descent cannot make: each group (a run of neighbours) tries every kind
    at once, each label taking its cheapest option of that kind (keeping its own if it has none), and the
    whole move stays only if it lowers the energy."""
    p = state.problem
    kind_count = len(p.pair_costs)
    for group in groups:
        for kind in range(kind_count):
            undo: list[tuple[int, int]] = []
            change = 0.0
            for label in group:
                options = [o for o in range(len(p.costs[label])) if p.kinds[label][o] == kind]
                if not options:
                    continue
                option = min(options, key=lambda o: (p.costs[label][o], o))
                if option != state.choice[label]:
                    change += state.delta(label, option)
                    undo.append((label, state.choice[label]))
                    state.move(label, option)
            if change >= -1e-9:
                for label, option in reversed(undo):
                    state.move(label, option)
    return state
