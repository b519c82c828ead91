"""The room-making's one-axis compaction (editor/cartography/metro/compact.py)."""

from __future__ import annotations

import pytest

from editor.cartography.metro import compact
from editor.cartography.metro.compact import BOX, PIECE, SEGMENT, STATION, Pass, Thing, rigid_groups, solve_pass

WIDTH = 1000.0


def _name_over_a_diagonal(across: list[int] | None) -> Pass:
    """Station 0's name hangs beside it and its far end overlaps a diagonal link from station 1 to 2.

    Along this pass's axis the two are 15 px into each other, across it only 3 px, so the other pass would
    part them with the smaller move: but 0–1 runs along this axis and 1–2 is a diagonal, so on the other
    axis all three stations are one rigid piece and that pass cannot move them at all."""
    xs, ys = [100.0, 200.0, 300.0], [100.0, 100.0, 200.0]
    things = [Thing(STATION, v, 0.0, v, 0.0, ys[v], ys[v], v, (v,), 20.0, 0.0, WIDTH) for v in range(3)]
    things.append(Thing(SEGMENT, 0, 0.0, 1, 0.0, 100.0, 100.0, 0, (0, 1), 6.0, 0.0, WIDTH))
    pieces = round(100.0 / PIECE)
    for j in range(pieces):
        y0, y1 = 100.0 + j * PIECE, 100.0 + (j + 1) * PIECE
        things.append(Thing(SEGMENT, 1, y0 - 100.0, 1, y1 - 100.0, y0, y1, 1, (1, 2), 6.0, 0.0, WIDTH))
    things.append(Thing(BOX, 0, 70.0, 0, 115.0, 105.0, 240.0, 0, (0,), 31.0, 1.0, WIDTH - 1.0))
    return Pass(xs, ys, [(1, 2)], [(0, 1, 40.0)], things, set(), WIDTH, across)


def test_a_name_the_other_pass_cannot_part_from_a_link_is_parted_by_this_one() -> None:
    p = _name_over_a_diagonal(rigid_groups(3, [(0, 1), (1, 2)]))
    assert solve_pass(p)
    box_right = p.xs[0] + 115.0
    diagonal_left = p.xs[1]  # the diagonal's first piece starts at station 1
    assert box_right + 6.0 + 1.0 <= diagonal_left + 1e-6
    assert p.xs[2] - p.xs[1] == 100.0  # the diagonal stays a diagonal


def test_a_name_the_other_pass_can_part_is_left_to_it() -> None:
    p = _name_over_a_diagonal(None)  # no word on the other axis: it is taken to be able
    assert solve_pass(p)
    assert p.xs[0] + 115.0 > p.xs[1]


def test_a_positive_cycle_is_found_early_and_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A long chain (0 → 1 → … → 199) feeding a two-edge cycle that gains 1 px a turn: the edges on the cycle
    come back, found long before any value is raised past the count of values (the old proof, which cost a
    fresh Manhattan import's room-making a third of a second)."""
    count = 200
    edges = [(v, v + 1, 1.0) for v in range(count - 1)] + [(count - 1, 100, -97.0)]  # 100 → … → 199 → 100: +2
    looks: list[bool] = []
    real = compact._on_own_cycle

    def counted(start: int, pred: list[int], edges_: list[tuple[int, int, float]], n: int) -> bool:
        looks.append(real(start, pred, edges_, n))
        return looks[-1]

    monkeypatch.setattr(compact, "_on_own_cycle", counted)
    found = compact._longest(count, [0.0] * count, edges)
    assert found == {*range(100, count - 1), count - 1}
    assert looks[-1] and len(looks) <= count // compact.CYCLE_LOOK  # found by a look, not by the count
    assert compact._longest(count, [0.0] * count, edges[:-1]) == [float(v) for v in range(count)]  # no cycle
