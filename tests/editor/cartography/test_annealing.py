"""The optimiser on abstract problems small enough to know the best answer."""

from __future__ import annotations

import random

from editor.cartography.names.annealing import Labelling, LabelProblem, align_groups, anneal, greedy, polish

# A, B, C with two options each (0 cheap, 1 dearer by 1). Overlaps: A0–B0, A1–C0, B1–C0. From A0, B0, C0 (one
# overlap) no single move helps: moving A or B off the overlap lands on C0, moving C costs 1 and frees nothing.
# The best labellings have no overlap and cost 2 (A1 B0 C1, or A0 B1 C1).
CONFLICTS = {(0, 0): [(1, 0)], (1, 0): [(0, 0)], (0, 1): [(2, 0)], (1, 1): [(2, 0)], (2, 0): [(0, 1), (1, 1)]}


def chain() -> LabelProblem:
    return LabelProblem(costs=[[0.0, 1.0]] * 3, conflicts=lambda label, option: CONFLICTS.get((label, option), []),
                        neighbours=[[], [], []], kinds=[[0, 0]] * 3, pair_costs=[[0.0]], overlap_cost=10.0)


def stuck() -> Labelling:
    state = greedy(chain(), [0, 1, 2])
    for label in range(3):
        state.move(label, 0)
    return state


def overlapping(state: Labelling) -> int:
    return sum(state.overlaps) // 2


def test_the_descent_cannot_leave_a_local_minimum() -> None:
    state = polish(stuck(), [0, 1, 2])
    assert state.choice == [0, 0, 0] and overlapping(state) == 1 and state.energy() == 10.0


def test_annealing_leaves_it_for_a_labelling_with_no_overlap() -> None:
    for seed in range(5):
        state = anneal(stuck(), random.Random(seed))
        assert overlapping(state) == 0, seed
        assert state.energy() == 2.0, seed
        assert state.choice[2] == 1


def test_the_same_seed_anneals_the_same_way() -> None:
    assert anneal(stuck(), random.Random(3)).choice == anneal(stuck(), random.Random(3)).choice


def test_energy_and_deltas_agree() -> None:
    state = greedy(chain(), [0, 1, 2])
    before = state.energy()
    change = state.delta(0, 1)
    state.move(0, 1)
    assert state.energy() == before + change


def test_a_run_moves_to_one_side_together() -> None:
    # Four neighbours in a row, two kinds of option; the first two slightly prefer kind 0, the last two kind 1,
    # and a mismatch between neighbours costs 0.12. Split 0, 0 | 1, 1 no single move helps (each adds a
    # mismatch or a dearer option), but the whole run on one kind saves 0.02.
    costs = [[0.0, 0.05], [0.0, 0.05], [0.05, 0.0], [0.05, 0.0]]
    problem = LabelProblem(costs=costs, conflicts=lambda label, option: [], neighbours=[[1], [0, 2], [1, 3], [2]],
                           kinds=[[0, 1]] * 4, pair_costs=[[0.0, 0.12], [0.12, 0.0]], overlap_cost=10.0)
    state = greedy(problem, [0, 1, 2, 3])
    for label, option in enumerate([0, 0, 1, 1]):
        state.move(label, option)
    assert polish(state, [0, 1, 2, 3]).choice == [0, 0, 1, 1]
    assert align_groups(state, [[0, 1, 2, 3]]).choice == [0, 0, 0, 0]
    assert abs(state.energy() - 0.1) < 1e-9
