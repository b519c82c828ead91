"""The finished map climbs: a station near a name in trouble steps aside wherever that leaves fewer in trouble.

The steps before (nudge.py, step_aside.py) each try one kind of move for one kind of trouble, and keep a move
only for the name it was made for. What they leave is mostly a name across a link at a crowded junction, where
the link to move is a neighbour's, or the station to move is one whose name takes the free corner. Here, for
each name in trouble, the station itself, the ends of each link its name crosses, the stations it is drawn
over and its neighbours are tried a step away in each of eight directions, from half a pitch to three pitches
(`STEPS`; `nudge.steps_of`: links drawn again the least bent allowed way). The names near the step are placed
again and finished, and the first step is kept that leaves fewer names in trouble (or as many, with fewer
things wrong with them: a name across one link, not two, is a step on the way to a name in the clear), none
more unreadable, no more links on links, no layout guarantee broken that was kept and every river that ran in
straight and 45° runs still running so, on no detour it did not need (`river.redrawn_rivers`, strict). Rounds
go on while one helps: hill climbing, as Stott et al. (IEEE TVCG 2011) climb a metro map whose criteria
include its names'. Where no one step helps a name, two may (an ejection chain, as Lin and Kernighan's): a step
that frees it but puts another name in trouble, then a step for that one (`_repaired`; the shipped boards'
build only, `MapRequest.two_steps`). Repairs are tried only while they have cost no more steps than the single
steps tried (`_Budget`). A name no step freed is tried again in a later round only if something within reach
of its movers changed meanwhile (`_untouched`): Berlin's build spent most of its later rounds trying the same
steps again (40 minutes of CPU and more with the chain, 6 without).

Only for a board built once and shipped, or a designer's thorough Tidy (`MapRequest.thorough`): London's
whole build takes seven to thirteen minutes of CPU with the two-step chain (five without), most of it here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache, partial

from editor.cartography.metro.naming import placed, scene_of
from editor.cartography.metro.nudge import Guarantees, NamedLayout, stacked_when_drawn, steps_of
from editor.cartography.metro.request import MapRequest, Progress
from editor.cartography.metro.river import redrawn_rivers
from editor.cartography.metro.scene import NameScene
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Frame, Network, Schematic
from game.board.label_spec import LabelSpec
from game.board.name_clearance import NAMES_MEET

ROUNDS = 6
# px: how far a station steps, half a pitch to three pitches. The steps before stop at one pitch, and a
# climb that did too ended where no one-pitch step of any mover read better, whatever the guards (London:
# 1,694 steps tried, none refused by a guard alone); further steps free a name where one pitch only moves a
# link along it. Measured on the four shipped boards' builds in memory (`tools.build_boards.measure`), the
# board check's name lines at 1.2: 85 with one pitch, 64 up to two, 63 up to three (62 built to files), links
# on links 7 → 5 → 4; a thorough import of 117 stations takes twice the time (377 s, 14 → 9 names).
STEPS = (20.0, 40.0, 60.0, 80.0, 100.0, 120.0)
# px: names further than this from the stepped station keep their places while a step is judged (a full
# placement per step took London's build 8 minutes, not 3, for 2 names fewer in trouble; 180 px, 2 more)
NEARBY = 300.0
# px: a name no step freed is tried again only when a station moved, a link was redrawn or a name placed anew
# within this of one of its movers (`_untouched`): the furthest a step lands, and the names it places again.
REACH = NEARBY + STEPS[-1]
# A name no one step frees may be freed by two: the kicks (steps that free it, putting others in trouble) tried
# for a repair, and the movers tried for each name a kick put in trouble.
KICKS = 2
REPAIR_MOVERS = 4
# Steps tried as repairs for each single step tried, at most (`_Budget`).
REPAIR_SHARE = 1.0
Finish = Callable[[NameScene, Mapping[int, PlacedName]], dict[int, PlacedName]]


def climb(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
          finish: Finish, progress: Progress | None = None) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The layout with stations stepped aside while a step leaves fewer names in trouble (see the notes).

    `progress` hears each step tried, as the share of the most rounds gone (a climb that stops early jumps
    to the end), so a cancel is heard within one step's placement."""
    best = NamedLayout.of(request, schematic, scene, names)
    if not request.thorough or not best.in_trouble:
        return schematic, scene, dict(names)
    guarantees = Guarantees(request, schematic, scene)
    stacked = stacked_when_drawn(request, best)
    rivers = rivers_redrawn(request, schematic)
    budget = _Budget()

    finished = partial(placed_near, request, finish=finish)

    tried: dict[int, NamedLayout] = {}  # names no step freed, and the map they were tried on
    for round_no in range(ROUNDS):
        helped = False
        troubled_names = sorted(best.in_trouble)
        for done, index in enumerate(troubled_names):
            if index not in best.in_trouble or (index in tried and _untouched(request, tried[index], best, index)):
                continue
            share = (round_no + done / len(troubled_names)) / ROUNDS

            def tick(share: float = share, repair: bool = False) -> None:
                budget.count(repair)
                if progress is not None:
                    progress(share)

            kicks = _Kicks(index) if request.two_steps else None  # gathered only for the repairs
            before = best
            for mover in movers(request, best, index):
                if request.network.places[mover].pinned:
                    continue
                outcome = _first_better(request, best, best, mover, guarantees, finished, stacked, rivers, tick,
                                        kicks)
                if outcome is not best:
                    best, helped = outcome, True
                    break
            else:
                if kicks is not None:
                    outcome = _repaired(request, best, kicks.kept, guarantees, finished, stacked, rivers,
                                        partial(tick, repair=True), budget)
                    if outcome is not best:
                        best, helped = outcome, True
            if best is before:
                tried[index] = best
        if not helped:
            break
    return best.schematic, best.scene, best.names


def placed_near(request: MapRequest, base: NamedLayout, stepped: Schematic, mover: int, finish: Finish,
                near: float = NEARBY) -> NamedLayout:
    """The stepped layout with the names within `near` px of `mover` placed again and finished, the others where
    they were on `base`."""
    at = stepped.positions[mover]
    kept = {i: name.spec for i, name in base.names.items() if math.dist(stepped.positions[i], at) > near}
    local = replace(request, labels={**kept, **request.labels})
    new_scene, new_names = placed(local, stepped, None, request.seed)
    return NamedLayout.of(request, stepped, scene_of(request, stepped), finish(new_scene, new_names))


def _first_better(request: MapRequest, base: NamedLayout, best: NamedLayout, mover: int, guarantees: Guarantees,
                  finished: Callable[[NamedLayout, Schematic, int], NamedLayout], stacked: int,
                  rivers: frozenset[int], tick: Callable[[], None], kicks: _Kicks | None = None) -> NamedLayout:
    """The first layout with `mover` a step away from `base` that is better than `best` (see the notes), else
    `best`. Each step on the way that breaks nothing but does not read better is offered to `kicks`."""
    for stepped in steps_of(request, base.schematic, base.scene, mover, STEPS):
        tick()
        if not guarantees.kept(stepped, scene_of(request, stepped)):
            continue
        outcome = finished(base, stepped, mover)
        better = outcome.reads_better_than(best)
        if outcome.unreadable > best.unreadable or not (better or (kicks is not None and kicks.wants(outcome))):
            continue
        # the costly guards last, for a step that would be kept: the rivers' redraw was two thirds of a step
        if stacked_when_drawn(request, outcome) > stacked or not rivers <= rivers_redrawn(request, stepped):
            continue
        if better:
            return outcome
        if kicks is not None:
            kicks.offer(outcome)
    return best


class _Kicks:
    """The steps that freed station `index`'s name but put others in trouble, for a second step to repair
    (`_repaired`): the KICKS that leave fewest in trouble, then fewest things wrong, first found first."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.kept: list[NamedLayout] = []

    def wants(self, outcome: NamedLayout) -> bool:
        return self.index not in outcome.in_trouble

    def offer(self, outcome: NamedLayout) -> None:
        if not self.wants(outcome):
            return
        self.kept.append(outcome)
        self.kept.sort(key=lambda kick: (len(kick.in_trouble), len(kick.problems)))  # stable
        del self.kept[KICKS:]


class _Budget:
    """The steps the climb has tried, single and as repairs: each repair costs up to KICKS x REPAIR_MOVERS movers'
    steps per name it troubled, and a name's repairs are tried again whenever the name is (`_untouched`).
    Repairs go on while they have cost at most REPAIR_SHARE of the single steps (London's build: 13 minutes of
    CPU; Berlin's was stopped after 40, as after 45 unbounded)."""

    def __init__(self) -> None:
        self.single = 0
        self.repairs = 0

    def count(self, repair: bool) -> None:
        if repair:
            self.repairs += 1
        else:
            self.single += 1

    def allows_repair(self) -> bool:
        return self.repairs < self.single * REPAIR_SHARE


def _repaired(request: MapRequest, best: NamedLayout, kicks: list[NamedLayout], guarantees: Guarantees,
              finished: Callable[[NamedLayout, Schematic, int], NamedLayout], stacked: int,
              rivers: frozenset[int], tick: Callable[[], None], budget: _Budget) -> NamedLayout:
    """The first layout two steps from `best` that reads better than it: a kick that freed a name but put others
    in trouble, then a step for one of those (an ejection chain: what one step cannot reach, two may), else
    `best`. The kicks that left the fewest in trouble are tried first, and only a few of them and of the
    movers of each name they troubled (each step costs a placement of the names near it): `kicks` holds the
    KICKS best, in order (`_Kicks`); a mover is tried only while `budget` allows."""
    for kick in kicks:
        for index in sorted(kick.in_trouble - best.in_trouble):
            for mover in [m for m in movers(request, kick, index)
                          if not request.network.places[m].pinned][:REPAIR_MOVERS]:
                if not budget.allows_repair():
                    return best
                outcome = _first_better(request, kick, best, mover, guarantees, finished, stacked, rivers, tick)
                if outcome is not best:
                    return outcome
    return best


def _untouched(request: MapRequest, then: NamedLayout, now: NamedLayout, index: int) -> bool:
    """True when nothing a step for station `index`'s name would see has changed since `then`, where no step
    freed it: no station moved or placed its name anew, and no link with an end there was redrawn, within REACH
    of any of its movers (a step places again the names within NEARBY of where its mover lands). Trying it
    again would try the same steps on the same surroundings: Berlin's build spent its later rounds so, a minute
    or more per name."""
    if then is now:
        return True
    network = request.network
    was, is_ = then.schematic.positions, now.schematic.positions
    changed = {i for i in range(len(was)) if was[i] != is_[i] or _spec(then, i) != _spec(now, i)}
    for k, track in enumerate(network.tracks):
        if then.schematic.paths[k] != now.schematic.paths[k]:
            changed.update((track.a, track.b))
    if not changed:
        return True
    reached = {*movers(request, then, index), *movers(request, now, index)}
    return all(math.dist(layout[c], layout[m]) > REACH for c in changed for m in reached for layout in (was, is_))


def _spec(named: NamedLayout, index: int) -> LabelSpec | None:
    placed = named.names.get(index)
    return None if placed is None else placed.spec


def rivers_redrawn(request: MapRequest, schematic: Schematic) -> frozenset[int]:
    """The rivers that run through their crossings in Beck's straight and 45° runs on this layout: a step
    that would leave one carried in its geographic wiggle (river.py) buys names with the map's look."""
    return _rivers_redrawn(request.network, schematic, request.frame)


@lru_cache(maxsize=8)
def _rivers_redrawn(network: Network, schematic: Schematic, frame: Frame) -> frozenset[int]:
    """`rivers_redrawn`, kept for the last few layouts: the steps for the letter ask it of their start and of
    their last step twice (a fifth of a second each on the README's Berlin import, with its Spree)."""
    return redrawn_rivers(network, schematic, frame, strict=True)[1]


def movers(request: MapRequest, named: NamedLayout, index: int) -> list[int]:
    """The stations whose step might free station `index`'s name: itself, the ends of the links its name
    crosses, the stations it is drawn over, nearer to or whose names it covers, then its neighbours."""
    network = request.network
    own = f"{network.places[index].name} "
    by_name = {station.name: station.index for station in named.scene.stations}
    by_link = {track.name: k for k, track in enumerate(named.scene.obstacles.tracks)}
    found = [index]
    for line in named.problems:
        body = line.removeprefix("name of ")
        if not body.startswith(own):
            continue
        what = body.removeprefix(own)
        if what.startswith("crosses a link (") and (k := by_link.get(what[16:-1])) is not None:
            found += [network.tracks[k].a, network.tracks[k].b]
        if what.startswith("is nearer ") and " than " in what:
            what = "covers station " + what.removeprefix("is nearer ").rpartition(" than ")[0]
        for between in ("covers station ", *(b.lstrip() for b in NAMES_MEET)):
            if what.startswith(between) and (other := by_name.get(what.removeprefix(between))) is not None:
                found.append(other)
    found += [track.b if track.a == index else track.a for track in network.tracks if index in (track.a, track.b)]
    return list(dict.fromkeys(found))
