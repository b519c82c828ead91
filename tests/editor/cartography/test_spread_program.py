"""The spread's linear program: lazy rows held back until an answer breaks them, the answer the same."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.cartography.spread.program import Program


def test_a_lazy_row_the_answer_breaks_is_added_and_kept() -> None:
    program = Program()
    x = program.column(0.0, 100.0, cost=1.0)
    y = program.column(0.0, 100.0, cost=2.0)
    program.row({x: 1.0, y: 1.0}, 10.0)  # x + y >= 10: alone, cheapest at x = 10, y = 0
    program.row({x: -1.0, y: 1.0}, 4.0, lazy=True)  # y - x >= 4, which that breaks
    solution = program.solve()
    assert solution is not None
    assert (solution[x], solution[y]) == (pytest.approx(3.0), pytest.approx(7.0))


def test_lazy_rows_that_allow_nothing_leave_no_answer() -> None:
    program = Program()
    x = program.column(0.0, 10.0, cost=1.0)
    program.row({x: 1.0}, 20.0, lazy=True)
    assert program.solve() is None


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(-3, 3), st.integers(-3, 3), st.integers(-20, 20), st.booleans()),
                min_size=1, max_size=12))
def test_lazy_rows_give_the_least_cost_the_whole_program_gives(rows: list[tuple[int, int, int, bool]]) -> None:
    def solved(lazy: bool) -> tuple[float, list[float]] | None:
        program = Program()
        columns = [program.column(-50.0, 50.0, cost=cost) for cost in (1.0, 2.0)]
        for a, b, low, held_back in rows:
            program.row({columns[0]: a, columns[1]: b}, low, lazy=lazy and held_back)
        solution = program.solve()
        if solution is None:
            return None
        return solution[0] + 2.0 * solution[1], list(solution)

    whole, lazily = solved(False), solved(True)
    assert (whole is None) == (lazily is None)
    if whole is not None and lazily is not None:
        assert lazily[0] == pytest.approx(whole[0], abs=1e-6)
        for a, b, low, _ in rows:  # every row kept, lazy or not (a row of no terms is dropped)
            assert (a, b) == (0, 0) or a * lazily[1][0] + b * lazily[1][1] >= low - 1e-6
