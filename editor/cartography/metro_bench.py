"""The metro-map bench: each shipped board, two fresh imports of about 120 stations and a 500-station city,
each made into a metro map (layout and names) with its CPU time and figures. `make bench` calls `bench_rows`;
`python -m editor.cartography.metro_bench` prints them.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from editor.cartography.bench import SHIPPED
from editor.cartography.metro.pipeline import MapFigures, MapRequest, make_metro_map
from editor.cartography.samples import IMPORTS, big_request, board_request, data_dir, import_request

# Paris's centre, and Manhattan to 96 St, whose layout is the slowest of the samples: its first edge order gets
# through on no grid.
BENCH_IMPORTS = ("paris-120", "manhattan-110")


@dataclass(frozen=True, slots=True)
class MetroRow:
    name: str
    stations: int
    cpu_seconds: float  # median over the repeats: import (for an import), layout and names
    figures: MapFigures


def _row(name: str, make: Callable[[], MapRequest], repeats: int) -> MetroRow:
    times: list[float] = []
    figures = None
    for _ in range(repeats):
        started = time.process_time()
        result = make_metro_map(make())
        times.append(time.process_time() - started)
        figures = result.figures
    assert figures is not None
    return MetroRow(name, figures.stations, statistics.median(times), figures)


def bench_rows(repeats: int = 3, big: bool = True) -> list[MetroRow]:
    """One row per sample (the 500-station city once: it takes a while)."""
    rows = [_row(name, partial(board_request, name), repeats) for name in SHIPPED]
    if data_dir() is not None:
        rows += [_row(f"import {name}", partial(import_request, IMPORTS[name]), repeats) for name in BENCH_IMPORTS]
    if big:
        rows.append(_row("synthetic-500", big_request, 1))
    return rows


def format_row(row: MetroRow) -> str:
    f = row.figures
    return (f"{row.name:22} {row.stations:4} stations  {row.cpu_seconds:6.2f} s cpu  octilinear "
            f"{100 * f.octilinear_share:5.1f} %  min spacing {f.min_spacing:5.1f} px  names in trouble "
            f"{f.unresolved_names:3}  layout problems {f.layout_problems}  bends {f.bends}  rounds {f.rounds}")


def target_rows(repeats: int = 3) -> list[MetroRow]:
    """The rows with targets in the contracts: fresh imports of about 120 stations (the median of `repeats`
    runs: this machine's speed wanders by a fifth from one run to the next), and 500 stations (once)."""
    rows = []
    if data_dir() is not None:
        rows += [_row(f"import {name}", partial(import_request, IMPORTS[name]), repeats) for name in BENCH_IMPORTS]
    rows.append(_row("synthetic-500", big_request, 1))
    return rows


def main(argv: list[str] | None = None) -> None:
    """Every row as a line; with --json only the target rows, as JSON (for `python -m game bench`)."""
    if "--json" in (sys.argv[1:] if argv is None else argv):
        print(json.dumps([{"name": row.name, "stations": row.stations, "cpu_seconds": row.cpu_seconds,
                           "names_in_trouble": row.figures.unresolved_names} for row in target_rows()]))
        return
    for row in bench_rows():
        print(format_row(row), flush=True)


if __name__ == "__main__":
    main()
