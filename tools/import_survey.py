"""The cartography issue's figures on fresh imports: `python -m tools.import_survey [NAME ...] [--jobs N]`.

Each import runs as `python -m editor import` does (the importer's board, the pipeline's quick layout, the
file written once) and is then compiled and checked as the game loads it: link length octilinear, the closest
stations, the name font, the names by the figure's letter (`legibility.figure_problems`), the stricter board
check at the clear scale, links drawn on links and through stations, names on the water or across it from
their station, stations whose disc the water reaches, links drawn along the water (hiding it), pairs of
names that read as one (at the usual size and at the clear scale), and the wall time of the import. A
table on standard output, a line per import; `--lines` adds every figure problem. Runs in processes of their
own, so an import's time is its own and `--jobs` may run two at a time on two cores (times then rise).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import partial
from pathlib import Path

# A designer's first boards: parts of each city from 20 to 150 stations, named by the stations an import counts
# (paris-154 a little over, for the edge of the range).
SURVEY: dict[str, tuple[str, tuple[float, float, float, float]]] = {
    "paris-19": ("paris", (48.86, 2.33, 48.875, 2.36)),
    "paris-49": ("paris", (48.85, 2.32, 48.875, 2.37)),
    "paris-53": ("paris", (48.86, 2.35, 48.90, 2.42)),
    "paris-68": ("paris", (48.82, 2.33, 48.86, 2.42)),
    "paris-102": ("paris", (48.84, 2.30, 48.88, 2.38)),
    "paris-142": ("paris", (48.835, 2.30, 48.885, 2.39)),
    "paris-154": ("paris", (48.83, 2.29, 48.88, 2.40)),
    "berlin-20": ("berlin", (52.44, 13.40, 52.50, 13.50)),
    "berlin-32": ("berlin", (52.50, 13.18, 52.56, 13.33)),
    "berlin-52": ("berlin", (52.49, 13.35, 52.54, 13.45)),
    "berlin-65": ("berlin", (52.43, 13.30, 52.50, 13.45)),
    "berlin-88": ("berlin", (52.49, 13.28, 52.54, 13.45)),
    "berlin-117": ("berlin", (52.48, 13.30, 52.56, 13.48)),
    "berlin-132": ("berlin", (52.46, 13.30, 52.55, 13.47)),
    "berlin-144": ("berlin", (52.47, 13.28, 52.56, 13.50)),
    "london-29": ("london", (51.50, -0.14, 51.53, -0.08)),
    "london-40": ("london", (51.53, -0.20, 51.60, -0.05)),
    "london-54": ("london", (51.47, -0.32, 51.53, -0.15)),
    "london-66": ("london", (51.49, -0.20, 51.535, -0.07)),
    "london-67": ("london", (51.49, -0.10, 51.56, 0.02)),
    "london-96": ("london", (51.49, -0.22, 51.54, -0.02)),
    "london-136": ("london", (51.47, -0.23, 51.56, -0.05)),
    "newyork-25": ("newyork", (40.74, -74.00, 40.77, -73.97)),
    "newyork-44": ("newyork", (40.70, -73.95, 40.77, -73.80)),
    "newyork-46": ("newyork", (40.66, -74.005, 40.715, -73.94)),
    "newyork-56": ("newyork", (40.80, -73.97, 40.88, -73.90)),
    "newyork-79": ("newyork", (40.75, -73.99, 40.84, -73.90)),
    "newyork-90": ("newyork", (40.80, -73.95, 40.90, -73.83)),
    "newyork-105": ("newyork", (40.74, -74.00, 40.84, -73.90)),
    "newyork-111": ("newyork", (40.70, -74.02, 40.80, -73.93)),
    "newyork-132": ("newyork", (40.70, -74.02, 40.82, -73.92)),
}


@dataclass(frozen=True)
class Row:
    name: str
    stations: int
    seconds: float
    octilinear: float
    spacing: float
    font: float
    letter: list[str]
    clear: int
    along: int
    through: int
    water: int = 0
    wet: int = 0
    hidden: int = 0  # links drawn along the water, hiding it
    stacked: int = 0  # pairs of names set one over the other that read as one
    stacked_clear: int = 0  # ...with the text at the clear scale
    error: str = ""


def survey(name: str, keep: Path | None = None) -> Row:
    """One fresh import, made and checked as a designer's would be; its map kept in `keep` if given."""
    from editor.importing.command import add_arguments, run
    from game.board import legibility
    from game.board.loader import load_board

    city, area = SURVEY[name]
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / f"{name}.tmx"
        parser = argparse.ArgumentParser()
        add_arguments(parser)
        args = parser.parse_args(["--city", city, "--area", ",".join(map(str, area)), "-o", str(out)])
        start = time.perf_counter()
        try:
            run(args)
        except Exception as error:  # a survey reports a failed import and goes on
            return Row(name, 0, time.perf_counter() - start, 0, 0, 0, [], 0, 0, 0, error=repr(error))
        seconds = time.perf_counter() - start
        board = load_board(out)
        if keep is not None:
            shutil.copyfile(out, keep / out.name)
    return Row(name, sum(1 for node in board.nodes if not node.waypoint), seconds,
               legibility.octilinear_share(board), legibility.min_spacing(board), board.label_px,
               legibility.figure_problems(board), len(legibility.name_problems(board)),
               len(legibility.links_along_links(board)), len(legibility.links_through_stations(board)),
               len(legibility.names_across_water(board)), len(legibility.stations_in_water(board)),
               len(legibility.links_along_water(board)), len(legibility.names_read_as_one(board)),
               len(legibility.pairs_read_as_one(board, scale=legibility.CLEAR_SCALE)))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.import_survey", description=__doc__)
    parser.add_argument("names", nargs="*", metavar="NAME", help=f"imports to run (default all: {', '.join(SURVEY)})")
    parser.add_argument("--jobs", type=int, default=1, help="imports at a time (default 1: times as a designer's)")
    parser.add_argument("--lines", action="store_true", help="print each figure problem too")
    parser.add_argument("--keep", type=Path, metavar="DIR", help="a folder to keep each import's map in")
    args = parser.parse_args(argv)
    unknown = [name for name in args.names if name not in SURVEY]
    if unknown:
        parser.error(f"no survey import {', '.join(unknown)}")
    names = args.names or list(SURVEY)
    if args.keep is not None:
        args.keep.mkdir(parents=True, exist_ok=True)
    print(f"{'import':16} {'stations':>8} {'s':>6} {'octi':>6} {'apart':>6} {'font':>5} {'letter':>6} "
          f"{'clear':>5} {'along':>5} {'thru':>4} {'water':>5} {'wet':>4} {'hides':>5} {'stack':>5} {'grown':>5}")
    totals = [0, 0, 0, 0, 0, 0, 0, 0, 0]
    with ProcessPoolExecutor(max_workers=args.jobs, max_tasks_per_child=1) as pool:
        for row in pool.map(partial(survey, keep=args.keep), names):
            if row.error:
                print(f"{row.name:16} failed: {row.error}")
                continue
            print(f"{row.name:16} {row.stations:8} {row.seconds:6.2f} {row.octilinear:6.3f} {row.spacing:6.1f} "
                  f"{row.font:5.1f} {len(row.letter):6} {row.clear:5} {row.along:5} {row.through:4} {row.water:5} "
                  f"{row.wet:4} {row.hidden:5} {row.stacked:5} {row.stacked_clear:5}", flush=True)
            if args.lines:
                for line in row.letter:
                    print(f"    {line}")
            totals = [totals[0] + len(row.letter), totals[1] + row.clear, totals[2] + row.along,
                      totals[3] + (not row.letter), totals[4] + row.water, totals[5] + row.wet,
                      totals[6] + row.hidden, totals[7] + row.stacked, totals[8] + row.stacked_clear]
    print(f"letter {totals[0]}, clear {totals[1]}, along {totals[2]}, across water {totals[4]}, "
          f"stations in water {totals[5]}, links hiding the water {totals[6]}, names read as one {totals[7]} "
          f"({totals[8]} at the clear scale); "
          f"{totals[3]} of {len(names)} meet the letter")
    return 0


if __name__ == "__main__":
    sys.exit(main())
