"""Many points inside a polygon at once (editor/cartography/polygon.py) agree with the one-point rule."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.cartography.polygon import points_in_polygon
from game.geometry import point_in_polygon

coordinate = st.one_of(st.integers(0, 20).map(float), st.floats(0, 20))  # whole numbers meet edges and corners
point = st.tuples(coordinate, coordinate)


@settings(max_examples=200, deadline=None)
@given(st.lists(point, min_size=3, max_size=12), st.lists(point, max_size=30))
def test_each_point_is_inside_as_the_one_point_rule_says(polygon: list[tuple[float, float]],
                                                         points: list[tuple[float, float]]) -> None:
    assert points_in_polygon(points, polygon) == [point_in_polygon(p, polygon) for p in points]


def test_a_square_holds_its_middle_not_a_point_beside_it() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    assert points_in_polygon([(5.0, 5.0), (15.0, 5.0)], square) == [True, False]
