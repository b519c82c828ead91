"""Stations step aside for names that break the figure's letter, on every map: a fresh import's too.

The climb (climb.py) steps stations for names in trouble, but only on a thorough map: each step it judges
costs a placement of the names near it. A designer's quick import of more than THOROUGH_UP_TO stations kept
a few names that break the cartography figure itself, mostly a long name on a crowded avenue nearer a
neighbour's station than its own, where no place round its station keeps the figure (the last look by the
letter, names/letter.py, can only choose among those places). Here each such name's movers (`climb.movers`:
its station first, then what its name runs into, then its neighbours) are tried a step away, the station
away from the stations its name crowds and those away from it first. A step is judged only where the name
then has a place that keeps the figure, other names aside (`has_figure_place`, cheap), and breaks no layout
guarantee kept; it is kept when fewer names break the figure and none more is in trouble at the clear scale
nor unreadable: judged first with every name carried along as it stood and only the names near the step
parted and moved by the letter (a station stepping its own name clear, a twentieth of a second on 120
stations), then with the names near it placed again (a tenth). Each name gets TRIALS steps judged, the map
BUDGET.

Nor may the steps together stack more links on links they share no station with once the pipeline redraws
what it can, or leave a river that ran in straight and 45° runs in its geographic wiggle; asking means
redrawing the whole map's links and rivers (four tenths of a second on Berlin's Spree), so it is asked of all
the steps together, and where that fails, of fewer, halving: the longest run of steps that keeps them stays.

Measured on 15 fresh imports of 46 to 127 stations (2026-11-25, with the letter's choice between placements,
pipeline._read_better): lines breaking the figure 33 -> 7, imports meeting it 6 -> 13 of 15, lines of the
board check at the clear scale 332 -> 328; the bench's Manhattan (111 stations) 4.3 s -> 5.0 s.

A map that takes time for its names (`MapRequest.takes_time_for_names`: a small one, or a thorough Tidy) then
takes a second pass judged with the links' centre lines too (`lines`), its names finished as the last look
leaves them (off the lines), and guarded against links hiding more water (`Guards`). Measured on the survey's
18 imports of up to 80 stations (2026-11-29): lines breaking the figure 6 -> 3, lines of the board check at the
clear scale 23 -> 22, links on links 2 -> 1; New York's 79 stations a tenth slower (4.6 s -> 5.1 s, paired
runs). Judged on every map, the bench's Manhattan had no time to spare.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping
from dataclasses import replace
from itertools import pairwise

from editor.cartography.layout.checks import MIN_SPACING
from editor.cartography.metro.climb import Finish, movers, placed_near, rivers_redrawn
from editor.cartography.metro.naming import carried, measure_of, scene_of
from editor.cartography.metro.nudge import DIRECTIONS, Guarantees, NamedLayout, stacked_when_drawn, step_to, steps_of
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.river import redraw_rivers
from editor.cartography.metro.scene import NameScene
from editor.cartography.names.letter import figure_breakers, has_figure_place
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Schematic
from game.board.legibility import paths_along_water
from game.geometry import point_in_polygon, polygon_boundary_distance, segments_distance

STEPS = (20.0, 40.0, 60.0)  # px: half a pitch to a pitch and a half (the names mended so far took 20 to 60)
NEAR = 200.0  # px: names further from the step keep their places while it is judged (not the climb's 300: faster)
TRIALS = 3  # steps judged for each name, at most (the names mended so far took one to three)
BUDGET = 12  # ...and for the whole map (each a tenth of a second or two on 120 stations)
# The second pass, for names over the links' centre lines, runs on a small map (or a thorough one), where a step
# costs little: it looks further (the climb's three pitches) and longer. Measured on the survey's 18 imports of up
# to 80 stations (2026-11-29): with the first pass's reach, 3 kept a name over a line (London's Caledonian Road &
# Barnsbury, Hammersmith, Berlin's Hohenzollerndamm; each needed both more trials and longer steps); so, none,
# board check lines at the clear scale 22 -> 19, no import more than 0.3 s slower.
LINE_STEPS = (20.0, 40.0, 60.0, 80.0, 100.0, 120.0)
LINE_TRIALS = 8
LINE_BUDGET = 24
WATER_REACH = 3.0  # pitches: a step nearer the water than this is asked whether the rivers keep their course


def breaking_the_figure(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName],
                        lines: bool = False) -> dict[int, frozenset[int]]:
    """The stations whose names break the figure's rules where they stand, each with the stations its name
    covers or is nearer to (`letter.figure_breakers`); with `lines` the links' centre lines judged too."""
    return figure_breakers(scene.stations, scene.obstacles, request.frame, names, measure_of(request),
                           label_px=request.label_px, clear_scale=request.clear_scale, lines=lines)


def reads_better_by_the_letter(request: MapRequest, new: NamedLayout, old: NamedLayout, lines: bool = False) -> bool:
    """Fewer names breaking the figure (with `lines`, the links' centre lines judged too); or as many, and
    reading better at the clear scale (`NamedLayout.reads_better_than`)."""
    new_breaking = len(breaking_the_figure(request, new.scene, new.names, lines))
    old_breaking = len(breaking_the_figure(request, old.scene, old.names, lines))
    return new_breaking < old_breaking or (new_breaking == old_breaking and new.reads_better_than(old))


def step_for_the_letter(request: MapRequest, schematic: Schematic, scene: NameScene,
                        names: Mapping[int, PlacedName], finish: Finish,
                        lines: bool = False) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The layout with stations stepped aside while a step leaves fewer names breaking the figure (see above);
    with `lines`, the links' centre lines judged too (`finish` then moves names off them)."""
    breaking = breaking_the_figure(request, scene, names, lines)
    if not breaking:
        return schematic, scene, dict(names)
    start = NamedLayout.of(request, schematic, scene, names)
    best = _guarded(request, _Steps(request, start, breaking, finish, lines).run(), water=lines)
    return best.schematic, best.scene, best.names


def _guarded(request: MapRequest, taken: list[NamedLayout], water: bool = False) -> NamedLayout:
    """The map after the most steps taken that cost it nothing the guards keep (`Guards`, with `water` the
    links hiding it too): all of them, or, where the last breaks a guard, the longest run of steps that does
    not (halving)."""
    if len(taken) == 1:
        return taken[0]
    guards = Guards(request, taken[0], water)
    if guards.kept(taken[-1]):
        return taken[-1]
    good, bad = 0, len(taken) - 1
    while bad - good > 1:
        middle = (good + bad) // 2
        good, bad = (middle, bad) if guards.kept(taken[middle]) else (good, middle)
    return taken[good]


class Guards:
    """What no step may cost the map, slow to ask of each: links drawn on links they share no station with once
    the pipeline has redrawn what it can (`stacked_when_drawn`), and rivers run in straight and 45° runs
    (`rivers_redrawn`, a river's whole course redrawn: four tenths of a second on Berlin's Spree); with `water`,
    no more links drawn along the redrawn water, hiding it (`legibility.paths_along_water`: the lines' steps put
    one on London zone 1's Thames)."""

    def __init__(self, request: MapRequest, start: NamedLayout, water: bool = False) -> None:
        self.request = request
        self.stacked = stacked_when_drawn(request, start)
        self.rivers = rivers_redrawn(request, start.schematic)
        self.hiding = _hiding_water(request, start) if water and _has_water(start.schematic) else None

    def kept(self, outcome: NamedLayout) -> bool:
        return (stacked_when_drawn(self.request, outcome) <= self.stacked
                and (not self.rivers or self.rivers <= rivers_redrawn(self.request, outcome.schematic))
                and (self.hiding is None or _hiding_water(self.request, outcome) <= self.hiding))


def redraw_rivers_among(request: MapRequest, schematic: Schematic, scene: NameScene) -> Schematic:
    """`river.redraw_rivers` with the discs and link beds as the name scene draws them: the pipeline's last
    redraw, and what the water guard asks of the steps for the names' lines."""
    obstacles = scene.obstacles
    return redraw_rivers(request.network, schematic, request.frame, [disc.radius for disc in obstacles.discs],
                         [(track.path, track.half_width) for track in obstacles.tracks])


def _hiding_water(request: MapRequest, named: NamedLayout) -> int:
    """How many links run along the water once the rivers are redrawn as the pipeline redraws them last."""
    drawn = redraw_rivers_among(request, named.schematic, named.scene)
    water = [area.points for area in drawn.areas if area.kind == "water" and len(area.points) >= 3]
    return len(paths_along_water(drawn.paths, water))


class _Steps:
    """One pass over the names breaking the figure, each step judged as the notes say."""

    def __init__(self, request: MapRequest, start: NamedLayout, breaking: dict[int, frozenset[int]],
                 finish: Finish, lines: bool = False) -> None:
        self.request = request
        self.lines = lines
        self.taken = [start]
        self.breaking = breaking
        self.finish = finish
        self.guarantees = Guarantees(request, start.schematic, start.scene)
        self.steps: tuple[float, ...] = LINE_STEPS if lines else STEPS
        self.trials, self.budget = (LINE_TRIALS, LINE_BUDGET) if lines else (TRIALS, BUDGET)
        self.rivers = rivers_redrawn(request, start.schematic) if _has_water(start.schematic) else frozenset()

    @property
    def best(self) -> NamedLayout:
        return self.taken[-1]


    def run(self) -> list[NamedLayout]:
        """The map before and after each step kept."""
        for index in sorted(self.breaking):
            if index in self.breaking and self.budget > 0:
                self._mend(index)
        return self.taken

    def _mend(self, index: int) -> None:
        """Take the first step of one of the name's movers that judges better, within its trials and the map's
        budget (TRIALS and BUDGET, for the lines LINE_TRIALS and LINE_BUDGET)."""
        trials = 0
        for mover in movers(self.request, self.best, index):
            if self.request.network.places[mover].pinned:
                continue
            for stepped in self._steps(mover, index):
                stepped_scene = scene_of(self.request, stepped)
                if not self._may_keep(stepped_scene, index) or not self.guarantees.kept(stepped, stepped_scene):
                    continue
                trials += 1
                self.budget -= 1
                if self._kept(self._carried(stepped, stepped_scene, mover), mover) or \
                        self._kept(placed_near(self.request, self.best, stepped, mover, self.finish, NEAR), mover):
                    return
                if trials >= self.trials or self.budget <= 0:
                    return

    def _steps(self, mover: int, index: int) -> Iterator[Schematic]:
        """The mover's steps: where the name covers or is nearer to other stations (its rivals), the station
        steps away from them and a rival away from it, smallest steps first and the most directly away first;
        any other mover every way (`nudge.steps_of`)."""
        rivals = self.breaking.get(index, frozenset())
        away_from = [i for i in rivals if i != mover] if mover == index else [index] if mover in rivals else []
        schematic = self.best.schematic
        if not away_from:
            yield from steps_of(self.request, schematic, self.best.scene, mover, self.steps)
            return
        x, y = schematic.positions[mover]
        others = [schematic.positions[i] for i in away_from]

        def gained(step: float, dx: int, dy: int) -> float:
            to = (x + dx * step, y + dy * step)
            return sum(math.dist(to, other) - math.dist((x, y), other) for other in others)

        ways = sorted(((step, dx, dy) for step in self.steps for dx, dy in DIRECTIONS if gained(step, dx, dy) > 0),
                      key=lambda way: (way[0], -gained(*way)))
        for step, dx, dy in ways:
            stepped = step_to(self.request, schematic, self.best.scene, mover, (x + dx * step, y + dy * step))
            if stepped is not None:
                yield stepped

    def _carried(self, stepped: Schematic, scene: NameScene, mover: int) -> NamedLayout:
        """The stepped layout with every name set as it stood round its station, those within NEAR of the mover
        finished (parted where names meet, each that breaks the figure moved where it keeps it): a judgement
        without a placement, and often enough, where a station steps its own name clear."""
        request, at = self.request, stepped.positions[mover]
        names = carried(request, scene, self.best.names)
        far = {i: name.spec for i, name in names.items() if math.dist(stepped.positions[i], at) > NEAR}
        local = scene_of(replace(request, labels={**far, **request.labels}), stepped)
        return NamedLayout.of(request, stepped, scene, self.finish(local, names))

    def _may_keep(self, scene: NameScene, index: int) -> bool:
        """Whether the station's name has a place that keeps the figure on the stepped layout, other names aside."""
        pos = next(pos for pos, station in enumerate(scene.stations) if station.index == index)
        return has_figure_place(scene.stations, scene.obstacles, self.request.frame, pos, measure_of(self.request),
                                label_px=self.request.label_px, clear_scale=self.request.clear_scale,
                                lines=self.lines)

    def _kept(self, outcome: NamedLayout, mover: int) -> bool:
        """Whether the outcome is kept as the best (see the notes), the costly judgements last."""
        best = self.best
        if outcome.unreadable > best.unreadable or len(outcome.in_trouble) > len(best.in_trouble):
            return False
        breaking = breaking_the_figure(self.request, outcome.scene, outcome.names, self.lines)
        if len(breaking) >= len(self.breaking):
            return False
        if self.rivers and _by_the_water(self.request, best.schematic, outcome.schematic, mover) and \
                not self.rivers <= rivers_redrawn(self.request, outcome.schematic):
            return False
        self.taken.append(outcome)
        self.breaking = breaking
        return True


def _has_water(schematic: Schematic) -> bool:
    return any(area.kind == "water" and area.points for area in schematic.areas)


def _by_the_water(request: MapRequest, before: Schematic, after: Schematic, mover: int) -> bool:
    """Whether a step of `mover` may change how a river is redrawn (river.py): the station, before or after, or
    one of its links within WATER_REACH pitches of the water. A river is redrawn through the middles of the links
    that cross it, between the stations either side, and may detour about two pitches off its straight way;
    a step further off changes none of that, so only a step by the water pays for the river's redraw (four
    tenths of a second on Berlin's Spree) before it is kept. The steps together are asked again after
    (`_guarded`)."""
    reach = WATER_REACH * (after.pitch or MIN_SPACING)
    links = [k for k, track in enumerate(request.network.tracks) if mover in (track.a, track.b)]
    points = [before.positions[mover], after.positions[mover]]
    segments = [(p, q) for layout in (before, after) for k in links for p, q in pairwise(layout.paths[k])]
    for area in after.areas:
        if area.kind != "water" or not area.points:
            continue
        outline = area.points
        if any(point_in_polygon(p, outline) or polygon_boundary_distance(p, outline) < reach for p in points):
            return True
        edges = list(pairwise((*outline, outline[0])))
        if any(segments_distance(p, q, a, b) < reach for p, q in segments for a, b in edges):
            return True
    return False
