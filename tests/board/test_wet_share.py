"""How much of a name's box lies on the water (`name_clearance.wet_share`), measured along rows from the
water's edges near the box only, against a fine sampling of the whole box."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from game.board.name_clearance import WET_ROWS, wet_share
from game.geometry import Point, band, convex_hull, point_in_polygon

coordinate = st.floats(0, 200, allow_nan=False)


def _sampled(water: tuple[tuple[Point, ...], ...], box: tuple[float, float, float, float], steps: int = 60) -> float:
    x, y, w, h = box
    inside = sum(sum(point_in_polygon((x + (i + 0.5) * w / steps, y + (j + 0.5) * h / steps), outline)
                     for outline in water) % 2
                 for i in range(steps) for j in range(steps))
    return inside / steps**2


@given(st.lists(st.tuples(coordinate, coordinate), min_size=3, max_size=8),
       st.lists(st.tuples(coordinate, coordinate), min_size=2, max_size=5, unique=True),
       st.floats(2, 15), coordinate, coordinate, st.floats(10, 140), st.floats(8, 50), st.booleans())
def test_the_wet_share_is_what_a_fine_sampling_finds(lake: list[Point], course: list[Point], half: float,
                                                     x: float, y: float, w: float, h: float, told: bool) -> None:
    """A lake (a convex outline) and a river (a band along a course), the box anywhere over them; the middle's
    state told by the caller or found."""
    outline = convex_hull(lake)
    water = tuple(o for o in (tuple(outline), tuple(band(course, half, -half))) if len(o) >= 3)
    box = (x, y, w, h)
    middle = (x + w / 2, y + h / 2)
    middle_wet = sum(point_in_polygon(middle, o) for o in water) % 2 == 1 if told else None
    share = wet_share(water, box, middle_wet)
    assert 0.0 <= share <= 1.0
    assert abs(share - _sampled(water, box)) <= 1 / WET_ROWS + 0.04


def test_a_river_along_the_bottom_of_a_box_wets_that_share_of_it() -> None:
    river = ((-50.0, 24.0), (90.0, 24.0), (90.0, 40.0), (-50.0, 40.0))
    assert wet_share((river,), (10.0, 16.0, 30.0, 12.0)) == 4 / 12  # its lower 4 px of 12
    assert wet_share((river,), (10.0, 0.0, 30.0, 12.0)) == 0.0  # clear of it
    assert wet_share((river,), (10.0, 26.0, 30.0, 12.0)) == 1.0  # all on it
