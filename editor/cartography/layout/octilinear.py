"""Drawing the plane graph on one grid: places put one by one, edges routed one by one, then polished.

The order follows octi's "growth" idea: start at the busiest place, then always route an edge next to
what is drawn, closing cycles (both ends drawn) first while there is still room for them. Each route
keeps the cyclic order of links at both ends, and nothing routed crosses anything, so the result has the
input's embedding. (polish.py then improves it by local search.)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

from editor.cartography.layout.drawing import Drawing
from editor.cartography.layout.grid import SLOTS, Grid, slot_turn
from editor.cartography.layout.planar import PlaneGraph
from editor.cartography.layout.router import Costs, Request, geo_cost, route, through_cost
from game.geometry import angle_gap


@dataclass(slots=True)
class Problem:
    """A plane graph, the grid to draw it on, and where each vertex would like to be (in grid units)."""

    graph: PlaneGraph
    grid: Grid
    ideal: list[tuple[float, float]]
    fixed: dict[int, int]  # pinned vertex → its node
    partner: dict[tuple[int, int], int]  # (edge, vertex) → the edge a line continues on through vertex
    min_hops: list[int]  # per edge: grid steps it needs (a contracted chain of k stations: k + 1)
    absent: set[int]  # vertices that are not drawn as such (contracted into a chain)
    order: int = 0  # which edge order to route in (see _priority)
    plan: dict[tuple[int, int], int] = field(default_factory=dict)  # (edge, vertex) → planned port
    parallel: dict[tuple[int, int], list[tuple[int, int]]] = field(default_factory=dict)  # see ports.py
    urgent: frozenset[int] = frozenset()  # edges that got stuck in an earlier attempt: routed first
    stuck: list[int] = field(default_factory=list)  # filled by draw(): edges that got stuck this time
    patient: bool = False  # rip up and retry twice as long before giving up on this grid
    want_hops: list[int] = field(default_factory=list)  # per edge: grid steps it would like (see wanted_hops)
    costs: Costs = field(default_factory=Costs)
    # Lines run straight through their crossings: a turn there costs `Costs.crossing_bend_weight` times the
    # bend, and every crossing's pieces pair up (ports.py's crossing_partners)
    straight_crossings: bool = False


def _place_cost(problem: Problem, drawing: Drawing, vertex: int, start: int) -> Callable[[int], float]:
    """The cost of putting `vertex` at a node: distance from its ideal spot; inf where it cannot fit."""
    ix, iy = problem.ideal[vertex]
    grid = drawing.grid
    costs = problem.costs
    # A crossing without a station may slide along freely: only its order relative to others matters.
    # The ends of the lines (degree 1) set how far the map reaches: they hold their spot more firmly, so
    # the map fills the frame instead of leaving an empty band.
    move_weight = 0.4 if vertex >= problem.graph.place_count else 2.5 if problem.graph.degree(vertex) == 1 else 1.0
    graph = problem.graph
    need = graph.degree(vertex) - 1
    neighbour = grid.neighbour
    # Links that head off the grid's edge from a place on that edge would have to turn back at once.
    outward = {
        side: sum(1 for e in graph.rotation[vertex] if angle_gap(graph.incident_angle[(e, vertex)], a) < math.pi / 3)
        for side, a in (("e", 0.0), ("s", math.pi / 2), ("w", math.pi), ("n", 1.5 * math.pi))
    }

    def cost(node: int) -> float:
        free = 0
        crowd = 0.0
        base = node * SLOTS
        for slot in range(0, SLOTS, 2):
            m = neighbour[base + slot]
            if m < 0:
                continue
            w = drawing.node_vertex[m]
            if w < 0 and drawing.node_edge[m] < 0:
                free += 1
            elif w >= 0 and w != start:
                crowd += costs.crowding * (drawing.pending(w) + 1)
            else:
                crowd += costs.crowding / 2
        if free < min(need + (1 if need >= 2 else 0), 7):
            return math.inf
        c, r = node % grid.cols, node // grid.cols
        edge_sides = (c == grid.cols - 1, "e"), (r == grid.rows - 1, "s"), (c == 0, "w"), (r == 0, "n")
        crowd += sum(costs.edge_of_grid * outward[side] for on, side in edge_sides if on)
        d = math.hypot(c - ix, r - iy)
        return move_weight * (costs.move_linear * d + costs.move_square * d * d) + crowd

    return cost


def _reservations(
    problem: Problem, drawing: Drawing, edge: int, ends: tuple[int, int]
) -> tuple[frozenset[int], frozenset[int], frozenset[int]]:
    """What other routes must leave alone so every drawn place can still get its remaining links out.

    The eight nodes around a drawn place with links still to route are its ports: other paths keep off
    them (the route's own ends are handled by the router). Where a place has no more open ports left than
    links to route in one gap of its cyclic order, even a first hop pays to take one.
    """
    avoid: set[int] = set()
    avoid_hops: set[int] = set()
    busy: set[int] = set()
    grid = drawing.grid
    graph = problem.graph
    # Only places the route can plausibly reach matter: within a window around its ends.
    start_c, start_r = grid.cell(drawing.vertex_node[ends[0]])
    if drawing.vertex_node[ends[1]] >= 0:
        end_c, end_r = grid.cell(drawing.vertex_node[ends[1]])
    else:
        end_c, end_r = round(problem.ideal[ends[1]][0]), round(problem.ideal[ends[1]][1])
    reach = RESERVATION_REACH + max(abs(end_c - start_c), abs(end_r - start_r))
    for v, node in enumerate(drawing.vertex_node):
        if node < 0 or v in ends or drawing.unrouted[v] == 0:
            continue
        c, r = node % grid.cols, node // grid.cols
        if abs(c - start_c) > reach or abs(r - start_r) > reach:
            continue
        for slot in range(0, SLOTS, 2):
            m = grid.neighbour[node * SLOTS + slot]
            if m >= 0:
                busy.add(m)
        if graph.degree(v) > 8:  # a busy place's knight-move ports lie one ring further out: keep them
            for slot in range(1, SLOTS, 2):
                m = grid.neighbour[node * SLOTS + slot]
                if m >= 0:
                    avoid.add(m)
                    avoid_hops.update(grid.crossed_keys[node * SLOTS + slot])
        for slots, pending in drawing.port_gaps(v):
            if pending > 0 and len(slots) <= pending + 1:
                for s in slots:
                    avoid.add(grid.neighbour[node * SLOTS + s])
                    avoid_hops.update(grid.crossed_keys[node * SLOTS + s])
    return frozenset(avoid), frozenset(busy), frozenset(avoid_hops)


def request_for(problem: Problem, drawing: Drawing, edge: int, start: int) -> Request:
    graph, costs = problem.graph, problem.costs
    end = graph.other_end(edge, start)

    def end_costs(v: int) -> dict[int, float]:
        partner = problem.partner.get((edge, v), -1)
        angle = graph.incident_angle[(edge, v)]
        planned = problem.plan.get((edge, v), -1)
        # beside a link it ran alongside in the input: leave the same way it does (parallel track)
        beside = [drawing.port[f] for f in problem.parallel.get((edge, v), ()) if f in drawing.port]
        crossing = problem.straight_crossings and v >= graph.place_count
        weight = costs.crossing_bend_weight if crossing else costs.station_bend_weight
        return {
            s: through_cost(drawing, costs, partner, v, s, weight)
            + geo_cost(costs, angle, s)
            + (costs.off_plan * slot_turn(planned, s) / 2 if planned >= 0 else 0.0)
            + sum(costs.off_parallel * slot_turn(b, s) / 2 for b in beside)
            for s in drawing.allowed_slots(v, edge)
        }

    avoid, busy, avoid_hops = _reservations(problem, drawing, edge, (start, end))
    placed = drawing.vertex_node[end] >= 0
    return Request(
        edge=edge,
        start=start,
        end=end,
        start_cost=end_costs(start),
        end_cost=end_costs(end) if placed else {},
        place_cost=_place_cost(problem, drawing, end, start),
        avoid=avoid,
        busy=busy,
        avoid_hops=avoid_hops,
        min_hops=problem.min_hops[edge],
        want_hops=problem.want_hops[edge] if problem.want_hops else 0,
    )


def _nearest_free(drawing: Drawing, col: float, row: float) -> int:
    """The free node nearest to (col, row), ties broken by node number."""
    grid = drawing.grid
    best = min(
        (n for n in range(grid.node_count) if drawing.is_free(n)),
        key=lambda n: (math.hypot(n % grid.cols - col, n // grid.cols - row), n),
        default=-1,
    )
    if best < 0:
        raise LayoutFailed("the grid is full")
    return best


class LayoutFailed(Exception):
    """No drawing on this grid (an edge found no path); the caller tries a finer grid."""


MAX_TRIES_PER_EDGE = 8
RESERVATION_REACH = 8  # grid units around a route's ends within which other places' ports are respected


def draw(problem: Problem, progress: Callable[[float], None] | None = None) -> tuple[Drawing, dict[int, float]]:
    """Route every edge; returns the drawing and each edge's cost. Raises LayoutFailed.

    Greedy routing gets stuck now and then: an edge finds its last free port taken by a route that came
    by earlier. Then we rip up the routes around its ends (wider each time it happens again), route the
    stuck edge first, and route the ripped ones again after it, like a negotiated router would.
    """
    graph = problem.graph
    drawing = Drawing(graph, problem.grid)
    for v, node in sorted(problem.fixed.items()):
        drawing.place(v, node)
    edge_cost: dict[int, float] = {}
    unrouted = set(range(len(graph.edges)))
    total = max(1, len(unrouted))
    tries: dict[int, int] = {}
    rips_left = (total + 20) if problem.patient else (total // 2 + 10)
    forced = -1
    while unrouted:
        if forced >= 0:
            edge, forced = forced, -1
        else:
            frontier = [e for e in unrouted if any(drawing.vertex_node[v] >= 0 for v in graph.edges[e])]
            if not frontier:
                _place_root(problem, drawing, unrouted)
                continue
            edge = min(frontier, key=lambda e: _priority(problem, drawing, e))
        p, q = graph.edges[edge]
        start = p if drawing.vertex_node[p] >= 0 else q
        if drawing.vertex_node[p] >= 0 and drawing.vertex_node[q] >= 0 and graph.degree(q) > graph.degree(p):
            start = q
        request = request_for(problem, drawing, edge, start)
        found = route(drawing, request, problem.costs)
        if found is None:
            problem.stuck.append(edge)
            tries[edge] = tries.get(edge, 0) + 1
            if tries[edge] > MAX_TRIES_PER_EDGE or rips_left <= 0:
                raise LayoutFailed(f"no path for edge {edge} on a {problem.grid.cols}×{problem.grid.rows} grid")
            attempt = tries[edge]
            ripped = set(_rip_around(drawing, edge, min(attempt, 3)))
            # An end with no port left in the right place: its own links' ports must be handed out anew.
            jammed = [request.start] if not request.start_cost else []
            if drawing.vertex_node[request.end] >= 0 and not request.end_cost:
                jammed.append(request.end)
            for v in jammed:
                ripped.update(e for e in graph.rotation[v] if e in drawing.routes)
            lifted = _crowding(drawing, edge, problem.fixed, 1 if attempt < 5 else 2) if attempt >= 2 else []
            if attempt in (3, 4) or attempt >= 6:  # the ends themselves are badly placed: draw them again elsewhere
                lifted += [v for v in graph.edges[edge] if drawing.vertex_node[v] >= 0 and v not in problem.fixed]
            for w in lifted:
                ripped.update(e for e in graph.rotation[w] if e in drawing.routes)
            rips_left -= len(ripped) + 1
            for e in sorted(ripped):
                drawing.uncommit(e)
                edge_cost.pop(e, None)
                unrouted.add(e)
            for w in sorted(set(lifted)):
                drawing.unplace(w)
            forced = edge if any(drawing.vertex_node[v] >= 0 for v in graph.edges[edge]) else -1
            continue
        path, cost = found
        end = graph.other_end(edge, start)
        if drawing.vertex_node[end] < 0:
            drawing.place(end, path.nodes[-1])
        drawing.commit(edge, path)
        edge_cost[edge] = cost
        unrouted.discard(edge)
        if progress is not None and len(unrouted) % 16 == 0:
            progress(1.0 - len(unrouted) / total)
    for v in range(graph.vertex_count):  # places without links
        if drawing.vertex_node[v] < 0 and v not in problem.absent:
            ix, iy = problem.ideal[v]
            drawing.place(v, _nearest_free(drawing, ix, iy))
    return drawing, edge_cost


def _rip_around(drawing: Drawing, edge: int, radius: int) -> list[int]:
    """The routed edges to take back so `edge` can get through: paths near its drawn ends and, from the
    second try on, the ends' own routed edges (their ports may be what leaves no room)."""
    grid = drawing.grid
    graph = drawing.graph
    ends = [v for v in graph.edges[edge] if drawing.vertex_node[v] >= 0]
    ripped: set[int] = set()
    for v in ends:
        c, r = grid.cell(drawing.vertex_node[v])
        for dc in range(-radius, radius + 1):
            for dr in range(-radius, radius + 1):
                n = grid.node_at(c + dc, r + dr)
                if n >= 0 and drawing.node_edge[n] >= 0:
                    ripped.add(drawing.node_edge[n])
        if radius >= 2:
            ripped.update(e for e in graph.rotation[v] if e in drawing.routes)
    ripped.discard(edge)
    return sorted(ripped)


def _crowding(drawing: Drawing, edge: int, fixed: dict[int, int], radius: int) -> list[int]:
    """Places drawn near the stuck edge's ends (not pinned ones): moving them may free a port."""
    grid = drawing.grid
    found = []
    for v in drawing.graph.edges[edge]:
        node = drawing.vertex_node[v]
        if node < 0:
            continue
        c, r = grid.cell(node)
        for dc in range(-radius, radius + 1):
            for dr in range(-radius, radius + 1):
                m = grid.node_at(c + dc, r + dr)
                w = drawing.node_vertex[m] if m >= 0 else -1
                if w >= 0 and w not in fixed and w not in drawing.graph.edges[edge]:
                    found.append(w)
    return sorted(set(found))


def _priority(problem: Problem, drawing: Drawing, edge: int) -> tuple[int, int, int, int, int]:
    """Order 0: close cycles first, then grow from the busiest drawn place. Order 1: close cycles first,
    then the longest chains (they need the most room) before the short links."""
    p, q = problem.graph.edges[edge]
    placed = [v for v in (p, q) if drawing.vertex_node[v] >= 0]
    both = len(placed) == 2
    degree = max(problem.graph.degree(v) for v in placed)
    urgent = 0 if edge in problem.urgent else 1
    if problem.order == 1:
        return (urgent, 0 if both else 1, -problem.min_hops[edge], -degree, edge)
    return (urgent, 0 if both else 1, -degree, 0, edge)


def _place_root(problem: Problem, drawing: Drawing, unrouted: set[int]) -> None:
    """Start a new component at its busiest vertex, as near its ideal spot as is free."""
    graph = problem.graph
    vertices = {v for e in unrouted for v in graph.edges[e]}
    root = min(vertices, key=lambda v: (-graph.degree(v), v))
    ix, iy = problem.ideal[root]
    grid = drawing.grid
    drawing.place(root, _nearest_free(drawing, min(max(ix, 1), grid.cols - 2), min(max(iy, 1), grid.rows - 2)))
