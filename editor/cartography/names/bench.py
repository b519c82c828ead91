"""How fast the name placer is and how many names it leaves in trouble, on the shipped boards and on made-up
spread-out networks of 150 and 500 stations: `python -m editor.cartography.names.bench [label_px]`.

Times are CPU seconds of this process (the machine may be shared) and wall seconds, best of `repeat` runs.
Text is measured by a stand-in (0.55 em a character, 1.25 em a line) unless a measure is passed in.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from editor.cartography.names.boards import NameInputs, inputs_from_board, octilinear_network
from editor.cartography.names.placer import place_names
from editor.cartography.names.types import Measure

SHIPPED = ("london", "berlin", "newyork")


@dataclass(frozen=True, slots=True)
class BenchRow:
    board: str
    stations: int
    unresolved: int
    cpu_seconds: float
    wall_seconds: float


def stand_in_measure(label_px: float) -> Measure:
    def measure(text: str) -> tuple[float, float]:
        return (0.55 * label_px * len(text), 1.25 * label_px)

    return measure


def _run(name: str, inputs: NameInputs, measure: Measure, label_px: float, repeat: int) -> BenchRow:
    best_cpu = best_wall = float("inf")
    unresolved = 0
    for _ in range(repeat):
        cpu, wall = time.process_time(), time.perf_counter()
        result = place_names(inputs.stations, inputs.obstacles, inputs.frame, measure, label_px=label_px)
        best_cpu = min(best_cpu, time.process_time() - cpu)
        best_wall = min(best_wall, time.perf_counter() - wall)
        unresolved = len(result.unresolved)
    return BenchRow(name, len(inputs.stations), unresolved, best_cpu, best_wall)


def bench_names(label_px: float = 15.0, boards_dir: Path = Path("boards"), sizes: tuple[int, ...] = (150, 500),
                measure: Measure | None = None, repeat: int = 3) -> list[BenchRow]:
    """One row per shipped board found in `boards_dir` and per made-up network size."""
    measure = measure or stand_in_measure(label_px)
    rows = []
    for name in SHIPPED:
        path = boards_dir / f"{name}.json"
        if path.exists():
            board = json.loads(path.read_text(encoding="utf-8"))
            rows.append(_run(name, inputs_from_board(board), measure, label_px, repeat))
    for size in sizes:
        rows.append(_run(f"octilinear-{size}", octilinear_network(size), measure, label_px, repeat))
    return rows


def main() -> None:
    label_px = float(sys.argv[1]) if len(sys.argv) > 1 else 15.0
    print(f"{'board':<16}{'stations':>9}{'unresolved':>11}{'cpu s':>8}{'wall s':>8}   (label {label_px:g} px)")
    for row in bench_names(label_px):
        print(f"{row.board:<16}{row.stations:>9}{row.unresolved:>11}{row.cpu_seconds:>8.2f}{row.wall_seconds:>8.2f}")


if __name__ == "__main__":
    main()
