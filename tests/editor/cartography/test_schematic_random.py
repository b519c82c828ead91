"""Random metro-like networks (hypothesis): every guarantee holds, whatever the shape."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from editor.cartography.bench import random_network
from editor.cartography.layout.checks import check_schematic
from editor.cartography.layout.metrics import measure
from editor.cartography.layout.schematic import schematize
from editor.cartography.network import Area, Frame, Network, Place, Track

FRAME = Frame()
# Each example lays out a whole network (up to a second or two): few examples, no slow shrinking.
SETTINGS = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    derandomize=True,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
)


def assert_valid(network: Network) -> None:
    schematic = schematize(network, FRAME)
    assert check_schematic(network, schematic, FRAME) == []
    assert measure(network, schematic).octilinear_share == 1.0 or any(
        sum(1 for t in network.tracks if v in (t.a, t.b)) > 8 for v in range(len(network.places))
    )


@settings(SETTINGS, max_examples=8)
@given(count=st.integers(5, 150), seed=st.integers(0, 10**6), crossings=st.integers(0, 6))
def test_random_metro_like_networks(count: int, seed: int, crossings: int) -> None:
    assert_valid(random_network(count, seed, crossings=crossings))


@settings(SETTINGS, max_examples=6)
@given(
    count=st.integers(10, 120),
    seed=st.integers(0, 10**6),
    river_at=st.floats(0.2, 0.8),
    wiggle=st.floats(0.0, 0.15),
    park=st.tuples(st.floats(0.1, 0.7), st.floats(0.1, 0.7), st.floats(0.05, 0.3)),
)
def test_areas_keep_every_place_on_its_side(
    count: int, seed: int, river_at: float, wiggle: float, park: tuple[float, float, float]
) -> None:
    """A winding river across the city, a park and a cluster outline: all carried, sides kept."""
    w, h = FRAME.width, FRAME.height
    bank = [(x, h * (river_at + wiggle * math.sin(x / 170))) for x in range(-40, int(w) + 80, 60)]
    river = (*((x, y - 14) for x, y in bank), *((x, y + 14) for x, y in reversed(bank)))
    px, py, size = park
    x0, y0, x1, y1 = px * w, py * h, (px + size) * w, (py + size) * h
    square = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
    cluster = ((0.5 * w, 0.1 * h), (0.9 * w, 0.2 * h), (0.7 * w, 0.6 * h))
    network = random_network(count, seed, crossings=2)
    areas = (Area("water", river, "river"), Area("park", square, "park"), Area("cluster", cluster, "district"))
    assert_valid(Network(network.places, network.tracks, areas))


@SETTINGS
@given(count=st.integers(5, 60), seed=st.integers(0, 10**6), degree=st.floats(2.0, 3.4))
def test_random_sparse_and_dense_networks(count: int, seed: int, degree: float) -> None:
    assert_valid(random_network(count, seed, degree=degree))


@SETTINGS
@given(
    steps=st.lists(st.tuples(st.floats(-1.0, 1.0), st.floats(-1.0, 1.0)), min_size=1, max_size=40),
)
def test_chains(steps: list[tuple[float, float]]) -> None:
    """A single line wandering across the city: a path graph."""
    points = [(960.0, 540.0)]
    for dx, dy in steps:
        x, y = points[-1]
        length = math.hypot(dx, dy)
        if length < 0.1:
            dx, dy, length = 1.0, 0.0, 1.0
        points.append((x + 60 * dx / length, y + 60 * dy / length))
    # a line never visits the same spot twice, nor crosses itself in these tests
    unique = []
    for p in points:
        if all(math.dist(p, q) > 20 for q in unique):
            unique.append(p)
    network = Network(
        tuple(Place(x, y) for x, y in unique), tuple(Track(i, i + 1) for i in range(len(unique) - 1))
    )
    from editor.cartography.layout.planar import input_crossings

    if not input_crossings(network):
        assert_valid(network)
    else:
        schematic = schematize(network, FRAME)
        assert check_schematic(network, schematic, FRAME) == []


@SETTINGS
@given(count=st.integers(2, 80), seed=st.integers(0, 10**6))
def test_trees(count: int, seed: int) -> None:
    assert_valid(random_network(count, seed, degree=2.0))


@SETTINGS
@given(cols=st.integers(2, 7), rows=st.integers(2, 5), drop=st.integers(0, 10**6))
def test_grid_like_networks(cols: int, rows: int, drop: int) -> None:
    """Manhattan-style: a jittered street grid with some streets missing."""
    places = tuple(
        Place(200 + 200 * c + 23 * ((c * 7 + r * 3) % 5), 150 + 180 * r + 17 * ((c * 5 + r) % 4))
        for r in range(rows)
        for c in range(cols)
    )
    tracks = []
    for r in range(rows):
        for c in range(cols):
            i = r * cols + c
            if c + 1 < cols and (drop >> (i % 20)) & 1 == 0:
                tracks.append(Track(i, i + 1))
            if r + 1 < rows and (drop >> ((i + 7) % 20)) & 1 == 0:
                tracks.append(Track(i, i + cols))
    assert_valid(Network(places, tuple(tracks)))


@settings(SETTINGS, max_examples=6)
@given(
    count=st.integers(6, 80),
    seed=st.integers(0, 10**6),
    picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=4),
)
def test_pins_placed_on_an_earlier_layout_stay_put(count: int, seed: int, picks: list[int]) -> None:
    """The editor flow: lay out, pin some places where they landed (snapped to the grid), lay out again."""
    network = random_network(count, seed)
    first = schematize(network, FRAME)
    pinned = {p % len(network.places) for p in picks}
    places = tuple(
        Place(x, y, place.name, place.waypoint, i in pinned)
        for i, (place, (x, y)) in enumerate(zip(network.places, first.positions, strict=True))
    )
    again = Network(places, network.tracks, network.areas)
    second = schematize(again, FRAME)
    assert check_schematic(again, second, FRAME) == []
    for i in pinned:
        assert second.positions[i] == first.positions[i]


@settings(SETTINGS, max_examples=6)
@given(count=st.integers(6, 100), seed=st.integers(0, 10**6))
def test_a_finished_layout_can_be_tidied_again(count: int, seed: int) -> None:
    """Tidy layout, twice: the second input is octilinear, full of straight rows and links whose
    straight line runs through other places. It must still lay out, and say where it had to choose."""
    network = random_network(count, seed)
    first = schematize(network, FRAME)
    places = tuple(Place(x, y, p.name) for p, (x, y) in zip(network.places, first.positions, strict=True))
    again = Network(places, network.tracks)
    second = schematize(again, FRAME)
    problems = check_schematic(again, second, FRAME)
    assert not [p for p in problems if "crosses" not in p]
    assert not problems or second.notes
