"""The placer on small hand-made boards, where the right answer is plain to see."""

from __future__ import annotations

import itertools
from dataclasses import replace

from editor.cartography.names.placer import (
    Disc,
    IconBox,
    NameObstacles,
    NameStation,
    TrackLine,
    check_names,
    name_box,
    place_names,
)
from editor.cartography.network import Box, Frame
from game.board.label_spec import LabelSpec, gap_for, label_box, parse_label, split_lines
from game.board.legibility import CLEAR_SCALE
from game.board.name_clearance import NameScene, name_spacing
from game.geometry import box_point_distance, box_segment_distance, boxes_overlap
from tests.editor.cartography.conftest import LABEL_PX, fake_measure

FRAME = Frame(800.0, 600.0)
R = 12.0
HW = 6.0


def station(index: int, name: str, x: float, y: float, fixed: LabelSpec | None = None) -> NameStation:
    return NameStation(index, name, x, y, R, fixed)


def discs(*stations: NameStation) -> tuple[Disc, ...]:
    return tuple(Disc(s.x, s.y, s.radius, s.name) for s in stations)


def clear_box(s: NameStation, spec: LabelSpec, scale: float = CLEAR_SCALE) -> Box:
    return name_box(s, spec, fake_measure, gap_for(LABEL_PX), scale)[1]


def test_a_station_between_two_parallel_lines_names_itself_in_the_gap() -> None:
    s = station(0, "Mansion House", 400, 300)
    obstacles = NameObstacles(discs(s), (
        TrackLine(((400.0, 150.0), (400.0, 450.0)), HW, "vertical"),  # the station's own line, north-south
        TrackLine(((150.0, 260.0), (650.0, 260.0)), HW, "upper"),
        TrackLine(((150.0, 340.0), (650.0, 340.0)), HW, "lower"),
    ))
    result = place_names([s], obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    spec = result.names[0].spec
    assert spec.side in ("E", "W") and spec.split == 0  # only a one-line name beside the station fits
    box = clear_box(s, spec)
    assert box[1] > 260 + HW and box[1] + box[3] < 340 - HW
    assert check_names([s], obstacles, FRAME, fake_measure, {0: spec}, label_px=LABEL_PX, scale=CLEAR_SCALE) == []


def test_a_name_with_no_room_is_placed_anyway_and_reported_with_what_it_hits() -> None:
    s = station(0, "Mansion House", 400, 300)
    obstacles = NameObstacles(discs(s), (
        TrackLine(((400.0, 150.0), (400.0, 450.0)), HW, "vertical"),
        TrackLine(((150.0, 285.0), (650.0, 285.0)), HW, "upper"),
        TrackLine(((150.0, 315.0), (650.0, 315.0)), HW, "lower"),
    ))
    result = place_names([s], obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert 0 in result.names
    [unplaced] = result.unresolved
    assert unplaced.index == 0 and unplaced.spec == result.names[0].spec
    assert any("name of Mansion House crosses a link" in hit for hit in unplaced.hits)


def test_two_close_stations_get_names_nearer_their_own_station() -> None:
    a, b = station(0, "Bank", 380, 300), station(1, "Monument", 420, 300)
    obstacles = NameObstacles(discs(a, b), (TrackLine(((200.0, 300.0), (600.0, 300.0)), HW, "Bank–Monument"),))
    result = place_names([a, b], obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    for me, other in ((a, b), (b, a)):
        box = clear_box(me, result.names[me.index].spec)
        assert box_point_distance(box, me.x, me.y) < box_point_distance(box, other.x, other.y)
        assert box_point_distance(box, me.x, me.y) <= 30
    assert not boxes_overlap(clear_box(a, result.names[0].spec), clear_box(b, result.names[1].spec))


def test_a_designer_fixed_place_is_kept_even_when_it_breaks_something() -> None:
    free = station(0, "Angel", 300, 300, fixed=parse_label("W"))
    blocked = station(1, "Old Street", 500, 300, fixed=parse_label("E/1"))
    track = TrackLine(((500.0, 300.0), (700.0, 300.0)), HW, "Old Street–Moorgate")
    result = place_names([free, blocked], NameObstacles(discs(free, blocked), (track,)), FRAME, fake_measure,
                         label_px=LABEL_PX)
    assert result.names[0].spec == parse_label("W")
    assert result.names[1].spec == parse_label("E/1")
    assert result.names[1].lines == ("Old", "Street")
    assert [u.index for u in result.unresolved] == [1]


def test_stations_on_one_straight_run_name_on_the_same_side() -> None:
    names = ["Holborn", "Chancery Lane", "St. Paul's", "Bank"]
    run = [station(k, name, 200 + 120 * k, 300) for k, name in enumerate(names)]
    tracks = tuple(TrackLine(((a.x, a.y), (b.x, b.y)), HW) for a, b in itertools.pairwise(run))
    result = place_names(run, NameObstacles(discs(*run), tracks), FRAME, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    sides = {result.names[s.index].spec.side for s in run}
    assert len(sides) == 1, sides


def test_a_name_keeps_off_the_continuation_of_a_line_that_ends_at_its_station() -> None:
    terminus = station(0, "Epping", 400, 300)
    other = station(1, "Theydon Bois", 250, 300)
    track = TrackLine(((250.0, 300.0), (400.0, 300.0)), HW)
    result = place_names([terminus, other], NameObstacles(discs(terminus, other), (track,)), FRAME, fake_measure,
                         label_px=LABEL_PX)
    box = result.names[0].box
    assert box_segment_distance(box, 400, 300, 440, 300) > 0  # E would be first choice, but sits across the line


def test_names_keep_on_the_board_and_off_icons() -> None:
    edge = station(0, "Upminster", 785, 300)  # so near the right edge that no name fits to the east
    icon = IconBox((386.0, 270.0, 30.0, 20.0), "landmark")  # right where N would go
    centre = station(1, "Aldgate", 400, 300)
    obstacles = NameObstacles(discs(edge, centre), (), (icon,))
    result = place_names([edge, centre], obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    box = clear_box(edge, result.names[0].spec)
    assert box[0] >= 0 and box[0] + box[2] <= FRAME.width
    assert not boxes_overlap(clear_box(centre, result.names[1].spec), icon.box)


def test_names_keep_off_a_terminus_bar_and_the_check_reports_one_on_it() -> None:
    s = station(0, "Beckton", 400, 300)
    bar = TrackLine(((416.0, 286.0), (416.0, 314.0)), 3.0, "Beckton")  # across the end, where E would go
    obstacles = NameObstacles(discs(s), bars=(bar,))
    result = place_names([s], obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    assert box_segment_distance(clear_box(s, result.names[0].spec), 416, 286, 416, 314) > 3.0
    over = check_names([s], obstacles, FRAME, fake_measure, {0: parse_label("E")}, label_px=LABEL_PX,
                       scale=CLEAR_SCALE)
    assert over == ["name of Beckton covers the terminus bar of Beckton"]


def test_boxes_in_the_result_are_the_specs_boxes_at_scale_one() -> None:
    s = station(3, "Tottenham Court Road", 400, 300)
    result = place_names([s], NameObstacles(discs(s)), FRAME, fake_measure, label_px=LABEL_PX)
    placed = result.names[3]
    lines = split_lines(s.name, placed.spec)
    assert placed.lines == lines
    sizes = tuple(fake_measure(line) for line in lines)
    assert placed.box == label_box(s.x, s.y, s.radius, placed.spec, sizes, result.gap)
    assert result.gap == gap_for(LABEL_PX)


def test_the_same_seed_gives_the_same_names_and_progress_is_reported() -> None:
    run = [station(k, f"Stop {k}", 100 + 45 * k, 300 + (k % 2) * 30) for k in range(12)]
    tracks = tuple(TrackLine(((a.x, a.y), (b.x, b.y)), HW) for a, b in itertools.pairwise(run))
    obstacles = NameObstacles(discs(*run), tracks)
    seen: list[float] = []
    first = place_names(run, obstacles, FRAME, fake_measure, label_px=LABEL_PX, seed=7, progress=seen.append)
    second = place_names(run, obstacles, FRAME, fake_measure, label_px=LABEL_PX, seed=7)
    assert first.names == second.names and first.unresolved == second.unresolved
    assert seen == sorted(seen) and seen[-1] == 1.0


def overlap_reported(found: list[str], a: str, b: str) -> bool:
    return f"name of {a} overlaps name of {b}" in found or f"name of {b} overlaps name of {a}" in found


def test_the_check_names_every_kind_of_trouble() -> None:
    a, b = station(0, "Bank", 300, 300), station(1, "Monument", 360, 300)
    way = Disc(330.0, 250.0, 6.0)
    obstacles = NameObstacles((*discs(a, b), way), (TrackLine(((300.0, 200.0), (300.0, 400.0)), HW, "Bank–Angel"),),
                              (IconBox((100.0, 100.0, 10.0, 10.0), "landmark"),))

    def check(bank: str, monument: str, where: NameObstacles = obstacles) -> list[str]:
        specs = {0: parse_label(bank), 1: parse_label(monument)}
        found = check_names([a, b], where, FRAME, fake_measure, specs, label_px=LABEL_PX)
        assert len(set(found)) == len(found)  # each problem said once
        return found

    found = check("@-50,-40", "@-100,-45")
    assert overlap_reported(found, "Bank", "Monument")
    assert "name of Monument crosses a link (Bank–Angel)" in found
    assert "name of Monument covers a waypoint" not in found
    found = check("@-220,-210", "E")
    assert "name of Bank covers an icon (landmark)" in found
    assert any(line.startswith("name of Bank is ") and "px from its station's ring (at most 30)" in line
               for line in found)
    assert "name of Bank is nearer Monument than Bank" not in found
    assert not any("Monument" in line for line in found)
    found = check("@-400,0", "@-45,-60")
    assert "name of Bank leaves the board" in found
    assert "name of Monument covers a waypoint" in found
    found = check("E", "W", NameObstacles(discs(a, b)))
    assert "name of Monument covers station Bank" in found
    assert "name of Bank is nearer Monument than Bank" in found
    assert "name of Monument is nearer Bank than Monument" in found
    assert check("W", "E", NameObstacles(discs(a, b))) == []


def test_text_over_one_link_is_chosen_over_text_over_another_name() -> None:
    """Mansion House's only clean side (east, in a narrow gap between two lines) is under Cannon Street's name,
    which a designer fixed there; west crosses one short link. Text over a link still reads, text over text
    does not."""
    a = station(0, "Mansion House", 400, 300)
    b = station(1, "Cannon Street", 560, 300, fixed=LabelSpec("W"))
    obstacles = NameObstacles(discs(a, b), (
        TrackLine(((400.0, 150.0), (400.0, 450.0)), HW, "Mansion House's own line"),
        TrackLine(((150.0, 275.0), (650.0, 275.0)), HW, "upper"),
        TrackLine(((150.0, 325.0), (650.0, 325.0)), HW, "lower"),
        TrackLine(((330.0, 280.0), (330.0, 320.0)), HW, "a short link west of it"),
    ))
    cannon_street = clear_box(b, LabelSpec("W"))
    assert boxes_overlap(cannon_street, clear_box(a, LabelSpec("E")))  # the set-up: east is taken
    result = place_names([a, b], obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert not boxes_overlap(cannon_street, clear_box(a, result.names[0].spec))
    [mansion_house] = [u for u in result.unresolved if u.index == 0]
    assert mansion_house.hits == ("name of Mansion House crosses a link (a short link west of it)",)


def _row_of_two(spacing: float) -> tuple[list[NameStation], NameObstacles]:
    """Moorgate and Liverpool Street on one row, each on its own north-south line, Liverpool Street's name set
    west by a designer: Moorgate's best place, east, is 2.5 px from it at the clear scale, clear of it but
    closer than `name_spacing`."""
    probe_a, probe_b = station(0, "Moorgate", 0, 0), station(1, "Liverpool Street", 0, 0)
    east, west = clear_box(probe_a, LabelSpec("E")), clear_box(probe_b, LabelSpec("W"))
    distance = east[0] + east[2] + 2.5 - west[0]
    a, b = station(0, "Moorgate", 300, 300), station(1, "Liverpool Street", 300 + distance, 300, LabelSpec("W"))
    tracks = (TrackLine(((300.0, 150.0), (300.0, 450.0)), HW, "Moorgate's line"),
              TrackLine(((b.x, 150.0), (b.x, 450.0)), HW, "Liverpool Street's line"))
    return [a, b], NameObstacles(discs(a, b), tracks, spacing=spacing)


def test_two_names_on_one_row_keep_apart() -> None:
    """London classic at 150 %: "Moorgate" ran on into the "Street" of Liverpool Street, read "MoorgateStreet"."""
    gap = name_spacing(LABEL_PX)
    stations, without_rule = _row_of_two(0.0)
    run_on = place_names(stations, without_rule, FRAME, fake_measure, label_px=LABEL_PX)
    assert run_on.names[0].spec.side == "E" and run_on.unresolved == ()  # the set-up: without the rule, run on
    stations, obstacles = _row_of_two(gap)
    result = place_names(stations, obstacles, FRAME, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    boxes = [clear_box(s, result.names[s.index].spec) for s in stations]
    (ax, ay, aw, ah), (bx, by, _, bh) = boxes
    shared_height = min(ay + ah, by + bh) - max(ay, by)
    assert bx - (ax + aw) >= gap or shared_height <= gap  # apart along the row, or not on one row
    specs = {s.index: result.names[s.index].spec for s in stations}
    assert check_names(stations, obstacles, FRAME, fake_measure, specs, label_px=LABEL_PX, scale=CLEAR_SCALE) == []


def test_the_check_says_two_names_too_close_on_one_row_run_into_each_other() -> None:
    stations, obstacles = _row_of_two(name_spacing(LABEL_PX))
    found = check_names(stations, obstacles, FRAME, fake_measure, {0: LabelSpec("E"), 1: LabelSpec("W")},
                        label_px=LABEL_PX, scale=CLEAR_SCALE)
    assert found == ["name of Moorgate runs into name of Liverpool Street"]
    # a pixel further apart than `name_spacing`, the two read as two names
    a, b = stations
    apart = replace(b, x=b.x + name_spacing(LABEL_PX) - 2.5 + 1.0)
    moved = replace(obstacles, discs=discs(a, apart),
                    tracks=tuple(TrackLine(((apart.x, 150.0), (apart.x, 450.0)), HW, t.name) if t.name.startswith("L")
                                 else t for t in obstacles.tracks))
    assert check_names([a, apart], moved, FRAME, fake_measure, {0: LabelSpec("E"), 1: LabelSpec("W")},
                       label_px=LABEL_PX, scale=CLEAR_SCALE) == []


def test_a_name_by_the_corner_of_another_is_not_on_its_row() -> None:
    """Two names 2.5 px apart run into each other only when their lines share more than `name_spacing` of
    height: a name beside the corner of another (Berlin's Nordbahnhof by Eberswalder Straße, 10 of a line's
    28 px) does not read on into it."""
    gap = name_spacing(LABEL_PX)
    (a, b), obstacles = _row_of_two(gap)
    height = clear_box(a, LabelSpec("E"))[3]

    def found_with_rows_sharing(shared: float) -> list[str]:
        lower = replace(b, y=b.y + height - shared)
        moved = replace(obstacles, discs=discs(a, lower))
        return check_names([a, lower], moved, FRAME, fake_measure, {0: LabelSpec("E"), 1: LabelSpec("W")},
                           label_px=LABEL_PX, scale=CLEAR_SCALE)

    assert found_with_rows_sharing(gap + 2.0) == ["name of Moorgate runs into name of Liverpool Street"]
    assert found_with_rows_sharing(gap - 2.0) == []


def _west_end_name_overhang(names_inside: bool) -> float:
    """How far the westmost station's name stands out west of it, placed on a frame that does or does not ask
    names to keep inside the map."""
    end = station(0, "Ealing Broadway", 300, 300)
    others = [station(1, "Acton", 700, 300), station(2, "Park", 400, 200), station(3, "Road", 400, 400)]
    obstacles = NameObstacles(discs(end, *others), tuple(
        TrackLine(((end.x, end.y), (s.x, s.y)), HW, f"to {s.name}") for s in others))
    frame = replace(FRAME, names_inside=names_inside)
    result = place_names([end, *others], obstacles, frame, fake_measure, label_px=LABEL_PX)
    assert result.unresolved == ()
    return end.x - clear_box(end, result.names[0].spec)[0]


def test_a_name_at_the_west_edge_keeps_inside_the_map_when_the_board_asks() -> None:
    """Its links take the east side and the line's continuation the west, so the westmost station's name goes
    north-west on one line, standing out its whole width past the map's west edge (and every name on the screen
    is drawn smaller at fit). On a board that asks names to keep inside (London's configuration), the outside
    costs more than two lines do; on the others (New York's reads worse with it) the name stands out."""
    assert _west_end_name_overhang(names_inside=False) > _west_end_name_overhang(names_inside=True) + 40


def _river_east_of(x: float) -> tuple[tuple[float, float], ...]:
    """A river running north-south, 20 px wide, its west bank at x."""
    return ((x, 0.0), (x + 20.0, 0.0), (x + 20.0, 600.0), (x, 600.0))


def test_a_name_stays_on_its_stations_bank_of_a_river() -> None:
    # East is the placer's first choice: with a river just east of the station, the name across it reads as
    # a name for the far bank, so the station names itself on its own bank (west), though east is clear.
    s = station(0, "Waterloo", 400, 300)
    alone = place_names([s], NameObstacles(discs(s)), FRAME, fake_measure, label_px=LABEL_PX)
    assert alone.names[0].spec.side == "E"
    river = _river_east_of(430.0)
    result = place_names([s], NameObstacles(discs(s), water=(river,)), FRAME, fake_measure, label_px=LABEL_PX)
    box = result.names[0].box
    assert result.unresolved == ()
    assert box[0] + box[2] < 430.0  # wholly on the station's bank
    assert not NameScene([s], NameObstacles(discs(s), water=(river,)), FRAME).across_water(0, box)


def test_across_water_is_the_way_from_the_station_to_the_names_middle() -> None:
    s = station(0, "Waterloo", 400, 300)
    scene = NameScene([s], NameObstacles(discs(s), water=(_river_east_of(430.0),)), FRAME)
    assert scene.across_water(0, (460.0, 290.0, 60.0, 20.0))  # on the far bank
    assert scene.across_water(0, (425.0, 290.0, 20.0, 20.0))  # its middle on the water
    assert not scene.across_water(0, (300.0, 290.0, 80.0, 20.0))  # on the station's bank
    assert not scene.across_water(0, (415.0, 250.0, 20.0, 20.0))  # over the edge, its middle on the bank
