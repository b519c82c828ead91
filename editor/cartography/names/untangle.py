"""The last look at the names: where one is drawn over another name, another station or a terminus bar,
part them, even at the price of text over a link.

While the layout makes room, the placer weighs text over text only a little worse than text over a link
(`NAME_OVERLAP_WEIGHT`): the room-making needs to see every kind of trouble alike. On the finished map
that is the wrong way round: text over a link still reads, with its halo; two texts on top of each other,
or text over a station, do not. So, once the map is done, each name over another name (or nearer one on its
row than `name_spacing`, where the two read as one name at the larger text sizes) or over a station is tried
in every place round its station (and for two names over each other, every pair of places), and takes the
places that read best: least text covered first (`READ_WEIGHT`), then the placer's preferences.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations

from editor.cartography.names.candidates import (
    CLEARANCE,
    Placed,
    away_steps,
    every_place,
    layouts_of,
    places_round,
    preference,
)
from editor.cartography.names.lines import continuation_rays
from editor.cartography.names.placer import CONTINUATION
from editor.cartography.names.types import Measure, PlacedName
from editor.cartography.network import Frame
from game.board.label_spec import LabelSpec, gap_for
from game.board.name_clearance import CELL, NameObstacles, NameScene, NameStation, names_meet, word_spaced
from game.geometry import SpatialGrid, boxes_overlap

# What covering each thing costs the reader: a name over a name or a station loses text; over a link or
# nearer another station it still reads. Off the board it is lost altogether.
READ_WEIGHT = {"name": 4.0, "station": 3.0, "own": 3.0, "disc": 3.0, "icon": 3.0, "board": 8.0, "nearer": 1.0,
               "reach": 1.0, "link": 1.0, "bar": 3.0}
# Two names over each other cost by the text size they meet at. Most games are played at the usual size
# (scale 1, what the screen shows at fit), where text over text cannot be read at all: there they weigh more
# than a name's other troubles together; over each other only at the largest size, half.
OVER_AT_ONE = 1.5
CLEAR_AT_ONE = 0.5
# Two names on one row closer than `name_spacing` at the clear scale read as one there; at the usual size they
# are apart. Less than a name across a link, which shows at every size.
RUN_ON = 0.5
COVERS = ("station", "disc", "icon", "bar")  # what a name may cover that is worth another look (besides names)
ROUNDS = 3
KEEP = 40  # each name's best places kept for trying in pairs
KEEP_THREE = 16  # ...and in threes
NEIGHBOUR = 120.0  # px between stations: whose name may move to part two others


def untangle(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
             names: Mapping[int, PlacedName], measure: Measure, *, label_px: float,
             clear_scale: float) -> dict[int, PlacedName]:
    """The names, with every name over another name or station moved where it reads best (see above)."""
    return Untangler(stations, obstacles, frame, names, measure, label_px, clear_scale).run()


def text_over_text(one: Placed, other: Placed, spacing: float) -> float:
    """What two names over each other cost the reader: nothing when their boxes at the clear scale are apart,
    by `spacing` on one row."""
    if not names_meet(one[2], other[2], spacing):
        return 0.0
    if not boxes_overlap(one[2], other[2]):
        return RUN_ON
    return READ_WEIGHT["name"] * (OVER_AT_ONE if boxes_overlap(one[1], other[1]) else CLEAR_AT_ONE)


class Untangler:
    """The names as they stand round their stations (each place's lines and boxes) and the ways to look at them
    again: the untangle's, and the last look by the letter's (letter.py) built on it."""

    def __init__(self, stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                 names: Mapping[int, PlacedName], measure: Measure, label_px: float, clear_scale: float) -> None:
        self.stations = tuple(stations)
        self.scene = NameScene(self.stations, obstacles, frame)
        self.measure = measure
        self.gap = gap_for(label_px)
        self.clear_scale = clear_scale
        self.aways = away_steps(label_px, self.gap)
        self.rays = continuation_rays(self.stations, obstacles.tracks, CONTINUATION)
        self.names = dict(names)
        # What a place costs on its own (what it covers but names, and the placer's preferences) and the
        # places round each station: fixed while the scene is, asked again for every group a name is tried in.
        self._own: dict[tuple[int, LabelSpec], tuple[float, float]] = {}
        self._round: dict[int, list[tuple[LabelSpec, Placed]]] = {}
        self.current: dict[int, tuple[LabelSpec, Placed]] = {}
        for pos, station in enumerate(self.stations):
            name = names.get(station.index)
            if name is not None:
                self.current[pos] = (name.spec, self._place(pos, name.spec))

    def _place(self, pos: int, spec: LabelSpec) -> Placed:
        return every_place(self.scene, pos, [spec], self.measure, self.gap, self.clear_scale)[0][1]

    def run(self) -> dict[int, PlacedName]:
        for _ in range(ROUNDS):
            changed = False
            for group in self._tangles():
                changed |= self._part(group)
            if not changed:
                break
        return self.names

    def _grid(self, skip: Sequence[int]) -> SpatialGrid[int]:
        grid: SpatialGrid[int] = SpatialGrid(CELL)
        for pos, (_, placed) in self.current.items():
            if pos not in skip:
                grid.add(placed[2], pos)
        return grid

    def _tangles(self) -> list[tuple[int, ...]]:
        """Each name over another name (as a pair, each name in one pair at most) or over another station, a
        water symbol or an icon (alone), in station order: the groups to part."""
        grid = self._grid(())
        found: list[tuple[int, ...]] = []
        seen: set[int] = set()
        for pos in sorted(self.current):
            box = self.current[pos][1][2]
            others = sorted(q for q in grid.near(word_spaced(box, self.scene.spacing))
                            if q != pos and self.scene.names_meet(box, self.current[q][1][2]))
            if others and pos not in seen:
                partner = next((q for q in others if q not in seen), None)
                if partner is not None:
                    found.append((pos, partner))
                    seen.update((pos, partner))
                    continue
            if pos not in seen and any(kind in COVERS for kind, _ in self.scene.breaks(pos, box, CLEARANCE)):
                found.append((pos,))
                seen.add(pos)
        return found

    def _cost(self, pos: int, spec: LabelSpec, placed: Placed, others: SpatialGrid[int]) -> float:
        """What a place costs the reader: everything it covers (of the names, those in `others`), then the
        placer's preferences, which only settle ties."""
        return self._read_cost(pos, spec, placed, others.near(word_spaced(placed[2], self.scene.spacing)))

    def _read_cost(self, pos: int, spec: LabelSpec, placed: Placed, others: Iterable[int]) -> float:
        """`_cost` with the names it may meet given as their positions."""
        covered, liked = self._own_cost(pos, spec, placed)
        covered += sum(text_over_text(placed, self.current[q][1], self.scene.spacing) for q in others)
        return covered + liked

    def _own_cost(self, pos: int, spec: LabelSpec, placed: Placed) -> tuple[float, float]:
        """What the place covers but names, and the placer's preferences (a tenth: they only settle ties); a
        station's place is its spec's, so worked out once a spec."""
        found = self._own.get((pos, spec))
        if found is None:
            found = self._own[pos, spec] = (
                sum(READ_WEIGHT[kind] for kind, _ in self.scene.breaks(pos, placed[2], CLEARANCE)),
                preference(self.scene, pos, spec, placed[1], self.rays[pos]) / 10)
        return found

    def places(self, pos: int) -> list[tuple[LabelSpec, Placed]]:
        """Every place round the station (`candidates.places_round`), worked out once."""
        found = self._round.get(pos)
        if found is None:
            found = self._round[pos] = places_round(self.scene, pos, layouts_of(self.stations[pos], self.measure),
                                                    self.aways, self.measure, self.gap, self.clear_scale)
        return found

    def _options(self, pos: int, others: SpatialGrid[int]) -> list[tuple[float, LabelSpec, Placed]]:
        if self.stations[pos].fixed is not None:
            return []
        return sorted(((self._cost(pos, spec, placed, others), spec, placed) for spec, placed in self.places(pos)),
                      key=lambda o: o[0])

    def _part(self, group: tuple[int, ...]) -> bool:
        """Give the group's names the places that read best together; whether any moved. Two names that no
        pair of places parts may be parted with a neighbour's name moved too (a third name, fewer places)."""
        if self._best(group, KEEP):
            return True
        if len(group) != 2:
            return False
        a, b = (self.stations[pos] for pos in group)
        near = [pos for pos, s in enumerate(self.stations) if pos not in group and pos in self.current
                and min(math.dist((s.x, s.y), (a.x, a.y)), math.dist((s.x, s.y), (b.x, b.y))) < NEIGHBOUR]
        return any(self._best((*group, pos), KEEP_THREE) for pos in near)

    def _best(self, group: tuple[int, ...], keep: int) -> bool:
        """Move the group's names to the places that read best together, if better than now; whether moved."""
        if all(self.stations[pos].fixed is not None for pos in group):
            return False  # nothing to move (a step's judgement fixes the names far from it)
        others = self._grid(group)
        now = sum(self._cost(pos, *self.current[pos], others) for pos in group)
        spacing = self.scene.spacing
        now += sum(text_over_text(self.current[p][1], self.current[q][1], spacing) for p, q in combinations(group, 2))
        choices = [self._options(pos, others)[:keep] or [(0.0, *self.current[pos])] for pos in group]
        best = _cheapest(choices, spacing, now - 1e-6)
        if best is None:
            return False
        for pos, (_, spec, placed) in zip(group, best, strict=True):
            self.current[pos] = (spec, placed)
            index = self.stations[pos].index
            self.names[index] = PlacedName(index, spec, placed[0], placed[1])
        return True


Option = tuple[float, LabelSpec, Placed]


def _cheapest(choices: Sequence[Sequence[Option]], spacing: float, bound: float) -> tuple[Option, ...] | None:
    """Of one place for each name (each name's places sorted by cost, cheapest first), the first combination in
    `product` order whose costs and text over text together cost less than `bound` and any combination before
    it: None if none does. A combination whose own costs alone come to the best found so far is passed over,
    and so, with them, every later place of the same name (each costs no less), which leaves out most of the
    product; the sums are added in `sum`'s order, so what is found is exactly what trying every one finds."""
    least = [options[0][0] for options in choices]
    found: list[tuple[Option, ...] | None] = [None]
    best = [bound]

    def walk(picked: tuple[Option, ...], partial: float) -> None:
        k = len(picked)
        for option in choices[k]:
            cost = partial + option[0]
            reach = cost
            for low in least[k + 1:]:
                reach += low
            if reach >= best[0]:
                break  # the cheapest of what follows costs this much already, and the later places more
            if k + 1 < len(choices):
                walk((*picked, option), cost)
                continue
            combo = (*picked, option)
            cost += sum(text_over_text(x[2], y[2], spacing) for x, y in combinations(combo, 2))
            if cost < best[0]:
                found[0], best[0] = combo, cost

    walk((), 0.0)
    return found[0]
