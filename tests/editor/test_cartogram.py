"""The warp that spreads a city's crowded parts into its empty ones (editor/importing/cartogram.py)."""

from __future__ import annotations

import math
import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from editor.importing.cartogram import Cartogram
from editor.importing.importer import EVEN_OUT, EVEN_OUT_OVER, _even_out
from editor.importing.network_data import ImportError_
from editor.importing.projection import Projection

BOX = (60.0, 60.0, 1860.0, 1020.0)


def _lopsided(seed: int) -> list[tuple[float, float]]:
    """A crowd in the board's east and a few stations spread over the rest: no fisheye about one centre
    evens that."""
    rng = random.Random(seed)
    crowd = [(1500 + rng.gauss(0, 70), 400 + rng.gauss(0, 70)) for _ in range(60)]
    rest = [(rng.uniform(100, 1800), rng.uniform(100, 1000)) for _ in range(25)]
    return crowd + rest


def _nearest(points: list[tuple[float, float]]) -> list[float]:
    return [min(math.dist(p, q) for q in points if q is not p) for p in points]


def test_a_crowd_is_spread_into_the_empty_parts_of_the_board() -> None:
    points = _lopsided(3)
    warp = Cartogram(points, BOX, background=2.0)
    moved = [warp(*p) for p in points]
    before, after = _nearest(points)[:60], _nearest(moved)[:60]
    assert sorted(after)[30] > 1.5 * sorted(before)[30]  # the crowd's median spacing
    assert all(BOX[0] <= x <= BOX[2] and BOX[1] <= y <= BOX[3] for x, y in moved)
    stronger = Cartogram(points, BOX, background=0.5)  # less held back: spread further
    assert sorted(_nearest([stronger(*p) for p in points])[:60])[30] > sorted(after)[30]
    assert [warp(*p) for p in points] == moved  # the same board for the same stations


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), background=st.sampled_from([0.5, 1.0, 2.0, 4.0]))
def test_the_warp_never_folds_the_board_over_itself(seed: int, background: float) -> None:
    """Every cell of the lattice keeps its corners' turn (a positive area), so no station crosses another's
    side and north stays north."""
    m = Cartogram(_lopsided(seed), BOX, background).moved
    a, b, c, d = m[:-1, :-1], m[1:, :-1], m[1:, 1:], m[:-1, 1:]  # each cell's corners, clockwise on screen
    for p, q, r in ((a, b, c), (a, c, d), (a, b, d), (b, c, d)):  # both ways of cutting it in two
        turn = (q - p)[..., 0] * (r - p)[..., 1] - (q - p)[..., 1] * (r - p)[..., 0]
        assert float(turn.min()) > 0.0
    assert float(np.diff(m[..., 0], axis=0).min()) > 0.0  # west stays west of east along every row
    assert float(np.diff(m[..., 1], axis=1).min()) > 0.0  # ...and north north of south along every column


def test_the_projection_carries_everything_through_the_same_warp() -> None:
    """Stations and rivers are both projected: a river point on a station lands on the station."""
    centre = (52.52, 13.40)
    latlons = [(52.52 + 0.002 * (k % 7), 13.45 + 0.003 * (k // 7)) for k in range(49)]
    latlons += [(52.45, 13.25), (52.58, 13.3), (52.47, 13.55), (52.56, 13.52)]
    plain = Projection(latlons, centre, 1.0, (1920, 1080), 60)
    spread = Projection(latlons, centre, 1.0, (1920, 1080), 60, even_out=EVEN_OUT)
    crowd_plain = _nearest([plain(*p) for p in latlons])[:49]
    crowd_spread = _nearest([spread(*p) for p in latlons])[:49]
    assert min(crowd_spread) > 1.3 * min(crowd_plain)
    assert spread(*latlons[10]) == spread(*latlons[10])


def test_a_fresh_import_is_evened_out_only_where_its_stations_crowd() -> None:
    assert _even_out("auto", EVEN_OUT_OVER + 1) == EVEN_OUT
    assert _even_out("auto", EVEN_OUT_OVER) is None  # a small map has the room: evened, some broke the figure
    assert _even_out(None, 500) is None  # a shipped board's configuration names none
    assert _even_out(1.5, 10) == 1.5
    with pytest.raises(ImportError_, match="even_out wants a number"):
        _even_out("lots", 100)
