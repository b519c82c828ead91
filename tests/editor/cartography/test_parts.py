"""The layout's parts on their own: chains, the warp, filling the frame, keeping areas' sides."""

from __future__ import annotations

import math
from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.cartography.layout.areas import carry_areas, carry_points, keep_sides
from editor.cartography.layout.chains import _even_cuts, contract
from editor.cartography.layout.checks import is_octilinear
from editor.cartography.layout.fill import fill_frame
from editor.cartography.layout.planar import PlaneGraph, planarize
from editor.cartography.layout.ports import crossing_partners, through_partners
from editor.cartography.layout.warp import make_room, spread
from editor.cartography.network import Area, Frame, Network, Place, Track
from game.geometry import point_in_polygon


def graph_of(points: list[tuple[float, float]], links: list[tuple[int, int]]) -> PlaneGraph:
    return planarize(Network(tuple(Place(x, y) for x, y in points), tuple(Track(a, b) for a, b in links)))


def test_a_chain_between_two_junctions_becomes_one_edge() -> None:
    # junction 0 — 1 — 2 — 3 — junction 4, each junction with two more spokes
    points = [(0, 0), (100, 0), (200, 0), (300, 0), (400, 0), (-50, 80), (-50, -80), (450, 80), (450, -80)]
    links = [(0, 1), (1, 2), (2, 3), (3, 4), (0, 5), (0, 6), (4, 7), (4, 8)]
    contraction = contract(graph_of(points, links), set())
    chain = [c for c, inner in enumerate(contraction.inner) if inner]
    assert len(chain) == 1
    assert contraction.inner[chain[0]] in ([1, 2, 3], [3, 2, 1])
    assert contraction.contracted == {1, 2, 3}


def test_a_ring_of_stations_is_cut_into_two_chains_between_kept_stations() -> None:
    points = [(300 * math.cos(a / 6 * 2 * math.pi), 300 * math.sin(a / 6 * 2 * math.pi)) for a in range(6)]
    contraction = contract(graph_of(points, [(i, (i + 1) % 6) for i in range(6)]), set())
    assert len(contraction.graph.edges) == 2
    assert all(p != q for p, q in contraction.graph.edges)  # no loop edges


def test_a_loop_hanging_off_a_junction_keeps_a_station_on_it() -> None:
    # junction 0 with a loop 0-1-2-3-0 and a spoke 0-4
    points = [(0, 0), (100, -60), (200, 0), (100, 60), (-100, 0)]
    contraction = contract(graph_of(points, [(0, 1), (1, 2), (2, 3), (3, 0), (0, 4)]), set())
    assert all(p != q for p, q in contraction.graph.edges)


def test_both_lines_through_a_crossing_pair_up_even_when_one_is_a_contracted_chain() -> None:
    """Line A (four stations, west to east) crosses line B (north to south) between two stations. Contracted,
    A's sides of the crossing are edges of different input tracks, so the line-by-track pairing finds only B
    straight through; the crossing's own pairing (pieces opposite in its cyclic order) finds both, and the
    polish makes a turn at a crossing dear for both lines."""
    a_line, b_line = ("A",), ("B",)
    network = Network(
        (Place(100, 500, "A0"), Place(300, 500, "A1"), Place(700, 520, "A2"), Place(900, 510, "A3"),
         Place(500, 100, "B0"), Place(520, 900, "B1")),
        (Track(0, 1, a_line), Track(1, 2, a_line), Track(2, 3, a_line), Track(4, 5, b_line)),
    )
    graph = contract(planarize(network), set()).graph
    crossing = graph.place_count
    assert graph.vertex_count == crossing + 1

    def line_of(edge: int) -> tuple[str, ...]:
        return network.tracks[graph.edge_track[edge]].lines

    by_track = {e for (e, v) in through_partners(graph, [t.lines for t in network.tracks]) if v == crossing}
    assert {line_of(e) for e in by_track} == {b_line}
    pairs = crossing_partners(graph)
    assert {e for (e, v) in pairs if v == crossing} == set(graph.rotation[crossing])
    for (e, v), f in pairs.items():
        assert line_of(e) == line_of(f) and graph.rotation[v].index(f) == (graph.rotation[v].index(e) + 2) % 4


def test_pinned_stations_are_not_contracted() -> None:
    points = [(0, 0), (100, 0), (200, 0), (300, 0)]
    contraction = contract(graph_of(points, [(0, 1), (1, 2), (2, 3)]), {1})
    assert 1 not in contraction.contracted and 2 in contraction.contracted


def test_stations_are_spread_evenly_and_off_bends() -> None:
    assert _even_cuts(6, 2, [0, 0, 0, 0, 0, 0]) == [2, 4]
    cuts = _even_cuts(4, 3, [0, 0, 2, 2])
    assert cuts == sorted(set(cuts)) and all(0 < c < 4 for c in cuts)
    assert _even_cuts(6, 1, [0, 0, 0, 2, 2, 2]) in ([2], [4])  # not on the bend at node 3


def test_the_warp_keeps_every_north_south_and_east_west_relation() -> None:
    points = [(math.sin(i) * 500 + i, math.cos(i * 1.7) * 300 + 0.5 * i) for i in range(60)]
    warped = spread(points)
    for i in range(60):
        for j in range(60):
            if points[i][0] < points[j][0]:
                assert warped[i][0] < warped[j][0]
            if points[i][1] < points[j][1]:
                assert warped[i][1] < warped[j][1]


def test_a_lighter_place_takes_less_of_the_evened_out_room_and_keeps_its_order() -> None:
    # evenly spaced on x: place 2 weighs a third, so its neighbours close in on it and the rest move over
    points = [(float(x), 0.0) for x in range(5)]
    even = spread(points, rank_share=1.0)
    light = spread(points, rank_share=1.0, weights=[1.0, 1.0, 1 / 3, 1.0, 1.0])
    assert [p[0] for p in even] == [0.0, 0.25, 0.5, 0.75, 1.0]
    gaps = [b[0] - a[0] for a, b in pairwise(light)]
    assert gaps[1] < gaps[0] and gaps[2] < gaps[3]  # the light place's two gaps are the narrow ones
    assert math.isclose(light[2][0], 0.5) and all(g > 0 for g in gaps)
    points[3] = points[2]  # a tie shares one rank whatever its weights
    tied = spread(points, rank_share=1.0, weights=[1.0, 1.0, 0.3, 1.0, 1.0])
    assert tied[2] == tied[3]


def test_making_room_pushes_crowded_spots_apart_within_bounds() -> None:
    spots = [(5.0, 5.0), (5.2, 5.1), (5.1, 4.9), (9.0, 9.0)]
    roomy = make_room(spots, [0, 1, 2, 3], [2.0] * 4, [], (0.0, 0.0, 20.0, 20.0), [0.0] * 4)
    for i in range(3):
        for j in range(i + 1, 3):
            assert math.dist(roomy[i], roomy[j]) > 1.5
    assert all(0.0 <= x <= 20.0 and 0.0 <= y <= 20.0 for x, y in roomy)


def test_filling_the_frame_scales_up_and_keeps_every_angle() -> None:
    positions = [(100.0, 100.0), (140.0, 100.0), (180.0, 140.0), (180.0, 180.0)]
    paths = [((100.0, 100.0), (140.0, 100.0)), ((140.0, 100.0), (180.0, 140.0)), ((180.0, 140.0), (180.0, 180.0))]
    frame = Frame(1000.0, 600.0, 50.0)
    placed, drawn, pitch, origin = fill_frame(positions, paths, 40.0, (100.0, 100.0), frame)
    assert pitch > 40.0
    assert all(is_octilinear(p, q) for path in drawn for p, q in pairwise(path))
    xs, ys = [x for x, _ in placed], [y for _, y in placed]
    assert max(ys) - min(ys) == 500.0  # the height is filled exactly
    assert max(xs) - min(xs) <= 900.0
    for x, y in placed:
        i, j = (x - origin[0]) / pitch, (y - origin[1]) / pitch
        assert abs(i - round(i)) < 1e-9 and abs(j - round(j)) < 1e-9


def test_an_inlet_puts_a_place_back_on_its_side() -> None:
    river = [(0.0, 100.0), (400.0, 100.0), (400.0, 140.0), (0.0, 140.0)]
    wet, dry = (200.0, 120.0), (200.0, 160.0)
    # the wet place must end up outside, the dry one inside: each gets an inlet (or outlet)
    fixed = keep_sides(river, [wet, dry], [False, True], reach=10.0)
    assert not point_in_polygon(wet, fixed)
    assert point_in_polygon(dry, fixed)


def test_areas_move_with_the_places_around_them() -> None:
    park = Area("park", ((90.0, 90.0), (110.0, 90.0), (110.0, 110.0), (90.0, 110.0)), "park")
    before = [(100.0, 100.0), (300.0, 100.0)]
    after = [(500.0, 400.0), (700.0, 400.0)]
    (carried,) = carry_areas([park], before, after, [], [], 40.0)
    cx = sum(x for x, _ in carried.points) / len(carried.points)
    cy = sum(y for _, y in carried.points) / len(carried.points)
    assert math.dist((cx, cy), (500.0, 400.0)) < 30.0
    assert point_in_polygon((500.0, 400.0), carried.points)


def _carried_one_by_one(points: list[tuple[float, float]], before: list[tuple[float, float]],
                        after: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Inverse-distance weighting (power 3) as a plain loop: the rule `carry_points` works out as arrays."""
    moved = []
    for x, y in points:
        total = wx = wy = 0.0
        exact = None
        for (bx, by), (ax, ay) in zip(before, after, strict=True):
            dx, dy = x - bx, y - by
            d2 = dx * dx + dy * dy  # numpy squares by multiplying; C's pow() may differ in the last bit
            if d2 < 1e-12:
                exact = (x + ax - bx, y + ay - by)
                break
            w = 1.0 / (d2 * math.sqrt(d2))
            total += w
            wx += w * (ax - bx)
            wy += w * (ay - by)
        moved.append(exact if exact is not None else (x + wx / total, y + wy / total))
    return moved


point = st.tuples(st.one_of(st.integers(0, 50).map(float), st.floats(0, 50)),
                  st.one_of(st.integers(0, 50).map(float), st.floats(0, 50)))


@settings(max_examples=150, deadline=None)
@given(st.lists(point, max_size=15), st.lists(st.tuples(point, point), min_size=1, max_size=15))
def test_points_are_carried_exactly_as_the_weighted_rule_says(points: list[tuple[float, float]],
                                                             controls: list[tuple[tuple[float, float], ...]]) -> None:
    before = [b for b, _ in controls]
    after = [a for _, a in controls]
    assert carry_points(points, before, after) == _carried_one_by_one(points, before, after)
