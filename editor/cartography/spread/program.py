"""A linear program handed to HiGHS: columns with bounds and costs, sparse rows with bounds, minimised."""

from __future__ import annotations

import contextlib
import ctypes
import math
import os
import sys
from collections.abc import Mapping, Sequence
from functools import cache

import highspy
import numpy as np

COEFFICIENT_FLOOR = 1e-12  # a coefficient this small is none: a row's two ends on one point cancel


class Program:
    """Columns (each with bounds and a cost) and rows (each a sum of columns times values, between bounds);
    `solve` minimises the cost."""

    def __init__(self) -> None:
        self.lower: list[float] = []
        self.upper: list[float] = []
        self.cost: list[float] = []
        self.starts: list[int] = [0]
        self.index: list[int] = []
        self.values: list[float] = []
        self.row_lower: list[float] = []
        self.row_upper: list[float] = []

    def column(self, low: float = -math.inf, high: float = math.inf, cost: float = 0.0) -> int:
        self.lower.append(low)
        self.upper.append(high)
        self.cost.append(cost)
        return len(self.cost) - 1

    def row(self, terms: Mapping[int, float], low: float, high: float = math.inf) -> None:
        """low <= sum(terms[c] * column c) <= high; a row with no term left is dropped."""
        kept = [(c, v) for c, v in terms.items() if abs(v) > COEFFICIENT_FLOOR]
        if not kept:
            return
        for c, v in kept:
            self.index.append(c)
            self.values.append(v)
        self.starts.append(len(self.index))
        self.row_lower.append(low)
        self.row_upper.append(high)

    def solve(self) -> Sequence[float] | None:
        """Each column's value at the least cost, or None where the rows allow none (or HiGHS fails)."""
        lp = highspy.HighsLp()
        lp.num_col_ = len(self.cost)
        lp.num_row_ = len(self.row_lower)
        lp.col_cost_ = np.array(self.cost)
        lp.col_lower_ = np.array(self.lower)
        lp.col_upper_ = np.array(self.upper)
        lp.row_lower_ = np.array(self.row_lower)
        lp.row_upper_ = np.array(self.row_upper)
        lp.a_matrix_.format_ = highspy.MatrixFormat.kRowwise
        lp.a_matrix_.start_ = np.array(self.starts, dtype=np.int32)
        lp.a_matrix_.index_ = np.array(self.index, dtype=np.int32)
        lp.a_matrix_.value_ = np.array(self.values)
        _quiet_greeting()
        highs = highspy.Highs()
        highs.setOptionValue("output_flag", False)
        highs.setOptionValue("threads", 1)  # the same map every time, on any machine
        highs.passModel(lp)
        highs.run()
        if highs.getModelStatus() != highspy.HighsModelStatus.kOptimal:
            return None
        return list(highs.getSolution().col_value)


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
