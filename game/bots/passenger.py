"""What the passenger's moves are worth to one seat, fast enough to ask thousands of times per turn.

The engine's `find_routes` lists every optimal option with its path, which a person needs to see. A bot
only needs, for each destination, the optimal cost and the best and worst line-score difference over
the tied options. One Dijkstra over the same graph (nodes plus one state per built line, walks cost
`WALK`, boardings 1) gives that for every node at once: settling lines before nodes at equal cost is a
topological order of the DAG of optimal predecessors, so a longest/shortest-path pass along the
settling order is exact. An optimal route never boards the same line twice (lines are connected), so
the sum of boarding gains along a path is the score of its set of lines.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from game.board.model import Board
from game.rules.actions import ChooseRoute
from game.rules.routing import WALK
from game.rules.state import GameState, move_kinds

INFINITY = 1 << 60


@dataclass(slots=True)
class RouteTable:
    """Per node: optimal passenger cost from the source, and the best and worst gain over tied routes."""

    dist: list[int]
    best: list[float]
    worst: list[float]


def line_gains(state: GameState, seat: int) -> dict[str, float]:
    """+1 for each of the seat's lines ridden, minus an opponent's share for each other line."""
    others = max(1, state.player_count - 1)
    return {line: 1.0 if s.owner == seat else -1.0 / others for line, s in state.lines.items() if s.degree}


def route_table(
    board: Board,
    tracks: Sequence[Sequence[str]],
    line_nodes: Mapping[str, Mapping[int, int]],
    start: int,
    gains: Mapping[str, float],
    targets: set[int] | None = None,
) -> RouteTable:
    """Dijkstra from `start`; with `targets`, stop once every node as cheap as the nearest target is settled."""
    node_count = len(board.nodes)
    names = [name for name, nodes in line_nodes.items() if nodes]
    members = [tuple(line_nodes[name]) for name in names]
    line_gain = [gains.get(name, 0.0) for name in names]
    lines_at: dict[int, list[int]] = {}
    for k, nodes in enumerate(members):
        for node in nodes:
            lines_at.setdefault(node, []).append(k)
    size = node_count + len(names)
    dist = [INFINITY] * size
    best = [0.0] * size
    worst = [0.0] * size
    spaces = board.link_spaces
    neighbours = board.neighbours
    dist[start] = 0
    # Heap keys: cost * 2 + (1 for a node): lines settle before nodes at the same cost.
    heap = [(1, start)]
    limit = INFINITY
    done = [False] * size
    while heap:
        key, state = heapq.heappop(heap)
        if done[state]:
            continue
        d = key >> 1
        if d > limit:
            break
        done[state] = True
        hi, lo = best[state], worst[state]
        if state < node_count:
            if targets is not None and state in targets and d < limit:
                limit = d
            nd = d + WALK
            for link, other in neighbours[state]:
                if len(tracks[link]) < spaces[link] and not done[other]:
                    if nd < dist[other]:
                        dist[other], best[other], worst[other] = nd, hi, lo
                        heapq.heappush(heap, (nd * 2 + 1, other))
                    elif nd == dist[other]:
                        best[other] = max(best[other], hi)
                        worst[other] = min(worst[other], lo)
            nd = d + 1
            for k in lines_at.get(state, ()):
                line_state = node_count + k
                if done[line_state]:
                    continue
                gain = line_gain[k]
                if nd < dist[line_state]:
                    dist[line_state], best[line_state], worst[line_state] = nd, hi + gain, lo + gain
                    heapq.heappush(heap, (nd * 2, line_state))
                elif nd == dist[line_state]:
                    best[line_state] = max(best[line_state], hi + gain)
                    worst[line_state] = min(worst[line_state], lo + gain)
        else:
            for other in members[state - node_count]:
                if done[other]:
                    continue
                if d < dist[other]:
                    dist[other], best[other], worst[other] = d, hi, lo
                    heapq.heappush(heap, (d * 2 + 1, other))
                elif d == dist[other]:
                    best[other] = max(best[other], hi)
                    worst[other] = min(worst[other], lo)
    return RouteTable(dist[:node_count], best[:node_count], worst[:node_count])


@dataclass(frozen=True, slots=True)
class MovesResult:
    """The passenger's moves for the rest of a turn as one chooser would pick them."""

    value: float  # the sum of line gains over the moves
    end: int | None  # where the passenger stands afterwards
    face_up: tuple[tuple[int, str], ...]  # the cards left on display before the refill


def moves_value(
    state: GameState,
    start: int | None,
    face_up: tuple[tuple[int, str], ...],
    kinds: Sequence[str],
    gains: Mapping[str, float],
    chooser_max: bool,
) -> MovesResult:
    """Play out the moves of `kinds` on the state's network; the chooser picks ties to max (or min) the gain.

    A move with no reachable destination is skipped, as the engine does. Ties between destinations are
    looked at through the later moves too, since where the passenger stops decides where it goes next.
    """
    if start is None or not kinds:
        return MovesResult(0.0, start, face_up)
    kind, rest = kinds[0], kinds[1:]
    targets = {station for station, card_kind in face_up if card_kind == kind}
    if not targets:
        return moves_value(state, start, face_up, rest, gains, chooser_max)
    line_nodes = state.line_nodes()
    table = route_table(state.board, state.tracks, line_nodes, start, gains, targets)
    nearest = min(table.dist[t] for t in targets)
    if nearest >= INFINITY:
        return moves_value(state, start, face_up, rest, gains, chooser_max)
    chosen: MovesResult | None = None
    for destination in sorted(targets):
        if table.dist[destination] != nearest:
            continue
        here = table.best[destination] if chooser_max else table.worst[destination]
        left = list(face_up)
        left.remove((destination, kind))
        later = moves_value(state, destination, tuple(left), rest, gains, chooser_max)
        total = here + later.value
        if chosen is None or (total > chosen.value if chooser_max else total < chosen.value):
            chosen = MovesResult(total, later.end, later.face_up)
    assert chosen is not None
    return chosen


def turn_passenger_value(state: GameState, seat: int, gains: Mapping[str, float] | None = None) -> MovesResult:
    """What the passenger's moves at the end of this turn would bring `seat` on the network as it stands now."""
    gains = line_gains(state, seat) if gains is None else gains
    kinds = move_kinds(state.face_up, state.board.settings.single_kind_moves)
    return moves_value(state, state.passenger, tuple(state.face_up), kinds, gains, state.current == seat)


def favoured_route(state: GameState, routes: Sequence[ChooseRoute], rng: random.Random) -> ChooseRoute:
    """The active player's pick among the passenger's tied options: the most for their own lines.

    Each option is judged with the moves still due after it (where the passenger stops decides where it
    goes next); equal options are broken by the bot's own random generator.
    """
    seat = state.current
    gains = line_gains(state, seat)
    rest = state.pending_moves[1:]
    kind = state.pending_moves[0]

    def value(route: ChooseRoute) -> float:
        left = list(state.face_up)
        left.remove((route.destination, kind))
        later = moves_value(state, route.destination, tuple(left), rest, gains, True)
        return sum(gains.get(line, 0.0) for line in route.lines) + later.value

    values = [value(route) for route in routes]
    top = max(values)
    return rng.choice([route for route, v in zip(routes, values, strict=True) if v >= top - 1e-9])
