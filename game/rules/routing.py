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
        for node in nodes:
            lines_at.setdefault(node, []).append(node_count + k)

    spaces = board.link_spaces
    neighbours = board.neighbours
    infinity = 1 << 60
    dist = [infinity] * (node_count + len(members))
    dist[start] = 0
    heap = [(0, start)]
    best = infinity
    settled: list[int] = []
    while heap:
        d, state = heapq.heappop(heap)
        if d > dist[state]:
            continue
        if d > best:
            break
        settled.append(state)
        if state < node_count:
            if state in targets and d < best:
                best = d
            for link, other in neighbours[state]:
                if len(tracks[link]) < spaces[link]:
                    nd = d + WALK
                    if nd < dist[other]:
                        dist[other] = nd
                        heapq.heappush(heap, (nd, other))
            for line_state in lines_at.get(state, ()):
                nd = d + 1
                if nd < dist[line_state]:
                    dist[line_state] = nd
                    heapq.heappush(heap, (nd, line_state))
        else:
            for other in members[state - node_count]:
                if d < dist[other]:
                    dist[other] = d
                    heapq.heappush(heap, (d, other))
    if best == infinity:
        return None

    # Lines before nodes at equal cost: a node's free predecessors are the lines it was alighted from.
    settled.sort(key=lambda s: (dist[s], s < node_count))
    masks: dict[int, set[int]] = {start: {0}}
    predecessors: dict[int, list[int]] = {}
    for state in settled:
        here = masks.get(state)
        if not here:
            continue
        d = dist[state]
        if state < node_count:
            for link, other in neighbours[state]:
                if dist[other] == d + WALK and len(tracks[link]) < spaces[link]:
                    masks.setdefault(other, set()).update(here)
                    predecessors.setdefault(other, []).append(state)
            for line_state in lines_at.get(state, ()):
                if dist[line_state] == d + 1:
                    bit = 1 << (line_state - node_count)
                    masks.setdefault(line_state, set()).update(m | bit for m in here)
                    predecessors.setdefault(line_state, []).append(state)
        else:
            for other in members[state - node_count]:
                if dist[other] == d:
                    masks.setdefault(other, set()).update(here)
                    predecessors.setdefault(other, []).append(state)

    options = []
    for destination in sorted(targets):
        if dist[destination] != best:
            continue
        for mask in sorted(masks.get(destination, ())):
            lines = tuple(line_names[k] for k in range(len(line_names)) if mask >> k & 1)
            states = _backtrack(destination, mask, start, node_count, masks, predecessors)
            path = _expand(states, node_count, line_names, board, tracks)
            options.append(RouteOption(destination, lines, path))
    return RouteResult(best // WALK, best % WALK, tuple(options))


def _backtrack(
    state: int,
    mask: int,
    start: int,
    node_count: int,
    masks: dict[int, set[int]],
    predecessors: dict[int, list[int]],
) -> list[int]:
    """One optimal state sequence start → state whose boarded lines are exactly `mask`."""
    sequence = [state]
    while state != start or mask:
        for previous in sorted(predecessors[state]):
            needed = mask & ~(1 << (state - node_count)) if state >= node_count else mask
            if needed in masks.get(previous, ()):
                state, mask = previous, needed
                break
        else:  # pragma: no cover - the masks were built from these very edges
            raise AssertionError("routing predecessor graph is inconsistent")
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
