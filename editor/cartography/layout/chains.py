"""Chains of degree-2 places contracted into single edges, and spread out again after routing.

As in LOOM's octi: most stations on a metro map sit on a plain stretch of line between two junctions.
Routing each of them as a vertex of its own makes the router place them one by one (wiggles, crowding);
routing the whole stretch as one edge that must be at least k+1 grid steps long for k stations, then
putting the stations evenly along it, gives straight runs with even spacing and far fewer vertices.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from editor.cartography.layout.drawing import Route
from editor.cartography.layout.grid import opposite
from editor.cartography.layout.planar import PlaneGraph
from game.geometry import angle_gap


@dataclass(slots=True)
class Contraction:
    """`graph` is the contracted plane graph (same vertex numbering; contracted vertices have no edges).

    For contracted edge c: `inner[c]` are the degree-2 vertices along it from its first end to its second,
    `pieces[c]` the original edges in that order, each with whether it runs the same way as c.
    """

    graph: PlaneGraph
    inner: list[list[int]]
    pieces: list[list[tuple[int, bool]]]
    contracted: set[int]


MAX_TURN_IN_CHAIN = math.radians(60)  # a chain runs roughly straight: its shape between its ends is free


def contract(graph: PlaneGraph, keep: set[int]) -> Contraction:
    """Contract every chain of degree-2 vertices not in `keep` (pins, crossing dummies stay vertices).

    Only roughly straight runs are contracted: a route between a chain's two ends knows nothing of the
    stations in between, so a line that turns a corner (or curves round) keeps the station where its
    course has turned by more than 60° as a vertex with a wished-for spot of its own.
    """
    chainable = {v for v in range(graph.place_count) if graph.degree(v) == 2 and v not in keep}
    kept = set(range(graph.vertex_count)) - chainable
    kept |= _corners(graph, chainable)
    # A cycle with no kept vertex, or a chain that returns to where it started, would make a loop edge:
    # keep one more vertex on it so every contracted edge joins two different vertices.
    for v in sorted(chainable):
        if v in kept:
            continue
        ring = _walk_cycle(graph, v, chainable, kept)
        if ring is not None:
            kept.add(ring[0])
            kept.add(ring[len(ring) // 2])
    while True:
        loop_middle = _find_loop(graph, kept)
        if loop_middle < 0:
            break
        kept.add(loop_middle)
    chainable -= kept
    edges: list[tuple[int, int]] = []
    inner: list[list[int]] = []
    pieces: list[list[tuple[int, bool]]] = []
    incident_angle: dict[tuple[int, int], float] = {}
    done: set[int] = set()
    for u in sorted(kept):
        for first in graph.rotation[u]:
            if first in done:
                continue
            chain, chain_pieces, end, last = _follow(graph, u, first, chainable)
            done.update(e for e, _ in chain_pieces)
            c = len(edges)
            edges.append((u, end))
            inner.append(chain)
            pieces.append(chain_pieces)
            incident_angle[(c, u)] = graph.incident_angle[(first, u)]
            incident_angle[(c, end)] = graph.incident_angle[(last, end)]
    rotation: list[list[int]] = [[] for _ in range(graph.vertex_count)]
    for c, (p, q) in enumerate(edges):
        rotation[p].append(c)
        rotation[q].append(c)
    for v, incident in enumerate(rotation):
        incident.sort(key=lambda c, v=v: (incident_angle[(c, v)], c))  # type: ignore[misc]
    contracted = PlaneGraph(
        positions=graph.positions,
        place_count=graph.place_count,
        edges=edges,
        edge_track=[graph.edge_track[p[0][0]] for p in pieces],
        track_edges=[],
        crossing_pairs=graph.crossing_pairs,
        rotation=rotation,
        incident_angle=incident_angle,
    )
    return Contraction(contracted, inner, pieces, chainable)


def _corners(graph: PlaneGraph, chainable: set[int]) -> set[int]:
    """Degree-2 stations where a run's course has turned too far (MAX_TURN_IN_CHAIN) from how it set out."""
    corners: set[int] = set()
    for start in sorted(set(range(graph.vertex_count)) - chainable):
        for first in graph.rotation[start]:
            heading = graph.incident_angle[(first, start)]
            e, v = first, start
            while True:
                w = graph.other_end(e, v)
                if w not in chainable or w in corners:
                    break
                nxt = next(x for x in graph.rotation[w] if x != e)
                if angle_gap(heading, graph.incident_angle[(nxt, w)]) > MAX_TURN_IN_CHAIN:
                    corners.add(w)
                    break
                e, v = nxt, w
    return corners


def _walk_cycle(graph: PlaneGraph, start: int, chainable: set[int], kept: set[int]) -> list[int] | None:
    """The vertices of the all-degree-2 cycle through `start`, if it is one."""
    ring = [start]
    prev_edge = graph.rotation[start][0]
    v = graph.other_end(prev_edge, start)
    while v != start:
        if v not in chainable or v in kept:
            return None
        ring.append(v)
        e = next(x for x in graph.rotation[v] if x != prev_edge)
        prev_edge = e
        v = graph.other_end(e, v)
    return ring


def _find_loop(graph: PlaneGraph, kept: set[int]) -> int:
    """A vertex to keep in the middle of some chain that would start and end at the same vertex, or -1."""
    for u in sorted(kept):
        for first in graph.rotation[u]:
            chain, _, end, _ = _follow(graph, u, first, set(range(graph.vertex_count)) - kept)
            if end == u and chain:
                return chain[len(chain) // 2]
    return -1


def _follow(
    graph: PlaneGraph, start: int, first: int, chainable: set[int]
) -> tuple[list[int], list[tuple[int, bool]], int, int]:
    """Walk from `start` along `first` through chainable vertices: (inner, pieces, end vertex, last edge)."""
    inner: list[int] = []
    pieces: list[tuple[int, bool]] = []
    e, v = first, start
    while True:
        w = graph.other_end(e, v)
        pieces.append((e, graph.edges[e][0] == v))
        if w not in chainable:
            return inner, pieces, w, e
        inner.append(w)
        e = next(x for x in graph.rotation[w] if x != e)
        v = w


def spread_stations(contraction: Contraction, routes: dict[int, Route]) -> tuple[dict[int, int], dict[int, Route]]:
    """Put each chain's inner vertices evenly along its route; return their nodes and the original
    edges' routes (each from its own first vertex)."""
    graph = contraction.graph
    node_of: dict[int, int] = {}
    piece_routes: dict[int, Route] = {}
    for c, route in routes.items():
        p = graph.edges[c][0]
        nodes, slots = (route.nodes, route.slots)
        if route.start != p:  # make it run p → q
            nodes = list(reversed(nodes))
            slots = [opposite(s) for s in reversed(slots)]
        inner = contraction.inner[c]
        hops = len(nodes) - 1
        k = len(inner)
        cuts = [0, *_even_cuts(hops, k, slots), hops]
        for j, v in enumerate(inner):
            node_of[v] = nodes[cuts[j + 1]]
        for j, (e, _) in enumerate(contraction.pieces[c]):
            a, b = cuts[j], cuts[j + 1]
            first = p if j == 0 else inner[j - 1]  # the piece's route starts at the vertex it leaves
            piece_routes[e] = Route(first, nodes[a : b + 1], slots[a:b])
    return node_of, piece_routes


def _even_cuts(hops: int, k: int, slots: list[int]) -> list[int]:
    """k strictly increasing indices in 1..hops-1, spread evenly, nudged off bends where there is room."""
    if k == 0:
        return []
    cuts = [round((j + 1) * hops / (k + 1)) for j in range(k)]
    for j in range(k):  # make strictly increasing within bounds
        low = cuts[j - 1] + 1 if j else 1
        cuts[j] = max(cuts[j], low)
    for j in range(k - 1, -1, -1):
        high = cuts[j + 1] - 1 if j + 1 < k else hops - 1
        cuts[j] = min(cuts[j], high)
    for j in range(k):  # a station on a bend reads badly: move it one step along if that is straight
        i = cuts[j]
        if slots[i - 1] == slots[i]:
            continue
        low = cuts[j - 1] + 1 if j else 1
        high = cuts[j + 1] - 1 if j + 1 < k else hops - 1
        for alt in (i - 1, i + 1):
            if low <= alt <= high and slots[alt - 1] == slots[alt]:
                cuts[j] = alt
                break
    return cuts
