"""Stations step aside for their names: a station whose name has no place free of links and stations moves
a little, its links drawn again.

At a junction of four or five links, or beside a parallel line one pitch away, every place round a station
may be spoilt by track before any other name is counted; no placement helps, and the room-making
(room.py) moves whole rigid pieces along one axis at a time. Here such a station alone is tried a short
step in each of the eight directions, each of its links drawn the least bent octilinear way the drawing
allows (`TrackDrawing.allowed`: no bed over a station, no new crossing, each link leaving in a direction
of its own). A step is tried when it gives the name a clean place, takes none from a name nearby, keeps
stations apart and breaks no layout guarantee; every name is placed again, and the step is kept when fewer
names are in trouble and none more is drawn over a station or another name.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from editor.cartography.layout.checks import MIN_SPACING, check_schematic
from editor.cartography.metro.naming import measure_of, name_problems, placed, scene_of, troubled
from editor.cartography.metro.request import MapRequest, Progress
from editor.cartography.metro.scene import NameScene, beds_over, beds_over_stations
from editor.cartography.metro.track_drawing import TrackDrawing, bend_cost, octilinear_ways
from editor.cartography.metro.unstack import unstack_links
from editor.cartography.names.candidates import away_steps, layouts_of, places_round
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Point, Schematic
from game.board.label_spec import gap_for
from game.board.link_overlaps import overlaps_among
from game.board.name_clearance import NAMES_MEET
from game.board.name_clearance import NameScene as RuleScene

STEPS = (20.0, 40.0)  # px: half a pitch, a pitch
DIRECTIONS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
NEARBY = 300.0  # px: names further from a moved station than this keep the places they had
CLEARANCE = 1.0  # px a name keeps from what it must not cover, as the placer keeps it


class _Clean:
    """Whether a station's name has a place free of every obstacle (other names aside), on one layout."""

    def __init__(self, request: MapRequest, scene: NameScene) -> None:
        self.request = request
        self.scene = scene
        self.rules = RuleScene(scene.stations, scene.obstacles, request.frame)
        self.measure = measure_of(request)
        self.gap = gap_for(request.label_px)
        self.aways = away_steps(request.label_px, self.gap)
        self.known: dict[int, bool] = {}

    def __call__(self, pos: int) -> bool:
        if pos not in self.known:
            station = self.scene.stations[pos]
            places = places_round(self.rules, pos, layouts_of(station, self.measure), self.aways, self.measure,
                                  self.gap, self.request.clear_scale)
            self.known[pos] = any(next(iter(self.rules.breaks(pos, box, CLEARANCE)), None) is None
                                  for _spec, (_lines, _box, box) in places)
        return self.known[pos]


@dataclass(frozen=True)
class NamedLayout:
    """A layout with every name placed on it, the board check's lines about them (`problems`, read once: the
    climb compares and parses them for every step it judges), the names in trouble and how many of them are
    unreadable."""

    schematic: Schematic
    scene: NameScene
    names: dict[int, PlacedName]
    problems: tuple[str, ...]
    in_trouble: set[int]
    unreadable: int

    @staticmethod
    def of(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName]) -> NamedLayout:
        problems = name_problems(request, scene, names)
        return NamedLayout(schematic, scene, dict(names), tuple(problems), troubled(problems, scene),
                           _unreadable(problems))

    def better_than(self, other: NamedLayout) -> bool:
        return len(self.in_trouble) < len(other.in_trouble) and self.unreadable <= other.unreadable

    def reads_better_than(self, other: NamedLayout) -> bool:
        """Fewer names in trouble; or as many, with fewer things wrong with them (each line of the board check),
        as the editor's Place names weighs two placements."""
        if len(self.in_trouble) != len(other.in_trouble):
            return len(self.in_trouble) < len(other.in_trouble)
        return len(self.problems) < len(other.problems)


def nudge_stations(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
                   progress: Progress | None = None) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The layout with stations stepped aside where that frees their names (see the module's notes).

    Only when the request takes time for names (`MapRequest.takes_time_for_names`: a shipped board's build, a
    small map): every name is placed again after each step,
    more time than a fresh import has (placing them once after all the steps instead cost the bench's
    126-station import 1.4 s more, and kept no step on the shipped boards: the names over stations it
    left outweighed the names it freed)."""
    best = NamedLayout.of(request, schematic, scene, names)
    if not request.takes_time_for_names() or not best.in_trouble:
        return schematic, scene, dict(names)
    network = request.network
    stacked = stacked_when_drawn(request, best)
    guarantees = Guarantees(request, schematic, scene)
    position_of = {station.index: pos for pos, station in enumerate(scene.stations)}
    clean = _Clean(request, scene)
    troubled_names = sorted(best.in_trouble)
    for done, index in enumerate(troubled_names):
        pos = position_of[index]
        if network.places[index].pinned or clean(pos):
            continue
        for stepped in steps_of(request, best.schematic, clean.scene, index):
            if progress is not None:  # each step tried: a cancel is heard within one placement
                progress(done / len(troubled_names))
            stepped_clean = _Clean(request, scene_of(request, stepped))
            if not stepped_clean(pos):
                continue
            near = [p for p, s in enumerate(clean.scene.stations)
                    if p != pos and math.dist((s.x, s.y), stepped.positions[index]) < NEARBY]
            if not all(stepped_clean(p) for p in near if clean(p)):
                continue
            if not guarantees.kept(stepped, stepped_clean.scene):
                continue
            outcome = NamedLayout.of(request, stepped, *placed(request, stepped, None, request.seed))
            if outcome.better_than(best) and stacked_when_drawn(request, outcome) <= stacked:
                best, clean = outcome, stepped_clean
                break
    return best.schematic, best.scene, best.names


def stacked_when_drawn(request: MapRequest, named: NamedLayout) -> int:
    """Links left on links they share no station with once the pipeline has redrawn what it can
    (`unstack_links`): a step that a later redraw cannot undo must not stack two (a fresh New York import's
    nudge drew a link's bend on two others)."""
    schematic, scene = unstack_links(request, named.schematic, named.scene, named.names)
    drawing = TrackDrawing(request, schematic, scene)
    return len(overlaps_among(drawing.paths, [(t.a, t.b) for t in request.network.tracks], drawing.half))


def step_off_beds(request: MapRequest, schematic: Schematic, scene: NameScene,
                  names: Mapping[int, PlacedName]) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The layout with stations stepped off the beds of links they do not join.

    The layout keeps its links a fraction of a pitch from other stations, but the game draws a link of four
    or five spaces as a wide bed: on a short diagonal past a neighbour one pitch away (New York's 59 St–81 St
    past 66 St) the bed runs over the neighbour's disc. The covered station, then each end of the link, is
    tried a step away as above; the first step is kept that leaves fewer beds over stations, breaks no more
    layout guarantees and, every name placed again, no more names in trouble nor more unreadable ones.
    Only when the request takes time for names (each step tried costs a placement of every name)."""
    network = request.network
    over = beds_over(network, scene)
    best = NamedLayout.of(request, schematic, scene, names)
    if not request.takes_time_for_names() or not over:
        return schematic, scene, dict(names)
    guarantees = Guarantees(request, schematic, scene)
    for k, covered in over:
        beds = beds_over(network, best.scene)
        if (k, covered) not in beds:
            continue  # an earlier step parted them
        track = network.tracks[k]

        def fewer_beds(stepped: Schematic, stepped_scene: NameScene, now: int = len(beds)) -> bool:
            return len(beds_over(network, stepped_scene)) < now and guarantees.kept(stepped, stepped_scene)

        best = _first_step(request, best, (covered, track.a, track.b), fewer_beds,
                           lambda stepped: NamedLayout.of(request, stepped,
                                                          *placed(request, stepped, None, request.seed)),
                           lambda new, old: (len(new.in_trouble) <= len(old.in_trouble)
                                             and new.unreadable <= old.unreadable))
    return best.schematic, best.scene, best.names


Finish = Callable[[NameScene, Mapping[int, PlacedName]], dict[int, PlacedName]]


def step_off_names(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
                   finish: Finish) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The finished map with a station stepped from under a name that covers it or its name.

    At a hub ringed by stations one pitch away every place round the hub may cover a neighbour's disc
    (Berlin's Alexanderplatz over Hackescher Markt): a name on the wrong station misleads a player, and the
    last look at the names (`finish`, the untangle) has no better place to give it; so with two names drawn
    over each other. The covered station, then the name's own, is tried a step away as above; every name
    is placed again and finished, and the first step is kept that leaves fewer names unreadable (over a
    station or a name), no more names in trouble, no more beds over stations and no more broken layout
    guarantees. Only when the request takes time for names."""
    best = NamedLayout.of(request, schematic, scene, names)
    if not request.takes_time_for_names() or not best.unreadable:
        return schematic, scene, dict(names)
    guarantees = Guarantees(request, schematic, scene)

    def finished(stepped: Schematic) -> NamedLayout:
        new_scene, new_names = placed(request, stepped, None, request.seed)
        return NamedLayout.of(request, stepped, new_scene, finish(new_scene, new_names))

    for owner, covered in _covering(best.problems, scene):
        if (owner, covered) not in _covering(best.problems, best.scene):
            continue  # an earlier step parted them
        best = _first_step(request, best, (covered, owner), guarantees.kept, finished,
                           lambda new, old: (new.unreadable < old.unreadable
                                             and len(new.in_trouble) <= len(old.in_trouble)))
    return best.schematic, best.scene, best.names


class Guarantees:
    """What a step may not make worse: the layout guarantees broken and the beds over stations, as they were."""

    def __init__(self, request: MapRequest, schematic: Schematic, scene: NameScene) -> None:
        self.request = request
        self.broken = len(check_schematic(request.network, schematic, request.frame))
        self.beds = beds_over_stations(request.network, scene)

    def kept(self, stepped: Schematic, stepped_scene: NameScene) -> bool:
        return (beds_over_stations(self.request.network, stepped_scene) <= self.beds
                and len(check_schematic(self.request.network, stepped, self.request.frame)) <= self.broken)


def _first_step(request: MapRequest, best: NamedLayout, movers: tuple[int, ...],
                allowed: Callable[[Schematic, NameScene], bool], judged: Callable[[Schematic], NamedLayout],
                better: Callable[[NamedLayout, NamedLayout], bool]) -> NamedLayout:
    """The first layout with one of `movers` (in turn, pinned ones left) a step away that is `allowed` and
    whose names, placed again (`judged`: the costly part), are `better` than `best`'s; else `best`."""
    for index in movers:
        if request.network.places[index].pinned:
            continue
        for stepped in steps_of(request, best.schematic, best.scene, index):
            if allowed(stepped, scene_of(request, stepped)):
                outcome = judged(stepped)
                if better(outcome, best):
                    return outcome
    return best


def _covering(problems: Sequence[str], scene: NameScene) -> list[tuple[int, int]]:
    """(the name's station, the station it covers, or whose name it covers) for each problem line of a name
    drawn over a station or over another name."""
    by_name = {station.name: station.index for station in scene.stations}
    found = []
    for line in problems:
        body = line.removeprefix("name of ")
        for between in (" covers station ", *NAMES_MEET):
            owner, _, covered = body.partition(between)
            if covered and owner in by_name and covered in by_name:
                found.append((by_name[owner], by_name[covered]))
    return found


def steps_of(request: MapRequest, schematic: Schematic, scene: NameScene, index: int,
             steps: Sequence[float] = STEPS) -> Iterator[Schematic]:
    """The layouts with station `index` a step away (each of `steps` px, nearest first, in each of eight
    directions), each link of it drawn the least bent allowed way; steps that bring it near another station
    or leave a link no way are left out. Lazily: the steps are tried until one is kept, and drawing one's
    links again is a good part of its cost."""
    x, y = schematic.positions[index]
    for step in steps:
        for dx, dy in DIRECTIONS:
            stepped = step_to(request, schematic, scene, index, (x + dx * step, y + dy * step))
            if stepped is not None:
                yield stepped


def step_to(request: MapRequest, schematic: Schematic, scene: NameScene, index: int, to: Point) -> Schematic | None:
    """The layout with station `index` at `to`, each link of it drawn the least bent allowed way; None where
    that brings it nearer another station than MIN_SPACING or leaves one of its links no way."""
    if any(i != index and not place.waypoint and math.dist(schematic.positions[i], to) < MIN_SPACING
           for i, place in enumerate(request.network.places)):
        return None
    positions = list(schematic.positions)
    positions[index] = to
    moved = Schematic(tuple(positions), schematic.paths, schematic.areas, schematic.pitch, schematic.notes,
                      schematic.origin)
    return _redrawn(request, moved, scene, index)


def _redrawn(request: MapRequest, moved: Schematic, scene: NameScene, index: int) -> Schematic | None:
    """The moved layout with the station's links drawn again, or None where one has no allowed way."""
    drawing = TrackDrawing(request, moved, scene)
    links = [k for k, track in enumerate(request.network.tracks) if index in (track.a, track.b)]
    crossing = {k: set(drawing.crossed(k, drawing.paths[k])) for k in links}
    for _ in range(2):  # the second time round, each link is judged against its neighbours' new ways
        drawn = True
        for k in links:
            track = request.network.tracks[k]
            ways = sorted(octilinear_ways(moved.positions[track.a], moved.positions[track.b]), key=bend_cost)
            way = next((w for w in ways if drawing.allowed(k, w, crossing[k])), None)
            if way is None:
                drawn = False
            else:
                drawing.draw(k, way)
    return drawing.schematic(moved) if drawn else None


def _unreadable(problems: list[str]) -> int:
    """The names drawn over a station or another name: worse than over a link, which reads with its halo."""
    return sum(1 for problem in problems if " covers station " in problem or " overlaps name " in problem)
