"""Rivers on the metro map: redrawn through the links that cross them, every station kept on its own bank."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from editor.cartography.metro.river import HALF_WIDTHS, centre_line, redraw_rivers, redrawn_rivers, sides
from editor.cartography.network import Area, Frame, Network, Place, Schematic, Track
from editor.cartography.river.ways import off_the_edge, route_through
from game.geometry import band, point_along, point_in_polygon, segment_distance, simplified

FRAME = Frame(1000.0, 600.0, 40.0)
# Four stations on the north bank, four on the south; a river along y = 300 between them.
NORTH = [(200.0, 150.0), (400.0, 150.0), (600.0, 150.0), (800.0, 150.0)]
SOUTH = [(200.0, 450.0), (400.0, 450.0), (600.0, 450.0), (800.0, 450.0)]
RIVER = tuple(band([(0.0, 300.0), (250.0, 300.0), (500.0, 300.0), (750.0, 300.0), (1000.0, 300.0)], 20.0, -20.0))
TRACKS = (Track(0, 1), Track(1, 2), Track(2, 3), Track(4, 5), Track(5, 6), Track(6, 7), Track(0, 4), Track(2, 6))
CROSSING = (6, 7)  # the tracks that cross the river


def _network() -> Network:
    places = tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(NORTH + SOUTH))
    return Network(places, TRACKS, (Area("water", RIVER), Area("park", ((0.0, 0.0), (50.0, 0.0), (0.0, 50.0)))))


def _schematic(positions: list[tuple[float, float]], network: Network) -> Schematic:
    paths = tuple((positions[t.a], positions[t.b]) for t in network.tracks)
    return Schematic(tuple(positions), paths, network.areas, 50.0)


def _octilinear(polygon: tuple[tuple[float, float], ...]) -> bool:
    for i in range(len(polygon)):
        (x0, y0), (x1, y1) = polygon[i - 1], polygon[i]
        if math.hypot(x1 - x0, y1 - y0) < 1e-6:
            continue
        angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 45
        if min(angle, 45 - angle) > 1e-6:
            return False
    return True


def test_a_band_has_a_centre_line_and_a_lake_has_none() -> None:
    line = centre_line(RIVER)
    assert line is not None and all(abs(y - 300.0) < 1e-6 for _, y in line)
    lake = tuple(band([(100.0, 100.0), (130.0, 100.0)], 40.0, -40.0))
    assert centre_line(lake) is None


def test_a_river_the_layout_left_behind_is_redrawn_between_its_banks() -> None:
    network = _network()
    # The layout moved the north bank's stations down past the old river: carried as it was, the river
    # would leave all four on the wrong bank.
    moved = [(x, y + 220.0) for x, y in NORTH] + [(x + 50.0, y + 60.0) for x, y in SOUTH]
    schematic = _schematic(moved, network)
    carried = centre_line(RIVER)
    assert carried is not None
    assert sides(moved, carried, FRAME)[:4] == sides(SOUTH, carried, FRAME)  # the fault this fixes

    result = redraw_rivers(network, schematic, FRAME)
    river = result.areas[0].points
    assert river != RIVER and result.areas[1] == network.areas[1]  # only the water is redrawn
    line = centre_line(river)
    assert line is not None
    assert sides(moved, line, FRAME) == sides(NORTH + SOUTH, carried, FRAME)
    assert not any(point_in_polygon(p, river) for p in moved)
    for k in CROSSING:  # the river passes where the crossing links are drawn
        assert point_in_polygon(point_along(schematic.paths[k], 0.5), river)
    assert _octilinear(river)
    assert result.positions == schematic.positions and result.paths == schematic.paths


def test_a_river_that_cannot_keep_the_banks_is_left_out_rather_than_drawn_between_neighbours() -> None:
    network = _network()
    # The layout swapped two stations across the river: no river through the crossings keeps both banks,
    # and the carried one runs between stations it never separated: better no river than that one.
    moved = [*NORTH, *SOUTH]
    moved[1], moved[5] = moved[5], moved[1]
    schematic = _schematic(moved, network)
    areas = redraw_rivers(network, schematic, FRAME).areas
    assert areas[0].kind == "water" and areas[0].points == ()


def test_a_river_whose_carried_course_keeps_the_banks_stays_as_it_was() -> None:
    network = _network()
    moved = [(x + 30.0, y) for x, y in NORTH] + [(x + 30.0, y) for x, y in SOUTH]  # every station moved alike
    schematic = _schematic(moved, network)
    river = redraw_rivers(network, schematic, FRAME).areas[0]
    assert river.points  # redrawn through the crossings, or carried: never dropped when the banks hold


def test_a_crossing_with_a_water_symbol_runs_through_the_symbol() -> None:
    """A link whose water symbol (a waypoint in the river) lies off its middle: the new river passes through
    the symbol, so the symbol stays in the water."""
    symbol = Place(500.0, 310.0, "water", waypoint=True)  # in the band, just south of its centre line
    places = (*(Place(x, y, f"S{i}") for i, (x, y) in enumerate(NORTH + SOUTH)), symbol)
    tracks = (*TRACKS[:6], Track(0, 4), Track(2, 8), Track(8, 6))
    network = Network(places, tracks, (Area("water", RIVER),))
    positions = [*NORTH, *SOUTH, (600.0, 330.0)]  # the symbol drawn off the middle of the link it ends
    paths = tuple((positions[t.a], positions[t.b]) for t in tracks)
    river = redraw_rivers(network, Schematic(tuple(positions), paths, network.areas, 50.0), FRAME).areas[0]
    assert centre_line(river.points) is not None
    assert point_in_polygon(positions[8], river.points)


def test_a_river_redrawn_past_one_of_a_links_two_water_symbols_is_not_used() -> None:
    """A link carrying two water symbols across a wide river (New York's Whitehall St–Borough Hall): the
    redrawn river passes the one where the link crosses its middle, not the other; the carried outline,
    which holds both, stays."""
    first = Place(600.0, 305.0, "water 1", waypoint=True)  # both in the band, south of its centre line
    second = Place(600.0, 315.0, "water 2", waypoint=True)
    places = (*(Place(x, y, f"S{i}") for i, (x, y) in enumerate(NORTH + SOUTH)), first, second)
    tracks = (*TRACKS[:6], Track(0, 4), Track(2, 8), Track(8, 9), Track(9, 6))
    network = Network(places, tracks, (Area("water", RIVER),))
    positions = [*NORTH, *SOUTH, (600.0, 330.0), (600.0, 390.0)]  # the layout drew them far apart
    paths = tuple((positions[t.a], positions[t.b]) for t in tracks)
    carried = tuple(band([(0.0, 350.0), (1000.0, 350.0)], 60.0, -60.0))  # the layout's carried outline
    schematic = Schematic(tuple(positions), paths, (Area("water", carried),), 50.0)
    assert not point_in_polygon(positions[9], band([(0.0, 330.0), (1000.0, 330.0)], 8.0, -8.0))  # the fault

    river = redraw_rivers(network, schematic, FRAME).areas[0]

    assert river.points == carried
    assert point_in_polygon(positions[8], river.points) and point_in_polygon(positions[9], river.points)


def test_a_river_detours_round_a_station_the_layout_drew_level_with_the_other_banks_crossings() -> None:
    """Paris's Seine: the layout drew Saint-Germain-des-Prés (south bank) level with Pont Neuf (north bank),
    between the two crossings. Neither elbow between the crossings passes between them; a detour does."""
    north = [(100.0, 150.0), (500.0, 150.0), (800.0, 150.0), (1000.0, 150.0)]
    south = [(100.0, 450.0), (600.0, 450.0), (900.0, 450.0)]
    places = tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(north + south))
    tracks = (Track(0, 1), Track(1, 2), Track(2, 3), Track(4, 5), Track(5, 6), Track(0, 4), Track(3, 6))
    network = Network(places, tracks, (Area("water", RIVER),))
    laid = [(110.0, 260.0), (500.0, 260.0), (810.0, 360.0), (1010.0, 360.0),  # the north bank, Pont Neuf low
            (110.0, 360.0), (610.0, 360.0), (910.0, 460.0)]  # the south bank, Saint-Germain high
    frame = Frame(1100.0, 600.0, 40.0)
    schematic = Schematic(tuple(laid), tuple((laid[t.a], laid[t.b]) for t in tracks), network.areas, 100.0)
    river = redraw_rivers(network, schematic, frame).areas[0].points
    line = centre_line(river)
    assert line is not None and _octilinear(river)
    ends = [min(((0.0, y), (frame.width, y), (x, 0.0), (x, frame.height)), key=lambda e: math.dist(e, (x, y)))
            for x, y in (line[0], line[-1])]
    assert sides(laid, [ends[0], *line, ends[1]], frame) == [1] * 4 + [-1] * 3 or \
        sides(laid, [ends[0], *line, ends[1]], frame) == [-1] * 4 + [1] * 3
    assert not any(point_in_polygon(p, river) for p in laid)


def test_a_river_redrawn_once_is_redrawn_again_by_the_next_layout() -> None:
    """Tidy on a board the importer laid out: the river it drew meets each crossing link at one of its
    corners, which must count as a crossing (on a fresh designer's Paris import it did not, and Tidy left
    the Seine carried, ending in the middle of the board)."""
    network = _network()
    moved = [(x, y + 220.0) for x, y in NORTH] + [(x + 50.0, y + 60.0) for x, y in SOUTH]
    drawn = redraw_rivers(network, _schematic(moved, network), FRAME).areas[0]
    imported = Network(tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(moved)), TRACKS,
                       (drawn, network.areas[1]))
    tidied = [(x, y + 40.0) for x, y in moved]  # the next layout moves every station down
    schematic = _schematic(tidied, imported)
    river = redraw_rivers(imported, schematic, FRAME).areas[0].points
    assert river != drawn.points
    for k in CROSSING:
        assert point_in_polygon(point_along(schematic.paths[k], 0.5), river)
    assert not any(point_in_polygon(p, river) for p in tidied)


def test_a_river_with_no_room_at_its_width_is_drawn_narrower_rather_than_left_out() -> None:
    # The layout drew both banks' stations close to the river, 14 px from its middle: a river of the usual
    # width (its edge a disc's room from each station) has no room; a narrower one keeps the same room.
    north, south = [(x, 150.0) for x, _ in NORTH], [(x, 400.0) for x, _ in SOUTH]
    river = tuple(band([(0.0, 300.0), (500.0, 300.0), (1000.0, 300.0)], 20.0, -20.0))
    network = Network(tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(north + south)), TRACKS,
                      (Area("water", river),))
    usual = HALF_WIDTHS[0] * 50.0
    for gap, drawn in ((34.0, usual), (28.0, HALF_WIDTHS[1] * 50.0), (20.0, None)):
        moved = [(x, 300.0 - gap / 2) for x, _ in north] + [(x, 300.0 + gap / 2) for x, _ in south]
        outline = redraw_rivers(network, _schematic(moved, network), FRAME).areas[0].points
        if drawn is None:  # no room even for the narrowest river: none at all
            assert outline == ()
            continue
        assert math.dist(outline[0], outline[-1]) / 2 == pytest.approx(drawn)
        line, before = centre_line(outline), centre_line(river)
        assert line is not None and before is not None and _octilinear(outline)
        assert sides(moved, line, FRAME) == sides(north + south, before, FRAME)  # every station on its bank
        assert not any(point_in_polygon(p, outline) for p in moved)


def test_a_river_whose_banks_the_layout_drew_in_a_tangle_is_searched_for_through_the_stations() -> None:
    # The layout drew a north-bank station (S1) far below the crossings' level, above a south-bank one: no
    # elbow nor detour by one point passes below it, and the carried river leaves it on the wrong bank.
    moved = [NORTH[0], (400.0, 420.0), NORTH[2], NORTH[3], SOUTH[0], (400.0, 540.0), SOUTH[2], SOUTH[3]]
    network = _network()
    outline = redraw_rivers(network, _schematic(moved, network), FRAME).areas[0].points
    line, before = centre_line(outline), centre_line(RIVER)
    assert line is not None and before is not None and _octilinear(outline)
    assert sides(moved, line, FRAME) == sides(NORTH + SOUTH, before, FRAME)  # S1 north of the river after all
    assert not any(point_in_polygon(p, outline) for p in moved)
    assert max(y for _, y in line) > 420.0  # the river dips below S1


def test_a_river_crosses_a_link_between_the_links_it_crosses_between_in_the_city() -> None:
    # Two north-bank stations, E and F, whose link crosses S0–S4 north of the river; the layout drew them
    # lower, so their link crosses S0–S4's drawn path below its middle. Crossing S0–S4 at its middle, as
    # before, the river would pass north of E–F and put both on the wrong bank: it crosses between E–F and S4.
    places = tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(NORTH + SOUTH))
    places += (Place(100.0, 250.0, "E"), Place(300.0, 250.0, "F"))
    network = Network(places, (*TRACKS, Track(8, 9)), (Area("water", RIVER),))
    moved = [*NORTH, *SOUTH, (100.0, 350.0), (300.0, 350.0)]
    result = redraw_rivers(network, _schematic(moved, network), FRAME)
    line = centre_line(result.areas[0].points)
    assert line is not None
    city = centre_line(RIVER)
    assert city is not None
    assert sides(moved, line, FRAME) == sides([(p.x, p.y) for p in places], city, FRAME)
    assert 350.0 < _y_at(line, 200.0) < 450.0


def _y_at(line: list[tuple[float, float]], x: float) -> float:
    """Where a river running west to east is at `x`."""
    for (x0, y0), (x1, y1) in itertools.pairwise(line):
        if min(x0, x1) <= x <= max(x0, x1) and x1 != x0:
            return y0 + (y1 - y0) * (x - x0) / (x1 - x0)
    raise AssertionError(f"the river does not pass x = {x}")


def test_of_two_elbows_that_keep_the_banks_the_river_takes_the_one_clear_of_a_big_disc() -> None:
    """London's Wapping: the disc room keeps the river's middle 15.5 px from a station's centre, but a big
    interchange's disc is wider than that. Between the crossings (300, 300) and (500, 400) both elbows keep
    the north station N north; the first one (straight, then 45°) passes 28 px from N, under its 20 px disc."""
    points = [(0.0, 300.0), (300.0, 300.0), (500.0, 400.0), (1000.0, 400.0)]
    places = [(420.0, 280.0), (420.0, 500.0)]  # N, and a station of the south bank
    banks = sides(places, points, FRAME)
    near = 8.0 + 7.5  # the river's half-width and the disc room, at a pitch of 50
    plain = route_through(points, places, banks, near, FRAME)
    assert (400.0, 300.0) in plain  # the first elbow, as before
    reach = 8.0 + 20.0 + 2.0  # its half-width, N's disc and a little room
    clear = route_through(points, places, banks, near, FRAME, discs=[reach, reach])
    assert (400.0, 400.0) in clear and sides(places, clear, FRAME) == banks
    assert min(math.dist(places[0], point_along(clear, t / 100)) for t in range(101)) > reach


def test_of_two_elbows_that_keep_the_banks_the_river_takes_the_one_that_does_not_run_down_a_track() -> None:
    """London classic's Thames ran down the Charing Cross–Waterloo track, which hid it. Between the crossings
    (300, 300) and (500, 400) the first elbow runs level along y = 300 from (300, 300) to (400, 300), right
    down a level link's track there; the second runs at 45° first and crosses the track."""
    points = [(0.0, 300.0), (300.0, 300.0), (500.0, 400.0), (1000.0, 400.0)]
    places = [(420.0, 200.0), (420.0, 500.0)]  # a station of each bank, far from either elbow
    banks = sides(places, points, FRAME)
    near = 8.0 + 7.5
    plain = route_through(points, places, banks, near, FRAME)
    assert (400.0, 300.0) in plain  # the first elbow, as before
    track = ((250.0, 300.0), (420.0, 300.0), 8.0 + 6.0 + 2.0)  # a link's level run, its bed and the river's
    clear = route_through(points, places, banks, near, FRAME, beds=[track])
    assert (400.0, 400.0) in clear and sides(places, clear, FRAME) == banks
    # a track crossing the elbows is no reason to choose: the first elbow, as without it
    across = ((350.0, 250.0), (350.0, 450.0), 16.0)
    assert route_through(points, places, banks, near, FRAME, beds=[across]) == plain


def test_a_river_leaves_the_board_where_it_meets_the_edge_rather_than_running_along_it() -> None:
    # London's Thames ran 45° down to the right edge, then down the edge to where its mouth was carried.
    line = [(0.0, 100.0), (0.0, 300.0), (200.0, 300.0), (500.0, 600.0), (1000.0, 600.0)]  # FRAME is 1000 × 600
    places = [(100.0, 200.0), (100.0, 400.0), (600.0, 500.0), (900.0, 550.0)]
    cut = off_the_edge(line, FRAME)
    assert cut == [(0.0, 300.0), (200.0, 300.0), (500.0, 600.0)]
    assert sides(places, cut, FRAME) == sides(places, line, FRAME)  # every station on the bank it was on
    assert off_the_edge(cut, FRAME) == cut


def test_a_river_no_link_crosses_is_drawn_in_straight_and_45_degree_runs_along_its_course() -> None:
    """Manhattan's Hudson: no link crosses it, so there are no crossings to redraw it through, and carried it
    kept the city's wiggles (and names sat on it). The last redraw draws it along its carried course."""
    wiggle = [(0.0, 330.0), (150.0, 300.0), (300.0, 345.0), (450.0, 310.0), (600.0, 350.0), (750.0, 300.0),
              (900.0, 340.0), (1000.0, 320.0)]
    river = tuple(band(wiggle, 15.0, -15.0))
    network = Network(tuple(Place(x, y, f"S{i}") for i, (x, y) in enumerate(NORTH + SOUTH)),
                      TRACKS[:6], (Area("water", river),))  # no link across
    moved = [(x + 20.0, y + 40.0) for x, y in NORTH + SOUTH]
    schematic = Schematic(tuple(moved), tuple((moved[t.a], moved[t.b]) for t in network.tracks), network.areas, 50.0)
    drawn = redraw_rivers(network, schematic, FRAME).areas[0].points
    assert drawn != river and _octilinear(drawn)
    line = centre_line(drawn)
    before = centre_line(river)
    assert line is not None and before is not None
    assert sides(moved, line, FRAME) == sides(NORTH + SOUTH, before, FRAME)
    assert all(segment_distance(p, a, b) > 15.0 for p in moved for a, b in itertools.pairwise(line))
    # The layout's own steps never hang on such a river: asked strictly, it stays as carried.
    assert redrawn_rivers(network, schematic, FRAME, strict=True)[0].areas[0].points == river


@given(st.lists(st.tuples(st.floats(0, 500), st.floats(0, 500)), min_size=2, max_size=12), st.floats(0.5, 100))
def test_a_simplified_course_keeps_its_ends_and_passes_within_the_tolerance_of_every_point(
        points: list[tuple[float, float]], tolerance: float) -> None:
    kept = simplified(points, tolerance)
    assert kept[0] == points[0] and kept[-1] == points[-1]
    assert all(p in points for p in kept)
    assert all(min(segment_distance(p, a, b) for a, b in itertools.pairwise(kept)) <= tolerance + 1e-9
               for p in points)
