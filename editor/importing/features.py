"""A fresh import's city features, guessed as the shipped boards have them, for the designer to change.

Each city's rules score a feature the open data knows nothing of: London's connection tiles, Berlin's "+"
stations and landmark stacks, New York's clusters. A board without them warns (game.board.tmx.checks), so
an import that left them out began with warnings the designer had not caused, and a game on it left a rule
of its city out. The importer guesses them when a configuration asks for it ("auto", as `python -m editor
import` and the editor's Import do), in the proportions of the shipped boards and spread over the map as
the destinations are; a configuration that names them (every shipped board) gets exactly those.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from editor.importing.layout import padded_blob, segment_intersection
from game.board.rule_settings import SETTING_FIELDS, RuleSettings, parse_setting, settings_for
from game.geometry import point_in_polygon

Point = tuple[float, float]

PLUS_SHARE = 6 / 106  # the shipped Berlin: six "+" stations of 106...
LANDMARK_SHARE = 20 / 106  # ...and twenty landmark stacks,
LANDMARK_SIZES = (3, 2, 2, 1)  # five of 3, ten of 2, five of 1: one size for each five (one of every type)
CLUSTER_SHARE = 6 / 104  # the shipped New York: six clusters of 104 stations,
CLUSTER_MEMBERS = (3, 8)  # of three to eight stations each
CLUSTER_REACH = 0.12  # a cluster's stations lie within this share of the board's width of the one it grew from


@dataclass
class Guessed:
    """The features guessed for one board, by station name (clusters: name and members)."""

    connection: set[str] = field(default_factory=set)
    plus: set[str] = field(default_factory=set)
    landmarks: dict[str, int] = field(default_factory=dict)
    clusters: list[tuple[str, list[str]]] = field(default_factory=list)


def spread_out(pool: Sequence[str], where: dict[str, Point], count: int, busier: Callable[[str], Any],
               seeds: Iterable[str] = ()) -> list[str]:
    """`count` stations of `pool` spread over the map: each next one the farthest from the `seeds` and those
    picked before, busier first on a tie; without seeds the busiest comes first."""
    picked: list[str] = []
    taken = list(seeds)
    if not taken and pool and count > 0:
        picked.append(max(pool, key=lambda n: (busier(n), n)))
        taken = picked[:]
    if not taken:
        return picked
    nearest = {n: min(math.dist(where[n], where[t]) for t in taken) for n in pool if n not in taken}
    while nearest and len(picked) < count:
        pick = max(nearest, key=lambda n: (round(nearest[n]), busier(n), n))
        picked.append(pick)
        del nearest[pick]
        for n in nearest:
            nearest[n] = min(nearest[n], math.dist(where[n], where[pick]))
    return picked


def settings_of(ruleset: str, properties: dict[str, Any]) -> RuleSettings:
    """The rules the board will be played by: its ruleset's, with any setting its map properties override."""
    overrides = {name: parse_setting(name, str(value)) for name, value in properties.items() if name in SETTING_FIELDS}
    return settings_for(ruleset, overrides)


def guess(settings: RuleSettings, ruleset: str, names: list[str], where: dict[str, Point], lines: dict[str, int],
          degree: dict[str, int], width: float, pad: float, wanted: set[str]) -> Guessed:
    """The `wanted` features ("connection", "plus", "landmarks", "clusters") the `ruleset` scores, for the
    stations `names` at `where`, with their count of real `lines` and of links (`degree`). Tiles and "+" go
    to interchanges (two lines, or three links) while there are enough of them."""
    found = Guessed()
    if not names:
        return found

    def busier(n: str) -> tuple[int, int]:
        return lines[n], degree[n]

    interchanges = [n for n in names if lines[n] >= 2 or degree[n] >= 3]

    def pool(count: int, besides: Iterable[str] = ()) -> list[str]:
        left = [n for n in interchanges if n not in set(besides)]
        return left if len(left) >= count else [n for n in names if n not in set(besides)]

    if ruleset == "london" and "connection" in wanted:
        count = min(2 * len(settings.connection_symbols), len(names)) // 2 * 2  # the tiles come in pairs
        found.connection = set(spread_out(pool(count), where, count, busier))
    if ruleset == "berlin" and "plus" in wanted:
        count = min(len(names), max(len(settings.plus_table), round(PLUS_SHARE * len(names))))
        found.plus = set(spread_out(pool(count), where, count, busier))
    if ruleset == "berlin" and "landmarks" in wanted:
        found.landmarks = _landmarks(settings, names, where, busier, found.plus)
    if ruleset == "newyork" and "clusters" in wanted:
        found.clusters = _clusters(names, where, busier, width, pad)
    return found


def _landmarks(settings: RuleSettings, names: list[str], where: dict[str, Point], busier: Callable[[str], Any],
               besides: set[str]) -> dict[str, int]:
    """Landmark stacks in fives (the game deals the types round each size), spread over the map and off the
    "+" stations; the busiest of them hold the biggest stacks, as the sights' stations do."""
    types = max(1, len(settings.landmark_types))
    groups = max(1, round(LANDMARK_SHARE * len(names) / types))
    sizes = sorted((LANDMARK_SIZES[i % len(LANDMARK_SIZES)] for i in range(groups) for _ in range(types)),
                   reverse=True)
    pool = [n for n in names if n not in besides] or names
    picked = spread_out(pool, where, len(sizes), busier)
    by_busy = sorted(picked, key=lambda n: (busier(n), n), reverse=True)
    return dict(zip(by_busy, sizes, strict=False))


def _clusters(names: list[str], where: dict[str, Point], busier: Callable[[str], Any], width: float,
              pad: float) -> list[tuple[str, list[str]]]:
    """Round groups of neighbouring stations, spread over the map: a station and its nearest free neighbours
    while their rounded outline holds no other station and crosses no other cluster's, named after the
    station it grew from ("Borough Hall area"; "86 St area", not "86 St (1) area", unless another is too)."""
    wanted = max(2, round(CLUSTER_SHARE * len(names)))
    smallest, largest = CLUSTER_MEMBERS
    reach = CLUSTER_REACH * width
    claimed: set[str] = set()
    outlines: list[list[Point]] = []
    clusters: list[tuple[str, list[str]]] = []
    for seed in spread_out(names, where, len(names), busier):
        if len(clusters) == wanted:
            break
        if seed in claimed:
            continue
        members, outline = [seed], padded_blob([where[seed]], pad)
        around = [n for n in names if math.dist(where[n], where[seed]) <= reach + pad]  # all an outline may hold
        free = [n for n in around if n not in claimed and n != seed and math.dist(where[n], where[seed]) <= reach]
        near = sorted(free, key=lambda n: (math.dist(where[n], where[seed]), n))
        for candidate in near:
            if len(members) == largest:
                break
            tried = padded_blob([where[m] for m in [*members, candidate]], pad)
            holds_other = any(point_in_polygon(where[n], tried) for n in around if n not in members and n != candidate)
            if not holds_other and not any(_touch(tried, other) for other in outlines):
                members.append(candidate)
                outline = tried
        if len(members) >= smallest:
            clusters.append((seed, members))
            outlines.append(outline)
            claimed.update(members)
    plain = [_without_lines(seed) for seed, _ in clusters]
    return [(f"{short if plain.count(short) == 1 else seed} area", members)
            for short, (seed, members) in zip(plain, clusters, strict=True)]


def _without_lines(name: str) -> str:
    """A station's name without the lines or place the data adds to tell stations apart: "86 St (1)" → "86 St"."""
    head, bracket, _rest = name.partition(" (")
    return head if bracket and name.endswith(")") and head else name


def _touch(a: list[Point], b: list[Point]) -> bool:
    """Whether two convex outlines overlap (a corner of either inside the other, or edges crossing)."""
    if any(point_in_polygon(p, b) for p in a) or any(point_in_polygon(p, a) for p in b):
        return True
    return any(segment_intersection(a[i - 1], a[i], b[j - 1], b[j]) is not None
               for i in range(len(a)) for j in range(len(b)))
