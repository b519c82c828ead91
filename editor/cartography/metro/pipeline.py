"""The pipeline behind `editor.cartography.metro_map`: layout, names, figures."""

from __future__ import annotations

import math
import time
from collections.abc import Collection, Mapping, Sequence
from dataclasses import replace
from functools import partial
from itertools import pairwise

from editor.cartography.layout.checks import DRAWN_SLACK, MIN_SPACING, check_schematic, is_octilinear
from editor.cartography.metro.climb import climb
from editor.cartography.metro.letter_steps import (
    breaking_the_figure,
    reads_better_by_the_letter,
    redraw_rivers_among,
    step_for_the_letter,
)
from editor.cartography.metro.naming import carried, measure_of, name_problems, placed, scene_of, troubled
from editor.cartography.metro.nudge import (
    NEARBY,
    Guarantees,
    NamedLayout,
    nudge_stations,
    step_off_beds,
    step_off_names,
    step_to,
)
from editor.cartography.metro.request import MapFigures, MapRequest, MetroMap, Progress
from editor.cartography.metro.room import lay_out_with_room
from editor.cartography.metro.scene import NameScene
from editor.cartography.metro.step_aside import step_aside
from editor.cartography.metro.unstack import unstack_links
from editor.cartography.names.apart import set_apart
from editor.cartography.names.letter import by_the_letter
from editor.cartography.names.types import PlacedName
from editor.cartography.names.untangle import untangle
from editor.cartography.network import Frame, Network, Point, Schematic
from editor.cartography.spread.letter import spread_for_the_letter
from game.board.label_spec import LabelSpec
from game.board.name_clearance import NameScene as ClearanceScene
from game.geometry import point_in_polygon, polygon_boundary_distance, segment_intersection

# A board as drawn is on no grid of its own: the least spacing of stations stands in for the pitch that the
# layout checks measure a link's clearance from stations by.
DRAWN_PITCH = MIN_SPACING
# Of the progress bar, where each stage ends: the layout with room, stations nudged, the other steps, the
# climb, the rounds of room for the letter, the placement anew and the last steps for the letter. A quick map
# (the README's Berlin import, 117 stations: 3.3 s, nudged at once, 1.4 s, no climb, 1.4 s, 0.4 s and 0.7 s)
# and a thorough one (2 s, 22 s and 2.5 s of 377 since the climb steps up to three pitches; it takes most of
# the rest): the bar is full only when the map is.
QUICK_ENDS = (0.45, 0.45, 0.65, 0.65, 0.85, 0.9, 1.0)
THOROUGH_ENDS = (0.01, 0.06, 0.07, 0.97, 0.98, 0.99, 1.0)
NEW_LAYOUT_SHARE = 0.9  # of Tidy layout's progress bar: the new layout; the rest names the board as it is

__all__ = ["DRAWN_PITCH", "MapFigures", "MapRequest", "MetroMap", "Progress", "StepRefused", "links_redrawn",
           "make_metro_map", "name_problems", "place_names", "place_names_only", "step_stations", "straight_schematic",
           "tidy_layout", "troubled"]


def _figures(network: Network, schematic: Schematic, frame: Frame, name_trouble: int, breaking: int, rounds: int,
             started: float, as_drawn: bool) -> MapFigures:
    total = octilinear = 0.0
    bends = 0
    for path in schematic.paths:
        bends += max(0, len(path) - 2)
        for p, q in pairwise(path):
            length = math.dist(p, q)
            total += length
            octilinear += length if is_octilinear(p, q, DRAWN_SLACK if as_drawn else 0.0) else 0.0
    positions = schematic.positions
    closest = min((math.dist(positions[i], positions[j]) for i in range(len(positions))
                   for j in range(i + 1, len(positions))), default=math.inf)
    stations = sum(1 for p in network.places if not p.waypoint)
    layout = len(check_schematic(network, schematic, frame, as_drawn=as_drawn))
    return MapFigures(stations, octilinear / total if total else 1.0, closest, name_trouble, breaking, layout,
                      bends, rounds, time.process_time() - started)


def _result(request: MapRequest, schematic: Schematic, scene: NameScene, names: dict[int, PlacedName],
            rounds: int, started: float, as_drawn: bool = False) -> MetroMap:
    """The map with its problems and figures; a layout `as_drawn` (the designer's) is judged as saved, in
    whole pixels, and its problems are not listed (they are the board's, not this run's)."""
    problems = [*schematic.notes]
    if not as_drawn:
        problems += [p for p in check_schematic(request.network, schematic, request.frame) if p not in problems]
    trouble = name_problems(request, scene, names)
    breaking = len(breaking_the_figure(request, scene, names, lines=True))
    figures = _figures(request.network, schematic, request.frame, len(troubled(trouble, scene)), breaking, rounds,
                       started, as_drawn)
    return MetroMap(schematic, names, tuple(problems + trouble), figures, scene.unit)


def make_metro_map(request: MapRequest, progress: Progress | None = None) -> MetroMap:
    """Lay the network out and place every name, making room in the layout where names need it."""
    started = time.process_time()
    layout_end, nudge_end, steps_end, climb_end, spread_end, read_end, _ = (
        THOROUGH_ENDS if request.thorough else QUICK_ENDS)
    off_water = request.names_off_water
    request = replace(request, names_off_water=False)  # until the last judgement (`MapRequest.names_off_water`)
    schematic, scene, names, rounds = lay_out_with_room(request, _part(progress, 0.0, layout_end))
    schematic, scene, names = nudge_stations(request, schematic, scene, names, _part(progress, layout_end, nudge_end))
    schematic, scene, names = step_off_beds(request, schematic, scene, names)
    schematic, scene, names = step_aside(request, schematic, scene, names)
    schematic, scene = unstack_links(request, schematic, scene, names)
    names = _untangled(request, scene, names)
    untangled = partial(_untangled, request)
    schematic, scene, names = step_off_names(request, schematic, scene, names, untangled)
    if progress is not None:
        progress(steps_end)
    schematic, scene, names = climb(request, schematic, scene, names, untangled,
                                    _part(progress, steps_end, climb_end))
    stuck = frozenset(troubled(name_problems(request, scene, names), scene) & request.labels.keys()
                      if request.labels else ())
    if stuck:
        # A name dragged by hand sits where it read well on the old layout; where the new one leaves it in
        # trouble (on another station, over a link), that reason is gone: it is placed like the others.
        request = replace(request, labels={i: spec for i, spec in request.labels.items() if i not in stuck})
        scene, names = placed(request, as_saved(schematic), None, request.seed)
        names = _untangled(request, scene, names)
    spread, scene, names = spread_for_the_letter(request, schematic, scene, names, untangled,
                                                 _part(progress, climb_end, spread_end))
    if spread is not schematic or not stuck:  # the names as they stand, or a placement anew that reads better
        schematic = spread
        scene, names = _read_better(request, schematic, names)
    if progress is not None:
        progress(read_end)
    stepped, scene, names = step_for_the_letter(request, schematic, scene, names, untangled)
    if request.takes_time_for_names():
        stepped, scene, names = step_for_the_letter(request, stepped, scene, names, partial(_finished, request),
                                                    lines=True)
    schematic = redraw_rivers_among(request, stepped, scene)
    request = replace(request, names_off_water=off_water)
    # The names were judged on the layout before rounding, by the river before its last redraw: judged again as
    # the board file holds them, as a designer's Place names will judge them (the README's Berlin import kept a
    # step whose names Place names then bettered, 73 moved; names moved off the water, 29).
    scene, names = _read_better(request, schematic, _off_the_water(request, schematic, names), last=True)
    names = _set_apart(request, scene, names)
    if progress is not None:
        progress(1.0)
    # The names are judged as the board file holds the layout (`_read_better`); the map's problems are told of
    # the layout it returns.
    return replace(_result(request, schematic, scene_of(request, schematic), names, rounds, started), freed=stuck)


def _read_better(request: MapRequest, schematic: Schematic, names: Mapping[int, PlacedName],
                 last: bool = False) -> tuple[NameScene, dict[int, PlacedName]]:
    """The names the steps left, or a placement anew where that reads better, both judged on the layout as
    the board file will hold it (`as_saved`), as the editor's Place names judges. Judged on the layout
    before rounding, the README's Berlin import kept names that a designer's first Place names then changed
    (33 of them). The `last` time, both are first moved off the links' centre lines (`_off_the_lines`) and
    judged with them, as Place names does."""
    saved = as_saved(schematic)
    scene, fresh = placed(request, saved, None, request.seed)
    fresh, names = _untangled(request, scene, fresh), dict(names)
    if last:
        fresh, names = _off_the_lines(request, scene, fresh), _off_the_lines(request, scene, names)
    anew = NamedLayout.of(request, saved, scene, fresh)
    better = reads_better_by_the_letter(request, anew, NamedLayout.of(request, saved, scene, names), lines=last)
    return scene, anew.names if better else names


def _finished(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName]) -> dict[int, PlacedName]:
    """The names untangled and moved off the links' centre lines: the finished map's, as its last look leaves them."""
    return _off_the_lines(request, scene, _untangled(request, scene, names))


def _off_the_lines(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName]) -> dict[int, PlacedName]:
    """The names, each over a link's centre line moved where it keeps every rule of the figure
    (`letter.by_the_letter` with `lines`): a finished map's last look, and the steps' taken for those names
    (`letter_steps`, `lines`). Not in the layout's stages (`_untangled`): judged there, the lines moved the
    layout itself (see names/letter.py)."""
    return by_the_letter(scene.stations, scene.obstacles, request.frame, names, measure_of(request),
                         label_px=request.label_px, clear_scale=request.clear_scale, lines=True)


def _set_apart(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName],
               only: Collection[int] | None = None, grown: bool = True) -> dict[int, PlacedName]:
    """The names, one of each pair set one over the other so that the two read as one moved where it parts them
    (names/apart.py): the finished map's last look, after the letter's; with `only`, just those stations' names
    may move, and without `grown` only pairs at the usual size are looked at (a hand step's)."""
    return set_apart(scene.stations, scene.obstacles, request.frame, names, measure_of(request),
                     label_px=request.label_px, clear_scale=request.clear_scale, only=only, grown=grown)


def _off_the_water(request: MapRequest, schematic: Schematic,
                   names: Mapping[int, PlacedName]) -> dict[int, PlacedName]:
    """The names on the water or across it from their stations (`NameScene.across_water`) placed again, the
    others kept, where that leaves fewer so and reads no worse by the letter. The layout's stages place names
    with no eye on the water (`MapRequest.names_off_water`), and the rivers' last redraw runs them anew."""
    saved = as_saved(schematic)
    scene = scene_of(request, saved)
    wet = _across_water(request, scene, names)
    if not wet:
        return dict(names)
    kept = {i: name.spec for i, name in names.items() if i not in wet}
    fresh = placed(replace(request, labels={**kept, **request.labels}), saved, None, request.seed)[1]
    fresh = _untangled(request, scene, fresh)
    old, new = (NamedLayout.of(request, saved, scene, these) for these in (names, fresh))
    drier = len(_across_water(request, scene, fresh)) < len(wet)
    return fresh if drier and not reads_better_by_the_letter(request, old, new) else dict(names)


def _across_water(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName]) -> set[int]:
    """The stations whose names sit on the water or across it, as the game draws them."""
    if not scene.obstacles.water:
        return set()
    boxes = carried(request, scene, names)
    judge = ClearanceScene(scene.stations, scene.obstacles, request.frame)
    return {station.index for pos, station in enumerate(scene.stations)
            if station.index in boxes and judge.across_water(pos, boxes[station.index].box)}


def as_saved(schematic: Schematic) -> Schematic:
    """The layout in whole pixels, as a board file holds it (`Document.set_points` rounds every point)."""
    positions = tuple(_whole(point) for point in schematic.positions)
    paths = tuple(tuple(_whole(point) for point in path) for path in schematic.paths)
    areas = tuple(replace(area, points=tuple(_whole(point) for point in area.points)) for area in schematic.areas)
    return replace(schematic, positions=positions, paths=paths, areas=areas)


def _whole(point: tuple[float, float]) -> tuple[float, float]:
    return float(round(point[0])), float(round(point[1]))


def _untangled(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName]) -> dict[int, PlacedName]:
    """The finished map's names parted where one covers another name or a station (names/untangle.py), then
    each that breaks the cartography figure's rules moved where it keeps them (names/letter.py)."""
    measure = measure_of(request)
    parted = untangle(scene.stations, scene.obstacles, request.frame, dict(names), measure,
                      label_px=request.label_px, clear_scale=request.clear_scale)
    return by_the_letter(scene.stations, scene.obstacles, request.frame, parted, measure,
                         label_px=request.label_px, clear_scale=request.clear_scale)


def tidy_layout(request: MapRequest, progress: Progress | None = None, current: Schematic | None = None,
                named: Mapping[int, LabelSpec] | None = None) -> MetroMap:
    """The editor's "Tidy layout": a new layout with names, every pinned place kept exactly where it is.

    Given the board as it is drawn now (`current`, its names placed as `named`), the stations move only
    for a tidier layout (`_tidier`). Otherwise (Tidy on a board just imported or tidied) the layout is
    kept, and its names are placed anew where that reads better than they stand (`MetroMap.layout_kept`).
    """
    if current is None:
        return make_metro_map(request, progress)
    fresh = make_metro_map(request, _part(progress, 0.0, NEW_LAYOUT_SHARE))
    as_is = [place_names_only(replace(request, labels={**named, **request.labels}), current)] if named else []
    as_is.append(place_names_only(request, current, _part(progress, NEW_LAYOUT_SHARE, 1.0)))
    kept = min(as_is, key=lambda result: _tidiness(result.figures))  # of equals, the names as they stand
    # A name the designer dragged that the new layout had to place anew is lost work, not a tidier name:
    # it counts as one in trouble and breaking the figure, as it may where it stands on the kept layout.
    lost = len(fresh.freed)
    judged = replace(fresh.figures, unresolved_names=fresh.figures.unresolved_names + lost,
                     names_breaking_figure=fresh.figures.names_breaking_figure + lost)
    tidier = _tidier(judged, kept.figures, names_first=request.thorough)
    return fresh if tidier else replace(kept, layout_kept=True)


def _part(progress: Progress | None, start: float, end: float) -> Progress | None:
    """Progress of one step of several, as its share (`start` to `end`) of the whole bar."""
    return None if progress is None else lambda fraction: progress(start + (end - start) * fraction)


def _tidiness(figures: MapFigures) -> tuple[int, int, int, int]:
    """What makes a layout untidy, worst first: broken layout guarantees, names breaking the figure, names in
    trouble, bends."""
    return figures.layout_problems, figures.names_breaking_figure, figures.unresolved_names, figures.bends


def _tidier(new: MapFigures, old: MapFigures, names_first: bool = False) -> bool:
    """Worth moving every station for: fewer broken layout guarantees; or as few, and no more names in
    trouble nor bends, and fewer of one (a new layout that trades a name for a bend is only different).
    A thorough Tidy (`names_first`) was asked for clearer names: there fewer names in trouble is tidier
    whatever the bends (its steps bend links to free names; judged the quick way, the README's Berlin
    import kept its 36 names in trouble after six minutes' work)."""
    (new_layout, *new_rest), (old_layout, *old_rest) = _tidiness(new), _tidiness(old)
    if new_layout != old_layout:
        return new_layout < old_layout
    if names_first:
        return new_rest < old_rest
    return all(n <= o for n, o in zip(new_rest, old_rest, strict=True)) and new_rest != old_rest


def straight_schematic(network: Network) -> Schematic:
    """The network as it stands (places where they are, links straight): for naming a board as drawn."""
    positions = tuple((p.x, p.y) for p in network.places)
    paths = tuple((positions[t.a], positions[t.b]) for t in network.tracks)
    return Schematic(positions, paths, network.areas, DRAWN_PITCH)


def place_names(request: MapRequest, current: Schematic, named: Mapping[int, LabelSpec],
                progress: Progress | None = None) -> MetroMap:
    """The editor's "Place names": every name placed anew on the layout as it is, unless the names as they
    stand (`named`) read at least as well; then those (`MetroMap.names_kept`). The board's names may come
    from the whole pipeline (an import's stations stepped aside for them), which a placement on the finished
    layout alone does not always match: a fresh designer's Place names turned 48 names hard to read into 50."""
    fresh = place_names_only(request, current, _part(progress, 0.0, 0.5))
    if not named:
        return fresh
    as_is = place_names_only(replace(request, labels={**named, **request.labels}), current,
                             _part(progress, 0.5, 1.0))
    if _legibility(as_is.figures, as_is.problems) <= _legibility(fresh.figures, fresh.problems):
        return replace(as_is, names_kept=True)
    return fresh


def _legibility(figures: MapFigures, problems: tuple[str, ...]) -> tuple[int, int, int]:
    """What makes names hard to read, worst first: names breaking the figure, names in trouble, then every line
    the board check writes."""
    return figures.names_breaking_figure, figures.unresolved_names, len(problems)


def place_names_only(request: MapRequest, schematic: Schematic | None = None,
                     progress: Progress | None = None) -> MetroMap:
    """Names placed on a layout kept exactly as it is (`schematic`, or the network's own positions with
    straight links): nothing moves, and the problems left are the names' only."""
    started = time.process_time()
    schematic = schematic if schematic is not None else straight_schematic(request.network)
    scene, names = placed(request, schematic, progress, request.seed)
    names = _set_apart(request, scene, _finished(request, scene, names))
    return _result(request, schematic, scene, names, 0, started, as_drawn=True)


def links_redrawn(request: MapRequest, schematic: Schematic, index: int) -> Schematic | None:
    """The layout with station `index`'s links drawn again from where it stands, the least bent straight-or-45°
    way (a station dragged by hand); None where it stands too near another station or a link has no such way."""
    return step_to(request, schematic, scene_of(request, schematic), index, schematic.positions[index])


class StepRefused(ValueError):
    """A finishing step the layout cannot take; the message says which and why, for the designer."""


def step_stations(request: MapRequest, current: Schematic, named: Mapping[int, LabelSpec],
                  steps: Sequence[tuple[int, tuple[float, float]]]) -> MetroMap:
    """A finished map with stations moved by hand (`steps`: place index, (dx, dy) board px, in turn), their
    links drawn again and the names near them placed again; the names elsewhere keep their places as they
    stand (`named`).

    The layout is a local search, and where it leaves a name that no step of its own frees without troubling
    another (the climb judges every name alike), a printed map's designer moves a station a pitch or two by
    hand and accepts the trade. Each step is taken as the climb takes one (`nudge.step_to`: the station's
    links drawn the least bent allowed way); a step the layout cannot take raises StepRefused with the
    reason, and is not bent to fit: the designer chose it by looking at the map."""
    started = time.process_time()
    scene, names = placed(replace(request, labels={**named, **request.labels}), current, None, request.seed)
    schematic = current
    for index, by in steps:
        schematic, scene, names = _stepped_by_hand(request, schematic, names, index, by)
    return _result(request, schematic, scene, names, 0, started, as_drawn=True)


def _stepped_by_hand(request: MapRequest, schematic: Schematic, names: Mapping[int, PlacedName], index: int,
                     by: tuple[float, float]) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The layout with station `index` moved `by` (dx, dy), its links drawn again, and the names within NEARBY
    of where it lands placed again, untangled, and those set apart where two read as one at the usual size."""
    place = request.network.places[index]
    x, y = schematic.positions[index]
    to = (x + by[0], y + by[1])
    where = f"{place.name} moved by {by[0]:+g}, {by[1]:+g} px"
    if place.pinned:
        raise StepRefused(f"{where}: it is pinned")
    scene = scene_of(request, schematic)
    radius = next(station.radius for station in scene.stations if station.index == index)
    if any(_wetter((x, y), to, radius, area.points) for area in schematic.areas if area.kind == "water"):
        raise StepRefused(f"{where}: it would step into or across the water (its bank is the city's geography)")
    stepped = step_to(request, schematic, scene, index, to)
    if stepped is None:
        raise StepRefused(f"{where}: it would come nearer another station than the least spacing, or leave "
                          "one of its links no straight or 45° way")
    stepped_scene = scene_of(request, stepped)
    if not Guarantees(request, schematic, scene).kept(stepped, stepped_scene):
        raise StepRefused(f"{where}: a link would run over a station or break another layout guarantee")
    kept = {i: name.spec for i, name in names.items() if math.dist(stepped.positions[i], to) > NEARBY}
    _scene, fresh = placed(replace(request, labels={**kept, **request.labels}), stepped, None, request.seed)
    near = {i for i in names if math.dist(stepped.positions[i], to) <= NEARBY}
    finished = _finished(request, stepped_scene, fresh)
    return stepped, stepped_scene, _set_apart(request, stepped_scene, finished, near, grown=False)


def _wetter(at: Point, to: Point, radius: float, water: Sequence[Point]) -> bool:
    """Whether a station's disc of `radius` moved from `at` to `to` crosses the water's outline (into it, out of
    it or across) or reaches further into it than it did."""
    if point_in_polygon(at, water) != point_in_polygon(to, water) or any(
            segment_intersection(at, to, p, q) is not None for p, q in pairwise((*water, water[0]))):
        return True
    reach = polygon_boundary_distance(to, water)
    return reach < radius and reach < polygon_boundary_distance(at, water)
