"""The measurements name placement relies on: distances between boxes, points and segments; the grid."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from game.geometry import (
    SpatialGrid,
    box_inside,
    box_point_distance,
    box_segment_distance,
    boxes_overlap,
    inflate_box,
    segment_near_box,
)

BOX = (10.0, 20.0, 30.0, 10.0)  # x 10..40, y 20..30


def test_point_distance_is_zero_inside_and_euclidean_outside() -> None:
    assert box_point_distance(BOX, 20, 25) == 0
    assert box_point_distance(BOX, 45, 25) == pytest.approx(5)
    assert box_point_distance(BOX, 43, 34) == pytest.approx(5)  # from the corner (40, 30)


def test_boxes_touching_along_an_edge_do_not_overlap() -> None:
    assert not boxes_overlap(BOX, (40.0, 20.0, 5.0, 5.0))
    assert boxes_overlap(BOX, (39.9, 20.0, 5.0, 5.0))
    assert box_inside(BOX, inflate_box(BOX, 1))
    assert not box_inside(inflate_box(BOX, 1), BOX)


def test_segment_distance_sees_crossings_ends_and_corners() -> None:
    assert box_segment_distance(BOX, 0, 25, 100, 25) == 0  # straight through
    assert box_segment_distance(BOX, 0, 40, 100, 40) == pytest.approx(10)  # passes below
    assert box_segment_distance(BOX, 50, 25, 60, 25) == pytest.approx(10)  # ends short of it
    assert box_segment_distance(BOX, 40, 40, 50, 30) == pytest.approx(math.sqrt(50))  # nearest the corner
    assert segment_near_box(BOX, 0, 40, 100, 40, 10.5)
    assert not segment_near_box(BOX, 0, 40, 100, 40, 10.0)


def test_a_line_with_no_width_is_near_a_box_it_runs_through_but_not_one_it_runs_along() -> None:
    """The figure's check measures each link's path as a line (a width of 0): nothing is nearer than 0, so it
    used to find no line at all, even one through the middle of a name."""
    assert segment_near_box(BOX, 0, 25, 100, 25, 0.0)  # straight through
    assert segment_near_box(BOX, 0, 0, 50, 50, 0.0)  # diagonally through it, by (25, 25)
    assert not segment_near_box(BOX, 0, 30, 100, 30, 0.0)  # along its lower edge
    assert not segment_near_box(BOX, 40, 0, 40, 50, 0.0)  # along its right edge
    assert not segment_near_box(BOX, 0, 40, 100, 40, 0.0)  # below it


coordinate = st.floats(-100, 100, allow_nan=False)


@given(coordinate, coordinate, coordinate, coordinate)
def test_segment_distance_agrees_with_sampling(ax: float, ay: float, bx: float, by: float) -> None:
    sampled = min(box_point_distance(BOX, ax + (bx - ax) * k / 2000, ay + (by - ay) * k / 2000) for k in range(2001))
    exact = box_segment_distance(BOX, ax, ay, bx, by)
    assert exact <= sampled + 1e-9
    assert sampled - exact <= math.hypot(bx - ax, by - ay) / 2000 + 1e-9


def test_grid_finds_what_is_filed_near_a_box_once_each() -> None:
    grid: SpatialGrid[str] = SpatialGrid(10.0)
    grid.add((0.0, 0.0, 25.0, 5.0), "long")
    grid.add((100.0, 100.0, 1.0, 1.0), "far")
    assert list(grid.near((1.0, 1.0, 30.0, 2.0))) == ["long"]
    assert "far" not in grid.near((0.0, 0.0, 50.0, 50.0))
    assert sorted(grid.around((1.0, 1.0, 30.0, 2.0))) == ["long"] * 3  # filed in three cells
