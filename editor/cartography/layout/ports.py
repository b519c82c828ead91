"""Where a junction's links should leave it: through-line partners, a port plan, wished-for lengths.

These are targets the router pays to miss, computed once per network (or per grid, for lengths).
"""

from __future__ import annotations

import math

from editor.cartography.layout.grid import SLOT_ANGLE, SLOTS
from editor.cartography.layout.planar import PlaneGraph
from game.geometry import angle_gap


def through_partners(graph: PlaneGraph, lines: list[tuple[str, ...]]) -> dict[tuple[int, int], int]:
    """Which edges should run straight through each vertex.

    Pieces of one crossing link always do. At a place, two links sharing a metro line pair up first;
    without line data, the pairs whose input directions are closest to opposite (within 50°) do.
    """
    partner: dict[tuple[int, int], int] = {}
    for v, incident in enumerate(graph.rotation):
        candidates = []
        for i, e in enumerate(incident):
            for f in incident[i + 1 :]:
                if v >= graph.place_count:
                    same = graph.edge_track[e] == graph.edge_track[f]
                    if same:
                        candidates.append((0, 0.0, e, f))
                    continue
                shared = len(set(lines[graph.edge_track[e]]) & set(lines[graph.edge_track[f]]))
                off_straight = math.pi - angle_gap(graph.incident_angle[(e, v)], graph.incident_angle[(f, v)])
                if shared or off_straight <= math.radians(50):
                    candidates.append((-shared, off_straight, e, f))
        for _, _, e, f in sorted(candidates):
            if (e, v) not in partner and (f, v) not in partner:
                partner[(e, v)] = f
                partner[(f, v)] = e
    return partner


def crossing_partners(graph: PlaneGraph) -> dict[tuple[int, int], int]:
    """At each crossing (a vertex `planarize` added where links cross), each piece's partner: straight links
    crossing at a point alternate round it, so a piece runs on to the one opposite. The pieces' tracks say
    so too, but not once a chain of stations is contracted into one edge (`through_partners` then leaves
    that line unpaired, and the router lets it turn there for free)."""
    partner: dict[tuple[int, int], int] = {}
    for v in range(graph.place_count, graph.vertex_count):
        incident = graph.rotation[v]
        if len(incident) % 2:
            continue
        half = len(incident) // 2
        for e, f in zip(incident[:half], incident[half:], strict=True):
            partner[(e, v)] = f
            partner[(f, v)] = e
    return partner


def port_plan(graph: PlaneGraph) -> dict[tuple[int, int], int]:
    """For each junction, the ports its links would ideally use: in the input's cyclic order, each as
    close to its input direction as the others allow (a small DP over the 8, or 16, compass slots).

    Routing one link at a time, a hub hands out its ports first come first served, and the last links
    get whatever is left, pointing the wrong way. The plan is a soft target the router pays to leave.
    """
    plan: dict[tuple[int, int], int] = {}
    for v, incident in enumerate(graph.rotation):
        d = len(incident)
        if d < 3:
            continue
        step = 1 if d > 8 else 2
        slots = list(range(0, SLOTS, step))
        angles = [graph.incident_angle[(e, v)] for e in incident]

        def cost(i: int, slot: int, angles: list[float] = angles) -> float:
            gap = angle_gap(angles[i], SLOT_ANGLE[slot])
            return gap * gap + (0.5 if slot % 2 else 0.0)

        best: tuple[float, list[int]] | None = None
        for first in slots:
            # table[i][k]: least cost placing edges 0..i with edge i at offset k (slots after `first`)
            offsets = [(s - first) % SLOTS for s in slots]
            offsets.sort()
            table: list[dict[int, tuple[float, int]]] = [{0: (cost(0, first), -1)}]
            for i in range(1, d):
                row: dict[int, tuple[float, int]] = {}
                prev_items = sorted(table[i - 1].items())
                for k in offsets[1:]:
                    options = [(c, pk) for pk, (c, _) in prev_items if pk < k]
                    if options:
                        c, pk = min(options)
                        row[k] = (c + cost(i, (first + k) % SLOTS), pk)
                table.append(row)
            if not table[-1]:
                continue
            k_last = min(table[-1], key=lambda k: (table[-1][k][0], k))
            total = table[-1][k_last][0]
            if best is None or total < best[0] - 1e-12:
                chosen = [0] * d
                k = k_last
                for i in range(d - 1, -1, -1):
                    chosen[i] = (first + k) % SLOTS
                    k = table[i][k][1]
                best = (total, chosen)
        if best is not None:
            for e, slot in zip(incident, best[1], strict=True):
                plan[(e, v)] = slot
    return plan


def wanted_hops(graph: PlaneGraph, ideal: list[tuple[float, float]], min_hops: list[int]) -> list[int]:
    """How many grid steps each edge would like: as many as its ends' wished-for spots are apart, up to
    two per station gap. Where the city has room, stations then stand two pitches apart, and a name fits
    between them; where it has not, one pitch it is (the hard minimum stays k + 1)."""
    wanted = []
    for (p, q), least in zip(graph.edges, min_hops, strict=True):
        (px, py), (qx, qy) = ideal[p], ideal[q]
        reach = round(0.8 * max(abs(px - qx), abs(py - qy)))
        wanted.append(max(least, min(2 * least, reach)))
    return wanted


def side_by_side(graph: PlaneGraph, reach: float, tolerance: float = math.radians(20)) -> dict[
    tuple[int, int], list[tuple[int, int]]
]:
    """Links that run side by side in the input: (edge, end) → the (edge, end)s of links leaving a nearby
    place (within `reach` px) in nearly the same direction. Two lines a short way apart should come out
    as parallel track, so each such end pays to leave differently from its neighbours (router.Costs)."""
    ends = [(e, v) for e, (p, q) in enumerate(graph.edges) for v in (p, q)]
    cell = max(reach, 1e-9)
    buckets: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for e, v in ends:
        x, y = graph.positions[v]
        buckets.setdefault((int(x // cell), int(y // cell)), []).append((e, v))
    found: dict[tuple[int, int], list[tuple[int, int]]] = {}
    for e, v in ends:
        x, y = graph.positions[v]
        bx, by = int(x // cell), int(y // cell)
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for f, w in buckets.get((bx + dx, by + dy), ()):
                    if f == e or w == v or set(graph.edges[f]) & set(graph.edges[e]):
                        continue
                    if math.dist(graph.positions[v], graph.positions[w]) > reach:
                        continue
                    if angle_gap(graph.incident_angle[(e, v)], graph.incident_angle[(f, w)]) <= tolerance:
                        found.setdefault((e, v), []).append((f, w))
    return found
