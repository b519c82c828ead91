"""District titles are written where they cover the least of the map: on New York's dense board each
title's spot covers fewer names, stations and track than the top of its outline did, and stays on the board."""

from __future__ import annotations

import pytest

from game import geometry, resources
from game.board.loader import load_board
from game.ui.board.area_titles import title_box, title_size
from game.ui.board.labels import BoardNames
from game.ui.board.metrics import BoardMetrics
from game.ui.board.static_layer import CLUSTER_TITLE, SMALL_WINDOW_MAP_PX, StaticPainter


@pytest.fixture(scope="module")
def new_york() -> StaticPainter:
    path = resources.builtin_board("newyork")
    assert path is not None
    board = load_board(path)
    return StaticPainter(board, BoardMetrics(board), BoardNames(board))


def test_each_district_title_covers_less_than_at_the_top_of_its_outline(new_york: StaticPainter) -> None:
    board = new_york.board
    assert len(board.clusters) >= 4
    titles = new_york.titles()
    scale = SMALL_WINDOW_MAP_PX / board.width
    before = after = 0.0
    for cluster in board.clusters:
        x, y, w, _ = geometry.bounding_rect(cluster.polygon)
        top = (x + w / 2, y + 0.9 * new_york.metrics.unit * CLUSTER_TITLE[0])
        spot = new_york.title_spot(cluster.name, cluster.polygon, CLUSTER_TITLE, True, top)
        size = title_size(cluster.name, new_york.title_px(CLUSTER_TITLE, scale) / scale, True)
        box = title_box(spot, size)
        assert geometry.box_inside(box, (0, 0, board.width, board.height)), cluster.name
        old, new = titles.covered.cost(title_box(top, size)), titles.covered.cost(box)
        assert new <= old, cluster.name
        before, after = before + old, after + new
    assert after <= before / 2  # measured: 155 → 49


def test_a_title_over_a_station_name_costs_more_than_one_in_open_paper(new_york: StaticPainter) -> None:
    covered = new_york.titles().covered
    name = covered.names[0]
    over_name = (name[0], name[1], 80.0, 20.0)
    open_paper = (-500.0, -500.0, 80.0, 20.0)  # off the map: nothing there
    assert covered.cost(open_paper) == 0.0 < covered.cost(over_name)
