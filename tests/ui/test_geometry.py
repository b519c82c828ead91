"""Geometry the renderer relies on: parallel slots, walking along a route, hulls."""

from __future__ import annotations

import pytest

from game import geometry
from game.geometry import convex_hull
from game.ui.board.camera import Camera
from game.ui.board.labels import BoardNames
from game.ui.board.metrics import BoardMetrics


def test_offset_of_a_straight_line_is_parallel() -> None:
    assert geometry.offset_polyline([(0, 0), (10, 0)], 2) == [(0, 2), (10, 2)]


def test_offset_keeps_the_distance_at_a_right_angle_bend() -> None:
    out = geometry.offset_polyline([(0, 0), (10, 0), (10, 10)], -1)
    assert out[1] == pytest.approx((11, -1))


def test_point_along_walks_the_polyline() -> None:
    path = [(0, 0), (10, 0), (10, 10)]
    assert geometry.point_along(path, 0.5) == pytest.approx((10, 0))
    assert geometry.point_along(path, 0.75) == pytest.approx((10, 5))
    assert geometry.point_along(path, 2) == (10, 10)


def test_hull_drops_inner_points() -> None:
    hull = convex_hull([(0, 0), (4, 0), (4, 4), (0, 4), (2, 2)])
    assert sorted(hull) == [(0, 0), (0, 4), (4, 0), (4, 4)]


def test_zoom_is_undone_by_zooming_back() -> None:
    camera = Camera((0, 0, 200, 100), (0, 0, 800, 600))
    fitted = camera.offset
    camera.zoom_at(2, (123, 456))
    camera.zoom_at(-2, (123, 456))
    assert camera.offset == pytest.approx(fitted)


def test_every_station_gets_a_name_box_and_slots_match_spaces(board) -> None:
    metrics = BoardMetrics(board)
    names = BoardNames(board)
    assert set(names.stations()) == {n.index for n in board.nodes if not n.waypoint}
    for index in names.stations():  # a bigger text size grows the box, about its anchor
        *_, w, h = names.box(index, 1.0)
        *_, gw, gh = names.box(index, 1.2)
        assert gw > w and gh > h
    assert [len(paths) for paths in metrics.slot_paths] == [link.spaces for link in board.links]
