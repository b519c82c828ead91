"""Rounds of room for the names that break the cartography figure, the best of them kept.

Each round, every name that breaks the figure's rules (`letter_steps.breaking_the_figure`: at the usual size,
nearer another station than its own, over a name, a station, a terminus bar or a link's centre line, off the
board) wishes for the place round its station that is short of least room (`Gauge`), with the placer's
preferences settling ties; every other name in trouble at the clear scale wishes for room where it stands, at
a lower price. The layout is moved to give them room (`spread`, the rivers' courses with it), each wished name
set in its wished place and the others carried along with their stations, then finished as every map is
(parted where names meet, each that breaks the figure moved where it keeps it). Rounds go on from the last,
up to ROUNDS or until no name breaks the figure: a round that does not help may lead to one that does
(Berlin's 132-station import: 9, 5, 8 names, then 0); STALE rounds in a row that do not help end them (31
fresh imports: 12 % of their time saved, no name more breaking the figure). Of the rounds, the one with fewest
names breaking the figure is kept (then fewest in trouble at the clear scale), if it has fewer than the map
had, no more unreadable names, and costs the map no river drawn in straight and 45° runs (as the finished map
redraws it: `river.redraw_rivers`), no river the last redraw would drop, nor a link drawn on another it
shares no station with (`nudge.stacked_when_drawn`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from editor.cartography.layout.checks import MIN_SPACING, check_schematic
from editor.cartography.metro.climb import Finish, rivers_redrawn
from editor.cartography.metro.letter_steps import breaking_the_figure, redraw_rivers_among
from editor.cartography.metro.naming import carried, clear_boxes, measure_of, scene_of
from editor.cartography.metro.nudge import NamedLayout, stacked_when_drawn
from editor.cartography.metro.request import MapRequest, Progress
from editor.cartography.metro.river import centre_line, redrawn_rivers
from editor.cartography.metro.scene import NameScene
from editor.cartography.names.candidates import (
    AWAY_COST_PER_PX,
    SIDE_COST,
    TWO_LINES_COST,
    away_steps,
    layouts_of,
    places_round,
)
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Point, Schematic
from editor.cartography.spread.drawing import Wish
from editor.cartography.spread.gauge import Gauge
from editor.cartography.spread.layout import spread
from game.board.label_spec import LabelSpec, gap_for, split_lines
from game.board.name_clearance import NameScene as RuleScene
from game.board.name_clearance import NameStation
from game.geometry import Box, box_point_distance

# At most ROUNDS: a round that does not help may still lead to one that does. Names over a link's centre line
# were left out of the rounds until 2026-11-29 (measured then, on maps spread by the fisheye alone: 222 -> 225
# names breaking the figure on the survey's 13 imports over 80 stations). On maps the cartogram evens out
# (importing/cartogram.py) they are the rounds' main work: 178 -> 119 on those imports, names in trouble at the
# clear scale 494 -> 412, names on the water as many, at 3 rounds (5 rounds: 113 and 402, for 0.3 s more on the
# bench's Manhattan, whose 5 s they would have spent); the 18 imports of up to 80 stations still meet the
# figure, 19 -> 12 in trouble at the clear scale.
ROUNDS = 3
STALE = 2  # rounds in a row no better than the fewest names breaking the figure so far end the search
PRICE = 1000.0  # per px short, for a name that breaks the figure (a px a point moves costs 1)
TROUBLE_PRICE = 20.0  # per px short, for a name in trouble at the clear scale only


def spread_for_the_letter(request: MapRequest, schematic: Schematic, scene: NameScene,
                          names: Mapping[int, PlacedName], finish: Finish,
                          progress: Progress | None = None) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The map after the best round of room for the names that break the figure (see the notes), or as it is;
    `progress` told after each round (and 1 at the end)."""
    best = _best_round(request, schematic, scene, names, finish, progress)
    if progress is not None:
        progress(1.0)
    return best


def _best_round(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
                finish: Finish, progress: Progress | None) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    breaking = breaking_the_figure(request, scene, names, lines=True)
    if not breaking:
        return schematic, scene, dict(names)
    start = NamedLayout.of(request, schematic, scene, names)
    least = len(breaking)
    courses: dict[int, list[Point]] = {}
    rivers = redrawn_rivers(request.network, schematic, request.frame, strict=True, routes=courses)[1]
    rounds: list[tuple[tuple[int, int, int], NamedLayout]] = []
    current = start
    fewest, stale = least, 0
    for done in range(ROUNDS):
        if progress is not None:
            progress(done / ROUNDS)
        outcome = _round(request, current, breaking, finish, courses)
        if outcome is None:
            break
        current, breaking = outcome
        judged = (len(breaking), len(current.in_trouble), len(current.problems))
        if current.unreadable <= start.unreadable:
            rounds.append((judged, current))
        if not breaking:
            break
        stale = 0 if len(breaking) < fewest else stale + 1
        fewest = min(fewest, len(breaking))
        if stale >= STALE:
            break
        # the rivers' courses as the program moved them: still straight and 45° through the links they cross
        courses = {index: course for index in courses
                   if (course := centre_line(current.schematic.areas[index].points)) is not None}
    stacked = stacked_when_drawn(request, start)
    kept: int | None = None
    for judged, named in sorted(rounds, key=lambda r: r[0]):
        if judged[0] >= least:
            break
        if stacked_when_drawn(request, named) <= stacked and \
                rivers <= rivers_redrawn(request, named.schematic):
            kept = _water_kept(request, start) if kept is None else kept
            if _water_kept(request, named) >= kept:
                return named.schematic, named.scene, named.names
    return schematic, scene, dict(names)


def _round(request: MapRequest, named: NamedLayout, breaking: Mapping[int, object], finish: Finish,
           courses: Mapping[int, Sequence[Point]]) -> tuple[NamedLayout, dict[int, frozenset[int]]] | None:
    """One round (see the notes): the map moved and named, and its names breaking the figure; None where the
    program finds no layout or the one it finds breaks a layout guarantee. The rivers' `courses` move with
    the links they cross."""
    boxes = clear_boxes(request, named.scene, named.names)
    gauge = Gauge(request, named.schematic, named.scene, boxes)
    rules = RuleScene(named.scene.stations, named.scene.obstacles, request.frame)
    wishes: list[Wish] = []
    specs: dict[int, LabelSpec] = {}
    for pos, station in enumerate(named.scene.stations):
        index = station.index
        if index in breaking and station.fixed is None:
            specs[index], wish = _wished(request, gauge, rules, pos)
            wishes.append(wish)
        elif (index in breaking or index in named.in_trouble) and index in boxes:
            price = PRICE if index in breaking else TROUBLE_PRICE
            wishes.append(Wish(index, boxes[index], _reach(boxes[index], station), price))
    found = spread(request, named.schematic, named.scene, boxes, wishes, courses)
    if found is None:
        return None
    moved = found.schematic
    if check_schematic(request.network, moved, request.frame) or \
            _closest([(round(x), round(y)) for x, y in moved.positions]) < MIN_SPACING:
        return None  # a guarantee broken, or two stations too close once the file holds them in whole px
    wished = {i: PlacedName(i, spec, split_lines(request.network.places[i].name, spec), (0.0, 0.0, 0.0, 0.0))
              for i, spec in specs.items()}
    scene = scene_of(request, moved)
    names = finish(scene, carried(request, scene, {**named.names, **wished}))
    return NamedLayout.of(request, moved, scene, names), breaking_the_figure(request, scene, names, lines=True)


def _wished(request: MapRequest, gauge: Gauge, rules: RuleScene, pos: int) -> tuple[LabelSpec, Wish]:
    """The place round the station at `pos` short of least room, the placer's preferences settling ties."""
    station = rules.stations[pos]
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    best: tuple[float, LabelSpec, Wish] | None = None
    for spec, placed in places_round(rules, pos, layouts_of(station, measure), away_steps(request.label_px, gap),
                                     measure, gap, request.clear_scale):
        wish = Wish(station.index, placed[2], _reach(placed[2], station), PRICE)
        liking = SIDE_COST[spec.side or "E"] + TWO_LINES_COST * bool(spec.split) + AWAY_COST_PER_PX * spec.away
        cost = gauge.short(wish, math.inf if best is None else best[0] - liking) + liking
        if best is None or cost < best[0]:
            best = (cost, spec, wish)
    if best is None:
        raise ValueError(f"no place round {station.name}")
    return best[1], best[2]


def _water_kept(request: MapRequest, named: NamedLayout) -> int:
    """How many rivers the map keeps once they are redrawn as the pipeline redraws them last: London's Thames,
    carried as the stations moved where no straight course keeps every bank, was dropped by that last redraw
    after a round that moved the map under it."""
    drawn = redraw_rivers_among(request, named.schematic, named.scene)
    return sum(1 for area in drawn.areas if area.kind == "water" and len(area.points) >= 3)


def _closest(positions: Sequence[Point]) -> float:
    """The distance between the two closest places (a sweep along x)."""
    order = sorted(positions)
    closest = math.inf
    for k, p in enumerate(order):
        for q in order[k + 1:]:
            if q[0] - p[0] >= closest:
                break
            closest = min(closest, math.dist(p, q))
    return closest


def _reach(box: Box, station: NameStation) -> float:
    """How far the box keeps from its station's ring."""
    return box_point_distance(box, station.x, station.y) - station.radius
