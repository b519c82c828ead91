"""What is drawn on the grid so far: which node holds which place, which hops each edge's path uses.

The router asks it what is free; the layout commits routed paths to it and, in local search, takes them
back out. Paths never share a node, and a committed hop blocks every hop crossing it (the other diagonal
of its square, or what a knight hop jumps over), so nothing drawn here can cross.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from editor.cartography.layout.grid import SLOTS, Grid, opposite
from editor.cartography.layout.planar import PlaneGraph


@dataclass(slots=True)
class Route:
    """One plane edge's path: grid nodes from its `start` vertex to the other end, and the end ports."""

    start: int
    nodes: list[int]
    slots: list[int]  # slots[i] is the direction of the hop nodes[i] → nodes[i + 1]


@dataclass(slots=True)
class Drawing:
    graph: PlaneGraph
    grid: Grid
    vertex_node: list[int] = field(default_factory=list)  # vertex → node, -1 while unplaced
    node_vertex: list[int] = field(default_factory=list)  # node → vertex, -1 if none
    node_edge: list[int] = field(default_factory=list)  # node → edge whose path passes through, -1 if none
    port: dict[tuple[int, int], int] = field(default_factory=dict)  # (edge, vertex) → slot leaving vertex
    used_hops: dict[int, int] = field(default_factory=dict)  # hop key → edge
    blocked: dict[int, int] = field(default_factory=dict)  # hop key → how many committed hops cross it
    routes: dict[int, Route] = field(default_factory=dict)
    unrouted: list[int] = field(default_factory=list)  # vertex → how many of its edges are not routed

    def __post_init__(self) -> None:
        self.unrouted = [self.graph.degree(v) for v in range(self.graph.vertex_count)]
        self.vertex_node = [-1] * self.graph.vertex_count
        self.node_vertex = [-1] * self.grid.node_count
        self.node_edge = [-1] * self.grid.node_count

    def place(self, vertex: int, node: int) -> None:
        self.vertex_node[vertex] = node
        self.node_vertex[node] = vertex

    def unplace(self, vertex: int) -> None:
        self.node_vertex[self.vertex_node[vertex]] = -1
        self.vertex_node[vertex] = -1

    def is_free(self, node: int) -> bool:
        return self.node_vertex[node] < 0 and self.node_edge[node] < 0

    def pending(self, vertex: int) -> int:
        """How many of the vertex's edges are still to be routed."""
        return self.unrouted[vertex]

    def commit(self, edge: int, route: Route) -> None:
        g = self.grid
        end = self.graph.other_end(edge, route.start)
        self.routes[edge] = route
        self.unrouted[route.start] -= 1
        self.unrouted[end] -= 1
        self.port[(edge, route.start)] = route.slots[0]
        self.port[(edge, end)] = opposite(route.slots[-1])
        for n in route.nodes[1:-1]:
            self.node_edge[n] = edge
        for n, s in zip(route.nodes, route.slots, strict=False):
            i = n * SLOTS + s
            self.used_hops[g.hop_key[i]] = edge
            for k in g.crossed_keys[i]:
                self.blocked[k] = self.blocked.get(k, 0) + 1

    def uncommit(self, edge: int) -> None:
        g = self.grid
        route = self.routes.pop(edge)
        end = self.graph.other_end(edge, route.start)
        self.unrouted[route.start] += 1
        self.unrouted[end] += 1
        del self.port[(edge, route.start)]
        del self.port[(edge, end)]
        for n in route.nodes[1:-1]:
            self.node_edge[n] = -1
        for n, s in zip(route.nodes, route.slots, strict=False):
            i = n * SLOTS + s
            del self.used_hops[g.hop_key[i]]
            for k in g.crossed_keys[i]:
                left = self.blocked[k] - 1
                if left:
                    self.blocked[k] = left
                else:
                    del self.blocked[k]

    def hop_open(self, index: int, knight: bool) -> bool:
        """Whether hop `index` (= node * SLOTS + slot) crosses nothing drawn."""
        key = self.grid.hop_key[index]
        if key in self.blocked or key in self.used_hops:
            return False
        return not (knight and any(k in self.used_hops for k in self.grid.crossed_keys[index]))

    def usable_slots(self, vertex: int) -> range:
        """Octilinear ports only, unless the vertex has more links than the 8 ports."""
        return range(0, SLOTS, 1 if self.graph.degree(vertex) > 8 else 2)

    def open_port(self, vertex: int, slot: int) -> int:
        """The neighbour node a new edge could reach through `slot` of `vertex`, or -1: a free node, or a
        drawn place with an unrouted edge to `vertex` (the edge can be that single hop)."""
        i = self.vertex_node[vertex] * SLOTS + slot
        m = self.grid.neighbour[i]
        if m < 0 or not self.hop_open(i, slot % 2 == 1):
            return -1
        if self.is_free(m):
            return m
        w = self.node_vertex[m]
        if w >= 0 and any(self.graph.other_end(e, vertex) == w and e not in self.routes
                          for e in self.graph.rotation[vertex]):  # fmt: skip
            return m
        return -1

    def port_gaps(self, vertex: int, skip: int = -1) -> list[tuple[list[int], int]]:
        """Between each two consecutive routed edges of a placed vertex: the open ports there (as slots)
        and how many unrouted edges (other than `skip`) must still leave through them."""
        rotation = self.graph.rotation[vertex]
        usable = self.usable_slots(vertex)
        routed = [i for i, e in enumerate(rotation) if (e, vertex) in self.port]
        m = len(rotation)
        if not routed:
            pending = sum(1 for e in rotation if e != skip)
            return [([s for s in usable if self.open_port(vertex, s) >= 0], pending)]
        gaps = []
        for j, i in enumerate(routed):
            nxt = routed[(j + 1) % len(routed)]
            between = [rotation[(i + d) % m] for d in range(1, (nxt - i) % m or m)]
            pending = sum(1 for e in between if e != skip)
            if not between:
                continue
            lo = self.port[(rotation[i], vertex)]
            hi = self.port[(rotation[nxt], vertex)]
            span = (hi - lo) % SLOTS or SLOTS
            slots = [(lo + d) % SLOTS for d in range(1, span) if (lo + d) % usable.step == 0]
            gaps.append(([s for s in slots if self.open_port(vertex, s) >= 0], pending))
        return gaps

    def allowed_slots(self, vertex: int, edge: int) -> list[int]:
        """The ports `edge` may use at `vertex` so the cyclic order of links around it stays the input's.

        Between the port of the nearest routed edge before it and the nearest after it (in the input's
        clockwise order), leaving enough free ports on each side for the unrouted edges in between.
        """
        rotation = self.graph.rotation[vertex]
        usable = self.usable_slots(vertex)
        m = len(rotation)
        i = rotation.index(edge)
        before = after = -1
        gap_before = gap_after = 0
        for j in range(1, m):
            f = rotation[(i - j) % m]
            if (f, vertex) in self.port:
                before, gap_before = self.port[(f, vertex)], j - 1
                break
        for j in range(1, m):
            f = rotation[(i + j) % m]
            if (f, vertex) in self.port:
                after, gap_after = self.port[(f, vertex)], j - 1
                break
        open_slots = [s for s in usable if self.open_port(vertex, s) >= 0]
        if before < 0:
            return open_slots
        allowed = []
        span = (after - before) % SLOTS or SLOTS
        inside = sorted((s - before) % SLOTS for s in open_slots if 0 < (s - before) % SLOTS < span)
        for count, d in enumerate(inside):
            if count >= gap_before and len(inside) - count - 1 >= gap_after:
                allowed.append((before + d) % SLOTS)
        return allowed
