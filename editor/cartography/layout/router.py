"""Routing one edge as the cheapest grid path (Dijkstra/A* over node × incoming direction).

As in LOOM's octi, a state is a grid node plus the direction we arrived in, so bends cost by their angle
(straight on is free, a 45° turn cheap, a hairpin forbidden). The path leaves its start place through a
port the cyclic order allows; if the far place is not drawn yet, the search also chooses where to put it,
paying for every grid unit it lands away from where the warped geography wants it.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable
from dataclasses import dataclass

from editor.cartography.layout.drawing import Drawing, Route
from editor.cartography.layout.grid import SLOT_ANGLE, SLOTS, opposite, slot_turn
from game.geometry import angle_gap


@dataclass(frozen=True, slots=True)
class Costs:
    """The penalties the layout trades off; bends dominate hops so that lines run straight."""

    hop_axis: float = 1.0
    hop_diagonal: float = 1.25
    hop_knight: float = 6.0  # only for a place with more than 8 links, and only when it must
    bend: tuple[float, ...] = (0.0, 1.0, 1.5, 2.2, 3.0, 4.5, 6.0, 9.0, math.inf)  # by turn in 22.5° steps
    station_bend_weight: float = 1.5  # a line kinking inside a station reads worse than between stations
    # A turn at a crossing, once the drawing asks for straight crossings (`Problem.straight_crossings`, in the
    # polish): a line turning where it crosses another reads as a junction of the two.
    crossing_bend_weight: float = 4.0
    geo_per_45: float = 2.5  # per 45° a link's direction strays beyond 45° from its input direction
    move_linear: float = 0.8  # per grid unit a place lands away from its warped position
    move_square: float = 0.2
    off_parallel: float = 1.5  # per 45° a link leaves its end unlike the link it ran beside in the input
    off_plan: float = 2.0  # per 45° a link leaves a junction away from the port planned for it
    edge_of_grid: float = 6.0  # a place on the grid's edge, per link of it heading off that edge
    crowding: float = 1.5  # putting a place right next to another, per link that one still has to route
    short_link: float = 0.6  # per grid step a link is shorter than the geography has room for
    near_busy_place: float = 8.0  # passing through a port of a place that still has links to draw
    reserved_port: float = 12.0  # leaving a place through a node another place needs for its last links


def hop_cost(costs: Costs, slot: int) -> float:
    if slot % 2:
        return costs.hop_knight
    return costs.hop_diagonal if slot % 4 == 2 else costs.hop_axis


@dataclass(slots=True)
class Request:
    """Everything one routing call needs beyond the drawing itself."""

    edge: int
    start: int  # a placed vertex
    end: int  # placed or not
    start_cost: dict[int, float]  # allowed slot at start → cost of leaving through it
    end_cost: dict[int, float]  # if `end` is placed: allowed slot at end → cost of arriving through it
    place_cost: Callable[[int], float]  # if `end` is unplaced: cost of putting it at a node (inf = no)
    avoid: frozenset[int]  # ports a place needs for its last links: closed, but a first hop may pay
    busy: frozenset[int]  # the ports of places with links still to route (a cost to pass)
    avoid_hops: frozenset[int] = frozenset()  # hops that would cut off such a port
    min_hops: int = 1  # a contracted chain of k stations needs k + 1 grid steps
    want_hops: int = 0  # and would like this many (room between stations for their names)


def route(drawing: Drawing, req: Request, costs: Costs, bound: float = math.inf) -> tuple[Route, float] | None:
    """The cheapest path for `req.edge` (and the end's node if it is new), or None if there is none."""
    grid = drawing.grid
    neighbour = grid.neighbour
    node_vertex = drawing.node_vertex
    node_edge = drawing.node_edge
    start_node = drawing.vertex_node[req.start]
    end_node = drawing.vertex_node[req.end]
    cols = grid.cols
    end_c, end_r = (end_node % cols, end_node // cols) if end_node >= 0 else (0, 0)
    knight_end = end_node >= 0 and any(s % 2 for s in req.end_cost)
    hop, step_cost = _step_costs(costs)
    avoid, busy, avoid_hops = req.avoid, req.busy, req.avoid_hops
    blocked, used = drawing.blocked, drawing.used_hops
    hop_key = grid.hop_key
    # A path never wanders round its own ends: beside its start only its first node, beside its end only
    # its last. Those rings are the ports the ends' other links need.
    start_ring = {neighbour[start_node * SLOTS + s] for s in range(0, SLOTS, 2)}
    end_ring = {neighbour[end_node * SLOTS + s] for s in range(0, SLOTS, 2)} if end_node >= 0 else set()

    need = req.min_hops
    want = max(need, req.want_hops)
    short = costs.short_link
    width = want + 1  # hop counts 0..want (want = "long enough")

    diagonal_extra = costs.hop_diagonal - 1.0
    axis = costs.hop_axis

    def heuristic(n: int, h: int) -> float:
        """A lower bound on the rest of the way (octile distance, or the steps a chain still needs)."""
        if end_node < 0:
            return 0.0
        dx = n % cols - end_c
        dy = n // cols - end_r
        dx = -dx if dx < 0 else dx
        dy = -dy if dy < 0 else dy
        octile = dx + diagonal_extra * dy if dx >= dy else dy + diagonal_extra * dx
        rest = need - h
        return (octile if octile > rest else rest) * axis

    best = bound
    best_state: tuple[int, int, int] | None = None  # (state, final slot or -1, placed node)
    dist: dict[int, float] = {}
    parent: dict[int, int] = {}
    heap: list[tuple[float, float, int]] = []

    def arrive(state: int, cost: float, slot: int) -> None:
        nonlocal best, best_state
        arrival = opposite(slot)
        if arrival in req.end_cost:
            total = cost + req.end_cost[arrival]
            if total < best:
                best, best_state = total, (state, slot, end_node)

    for slot, leave_cost in sorted(req.start_cost.items()):
        i = start_node * SLOTS + slot
        m = neighbour[i]
        if m < 0 or not drawing.hop_open(i, slot % 2 == 1):
            continue
        cost = leave_cost + hop[slot]
        if m == end_node:
            if need <= 1:
                arrive(-1, cost + short * (want - 1), slot)
            continue
        if node_vertex[m] >= 0 or node_edge[m] >= 0:
            continue
        if m in avoid:
            cost += costs.reserved_port
        h = min(1, want)
        state = (m * (SLOTS + 1) + slot) * width + h
        if cost < dist.get(state, math.inf):
            dist[state] = cost
            parent[state] = -1
            heapq.heappush(heap, (cost + heuristic(m, h), cost, state))

    while heap:
        priority, cost, state = heapq.heappop(heap)
        if priority >= best:
            break
        if cost > dist.get(state, math.inf):
            continue
        rest, h = divmod(state, width)
        n, came = divmod(rest, SLOTS + 1)
        last_before_end = n in end_ring
        h_next = min(h + 1, want)
        if end_node < 0 and came % 2 == 0 and h >= need:  # a knight hop only leaves or enters a busy place
            total = cost + req.place_cost(n) + short * (want - h)
            if total < best:
                best, best_state = total, (state, -1, n)
        base = n * SLOTS
        row = came * SLOTS
        for slot in range(0, SLOTS, 1 if knight_end else 2):
            step = cost + step_cost[row + slot]
            if step == math.inf:
                continue
            i = base + slot
            m = neighbour[i]
            if m < 0 or (slot % 2 and m != end_node) or (last_before_end and m != end_node):
                continue
            key = hop_key[i]
            if key in blocked or key in used or key in avoid_hops:
                continue
            if slot % 2 and not drawing.hop_open(i, True):
                continue
            if m == end_node:
                if h + 1 >= need:
                    arrive(state, step + short * max(0, want - h - 1), slot)
                continue
            if node_vertex[m] >= 0 or node_edge[m] >= 0 or m in start_ring or m in avoid:
                continue
            if m in busy:
                step += costs.near_busy_place
            nxt = (m * (SLOTS + 1) + slot) * width + h_next
            if step < dist.get(nxt, math.inf):
                dist[nxt] = step
                parent[nxt] = state
                heapq.heappush(heap, (step + heuristic(m, h_next), step, nxt))

    if best_state is None:
        return None
    state, final_slot, _ = best_state
    nodes: list[int] = []
    slots: list[int] = []  # walking back: the direction each node was entered in
    if final_slot >= 0:
        nodes.append(end_node)
        slots.append(final_slot)
    while state >= 0:
        n, came = divmod(state // width, SLOTS + 1)
        nodes.append(n)
        slots.append(came)
        state = parent[state]
    nodes.append(start_node)
    nodes.reverse()
    slots.reverse()
    if len(set(nodes)) != len(nodes):
        # The search state does not remember the nodes behind it, so in rare cases (a chain that must
        # be long, a turn back that the hairpin ban forbids) the cheapest "path" loops through itself.
        # That is no drawing: report no path, and the caller rips up and tries again.
        return None
    return Route(req.start, nodes, slots), best


@functools.lru_cache(maxsize=8)
def _step_costs(costs: Costs) -> tuple[list[float], list[float]]:
    """Hop cost by direction, and step cost by (direction came in × 16 + direction out); inf = hairpin."""
    hop = [hop_cost(costs, s) for s in range(SLOTS)]
    step = [hop[out] + costs.bend[slot_turn(came, out)] for came in range(SLOTS) for out in range(SLOTS)]
    return hop, step


def through_cost(drawing: Drawing, costs: Costs, partner: int, vertex: int, slot: int, weight: float) -> float:
    """What leaving `vertex` through `slot` costs given where the edge's through-partner left it, `weight`
    times the bend (`Costs.station_bend_weight`, or at a crossing drawn straight `crossing_bend_weight`)."""
    if partner < 0 or (partner, vertex) not in drawing.port:
        return 0.0
    straight_on = opposite(drawing.port[(partner, vertex)])
    return weight * costs.bend[slot_turn(straight_on, slot)]


def geo_cost(costs: Costs, input_angle: float, slot: int) -> float:
    """Keep each link's direction near its input direction: north stays north, east stays east."""
    stray = angle_gap(input_angle, SLOT_ANGLE[slot])
    excess = max(0.0, stray - math.pi / 4) / (math.pi / 4)
    return costs.geo_per_45 * (excess + 0.5 * excess * excess)
