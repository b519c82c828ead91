"""A finished layout seen as the game will draw it: the stations to name and what their names keep clear of.

Sizes come from `game.board.proportions`, over the layout's own link lengths (the game's unit is the
median link length, end to end), so the placer avoids exactly the discs and track beds the screens draw.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from editor.cartography.network import Network, Point
from game.board.label_spec import LabelSpec
from game.board.legibility import beds_over as board_beds_over
from game.board.name_clearance import Disc, NameObstacles, NameStation, TrackLine, name_spacing
from game.board.proportions import (
    badge_advance,
    bed_half_width,
    first_step,
    node_radius,
    outward,
    terminus_bar,
    terminus_bar_width,
    unit_of,
)


@dataclass(frozen=True, slots=True)
class NameScene:
    """The stations to name and their obstacles, for one layout; `unit` is the board unit it implies."""

    stations: tuple[NameStation, ...]
    obstacles: NameObstacles
    unit: float


def link_ends(network: Network, positions: Sequence[Point]) -> list[tuple[Point, Point]]:
    return [(positions[t.a], positions[t.b]) for t in network.tracks]


def board_unit(network: Network, positions: Sequence[Point], width: float, height: float) -> float:
    """The game's unit for this layout: the median straight length of its links."""
    return unit_of([math.dist(a, b) for a, b in link_ends(network, positions)], width, height)


def name_scene(
    network: Network,
    positions: Sequence[Point],
    paths: Sequence[Sequence[Point]],
    spaces: Sequence[int],
    badges: Sequence[int],
    fixed: Mapping[int, LabelSpec],
    label_px: float,
    width: float,
    height: float,
    termini: Collection[int] = (),
    water: Sequence[Sequence[Point]] = (),
) -> NameScene:
    """Stations (with their badges' lead and any designer-fixed spec), discs, track beds, the bars of the
    `termini` (place indices) and the `water` outlines of a layout."""
    unit = board_unit(network, positions, width, height)
    widest = [0] * len(network.places)
    for track, n in zip(network.tracks, spaces, strict=True):
        widest[track.a] = max(widest[track.a], n)
        widest[track.b] = max(widest[track.b], n)
    stations = []
    discs = []
    advance = badge_advance(label_px)
    for i, place in enumerate(network.places):
        x, y = positions[i]
        radius = node_radius(place.waypoint, widest[i], unit)
        discs.append(Disc(x, y, radius, place.name))
        if not place.waypoint:
            stations.append(NameStation(i, place.name, x, y, radius, fixed.get(i), badges[i] * advance))
    tracks = tuple(
        TrackLine(tuple(path), bed_half_width(n, unit), _track_name(network, k))
        for k, (path, n) in enumerate(zip(paths, spaces, strict=True))
    )
    bars = _bars(termini, discs, paths, network, unit)
    obstacles = NameObstacles(tuple(discs), tracks, bars=bars, spacing=name_spacing(label_px),
                              water=tuple(tuple(outline) for outline in water if len(outline) >= 3))
    return NameScene(tuple(stations), obstacles, unit)


def _bars(termini: Collection[int], discs: Sequence[Disc], paths: Sequence[Sequence[Point]], network: Network,
          unit: float) -> tuple[TrackLine, ...]:
    """The termini's bars, where the game draws them: beyond the disc, away from the station's links."""
    leaving: dict[int, list[Point]] = {i: [] for i in termini}
    for track, path in zip(network.tracks, paths, strict=True):
        for end, walked in ((track.a, path), (track.b, path[::-1])):
            if end in leaving and (step := first_step(walked)) is not None:
                leaving[end].append(step)
    width = terminus_bar_width(unit)
    return tuple(TrackLine(terminus_bar((discs[i].x, discs[i].y), outward(steps), discs[i].radius, width), width / 2,
                           discs[i].name) for i, steps in leaving.items())


def _track_name(network: Network, k: int) -> str:
    t = network.tracks[k]
    a, b = network.places[t.a], network.places[t.b]
    return f"{a.name or t.a}–{b.name or t.b}"


def beds_over_stations(network: Network, scene: NameScene) -> int:
    """How many (link, node) pairs the game would draw with the link's bed over a node it does not join.

    The game draws a link of n spaces as a bed n slots wide and each node as a disc, both in proportion to
    the board's unit; a layout at a smaller size keeps its angles but brings a diagonal neighbour within a
    wide bed's reach, so a size or a move the names like is refused when it raises this count."""
    return len(beds_over(network, scene))


def beds_over(network: Network, scene: NameScene) -> list[tuple[int, int]]:
    """Each (link, node) pair the game would draw with the link's bed over the node's disc (see above)."""
    return board_beds_over([(track.a, track.b) for track in network.tracks], scene.obstacles)
