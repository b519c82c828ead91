"""Where the lazy passenger goes: exact, tie-complete routing.

The passenger minimises (1) links walked on foot, then (2) lines ridden. We search a small graph whose
states are the board's nodes plus one state per built line: boarding a line costs one line, riding it
to any station it touches is free, and walking a link that still has an empty space costs one walk.
Costs are packed into one integer (walks * WALK + boardings), so settling cost after cost is lexicographic.

Every distinct (destination, set of lines) at the optimum is an option the active player may choose;
they are read off the DAG of optimal predecessors by propagating line-set bitmasks along it.
A route that boards the same line twice is never optimal (the line is connected, so staying on it is
cheaper), which is why a bitmask of boarded lines equals the set of distinct lines ridden.

The search runs thousands of times a game (every bot look-ahead asks it), so it works on whole sets of
nodes where it can: alighting from a line settles `its stations - reached` in one set operation, and each
cost keeps its nodes grouped by the line sets that reach them, instead of a set of line sets per node.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import dataclass

from game.board.model import Board

WALK = 64  # larger than any number of lines a route can board, so one walk outweighs all boardings

# Line-set bitmask -> the nodes (settled at one cost) that an optimal route reaches riding exactly those lines.
Groups = dict[int, AbstractSet[int]]
_NOBODY: Groups = {}


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


@dataclass(frozen=True, slots=True)
class _Walks:
    """A board's links as the walking search reads them, built once per board."""

    neighbours: tuple[tuple[tuple[int, int], ...], ...]  # the board's own table, which tells boards apart
    around: tuple[frozenset[int], ...]  # each node's neighbouring nodes
    steps: tuple[tuple[tuple[int, int, int], ...], ...]  # each node's (neighbour, link, link's spaces)


_WALKS: dict[int, _Walks] = {}


def _walks_of(board: Board) -> _Walks:
    """The board's `_Walks`, cached by its neighbour table (kept alive by the cache, so its id is never reused)."""
    neighbours = board.neighbours
    walks = _WALKS.get(id(neighbours))
    if walks is None or walks.neighbours is not neighbours:
        if len(_WALKS) >= 16:  # tests build many small boards; a game plays on one
            _WALKS.clear()
        spaces = board.link_spaces
        walks = _WALKS[id(neighbours)] = _Walks(
            neighbours,
            tuple(frozenset(other for _, other in pairs) for pairs in neighbours),
            tuple(tuple((other, link, spaces[link]) for link, other in pairs) for pairs in neighbours),
        )
    return walks


class _Search:
    """The search's state: what each cost settled, and which lines were boarded when, with which line sets.

    Costs are settled in order, one walk layer at a time; within a layer, boardings 0, 1, 2, … A cost's
    lines are boarded from the nodes settled one boarding earlier, and alighting from them settles, at
    that same cost, every station they touch not settled before, with the lines' line sets.
    """

    __slots__ = ("around", "boarded", "levels", "line_masks", "members", "steps", "tracks", "unboarded")

    def __init__(self, board: Board, tracks: Sequence[Sequence[str]], members: list[frozenset[int]]) -> None:
        walks = _walks_of(board)
        self.around, self.steps = walks.around, walks.steps
        self.tracks = tracks
        self.members = members  # the stations each line touches
        self.unboarded = list(range(len(members)))  # the lines not boarded yet
        self.levels: dict[int, Groups] = {}  # cost -> the nodes settled at that cost
        self.boarded: dict[int, list[int]] = {}  # cost -> the lines boarded at that cost, in order
        self.line_masks: list[Collection[int]] = [()] * len(members)  # the line sets each line is boarded with

    def run(self, start: int, targets: AbstractSet[int]) -> int | None:
        """The optimal cost of reaching any of `targets` from `start`, or None if none can be reached."""
        reached: set[int] = set()
        entries: dict[int, Groups] = {0: {0: {start}}}  # cost -> the groups walking in at that cost
        while entries:
            layer: list[tuple[int, Groups]] = []
            best = self._layer(entries, reached, targets, layer)
            if best is not None:
                return best
            entries = self._walk(layer, reached)
        return None

    def _layer(
        self, entries: dict[int, Groups], reached: set[int], targets: AbstractSet[int], layer: list[tuple[int, Groups]]
    ) -> int | None:
        """Settle one walk layer, cost after cost, into `reached` and `layer`; the cost a target is met at, if any.

        A cost settles the nodes walked in at it (`entries`) and the stations of the lines boarded at it,
        less those settled before; the lines its nodes touch are boarded at the next cost.
        """
        members, line_masks, unboarded = self.members, self.line_masks, self.unboarded
        cost = min(entries)
        riding: list[int] = []  # the lines boarded at `cost`
        while True:
            groups: Groups = {}
            for mask, nodes in entries.pop(cost, _NOBODY).items():
                nodes = nodes - reached
                if nodes:
                    groups[mask] = nodes
            for line in riding:  # alight anywhere: same cost
                nodes = members[line] - reached
                if nodes:
                    for mask in line_masks[line]:
                        known = groups.get(mask)
                        groups[mask] = nodes if known is None else known | nodes
            riding = []
            if groups:
                settled = next(iter(groups.values())) if len(groups) == 1 else set().union(*groups.values())
                reached |= settled
                self.levels[cost] = groups
                if not targets.isdisjoint(settled):
                    return cost
                layer.append((cost, groups))
                for line in unboarded:
                    if not settled.isdisjoint(members[line]):
                        riding.append(line)
            if riding:
                cost += 1
                self._board(riding, cost, groups)
            elif entries:
                cost = min(entries)
            else:
                return None

    def _board(self, riding: list[int], cost: int, groups: Groups) -> None:
        """Board these lines at `cost` from the nodes settled just before, with those nodes' line sets."""
        members, line_masks = self.members, self.line_masks
        self.boarded[cost] = riding
        for line in riding:
            self.unboarded.remove(line)
        single = next(iter(groups)) if len(groups) == 1 else None  # the usual case: one line set so far
        for line in riding:
            bit = 1 << line
            if single is not None:
                line_masks[line] = (single | bit,)
            else:
                touched, masks = members[line], set()
                for mask, nodes in groups.items():
                    if not touched.isdisjoint(nodes):
                        masks.add(mask | bit)
                line_masks[line] = masks

    def _walk(self, layer: list[tuple[int, Groups]], reached: set[int]) -> dict[int, Groups]:
        """Walk one link with room from every node of the layer just settled: the next layer's entries.

        Walking is relaxed lazily, a layer at a time: one walk outweighs every boarding, so the nodes
        settled with w walks walk on only once no target can be reached with w walks.
        """
        around, steps, tracks = self.around, self.steps, self.tracks
        entries: dict[int, Groups] = {}
        for cost, groups in layer:
            into: Groups = {}
            for mask, nodes in groups.items():
                arriving: set[int] = set()
                for node in nodes:
                    if around[node] <= reached:
                        continue  # the usual case: no neighbour left to walk to
                    for other, link, spaces in steps[node]:
                        if other not in reached and len(tracks[link]) < spaces:
                            arriving.add(other)
                if arriving:
                    into[mask] = arriving
            if into:
                entries[cost + WALK] = into
        return entries

    def walked_from(self, node: int, cost: int, mask: int) -> int | None:
        """The smallest node settled at `cost` with line set `mask` one walkable link away from `node`."""
        walkers = self.levels.get(cost, _NOBODY).get(mask)
        if not walkers:
            return None
        tracks, found = self.tracks, None
        for other, link, spaces in self.steps[node]:
            if other in walkers and len(tracks[link]) < spaces and (found is None or other < found):
                found = other
        return found

    def alighted_from(self, node: int, cost: int, mask: int) -> int:
        """The first line boarded at `cost` with line set `mask` that touches `node`."""
        for line in self.boarded[cost]:
            if node in self.members[line] and mask in self.line_masks[line]:
                return line
        raise AssertionError("routing predecessor graph is inconsistent")  # pragma: no cover


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

    line_names = sorted(line_nodes)
    if not all(line_nodes.values()):
        line_names = [name for name in line_names if line_nodes[name]]
    search = _Search(board, tracks, [frozenset(line_nodes[name]) for name in line_names])
    best = search.run(start, targets)
    if best is None:
        return None

    met = []  # (destination, line set) of every option, in order
    for mask, nodes in search.levels[best].items():
        for destination in targets & nodes:
            met.append((destination, mask))
    met.sort()
    options = []
    for destination, mask in met:
        path = _route(search, destination, mask, best, start, line_names, board)
        options.append(RouteOption(destination, tuple(_names(mask, line_names)), path))
    return RouteResult(best // WALK, best % WALK, tuple(options))


def _names(mask: int, line_names: list[str]) -> list[str]:
    """The names of the lines in a line-set bitmask, in order."""
    names = []
    while mask:
        bit = mask & -mask
        names.append(line_names[bit.bit_length() - 1])
        mask ^= bit
    return names


def _route(
    search: _Search, node: int, mask: int, cost: int, start: int, line_names: list[str], board: Board
) -> tuple[int, ...]:
    """The stations passed by one optimal route start → node whose lines are exactly `mask`.

    Predecessors are not stored during the search; an edge is on an optimal route exactly when the costs
    at its two ends differ by its cost, so they are found again here, back from the destination, for the
    few nodes needed. Among several, a walk comes before a ride, then the smallest node or line is taken.
    """
    levels = search.levels
    backwards = [node]
    while node != start:
        walked_from = search.walked_from(node, cost - WALK, mask)
        if walked_from is not None:
            node = walked_from
            cost -= WALK
            backwards.append(node)
            continue
        line = search.alighted_from(node, cost, mask)
        mask &= ~(1 << line)
        cost -= 1
        boarded_at = min(search.members[line] & levels[cost][mask])
        backwards += _ride_back(board, search.tracks, line_names[line], boarded_at, node)[1:]
        node = boarded_at
    backwards.reverse()
    return _without_detours(backwards)


def _without_detours(path: list[int]) -> tuple[int, ...]:
    """Cut every stretch that comes back to a station already passed, so the passenger passes each once.

    Two rides can overlap (red to X through Q, then blue from X back through Q): the state sequence is
    optimal, but the drawn route would double back. The shortcut keeps only links of the original route,
    so it walks no more and rides no other lines; being optimal already, it has the same cost and lines.
    """
    if len(set(path)) == len(path):  # the usual case
        return tuple(path)
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
    path = _ride_back(board, tracks, line, origin, target)
    path.reverse()
    return path


def _ride_back(board: Board, tracks: Sequence[Sequence[str]], line: str, origin: int, target: int) -> list[int]:
    """`ride_path` backwards, target → origin (routes are built back from the destination)."""
    came_from = {origin: origin}
    if origin != target:
        neighbours = board.neighbours
        queue = [origin]
        # Breadth first (the loop also visits the nodes appended while it runs). The target's way back is
        # fixed the moment it is first seen, so the search stops there.
        for node in queue:
            for link, other in neighbours[node]:
                if other not in came_from and line in tracks[link]:
                    came_from[other] = node
                    if other == target:
                        return _way_back(came_from, origin, target)
                    queue.append(other)
    return _way_back(came_from, origin, target)


def _way_back(came_from: dict[int, int], origin: int, target: int) -> list[int]:
    """The path target → origin along a search's `came_from` links."""
    node = target
    path = [node]
    while node != origin:
        node = came_from[node]
        path.append(node)
    return path
