"""The places a station's name may go, each with what it costs: the placer chooses one per station.

Around every station: the 16 sides of `label_spec` (the 8 compass points, and the 8 in between that slide
the box along a side), each on one line and (for names that can break: 2+ words, or a hyphenated word) on
two balanced lines, each at the ring plus gap and a step or two further out while the box stays within
MAX_REACH of the ring.

Preferences (a cartographer's, after Imhof's order for point names, adapted to a metro map's round
stations): right of the station first, where the text starts at the station and reads away from it; then
above-right and below-right; then the left side; centred above or below (the usual place on a horizontal
run) just after; one line before two; close before further out; a name should not sit across the
continuation of a line that ends or bends at its station; no other station should be almost as near to a
name as its own (the hard rule only says not nearer); and a name stays on its station's bank of a river.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

import numpy as np

from editor.cartography.names.break_counts import KINDS, kind_counts
from editor.cartography.names.lines import Segment
from editor.cartography.names.types import Measure
from editor.cartography.network import Box
from game.board.label_spec import LabelSpec, Size, label_anchor_box, line_sizes, name_breaks, split_lines
from game.board.name_clearance import MAX_REACH, NameScene, NameStation
from game.geometry import box_segment_distance, boxes_overlap

SIDE_COST = {"E": 0.0, "NE": 0.05, "ENE": 0.06, "ESE": 0.08, "SE": 0.1, "W": 0.15, "NNE": 0.17, "N": 0.18,
             "WNW": 0.19, "NW": 0.2, "NNW": 0.21, "WSW": 0.21, "S": 0.22, "SSE": 0.23, "SW": 0.25, "SSW": 0.26}
TWO_LINES_COST = 0.2
AWAY_COST_PER_PX = 0.02
STRADDLE_COST = 0.15
# A name standing out past the map on the side that fills the frame first (`NameScene.outside`, when the frame
# asks it: `Frame.names_inside`) widens what fitting shows, and every name on the screen is drawn smaller:
# London's names standing out west and east took the height its map fills at 1280×720 from 85 % to 84.6 %.
# Weighed on every board it cost New York 14 lines of the board check (33, not 19), so a board asks for it.
OUTSIDE_COST_PER_PX = 0.005
# A name on the water or across it from its station (`NameScene.across_water`) leaves as much doubt about whose
# it is as another station just as near.
WATER_COST = 0.3
RIVAL_MARGIN = 12.0  # px: another station this little further from a name than its own leaves doubt...
RIVAL_COST = 0.3  # ...costing this much when just as near (the hard rule: never nearer), less further off
HIT_COST = 10.0  # a broken hard constraint: worth far more than every preference together
# When every place breaks something, what is least bad: text over a link still reads, text over text or
# over a station does not, and text off the board is lost (and shrinks the whole map at fit).
HIT_WEIGHT = {"board": 8.0, "own": 1.5, "station": 1.5, "disc": 1.5, "icon": 1.5, "nearer": 1.0, "reach": 1.0,
              "link": 1.0, "bar": 1.5}
NAME_OVERLAP_WEIGHT = 1.5
CLEARANCE = 1.0  # px the placer keeps between a name and anything else, beyond what the check demands
AWAY_STEPS = 2  # further-out positions tried beyond the ring plus gap
AWAY_STEP_PER_PX = 0.4  # each further-out step, as a fraction of the label size
FEW_CLEAN = 8  # a station with fewer clean sides than this keeps every clean distance of each
LEAST_BAD = 24  # a station with no clean place keeps at most this many of its least bad ones
SPARE = 4  # a station with few clean places also gets this many that break one thing


@dataclass(frozen=True, slots=True)
class Candidate:
    """One place for one station's name (`pos` is the station's position in the placer's list).

    `clear_box` is the box at the clear scale, where conflicts are judged; `hits` the kinds of hard
    constraint it breaks on its own (everything but other names, see `NameScene.breaks`); `cost` its
    preferences plus HIT_COST per hit, weighed by HIT_WEIGHT.
    """

    pos: int
    spec: LabelSpec
    lines: tuple[str, ...]
    box: Box
    clear_box: Box
    cost: float
    hits: tuple[str, ...]


def balanced_split(name: str, measure: Measure, lead: float = 0.0) -> int:
    """At which of the name's breaks (`name_breaks`: 1 for the first) to set it on two lines so that the
    wider line is as narrow as can be; 0 when it cannot break.

    `lead` is the room the badges take in front of line one."""
    best, best_width = 0, float("inf")
    for k in range(1, len(name_breaks(name)) + 1):
        first, second = split_lines(name, LabelSpec("E", split=k))
        width = max(measure(first)[0] + lead, measure(second)[0])
        if width < best_width:
            best, best_width = k, width
    return best


def _grown(box: Box, anchor: tuple[float, float], scale: float) -> Box:
    x, y, w, h = box
    ax, ay = anchor
    return (ax + (x - ax) * scale, ay + (y - ay) * scale, w * scale, h * scale)


Placed = tuple[tuple[str, ...], Box, Box]  # a place's lines, its box, and its box at the clear scale


@lru_cache(maxsize=8192)
def _set(name: str, split: int, lead: float, measure: Measure) -> tuple[tuple[str, ...], tuple[Size, ...]]:
    """A name's lines and their sizes: the same for every place round its station, so worked out once."""
    lines = split_lines(name, LabelSpec(split=split))
    return lines, line_sizes(lines, measure, lead)


def _placed(scene: NameScene, pos: int, spec: LabelSpec, measure: Measure, gap: float,
            clear_scale: float) -> Placed:
    station = scene.stations[pos]
    lines, sizes = _set(station.name, spec.split, station.lead, measure)
    box, anchor = label_anchor_box(station.x, station.y, station.radius, spec, sizes, gap)
    return lines, box, _grown(box, anchor, clear_scale)


def preference(scene: NameScene, pos: int, spec: LabelSpec, box: Box, rays: Sequence[Segment]) -> float:
    cost = sum(RIVAL_COST * (1 - extra / RIVAL_MARGIN) for extra in scene.rivals(pos, box, RIVAL_MARGIN))
    if scene.across_water(pos, box):
        cost += WATER_COST
    if spec.side is None:
        return cost
    cost += SIDE_COST[spec.side] + (TWO_LINES_COST if spec.split else 0.0) + AWAY_COST_PER_PX * spec.away
    cost += OUTSIDE_COST_PER_PX * scene.outside(box)
    if any(box_segment_distance(box, *ray) == 0.0 for ray in rays):
        cost += STRADDLE_COST
    return cost


def _broken(scene: NameScene, pos: int, placed: Placed, most: int | None = None) -> tuple[str, ...]:
    """The kinds of hard constraint the place breaks (at the clear scale, with clearance): every one, or the
    first `most` (the checks stop there)."""
    return tuple(kind for kind, _ in islice(scene.breaks(pos, placed[2], CLEARANCE), most))


def _weighed(scene: NameScene, pos: int, spec: LabelSpec, placed: Placed, rays: Sequence[Segment],
             broken: tuple[str, ...]) -> Candidate:
    """The candidate with its preferences and what it breaks weighed in."""
    lines, box, clear_box = placed
    cost = preference(scene, pos, spec, box, rays) + HIT_COST * sum(HIT_WEIGHT[kind] for kind in broken)
    return Candidate(pos, spec, lines, box, clear_box, cost, broken)


def _judged(scene: NameScene, pos: int, spec: LabelSpec, placed: Placed, rays: Sequence[Segment]) -> Candidate:
    """The candidate with every hard constraint it breaks weighed in."""
    return _weighed(scene, pos, spec, placed, rays, _broken(scene, pos, placed))


def away_steps(label_px: float, gap: float) -> list[float]:
    """How far beyond the ring plus gap a name may sit: at the gap, then a step or two further while the box
    stays within MAX_REACH of the ring (just the gap when even that is too far)."""
    step = AWAY_STEP_PER_PX * label_px
    aways = [away for away in (round(k * step, 1) for k in range(AWAY_STEPS + 1)) if gap + away <= MAX_REACH]
    return aways or [0.0]


def station_candidates(scene: NameScene, pos: int, measure: Measure, gap: float, clear_scale: float,
                       label_px: float, rays: Sequence[Segment]) -> list[Candidate]:
    """The places worth choosing from for station `pos`: the clean ones if there are any (with, when they are
    few, up to SPARE places away from them that break one thing), else the least bad of every place tried
    (what each breaks weighed in). Only its fixed place, if a designer set it.
    """
    station: NameStation = scene.stations[pos]
    if station.fixed is not None:
        fixed = station.fixed
        return [_judged(scene, pos, fixed, _placed(scene, pos, fixed, measure, gap, clear_scale), rays)]
    aways = away_steps(label_px, gap)
    layouts = layouts_of(station, measure)
    places = places_round(scene, pos, layouts, aways, measure, gap, clear_scale)  # layout by layout, near first
    counts = kind_counts(scene, pos, [placed[2] for _, placed in places], CLEARANCE)
    totals = counts.sum(axis=1).tolist()
    clean: list[Candidate] = []
    further: list[int] = []  # clean layouts' further-out places, tried only in a tight spot
    for first in range(0, len(places), len(aways)):
        for k in range(first, first + len(aways)):
            if totals[k] == 0:
                clean.append(_clean(scene, pos, *places[k], rays))
                further.extend(range(k + 1, first + len(aways)))
                break
    if 0 < len(clean) < FEW_CLEAN:  # a tight spot: every clean distance may help its neighbours' names
        clean.extend(_clean(scene, pos, *places[k], rays) for k in further if totals[k] == 0)
        # ...and when every clean place is taken by a neighbour's name, text over one link reads better than
        # text over text: offer the placer a few places elsewhere round the station that break one thing.
        clean.extend(_spares(scene, pos, places, counts, rays, clean))
    if clean:
        return clean
    return _least_bad(scene, pos, places, counts, rays)


def layouts_of(station: NameStation, measure: Measure) -> list[tuple[str, int]]:
    """The ways a station's name may be set: every side, on one line and (if it breaks) on two."""
    splits = [0]
    two = balanced_split(station.name, measure, station.lead)
    if two:
        splits.append(two)
    return [(side, split) for side in SIDE_COST for split in splits]


def places_round(scene: NameScene, pos: int, layouts: Sequence[tuple[str, int]], aways: Sequence[float],
                 measure: Measure, gap: float, clear_scale: float) -> list[tuple[LabelSpec, Placed]]:
    """Every place tried round the station: each layout at each distance out."""
    specs = [LabelSpec(side, away=away, split=split) for side, split in layouts for away in aways]
    return every_place(scene, pos, specs, measure, gap, clear_scale)


def every_place(scene: NameScene, pos: int, specs: Sequence[LabelSpec], measure: Measure, gap: float,
                clear_scale: float) -> list[tuple[LabelSpec, Placed]]:
    """Station `pos`'s name set by each of `specs`: its lines, its box and its box at the clear scale."""
    return [(spec, _placed(scene, pos, spec, measure, gap, clear_scale)) for spec in specs]


def _spares(scene: NameScene, pos: int, places: Sequence[tuple[LabelSpec, Placed]], counts: np.ndarray,
            rays: Sequence[Segment], clean: Sequence[Candidate]) -> list[Candidate]:
    """Up to SPARE places that break exactly one thing and overlap none of the clean places, least bad first."""
    found = []
    for (spec, placed), broken in zip(places, counts.tolist(), strict=True):
        if sum(broken) != 1 or any(boxes_overlap(placed[2], c.clear_box) for c in clean):
            continue
        found.append(_weighed(scene, pos, spec, placed, rays, _kinds(broken)))
    return sorted(found, key=lambda c: c.cost)[:SPARE]


def _least_bad(scene: NameScene, pos: int, places: Sequence[tuple[LabelSpec, Placed]], counts: np.ndarray,
               rays: Sequence[Segment]) -> list[Candidate]:
    """The least bad of every place tried, what each breaks weighed in: at most LEAST_BAD, none a whole hit
    worse than the best. A place that breaks more than `cap` things is out if that many hits alone cost a hit
    more than the best place; else the count goes on with a larger cap."""
    lightest = HIT_COST * min(HIT_WEIGHT.values())
    totals = counts.sum(axis=1).tolist()
    cap = 2
    while True:
        judged = [_weighed(scene, pos, spec, placed, rays, _kinds(broken))
                  for (spec, placed), broken, total in zip(places, counts.tolist(), totals, strict=True)
                  if total <= cap]
        best = min((c.cost for c in judged), default=math.inf)
        if max(totals, default=0) <= cap or lightest * (cap + 1) >= best + HIT_COST:
            break
        cap *= 2
    judged.sort(key=lambda c: c.cost)
    return [c for c in judged[:LEAST_BAD] if c.cost < best + HIT_COST]


def _kinds(counts: Sequence[int]) -> tuple[str, ...]:
    """The kinds a place breaks, from its counts (`kind_counts`), in KINDS's order."""
    return tuple(kind for kind, count in zip(KINDS, counts, strict=True) for _ in range(count))


def _clean(scene: NameScene, pos: int, spec: LabelSpec, placed: Placed, rays: Sequence[Segment]) -> Candidate:
    """A place that breaks nothing, with its preferences."""
    lines, box, clear_box = placed
    return Candidate(pos, spec, lines, box, clear_box, preference(scene, pos, spec, box, rays), ())
