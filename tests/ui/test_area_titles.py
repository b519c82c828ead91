"""District titles are written where they cover the least of the map: on New York's dense board each
title's spot covers fewer names, stations and track than the top of its outline did, and stays on the board."""

from __future__ import annotations

import pytest

from game import geometry, resources
from game.board.legibility import CLEAR_SCALE
from game.board.loader import load_board
from game.ui.board.area_titles import GRID, AreaTitles, Covered, lines_size, title_box, title_layouts, title_size
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
        height = new_york.title_px(CLUSTER_TITLE, scale) / scale
        box = title_box(spot.centre, lines_size(spot.lines, height, True))
        assert geometry.box_inside(box, (0, 0, board.width, board.height)), cluster.name
        old = titles.covered.cost(title_box(top, title_size(cluster.name, height, True)))
        new = titles.covered.cost(box)
        assert new <= old, cluster.name
        before, after = before + old, after + new
    assert after <= before / 2  # measured: 155 → 49


def test_a_title_over_a_station_name_costs_more_than_one_in_open_paper(new_york: StaticPainter) -> None:
    covered = new_york.titles().covered
    name = covered.names[0]
    over_name = (name[0], name[1], 80.0, 20.0)
    open_paper = (-500.0, -500.0, 80.0, 20.0)  # off the map: nothing there
    assert covered.cost(open_paper) == 0.0 < covered.cost(over_name)


def test_no_district_title_is_written_under_a_station_name(new_york: StaticPainter) -> None:
    """New York's districts are dense: "LOWER MANHATTAN" on one line ran under Chambers St. A title may go on
    two lines, and every one finds a spot clear of every name (at the largest names are drawn)."""
    board = new_york.board
    scale = SMALL_WINDOW_MAP_PX / board.width
    height = new_york.title_px(CLUSTER_TITLE, scale) / scale
    names = new_york.names
    under = []
    for cluster in board.clusters:
        x, y, w, _ = geometry.bounding_rect(cluster.polygon)
        top = (x + w / 2, y + 0.9 * new_york.metrics.unit * CLUSTER_TITLE[0])
        spot = new_york.title_spot(cluster.name, cluster.polygon, CLUSTER_TITLE, True, top)
        assert spot.lines in title_layouts(cluster.name)
        box = title_box(spot.centre, lines_size(spot.lines, height, True))
        under += [(cluster.name, board.nodes[i].name) for i in names.stations()
                  if geometry.boxes_overlap(box, names.box(i, CLEAR_SCALE))]
    assert under == []


def test_a_title_of_several_words_may_go_on_two_even_lines() -> None:
    assert title_layouts("Harlem") == [("Harlem",)]
    assert title_layouts("Lower Manhattan") == [("Lower Manhattan",), ("Lower", "Manhattan")]
    assert title_layouts("Long Island City") == [("Long Island City",), ("Long", "Island City")]


def test_a_clear_spot_between_the_grid_points_is_found() -> None:
    """Stations on every spot of the coarse grid, open paper between them: the title goes between."""
    titles = AreaTitles.__new__(AreaTitles)
    titles.sheet = (-500.0, -500.0, 3000.0, 3000.0)
    titles._spots = {}
    outline = [(0.0, 0.0), (1100.0, 0.0), (1100.0, 1100.0), (0.0, 1100.0)]
    size = (30.0, 20.0)
    x, y, w, h = -size[1], -size[1], 1100 + 2 * size[1], 1100 + 2 * size[1]  # the grid's frame
    grid = [(x + w * (i + 0.5) / GRID, y + h * (j + 0.5) / GRID) for i in range(GRID) for j in range(GRID)]
    titles.covered = Covered((), tuple((gx, gy, 10.0) for gx, gy in grid), ())
    centre, cost = titles._best(outline, size, None)
    assert cost == 0.0
    assert min(geometry.box_point_distance(title_box(centre, size), gx, gy) for gx, gy in grid) >= 10.0
