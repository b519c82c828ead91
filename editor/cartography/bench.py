"""Measuring the layout: sample networks (the shipped boards, a synthetic 500-station city) and timings.

`bench_rows()` is what `make bench` calls; `random_network()` is also what the tests feed the layout.
"""

from __future__ import annotations

import json
import math
import random
import statistics
import time
from dataclasses import dataclass

from editor.cartography.layout.metrics import Figures, measure
from editor.cartography.layout.schematic import schematize
from editor.cartography.network import Area, Frame, Network, Place, Track
from game import resources
from game.geometry import segment_intersection

SHIPPED = ("london", "berlin", "newyork", "london_classic")
BIG_FRAME = Frame(3840.0, 2160.0, 80.0)  # a 500-station city wants a 4K board at 40 px spacing


def board_network(name: str) -> tuple[Network, Frame]:
    """A shipped board's JSON as the layout's input (rough positions: the board's own)."""
    path = resources.builtin_board(name)
    if path is None:
        raise ValueError(f"no built-in board {name!r}")
    data = json.loads(path.read_text(encoding="utf-8"))
    places = tuple(
        Place(float(n["x"]), float(n["y"]), n.get("name", ""), bool(n.get("waypoint", False))) for n in data["nodes"]
    )
    tracks = tuple(Track(int(link["a"]), int(link["b"])) for link in data["links"])
    areas = [
        Area(d["kind"], tuple((float(x), float(y)) for x, y in d["points"]), d.get("text", ""))
        for d in data.get("decorations", [])
    ]
    areas += [
        Area("cluster", tuple((float(x), float(y)) for x, y in c["polygon"]), c.get("name", ""))
        for c in data.get("clusters", [])
    ]
    return Network(places, tracks, tuple(areas)), Frame(float(data.get("width", 1920)), float(data.get("height", 1080)))


def random_network(
    count: int, seed: int, width: float = 1920.0, height: float = 1080.0, crossings: int = 0, degree: float = 2.8
) -> Network:
    """A connected, metro-like random network: a random spanning tree of a plane "nearest neighbours"
    graph plus extra plane edges up to the average `degree`, then `crossings` links that cross one other
    (bridges). Deterministic for a seed."""
    rng = random.Random(seed)
    spacing = 0.55 * math.sqrt(width * height / max(1, count))
    points: list[tuple[float, float]] = []
    tries = 0
    while len(points) < count and tries < count * 200:
        tries += 1
        p = (rng.uniform(0, width), rng.uniform(0, height))
        if all(math.dist(p, q) >= spacing for q in points):
            points.append(p)
    while len(points) < count:  # crowded: accept anything not on top of another point
        p = (rng.uniform(0, width), rng.uniform(0, height))
        if all(math.dist(p, q) >= 1.0 for q in points):
            points.append(p)
    n = len(points)
    candidates = sorted(
        {(min(i, j), max(i, j)) for i in range(n) for j in _nearest(points, i, 6)},
        key=lambda e: (math.dist(points[e[0]], points[e[1]]), e),
    )
    plane: list[tuple[int, int]] = []
    for a, b in candidates:
        if not any(_cross(points, (a, b), e) for e in plane) and not _too_flat(points, plane, a, b):
            plane.append((a, b))
    rng.shuffle(plane)
    parent = list(range(n))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    chosen: list[tuple[int, int]] = []
    spare: list[tuple[int, int]] = []
    for a, b in plane:
        ra, rb = root(a), root(b)
        if ra != rb:
            parent[ra] = rb
            chosen.append((a, b))
        else:
            spare.append((a, b))
    chosen += spare[: max(0, round(degree * n / 2) - len(chosen))]
    extra = 0
    for a, b in sorted({(min(i, j), max(i, j)) for i in range(n) for j in _nearest(points, i, 8)} - set(plane)):
        if extra >= crossings:
            break
        hits = [e for e in chosen if _cross(points, (a, b), e)]
        if len(hits) == 1 and rng.random() < 0.5 and not _too_flat(points, chosen, a, b):
            chosen.append((a, b))
            extra += 1
    places = tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(points))
    return Network(places, tuple(Track(a, b) for a, b in sorted(chosen)))


def _nearest(points: list[tuple[float, float]], i: int, k: int) -> list[int]:
    return sorted((j for j in range(len(points)) if j != i), key=lambda j: (math.dist(points[i], points[j]), j))[:k]


def _cross(points: list[tuple[float, float]], e: tuple[int, int], f: tuple[int, int]) -> bool:
    if set(e) & set(f):
        return False
    return segment_intersection(points[e[0]], points[e[1]], points[f[0]], points[f[1]]) is not None


def _too_flat(points: list[tuple[float, float]], edges: list[tuple[int, int]], a: int, b: int) -> bool:
    """Whether a new link a–b would leave a place at less than 12° from a link it already has."""
    for end, other in ((a, b), (b, a)):
        ux, uy = points[other][0] - points[end][0], points[other][1] - points[end][1]
        for e in edges:
            if end in e:
                w = e[0] if e[1] == end else e[1]
                vx, vy = points[w][0] - points[end][0], points[w][1] - points[end][1]
                cos = (ux * vx + uy * vy) / (math.hypot(ux, uy) * math.hypot(vx, vy))
                if cos > math.cos(math.radians(12)):
                    return True
    return False


def big_network() -> tuple[Network, Frame]:
    """The 500-station bench city: random metro-like network with bridges and a river across."""
    frame = BIG_FRAME
    network = random_network(500, seed=2026, width=frame.width, height=frame.height, crossings=12, degree=2.7)
    h = frame.height
    river = [(x, h * 0.5 + 0.12 * h * math.sin(x / 500)) for x in range(-50, int(frame.width) + 100, 100)]
    polygon = tuple([*((x, y - 18) for x, y in river), *((x, y + 18) for x, y in reversed(river))])
    return Network(network.places, network.tracks, (Area("water", polygon, "river"),)), frame


@dataclass(frozen=True, slots=True)
class BenchRow:
    name: str
    places: int
    median_seconds: float  # wall clock
    median_cpu_seconds: float  # this process only: steadier on a shared machine
    figures: Figures


def bench_rows(repeats: int = 3, big_repeats: int = 1) -> list[BenchRow]:
    """Median schematize() time and quality figures for each shipped board and the 500-station city."""
    samples = [(name, *board_network(name), repeats) for name in SHIPPED]
    samples.append(("synthetic-500", *big_network(), big_repeats))
    rows = []
    for name, network, frame, times in samples:
        seconds: list[float] = []
        cpu: list[float] = []
        schematic = None
        for _ in range(times):
            start, start_cpu = time.perf_counter(), time.process_time()
            schematic = schematize(network, frame)
            seconds.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        assert schematic is not None
        figures = measure(network, schematic)
        rows.append(BenchRow(name, len(network.places), statistics.median(seconds), statistics.median(cpu), figures))
    return rows


def main() -> None:
    for row in bench_rows():
        f = row.figures
        print(
            f"{row.name:15} {row.places:4} places  {row.median_seconds:6.2f} s ({row.median_cpu_seconds:5.2f} s cpu)  "
            f"octilinear {100 * f.octilinear_share:5.1f} %  bends/link {f.bends_per_link:.2f}  "
            f"min spacing {f.min_spacing:5.1f} px  crossings {f.crossings_before}→{f.crossings_after}  "
            f"turned >90° {f.turned_over_90}"
        )


if __name__ == "__main__":
    main()
