"""The network as a plane graph: input checked, its bridges (crossings without a station) made explicit.

The layout keeps the input's crossings and adds none. The standard way (as in LOOM's octi) is to planarize
first: every crossing of two links becomes a dummy vertex of degree four, so the graph drawn is plane and
"no new crossing" reduces to "keep the rotation system and draw without crossings". The dummies are
dropped again when the tracks' paths are put together.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from itertools import pairwise

from editor.cartography.network import Network, Point
from game.geometry import angle_of, segment_intersection


@dataclass(slots=True)
class PlaneGraph:
    """Places plus crossing dummies, and the pieces the tracks were cut into at those dummies.

    `edges[e]` = (p, q) runs along track `edge_track[e]` in its a→b direction. `track_edges[k]` lists the
    pieces of track k from its a end to its b end. `rotation[v]` is v's incident edges in clockwise screen
    order (the input embedding the layout must keep).
    """

    positions: list[Point]
    place_count: int
    edges: list[tuple[int, int]]
    edge_track: list[int]
    track_edges: list[list[int]]
    crossing_pairs: set[tuple[int, int]]
    rotation: list[list[int]] = field(default_factory=list)
    incident_angle: dict[tuple[int, int], float] = field(default_factory=dict)

    @property
    def vertex_count(self) -> int:
        return len(self.positions)

    def other_end(self, edge: int, vertex: int) -> int:
        p, q = self.edges[edge]
        return q if p == vertex else p

    def degree(self, vertex: int) -> int:
        return len(self.rotation[vertex])


def validate(network: Network) -> None:
    """Refuse, with a message a designer can act on, what the layout cannot make sense of."""
    n = len(network.places)
    if n == 0:
        raise ValueError("the network has no places to lay out")
    for i, place in enumerate(network.places):
        if not (math.isfinite(place.x) and math.isfinite(place.y)):
            raise ValueError(f"place {i} ({place.name!r}) has no finite position")
    seen: set[tuple[int, int]] = set()
    for k, track in enumerate(network.tracks):
        for end in (track.a, track.b):
            if not 0 <= end < n:
                raise ValueError(f"link {k} refers to place {end}, but there are only {n} places (0..{n - 1})")
        if track.a == track.b:
            raise ValueError(f"link {k} joins place {track.a} ({network.places[track.a].name!r}) to itself")
        key = (min(track.a, track.b), max(track.a, track.b))
        if key in seen:
            raise ValueError(f"link {k} joins places {track.a} and {track.b} a second time")
        seen.add(key)
        pa, pb = network.places[track.a], network.places[track.b]
        if pa.x == pb.x and pa.y == pb.y:
            raise ValueError(f"link {k} joins places {track.a} and {track.b}, which stand on the same spot")


def input_crossings(network: Network) -> dict[tuple[int, int], tuple[float, float]]:
    """Every pair of links (k < m) whose straight input segments cross, with the parameters along each."""
    pos = [(p.x, p.y) for p in network.places]
    boxes = []
    for t in network.tracks:
        (ax, ay), (bx, by) = pos[t.a], pos[t.b]
        boxes.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
    found: dict[tuple[int, int], tuple[float, float]] = {}
    tracks = network.tracks
    order = sorted(range(len(tracks)), key=lambda k: boxes[k][0])
    for oi, k in enumerate(order):
        bk = boxes[k]
        tk = tracks[k]
        for m in order[oi + 1 :]:
            bl = boxes[m]
            if bl[0] > bk[2]:
                break
            if bl[1] > bk[3] or bl[3] < bk[1]:
                continue
            tl = tracks[m]
            if {tk.a, tk.b} & {tl.a, tl.b}:
                continue
            hit = segment_intersection(pos[tk.a], pos[tk.b], pos[tl.a], pos[tl.b])
            if hit is not None:
                key, params = ((k, m), hit) if k < m else ((m, k), (hit[1], hit[0]))
                found[key] = params
    return found


def planarize(network: Network) -> PlaneGraph:
    """Cut the links at their crossings into a plane graph, and read its rotation system off the input."""
    positions: list[Point] = [(p.x, p.y) for p in network.places]
    crossings = input_crossings(network)
    cuts: dict[int, list[tuple[float, int]]] = {}
    for (k, m), (tk, tl) in sorted(crossings.items()):
        a, b = network.places[network.tracks[k].a], network.places[network.tracks[k].b]
        dummy = len(positions)
        positions.append((a.x + tk * (b.x - a.x), a.y + tk * (b.y - a.y)))
        cuts.setdefault(k, []).append((tk, dummy))
        cuts.setdefault(m, []).append((tl, dummy))
    edges: list[tuple[int, int]] = []
    edge_track: list[int] = []
    track_edges: list[list[int]] = []
    for k, track in enumerate(network.tracks):
        chain = [track.a, *(d for _, d in sorted(cuts.get(k, []))), track.b]
        pieces = []
        for p, q in pairwise(chain):
            pieces.append(len(edges))
            edges.append((p, q))
            edge_track.append(k)
        track_edges.append(pieces)
    graph = PlaneGraph(positions, len(network.places), edges, edge_track, track_edges, set(crossings))
    graph.rotation = [[] for _ in positions]
    for e, (p, q) in enumerate(edges):
        for v, w in ((p, q), (q, p)):
            (vx, vy), (wx, wy) = positions[v], positions[w]
            graph.incident_angle[(e, v)] = angle_of(wx - vx, wy - vy)
            graph.rotation[v].append(e)
    for v, incident in enumerate(graph.rotation):
        incident.sort(key=lambda e, v=v: (graph.incident_angle[(e, v)], e))  # type: ignore[misc]
    return graph


def degenerate(network: Network) -> bool:
    """Whether the input's own drawing is ambiguous: two links leaving a place in exactly the same
    direction, or a link running straight through a place it does not end at (an already-octilinear
    layout fed back in is full of such straight rows)."""
    pos = [(p.x, p.y) for p in network.places]
    leaving: dict[int, list[float]] = {}
    for t in network.tracks:
        (ax, ay), (bx, by) = pos[t.a], pos[t.b]
        leaving.setdefault(t.a, []).append(angle_of(bx - ax, by - ay))
        leaving.setdefault(t.b, []).append(angle_of(ax - bx, ay - by))
    for angles in leaving.values():
        angles.sort()
        wraps = len(angles) > 1 and angles[0] + 2 * math.pi - angles[-1] < 1e-9
        if wraps or any(b - a < 1e-9 for a, b in pairwise(angles)):
            return True
    for t in network.tracks:
        (ax, ay), (bx, by) = pos[t.a], pos[t.b]
        lo_x, hi_x, lo_y, hi_y = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        length = math.hypot(bx - ax, by - ay)
        for i, (x, y) in enumerate(pos):
            if i in (t.a, t.b) or not (lo_x <= x <= hi_x and lo_y <= y <= hi_y):
                continue
            if abs((bx - ax) * (y - ay) - (by - ay) * (x - ax)) <= 1e-9 * length * length:
                return True
    return False


def nudged(network: Network, amount: float) -> Network:
    """The network with every unpinned place moved by a fixed pseudo-random offset of at most `amount`
    px: ties broken, the same way every run."""
    places = []
    for i, p in enumerate(network.places):
        if p.pinned:
            places.append(p)
            continue
        h = (i * 2654435761) % 2**32
        angle = (h % 3600) / 3600 * 2 * math.pi
        radius = amount * (0.5 + ((h >> 12) % 1000) / 2000)
        places.append(replace(p, x=p.x + radius * math.cos(angle), y=p.y + radius * math.sin(angle)))
    return replace(network, places=tuple(places))
