"""A linear program handed to HiGHS: columns with bounds and costs, sparse rows with bounds, minimised."""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache

import highspy
import numpy as np

COEFFICIENT_FLOOR = 1e-12  # a coefficient this small is none: a row's two ends on one point cancel
BROKEN = 1e-6  # a lazy row the answer misses by more than this is broken (HiGHS keeps rows to 1e-7)


class Program:
    """Columns (each with bounds and a cost) and rows (each a sum of columns times values, between bounds);
    `solve` minimises the cost.

    A row may be lazy: one the caller expects the answer to keep anyway (two things far apart that must not
    meet). HiGHS is first given only the others; the lazy rows the answer breaks are added and it solves
    again from where it was, until the answer keeps them all. The answer is then one the whole program would
    give (it keeps every row, and no row added can lower the least cost), from a program a fraction the size.
    """

    def __init__(self) -> None:
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.cost: list[float] = []
        self.firm = _Rows()
        self.lazy = _Rows()

    def column(self, low: float = -math.inf, high: float = math.inf, cost: float = 0.0) -> int:
        self.lower.append(low)
        self.upper.append(high)
        self.cost.append(cost)
        return len(self.cost) - 1

    def row(self, terms: Mapping[int, float], low: float, high: float = math.inf, lazy: bool = False) -> None:
        """low <= sum(terms[c] * column c) <= high; a row with no term left is dropped."""
        (self.lazy if lazy else self.firm).add(terms, low, high)

    def rows(self, columns: np.ndarray, values: np.ndarray, lower: np.ndarray, lazy: np.ndarray) -> None:
        """Many rows at once, each lower[r] <= sum(values[r, t] * column columns[r, t]) (a term of value 0 is
        none, a row of none dropped), lazy where `lazy` says."""
        for rows, picked in ((self.lazy, lazy), (self.firm, ~lazy)):
            rows.add_arrays(columns[picked], values[picked], lower[picked])

    def solve(self) -> Sequence[float] | None:
        """Each column's value at the least cost, or None where the rows allow none (or HiGHS fails)."""
        lp = highspy.HighsLp()
        lp.num_col_ = len(self.cost)
        lp.num_row_ = len(self.firm.lower)
        lp.col_cost_ = np.array(self.cost)
        lp.col_lower_ = np.array(self.lower)
        lp.col_upper_ = np.array(self.upper)
        lp.row_lower_ = np.array(self.firm.lower)
        lp.row_upper_ = np.array(self.firm.upper)
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = np.array(self.firm.starts, dtype=np.int32)
        lp.a_matrix_.index_ = np.array(self.firm.index, dtype=np.int32)
        lp.a_matrix_.value_ = np.array(self.firm.values)
        _quiet_greeting()
        highs = highspy.Highs()
        highs.setOptionValue("output_flag", False)
        highs.setOptionValue("threads", 1)  # the same map every time, on any machine
        highs.passModel(lp)
        lazy = self.lazy.arrays()
        added = np.zeros(len(self.lazy.lower), dtype=bool)
        while True:
            highs.run()
            if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
                return None
            solution = np.array(highs.getSolution().col_value)
            broken = np.flatnonzero(~added & lazy.broken_by(solution))
            if not len(broken):
                return solution.tolist()
            added[broken] = True
            highs.addRows(len(broken), *lazy.picked(broken))


class _Rows:
    """Rows kept as HiGHS takes them: each row's terms one after another (`starts` marks where each begins)."""

    def __init__(self) -> None:
        self.starts: list[int] = [0]
        self.index: list[int] = []
        self.values: list[float] = []
        self.lower: list[float] = []
        self.upper: list[float] = []

    def add(self, terms: Mapping[int, float], low: float, high: float) -> None:
        kept = [(c, v) for c, v in terms.items() if abs(v) > COEFFICIENT_FLOOR]
        if not kept:
            return
        for c, v in kept:
            self.index.append(c)
            self.values.append(v)
        self.starts.append(len(self.index))
        self.lower.append(low)
        self.upper.append(high)

    def add_arrays(self, columns: np.ndarray, values: np.ndarray, lower: np.ndarray) -> None:
        """Rows as arrays (see `Program.rows`), with no upper bound."""
        used = np.abs(values) > COEFFICIENT_FLOOR
        counts = used.sum(axis=1)
        kept = counts > 0
        self.index += columns[used].tolist()
        self.values += values[used].tolist()
        self.starts += (self.starts[-1] + np.cumsum(counts[kept])).tolist()
        self.lower += lower[kept].tolist()
        self.upper += [math.inf] * int(kept.sum())

    def arrays(self) -> _RowArrays:
        return _RowArrays(np.array(self.starts, dtype=np.int64), np.array(self.index, dtype=np.int32),
                          np.array(self.values), np.array(self.lower), np.array(self.upper))


@dataclass(frozen=True, slots=True)
class _RowArrays:
    """Rows as arrays, to test a solution against all of them at once."""

    starts: np.ndarray
    index: np.ndarray
    values: np.ndarray
    lower: np.ndarray
    upper: np.ndarray

    def broken_by(self, solution: np.ndarray) -> np.ndarray:
        """Which rows the columns' values break (beyond HiGHS's own tolerance), as a mask."""
        if not len(self.lower):
            return np.zeros(0, dtype=bool)
        sums = np.add.reduceat(self.values * solution[self.index], self.starts[:-1])
        return (sums < self.lower - BROKEN) | (sums > self.upper + BROKEN)

    def picked(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, int, np.ndarray, np.ndarray, np.ndarray]:
        """The `rows` as HiGHS's addRows takes them after their count."""
        begins, ends = self.starts[rows], self.starts[rows + 1]
        terms = np.concatenate([np.arange(b, e) for b, e in zip(begins.tolist(), ends.tolist(), strict=True)])
        starts = np.concatenate(([0], np.cumsum(ends - begins)[:-1])).astype(np.int32)
        return self.lower[rows], self.upper[rows], len(terms), starts, self.index[terms], self.values[terms]


@cache
def _quiet_greeting() -> None:
    """HiGHS greets on standard output the first time a process makes a solver, before any option can be set
    (1.16): that first solver is made with standard output sent nowhere, so `python -m editor import` prints
    only what it wrote."""
    sys.stdout.flush()
    saved = os.dup(1)
    nowhere = os.open(os.devnull, os.O_WRONLY)
    os.dup2(nowhere, 1)
    try:
        highspy.Highs()
        with contextlib.suppress(OSError, AttributeError, TypeError):  # no C library to ask (Windows)
            ctypes.CDLL(None).fflush(None)  # the greeting may wait in C's buffer for a pipe
    finally:
        os.dup2(saved, 1)
        os.close(nowhere)
        os.close(saved)
