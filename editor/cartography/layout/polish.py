"""Local search after the first drawing (as in octi): move a place one grid step if its links get cheaper.

Each junction in turn is lifted, tried at each free neighbouring node with its links re-routed (each
route bounded by what the move could still save), and put where its links cost least. Here a line turning
where it crosses another costs more than twice as much as in the first drawing (`Problem.straight_crossings`),
so re-routing one of its pieces, or moving the crossing and re-routing all four, straightens it where the grid
has room (asked of the first drawing, that got the router stuck on coarser grids).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from editor.cartography.layout.drawing import Drawing, Route
from editor.cartography.layout.grid import SLOTS, opposite, slot_turn
from editor.cartography.layout.octilinear import Problem, request_for
from editor.cartography.layout.router import route


def vertex_cost(problem: Problem, drawing: Drawing, vertex: int) -> float:
    ix, iy = problem.ideal[vertex]
    node = drawing.vertex_node[vertex]
    d = math.hypot(node % drawing.grid.cols - ix, node // drawing.grid.cols - iy)
    return problem.costs.move_linear * d + problem.costs.move_square * d * d


def improve(
    problem: Problem,
    drawing: Drawing,
    edge_cost: dict[int, float],
    rounds: int,
    progress: Callable[[float], None] | None = None,
) -> None:
    """Local search: move each place to a neighbouring node if re-routing its links there is cheaper."""
    graph = problem.graph
    if problem.want_hops:  # the drawn routes' costs, counted the way the re-routes will be
        for e, route in drawing.routes.items():
            edge_cost[e] += problem.costs.short_link * max(0, problem.want_hops[e] - len(route.slots))
    if problem.straight_crossings:  # and their turns where they cross, as dear as the re-routes will find them
        _charge_crossings(problem, drawing, edge_cost)
    movable = [v for v in range(graph.vertex_count) if v not in problem.fixed and graph.degree(v) > 0]
    for round_no in range(rounds):
        gained = _reroute_all(problem, drawing, edge_cost)
        for index, v in enumerate(movable):
            if progress is not None and index % 32 == 0:
                progress((round_no + index / max(1, len(movable))) / rounds)
            gained |= _try_moves(problem, drawing, edge_cost, v)
        if not gained:
            break
    _reroute_all(problem, drawing, edge_cost)


def _charge_crossings(problem: Problem, drawing: Drawing, edge_cost: dict[int, float]) -> None:
    """Add to each drawn route what its line's turn at a crossing costs now that crossings are to be straight
    (`crossing_bend_weight` where the first drawing paid `station_bend_weight`), so that a re-route of it is
    compared at the price it would pay. The piece drawn before its partner paid nothing for the turn there:
    it is charged a little less than its re-route would be."""
    costs = problem.costs
    extra = costs.crossing_bend_weight - costs.station_bend_weight
    for (e, v), f in problem.partner.items():  # a crossing's pairs are there (schematic.py puts them)
        if v >= problem.graph.place_count and (e, v) in drawing.port and (f, v) in drawing.port:
            edge_cost[e] += extra * costs.bend[slot_turn(drawing.port[(e, v)], opposite(drawing.port[(f, v)]))]


def _reroute_all(problem: Problem, drawing: Drawing, edge_cost: dict[int, float]) -> bool:
    """Route each edge again, dearest first, with everything else in place; keep it if cheaper.

    The first drawing routed early edges before their neighbours existed and late ones around them; a
    second look, with the whole map drawn, straightens many of the detours that order left behind."""
    gained = False
    for e in sorted(drawing.routes, key=lambda e: (-edge_cost[e], e)):
        old = drawing.routes[e]
        drawing.uncommit(e)
        request = request_for(problem, drawing, e, old.start)
        found = route(drawing, request, problem.costs, edge_cost[e])
        if found is not None and found[1] < edge_cost[e] - 1e-9:
            drawing.commit(e, found[0])
            edge_cost[e] = found[1]
            gained = True
        else:
            drawing.commit(e, old)
    return gained


def _try_moves(problem: Problem, drawing: Drawing, edge_cost: dict[int, float], v: int) -> bool:
    graph, grid = problem.graph, problem.grid
    edges = list(graph.rotation[v])
    straight = all(len(set(drawing.routes[e].slots)) == 1 for e in edges)
    if straight and vertex_cost(problem, drawing, v) < problem.costs.move_linear:
        return False  # nothing to gain: straight links, and the place is where it wants to be
    old_node = drawing.vertex_node[v]
    old_routes = {e: drawing.routes[e] for e in edges}
    old_total = sum(edge_cost[e] for e in edges) + vertex_cost(problem, drawing, v)
    for e in edges:
        drawing.uncommit(e)
    drawing.unplace(v)
    best: tuple[float, int, dict[int, tuple[Route, float]]] | None = None
    for slot in range(0, SLOTS, 2):
        node = grid.neighbour[old_node * SLOTS + slot]
        if node < 0 or not drawing.is_free(node):
            continue
        drawing.place(v, node)
        total = vertex_cost(problem, drawing, v)
        routed: dict[int, tuple[Route, float]] = {}
        limit = best[0] if best is not None else old_total
        for e in edges:
            budget = limit - total  # a route dearer than this cannot make the move pay: stop early
            request = request_for(problem, drawing, e, graph.other_end(e, v))
            found = route(drawing, request, problem.costs, budget) if budget > 0 else None
            if found is None:
                total = math.inf
                break
            routed[e] = found
            drawing.commit(e, found[0])
            total += found[1]
            if total >= limit:
                break
        for e in routed:
            drawing.uncommit(e)
        drawing.unplace(v)
        if total < limit - 1e-9:
            best = (total, node, routed)
    if best is None:
        drawing.place(v, old_node)
        for e in edges:
            drawing.commit(e, old_routes[e])
        return False
    _, node, routed = best
    drawing.place(v, node)
    for e in edges:
        path, cost = routed[e]
        drawing.commit(e, path)
        edge_cost[e] = cost
    return True
