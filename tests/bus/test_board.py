"""The bus tour's London board as it ships: loadable from the package, whole, balanced, readable."""

from __future__ import annotations

import json
import math
from collections import Counter
from itertools import combinations

import pytest

from game import resources
from game.board.model import BoardError
from game.board.tmx.bus import compile_bus_tmx
from game.board.tmx.bus_check import drawn_bands, under_route
from game.bus.board import COLOURS, GREY, BusBoard, bus_board_for, load_bus_board_file, shortest_spaces
from game.bus.measures import PLACE_RADIUS
from game.geometry import box_point_distance, segment_intersection
from tools.build_bus_board import tmx_source


@pytest.fixture(scope="module")
def london() -> BusBoard:
    path = resources.bus_board("london_bus")
    assert path is not None
    return load_bus_board_file(path)


def test_london_bus_is_a_whole_board(london: BusBoard) -> None:
    assert 20 <= len(london.places) <= 30 and len(london.tickets) == 20
    assert {r.colour for r in london.routes} == {*COLOURS, GREY}
    assert all(1 <= r.spaces <= 4 for r in london.routes)
    doubles = [r for r in london.routes if r.twin is not None]
    assert len(doubles) >= 10 and all(london.routes[r.twin].twin == r.index for r in doubles)  # type: ignore[index]
    assert all(2 <= len(d.places) <= 4 and d.value == len(d.places) for d in london.districts)
    assert all(t.value == shortest_spaces(london, t.a, t.b) for t in london.tickets)
    assert all(shortest_spaces(london, 0, p.index) is not None for p in london.places)  # one network


def test_no_colour_is_much_more_common_than_another(london: BusBoard) -> None:
    spaces = Counter()  # type: ignore[var-annotated]
    for route in london.routes:
        spaces[route.colour] += route.spaces
    counts = [spaces[c] for c in COLOURS]
    assert max(counts) - min(counts) <= 3, spaces


def test_routes_do_not_cross_and_names_do_not_overlap(london: BusBoard) -> None:
    ends = [((london.places[r.a].x, london.places[r.a].y), (london.places[r.b].x, london.places[r.b].y))
            for r in london.routes]
    for (p1, q1), (p2, q2) in combinations(ends, 2):
        if not {p1, q1} & {p2, q2}:
            assert segment_intersection(p1, q1, p2, q2) is None
    boxes = [p.label for p in london.places]
    assert all(box is not None for box in boxes)
    for a, b in combinations(boxes, 2):
        assert a is not None and b is not None
        assert not (a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3])


def test_the_board_check_finds_nothing_on_the_shipped_board() -> None:
    """The compiler's board check (no name over a name, a place or a route as the table draws it, no crossing
    routes, no place in the Thames, one network) has nothing to say about our board."""
    result = compile_bus_tmx(resources.path("bus_boards") / "src" / "london_bus.tmx")
    assert result.problems == [], [str(p) for p in result.problems]


def test_places_stand_apart_and_tickets_cover_the_map(london: BusBoard) -> None:
    gaps = [math.dist((p.x, p.y), (q.x, q.y)) for p, q in combinations(london.places, 2)]
    assert min(gaps) >= 90
    on_tickets = {t.a for t in london.tickets} | {t.b for t in london.tickets}
    quarters = {(p.x >= london.width / 2, p.y >= london.height / 2) for p in london.places if p.index in on_tickets}
    assert len(quarters) == 4  # every part of the map appears on some ticket
    values = sorted(t.value for t in london.tickets)
    assert sum(4 <= v <= 12 for v in values) >= 14, values  # mostly 4–12


def test_names_keep_off_the_routes_as_drawn(london: BusBoard) -> None:
    """No name box lies over a route as drawn (20 px wide, doubles side by side) or over another place."""
    for place in london.places:
        assert place.label is not None
        for route, line, reach in drawn_bands(london):
            assert not under_route(place.label, line, reach), (place.name, route.index)
        for other in london.places:
            if other is not place:
                assert box_point_distance(place.label, other.x, other.y) >= PLACE_RADIUS, (place.name, other.name)


def test_the_shipped_files_are_what_the_build_makes(london: BusBoard) -> None:
    """The Tiled source is the table's, and the board file is the source's compile."""
    source = resources.path("bus_boards") / "src" / "london_bus.tmx"
    assert source.read_bytes() == tmx_source()
    result = compile_bus_tmx(source)
    assert result.problems == [] and result.board is not None
    shipped = resources.bus_board("london_bus")
    assert shipped is not None and shipped.read_bytes() == result.board.dumps().encode("utf-8")  # byte for byte


def test_only_bus_boards_are_bus_boards(tmp_path) -> None:  # type: ignore[no-untyped-def]
    assert bus_board_for("london_bus") is not None
    assert bus_board_for("london") is None  # an Underground board
    assert "london_bus" not in resources.builtin_board_names()  # no Underground list offers it
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({"schema": "bus-board/1", "places": [], "routes": [{"a": "X"}]}), encoding="utf-8")
    with pytest.raises(BoardError):
        load_bus_board_file(broken)


def test_district_badges_sit_clear_of_routes_places_and_names(london: BusBoard) -> None:
    from game.bus.labels import badge_spots
    from game.bus.measures import BADGE_RADIUS, ROUTE_HALF, TWIN_REACH
    from game.geometry import point_segment_distance

    spots = badge_spots(london)
    assert len(spots) == len(london.districts)
    for (x, y), district in zip(spots, london.districts, strict=True):
        for route in london.routes:
            a, b = london.places[route.a], london.places[route.b]
            reach = TWIN_REACH if route.twin is not None else ROUTE_HALF
            assert point_segment_distance(a.x, a.y, b.x, b.y, x, y) >= reach + BADGE_RADIUS, (district.name, route)
        for place in london.places:
            assert ((place.x - x) ** 2 + (place.y - y) ** 2) ** 0.5 >= 15 + BADGE_RADIUS, (district.name, place.name)
            bx, by, bw, bh = place.label  # type: ignore[misc]
            r = BADGE_RADIUS
            assert not (bx - r < x < bx + bw + r and by - r < y < by + bh + r), (district.name, place.name)
        middle = (sum(london.places[i].x for i in district.places) / len(district.places),
                  sum(london.places[i].y for i in district.places) / len(district.places))
        assert ((middle[0] - x) ** 2 + (middle[1] - y) ** 2) ** 0.5 <= 100  # beside its places, not anywhere
