"""A river's run searched for through the stations: whatever the stations and the sides they ask, a path found
runs from crossing to crossing in straight and 45° runs, keeps its room from every station and leaves each on
the side it asked, by the even-odd rule the river's banks are judged by (river/ways.py `_flipped`)."""

from __future__ import annotations

import itertools
import math

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.cartography.river.corridor import corridor
from editor.cartography.river.ways import _flipped
from game.geometry import segment_distance

NEAR = 15.0
P, Q = (100.0, 300.0), (500.0, 260.0)

station = st.tuples(st.integers(60, 540).map(float), st.integers(100, 500).map(float))


def _octilinear(a: tuple[float, float], b: tuple[float, float]) -> bool:
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    return dx < 1e-6 or dy < 1e-6 or abs(dx - dy) < 1e-6


@settings(max_examples=60, deadline=None)
@given(st.lists(station, max_size=8, unique=True), st.lists(st.booleans(), min_size=8, max_size=8),
       st.booleans())
def test_a_run_found_keeps_its_room_and_flips_the_stations_asked(stations: list[tuple[float, float]],
                                                                 flips: list[bool], upright: bool) -> None:
    p, q = (P, Q) if not upright else ((P[1], P[0]), (Q[1], Q[0]))  # monotone in x, or in y
    if upright:
        stations = [(y, x) for x, y in stations]
    stations = [s for s in stations if math.dist(s, p) > 2 * NEAR and math.dist(s, q) > 2 * NEAR]
    asked = tuple(flips[:len(stations)])
    path = corridor(p, q, tuple(stations), asked, NEAR)
    if path is None:
        return
    assert path[0] == p and path[-1] == q
    runs = list(itertools.pairwise(path))
    assert all(_octilinear(a, b) for a, b in runs[:-1])  # the last: straight across onto q, between rows
    assert _octilinear(*runs[-1]) or abs(runs[-1][0][0 if not upright else 1] - q[0 if not upright else 1]) < 1e-6
    for k, s in enumerate(stations):
        along = 0 if not upright else 1
        if not min(p[along], q[along]) < s[along] < max(p[along], q[along]):
            continue  # beyond the run's ends: no path flips it otherwise
        assert min(segment_distance(s, a, b) for a, b in runs) >= NEAR - 1e-6
        flipped = sum(_flipped([s], a, b) for a, b in runs) % 2 == 1
        assert flipped == asked[k]


def test_a_run_goes_round_a_station_of_the_far_bank_drawn_in_its_way() -> None:
    # Straight from p to q would leave the station at (300, 280) above the river; asked to flip it (to leave
    # it below), the path climbs over it, and keeps its room.
    path = corridor(P, Q, ((300.0, 280.0),), (True,), NEAR)
    assert path is not None
    assert min(y for _, y in path) < 280.0 - NEAR
    assert sum(_flipped([(300.0, 280.0)], a, b) for a, b in itertools.pairwise(path)) % 2 == 1
