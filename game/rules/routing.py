"""Where the lazy passenger goes: exact, tie-complete routing.

The passenger minimises (1) links walked on foot, then (2) lines ridden. We search a small graph whose
states are the board's nodes plus one state per built line: boarding a line costs one line, riding it
to any station it touches is free, and walking a link that still has an empty space costs one walk.
Costs are packed into one integer (walks * WALK + boardings) so an ordinary Dijkstra is lexicographic.

Every distinct (destination, set of lines) at the optimum is an option the active player may choose;
they are read off the DAG of optimal predecessors by propagating line-set bitmasks along it.
A route that boards the same line twice is never optimal (the line is connected, so staying on it is
cheaper), which is why a bitmask of boarded lines equals the set of distinct lines ridden.
"""

from __future__ import annotations

import heapq
from collections import deque
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from game.board.model import Board

WALK = 64  # larger than any number of lines a route can board, so one walk outweighs all boardings
_NO_MASKS: frozenset[int] = frozenset()


@dataclass(frozen=True, slots=True)
class RouteOption:
    destination: int
    lines: tuple[str, ...]  # sorted
    path: tuple[int, ...]  # node indices from the passenger to the destination


@dataclass(frozen=True, slots=True)
class RouteResult:
    walked: int
    lines: int
    options: tuple[RouteOption, ...]


def find_routes(
    board: Board,
    tracks: Sequence[Sequence[str]],
    line_nodes: Mapping[str, Collection[int]],
    start: int,
    destinations: Collection[int],
) -> RouteResult | None:
    """All optimal options from `start` to any of `destinations`; None when none can be reached.

    `tracks[link]` lists the lines on each link; `line_nodes[line]` the nodes each built line touches.
    """
    targets = set(destinations)
    if not targets:
        return None
    if start in targets:
        return RouteResult(0, 0, (RouteOption(start, (), (start,)),))

    node_count = len(board.nodes)
    line_names = sorted(name for name, nodes in line_nodes.items() if nodes)
    members = [tuple(line_nodes[name]) for name in line_names]
    lines_at: dict[int, list[int]] = {}
    for k, nodes in enumerate(members):
        line_state = node_count + k
        for node in nodes:
            found = lines_at.get(node)
            if found is None:
                lines_at[node] = [line_state]
            else:
                found.append(line_state)

    spaces = board.link_spaces
    neighbours = board.neighbours
    infinity = 1 << 60
    total = node_count + len(members)
    dist = [infinity] * total
    masks: list[frozenset[int]] = [_NO_MASKS] * total
    dist[start] = 0
    masks[start] = frozenset((0,))
    # A bucket per cost, lines before nodes: a node alighted at cost d has its line predecessors at d too,
    # so once a bucket's lines are done, each of its nodes has every optimal predecessor and all its masks.
    buckets: dict[int, tuple[list[int], list[int]]] = {0: ([], [start])}
    costs = [0]

    def reach(state: int, cost: int, arriving: frozenset[int], is_line: bool) -> None:
        """Offer `state` at `cost` with these line sets (callers skip offers above its distance)."""
        if cost < dist[state]:
            dist[state] = cost
            masks[state] = arriving
            bucket = buckets.get(cost)
            if bucket is None:
                bucket = buckets[cost] = ([], [])
                heapq.heappush(costs, cost)
            bucket[0 if is_line else 1].append(state)
        elif not arriving <= masks[state]:
            masks[state] = masks[state] | arriving

    # Walking is relaxed lazily: one walk outweighs every boarding, so the nodes settled with w walks
    # walk on only once no target can be reached with w walks; most passengers never need to walk.
    best = infinity
    walkers: list[int] = []
    walkers_layer = 0
    while costs or walkers:
        if walkers and (not costs or costs[0] // WALK > walkers_layer):
            for state in walkers:
                cost = dist[state] + WALK
                for link, other in neighbours[state]:
                    if cost <= dist[other] and len(tracks[link]) < spaces[link]:
                        reach(other, cost, masks[state], False)
            walkers = []
            continue
        d = heapq.heappop(costs)
        line_states, node_states = buckets.pop(d)
        for state in line_states:
            if dist[state] != d:
                continue
            arriving = masks[state]
            for other in members[state - node_count]:  # alight anywhere: same cost, so into this very bucket
                known = dist[other]
                if d < known:
                    dist[other] = d
                    masks[other] = arriving
                    node_states.append(other)
                elif d == known and not arriving <= masks[other]:
                    masks[other] = masks[other] | arriving
        settled = [state for state in node_states if dist[state] == d]
        if not targets.isdisjoint(settled):
            best = d
            break
        walkers_layer = d // WALK
        walkers.extend(settled)
        for state in settled:
            here = masks[state]
            for line_state in lines_at.get(state, ()):
                if d + 1 <= dist[line_state]:
                    bit = 1 << (line_state - node_count)
                    reach(line_state, d + 1, frozenset(m | bit for m in here), True)
    if best == infinity:
        return None

    options = []
    for destination in sorted(targets):
        if dist[destination] != best:
            continue
        for mask in sorted(masks[destination]):
            lines = tuple(line_names[k] for k in range(len(line_names)) if mask >> k & 1)
            states = _backtrack(destination, mask, start, node_count, dist, masks, members, lines_at, board,
                                tracks)
            path = _expand(states, node_count, line_names, board, tracks)
            options.append(RouteOption(destination, lines, path))
    return RouteResult(best // WALK, best % WALK, tuple(options))


def _backtrack(
    state: int,
    mask: int,
    start: int,
    node_count: int,
    dist: list[int],
    masks: list[frozenset[int]],
    members: list[tuple[int, ...]],
    lines_at: dict[int, list[int]],
    board: Board,
    tracks: Sequence[Sequence[str]],
) -> list[int]:
    """One optimal state sequence start → state whose boarded lines are exactly `mask`.

    Predecessors are not stored during the search; an edge is on an optimal route exactly when the
    distances at its two ends differ by its cost, so they are found again here, for the few states needed.
    """
    spaces = board.link_spaces
    sequence = [state]
    while state != start or mask:
        here = dist[state]
        if state >= node_count:
            bit = 1 << (state - node_count)
            needed = mask & ~bit
            candidates = [n for n in members[state - node_count] if dist[n] == here - 1]
        else:
            needed = mask
            candidates = [line for line in lines_at.get(state, ()) if dist[line] == here]
            candidates += [
                other for link, other in board.neighbours[state]
                if dist[other] == here - WALK and len(tracks[link]) < spaces[link]
            ]
        previous = min((c for c in candidates if needed in masks[c]), default=None)
        if previous is None:  # pragma: no cover - the masks were built from these very edges
            raise AssertionError("routing predecessor graph is inconsistent")
        state, mask = previous, needed
        sequence.append(state)
    sequence.reverse()
    return sequence


def _expand(
    states: list[int], node_count: int, line_names: list[str], board: Board, tracks: Sequence[Sequence[str]]
) -> tuple[int, ...]:
    """Turn a state sequence (nodes and line states) into the stations passed, riding along the tracks."""
    path: list[int] = [states[0]]
    for i in range(1, len(states)):
        state = states[i]
        if state < node_count:
            if states[i - 1] < node_count:
                path.append(state)
            continue
        # node -> line -> node: ride the line between the two stations.
        ride = ride_path(board, tracks, line_names[state - node_count], states[i - 1], states[i + 1])
        path.extend(ride[1:])
    return _without_detours(path)


def _without_detours(path: list[int]) -> tuple[int, ...]:
    """Cut every stretch that comes back to a station already passed, so the passenger passes each once.

    Two rides can overlap (red to X through Q, then blue from X back through Q): the state sequence is
    optimal, but the drawn route would double back. The shortcut keeps only links of the original route,
    so it walks no more and rides no other lines; being optimal already, it has the same cost and lines.
    """
    kept: list[int] = []
    position: dict[int, int] = {}
    for node in path:
        if node in position:
            for dropped in kept[position[node] + 1 :]:
                del position[dropped]
            del kept[position[node] + 1 :]
        else:
            position[node] = len(kept)
            kept.append(node)
    return tuple(kept)


def ride_path(board: Board, tracks: Sequence[Sequence[str]], line: str, origin: int, target: int) -> list[int]:
    """The fewest-link way along `line`'s own tracks from origin to target (both on the line)."""
    came_from = {origin: origin}
    queue = deque([origin])
    while queue:
        node = queue.popleft()
        if node == target:
            break
        for link, other in board.neighbours[node]:
            if other not in came_from and line in tracks[link]:
                came_from[other] = node
                queue.append(other)
    path = [target]
    while path[-1] != origin:
        path.append(came_from[path[-1]])
    path.reverse()
    return path
