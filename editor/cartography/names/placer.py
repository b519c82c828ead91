"""Placing every station's name on a board, as a printed metro map places them.

`place_names` chooses for each station a `label` spec (see `game/board/label_spec.py`): a side of the
station, maybe a step further out, on one line or two. Every name must keep clear of every other name,
every disc, every link and icon, stay on the board, within MAX_REACH of its station and nearer to it than
to any other station, all of it with the text grown to `clear_scale` (the largest text size the game
offers). Names that cannot are still given their least bad place and reported, with what they hit, so the
pipeline can make room and try again.

Method: candidates per station (`name_candidates`), a conflict graph between candidates of different
stations built lazily on a grid, a greedy start (most constrained station first), simulated annealing
after Christensen, Marks & Shieber (`annealing`), then a descent for the soft preferences.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from editor.cartography.names.annealing import LabelProblem, align_groups, anneal, greedy, polish
from editor.cartography.names.candidates import CLEARANCE, HIT_COST, NAME_OVERLAP_WEIGHT, Candidate, station_candidates
from editor.cartography.names.checks import check_names, name_box
from editor.cartography.names.lines import continuation_rays, straight_neighbours, straight_runs
from editor.cartography.names.types import Measure, NamePlacement, PlacedName, Progress, UnplacedName
from editor.cartography.network import Frame
from game.board.label_spec import SIDES, gap_for
from game.board.legibility import CLEAR_SCALE
from game.board.name_clearance import (
    CELL,
    MAX_REACH,
    Disc,
    IconBox,
    NameObstacles,
    NameScene,
    NameStation,
    TrackLine,
    check_boxes,
    names_meet,
    problems_by_station,
    word_spaced,
)
from game.geometry import SpatialGrid, inflate_box

__all__ = [
    "MAX_REACH", "Disc", "IconBox", "NameObstacles", "NamePlacement", "NameStation", "PlacedName", "TrackLine",
    "UnplacedName", "check_boxes", "check_names", "name_box", "place_names",
]

RUN_COST = 0.6  # two neighbours on a straight run with names a quarter turn or more apart
CONTINUATION = 40.0  # px: how far past a station a line's continuation is kept clear of its name


def _cached(measure: Measure) -> Measure:
    sizes: dict[str, tuple[float, float]] = {}

    def measured(text: str) -> tuple[float, float]:
        size = sizes.get(text)
        if size is None:
            size = sizes[text] = measure(text)
        return size

    return measured


class _ConflictGraph:
    """Which candidates of other stations each candidate overlaps, or comes within `spacing` of on its row
    (`name_spacing`), with clearance; worked out on demand."""

    def __init__(self, options: Sequence[Sequence[Candidate]], spacing: float) -> None:
        self.options = options
        self.spacing = spacing
        self.grid: SpatialGrid[tuple[int, int]] = SpatialGrid(CELL)
        for pos, candidates in enumerate(options):
            for k, candidate in enumerate(candidates):
                self.grid.add(candidate.clear_box, (pos, k))
        self.cache: dict[tuple[int, int], list[tuple[int, int]]] = {}

    def __call__(self, pos: int, k: int) -> list[tuple[int, int]]:
        key = (pos, k)
        found = self.cache.get(key)
        if found is None:
            box = self.options[pos][k].clear_box
            grown = inflate_box(word_spaced(box, self.spacing), CLEARANCE)
            found = [(q, m) for q, m in self.grid.near(grown)
                     if q != pos and names_meet(box, self.options[q][m].clear_box, self.spacing, CLEARANCE)]
            self.cache[key] = found
        return found


def _run_costs() -> list[list[float]]:
    """Cost of two neighbours' sides (kinds: SIDES' indices, then one for a dragged offset, which costs 0):
    nothing on the same side, the full RUN_COST from a quarter turn apart."""
    count = len(SIDES)
    quarter = count // 4
    table = [[0.0] * (count + 1) for _ in range(count + 1)]
    for a in range(count):
        for b in range(count):
            apart = min(abs(a - b), count - abs(a - b))
            table[a][b] = RUN_COST * min(apart, quarter) / quarter
    return table


def _kind(candidate: Candidate) -> int:
    side = candidate.spec.side
    return len(SIDES) if side is None else SIDES.index(side)


def _problem(stations: Sequence[NameStation], tracks: Sequence[TrackLine],
             options: Sequence[Sequence[Candidate]], spacing: float) -> LabelProblem:
    neighbours: list[list[int]] = [[] for _ in stations]
    for a, b in straight_neighbours(stations, tracks):
        neighbours[a].append(b)
        neighbours[b].append(a)
    return LabelProblem(costs=[[c.cost for c in candidates] for candidates in options],
                        conflicts=_ConflictGraph(options, spacing), neighbours=neighbours,
                        kinds=[[_kind(c) for c in candidates] for candidates in options],
                        pair_costs=_run_costs(), overlap_cost=HIT_COST * NAME_OVERLAP_WEIGHT)


def _optimise(problem: LabelProblem, order: list[int], runs: list[list[int]], seed: int,
              progress: Progress | None, stats: dict[str, float]) -> list[int]:
    """Greedy start, annealing, then descent, block moves along runs and descent again: each label's option."""
    state = greedy(problem, order)
    stats["greedy_conflicted"], stats["greedy_energy"] = float(len(state.conflicted())), state.energy()
    state = anneal(state, random.Random(seed), None if progress is None else lambda done: progress(0.2 + 0.7 * done))
    stats["anneal_conflicted"], stats["anneal_energy"] = float(len(state.conflicted())), state.energy()
    state = polish(align_groups(polish(state, order), runs), order)
    stats["final_energy"] = state.energy()
    return state.choice


def place_names(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame, measure: Measure, *,
                label_px: float, clear_scale: float = CLEAR_SCALE, progress: Progress | None = None, seed: int = 0,
                gap: float | None = None) -> NamePlacement:
    """Every station's name placed; `measure(text)` gives one line's (width, height) at `label_px`.

    `gap` (the space between a disc and its name) defaults to the board's, `gap_for(label_px)`. Deterministic
    for a given `seed`. `progress`, if given, is called with the fraction of the work done, ending with 1.
    """
    started = time.perf_counter()
    stations = tuple(stations)
    measure = _cached(measure)
    gap = gap_for(label_px) if gap is None else gap
    scene = NameScene(stations, obstacles, frame)
    rays = continuation_rays(stations, obstacles.tracks, CONTINUATION)
    options = [station_candidates(scene, pos, measure, gap, clear_scale, label_px, rays[pos])
               for pos in range(len(stations))]
    stats = {"stations": float(len(stations)), "candidates": float(sum(len(o) for o in options)),
             "candidates_seconds": time.perf_counter() - started}
    if progress is not None:
        progress(0.2)
    order = sorted(range(len(stations)), key=lambda p: (stations[p].fixed is None, len(options[p]), p))
    choice = _optimise(_problem(stations, obstacles.tracks, options, obstacles.spacing), order,
                       straight_runs(stations, obstacles.tracks), seed, progress, stats)
    chosen = [options[pos][k] for pos, k in enumerate(choice)]
    problems = problems_by_station(scene, {pos: c.clear_box for pos, c in enumerate(chosen)})
    names = {stations[c.pos].index: PlacedName(stations[c.pos].index, c.spec, c.lines, c.box) for c in chosen}
    unresolved = tuple(UnplacedName(stations[pos].index, stations[pos].name, chosen[pos].spec, tuple(found))
                       for pos, found in problems.items() if found)
    stats["unresolved"] = float(len(unresolved))
    stats["seconds"] = time.perf_counter() - started
    if progress is not None:
        progress(1.0)
    return NamePlacement(names, unresolved, label_px, gap, clear_scale, stats)
