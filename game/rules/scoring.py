"""What a placement scores (rules §2 and the loops of §4), computed without changing the state.

The same outcome serves the preview a person sees when hovering a space, the greedy bot's estimate,
and the real placement, so what is promised is what is paid. Every bonus is paid once per line per
station (or pair, cluster, symbol): it is earned exactly when the placement newly connects a node.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Protocol

from game.board.model import Board
from game.geometry import bounding_box, point_in_polygon
from game.rules.lines import LineState
from game.rules.players import PlayerState
from game.rules.reasons import Reason
from game.rules.routing import ride_path


class ScoringView(Protocol):
    """What scoring reads of a game (the game state is one): it never changes anything."""

    @property
    def board(self) -> Board: ...
    @property
    def lines(self) -> Mapping[str, LineState]: ...
    @property
    def tracks(self) -> Sequence[Sequence[str]]: ...
    @property
    def players(self) -> Sequence[PlayerState]: ...
    @property
    def connection_tiles(self) -> Mapping[int, str]: ...
    @property
    def landmark_stacks(self) -> Mapping[int, tuple[str, int]]: ...


@dataclass(frozen=True, slots=True)
class Outcome:
    points: int
    branch_tokens: int
    reasons: tuple[Reason, ...]
    tiles: tuple[tuple[int, str], ...] = ()  # landmark tiles taken: (station, type)
    sets: int = 0  # landmark sets of every type completed and cashed in
    loop_stations: tuple[int, ...] = ()


def _nth(table: tuple[int, ...], n: int) -> int:
    """Points for the n-th feature of a kind a line connects; beyond the table's end, nothing (rules §2)."""
    return table[n - 1] if n <= len(table) else 0


def placement_outcome(state: ScoringView, line: str, link: int) -> Outcome:
    """Points, branch tokens and tiles that placing `line` on `link` would earn its owner now."""
    board = state.board
    settings = board.settings
    nodes = board.nodes
    line_state = state.lines[line]
    degree = line_state.degree
    the_link = board.links[link]
    new_nodes = [n for n in dict.fromkeys((the_link.a, the_link.b)) if not degree.get(n)]
    points = 0
    tokens = 0
    reasons: list[Reason] = []
    tiles: list[tuple[int, str]] = []
    sets = 0

    plus_count = sum(1 for n in degree if nodes[n].plus)
    water_count = sum(1 for n in degree if nodes[n].water)
    clusters_reached = {board.cluster_of[n] for n in degree if n in board.cluster_of}
    held = dict(state.players[line_state.owner].landmarks)
    stacks_taken: dict[int, int] = {}
    for n in new_nodes:
        node = nodes[n]
        if node.railway and settings.railway_points:
            points += settings.railway_points
            reasons.append(Reason.of("railway", station=node.name))
        if node.terminus:
            points += settings.terminus_points
            tokens += settings.terminus_branch_tokens
            reasons.append(Reason.of("terminus", station=node.name))
        if node.plus:
            plus_count += 1
            gained = _nth(settings.plus_table, plus_count)
            if gained:
                points += gained
                reasons.append(Reason.of("plus", n=plus_count, station=node.name))
        if node.water:
            water_count += 1
            gained = _nth(settings.water_table, water_count)
            if gained:
                points += gained
                reasons.append(Reason.of("water", n=water_count))
        cluster = board.cluster_of.get(n)
        if cluster is not None and cluster not in clusters_reached:
            gained = len(clusters_reached) * settings.cluster_points
            clusters_reached.add(cluster)
            if gained:
                points += gained
                name = board.clusters[cluster].name
                reasons.append(Reason.of("cluster", cluster=name, n=len(clusters_reached) - 1))
        stack = state.landmark_stacks.get(n)
        if stack and stack[1] - stacks_taken.get(n, 0) > 0:
            kind = stack[0]
            stacks_taken[n] = stacks_taken.get(n, 0) + 1
            tiles.append((n, kind))
            held[kind] = held.get(kind, 0) + 1
            reasons.append(Reason.of("landmark_tile", tile=kind, station=node.name))
            if all(held.get(t, 0) >= 1 for t in settings.landmark_types):
                for t in settings.landmark_types:
                    held[t] -= 1
                sets += 1
                points += settings.landmark_set_points
                reasons.append(Reason.of("landmark_set"))

    connected_after = set(degree).union(new_nodes)
    completed: set[str] = set()
    for n in new_nodes:
        symbol = state.connection_tiles.get(n)
        if symbol and symbol not in completed and all(
            m in connected_after for m, other in state.connection_tiles.items() if other == symbol
        ):
            completed.add(symbol)
            points += settings.connection_pair_points
            reasons.append(Reason.of("connection_pair", symbol=symbol))

    loop_stations: tuple[int, ...] = ()
    if settings.loops and not new_nodes and degree:
        loop_stations = _newly_enclosed(state, line, link, connected_after)
        if loop_stations:
            points += settings.loop_points * len(loop_stations)
            reasons.append(Reason.of("loop", n=len(loop_stations)))
    return Outcome(points, tokens, tuple(reasons), tuple(tiles), sets, loop_stations)


def _newly_enclosed(state: ScoringView, line: str, link: int, connected: set[int]) -> tuple[int, ...]:
    """Stations strictly inside the cycle this link closes that the line has not scored by a loop yet.

    Any new cycle through the link encloses nothing that this one cycle (plus older cycles, already
    scored) does not: by parity, a point outside every older cycle is inside a new cycle only if it is
    inside this one. So one cycle per placement is enough.
    """
    board = state.board
    the_link = board.links[link]
    route = ride_path(board, state.tracks, line, the_link.a, the_link.b)
    polygon: list[tuple[float, float]] = []
    for here, there in pairwise(route):
        polygon.extend(board.links[board.link_between[(here, there)]].path_from(here)[:-1])
    polygon.extend(the_link.path_from(the_link.b)[:-1])
    left, top, right, bottom = bounding_box(polygon)
    scored = state.lines[line].loop_scored
    return tuple(
        node.index
        for node in board.nodes
        if node.is_station
        and node.index not in connected
        and node.index not in scored
        and left < node.x < right
        and top < node.y < bottom
        and point_in_polygon((node.x, node.y), polygon)
    )

