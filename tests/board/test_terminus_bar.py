"""Where a terminus's bar goes: one answer for the screens that draw it and the names that keep clear of it."""

from __future__ import annotations

import itertools
import math

import pytest

from game.board import proportions
from game.board.loader import load_board
from game.geometry import segment_distance


def test_the_bar_lies_across_the_line_just_beyond_the_disc_away_from_it() -> None:
    away = proportions.outward([(1.0, 0.0)])  # the line leaves east
    assert away == pytest.approx((-1.0, 0.0))
    a, b = proportions.terminus_bar((100.0, 50.0), away, 10.0, 4.0)
    assert a[0] == pytest.approx(b[0]) and a[0] < 100 - 10  # upright, west of the disc
    assert math.dist(a, b) == pytest.approx(2 * 10.0 * proportions.TERMINUS_HALF_LENGTH)
    assert (a[1] + b[1]) / 2 == pytest.approx(50.0)


def test_a_station_whose_links_cancel_out_gets_its_bar_square_to_them() -> None:
    assert proportions.outward([(1.0, 0.0), (-1.0, 0.0)]) == pytest.approx((0.0, -1.0))  # on top
    assert proportions.outward([(0.0, 1.0), (0.0, -1.0)]) == pytest.approx((-1.0, 0.0))  # to the west
    assert proportions.outward([]) == (0.0, -1.0)


@pytest.mark.parametrize("name", ["london", "london_classic", "berlin", "newyork"])
def test_every_shipped_terminus_has_its_bar_off_its_own_links(name: str) -> None:
    board = load_board(name)
    unit = proportions.board_unit(board)
    radii = proportions.node_radii(board, unit)
    width = proportions.terminus_bar_width(unit)
    termini = [node for node in board.nodes if node.terminus]
    assert len(termini) >= 5
    for node in termini:
        a, b = proportions.terminus_bar((node.x, node.y), proportions.outward(proportions.leaving(board, node.index)),
                                        radii[node.index], width)
        middle = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
        for k in board.links_at[node.index]:
            path = board.links[k].path
            assert min(segment_distance(middle, p, q) for p, q in itertools.pairwise(path)) > radii[node.index]
