"""The metro-map pipeline (layout and names together) on the shipped boards, fresh imports and small cases.

The figures the brief sets are asserted where the pipeline meets them (octilinear share, spacing, the
layout's guarantees, every name placed, the problems reported exactly as the board check sees them);
names in trouble are held to a ceiling per board (the target is none: see `TROUBLE_CEILING`).
"""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cartography.bench import SHIPPED, random_network
from editor.cartography.layout.checks import check_schematic
from editor.cartography.metro import pipeline as pipeline_module
from editor.cartography.metro import request as request_module
from editor.cartography.metro.letter_steps import breaking_the_figure
from editor.cartography.metro.naming import scene_of
from editor.cartography.metro.pipeline import _tidier, name_problems, troubled
from editor.cartography.metro.request import MapFigures
from editor.cartography.metro.river import carried_course, centre_line, sides
from editor.cartography.metro.scene import NameScene, name_scene
from editor.cartography.metro.track_drawing import TrackDrawing
from editor.cartography.metro_map import (
    MapRequest,
    MetroMap,
    make_metro_map,
    place_names_only,
    straight_schematic,
    tidy_layout,
)
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Area, Frame, Network, Place, Schematic, Track
from editor.cartography.samples import IMPORTS, data_dir, import_request
from game.board.label_spec import LabelSpec
from game.board.link_overlaps import overlaps_among
from game.geometry import point_in_polygon
from tests.editor.cartography.boards import geographic_request

TESTED_IMPORTS = ("brooklyn-downtown", "berlin-mitte", "london-zone1", "manhattan-110")
# Names still in trouble at the game's clear scale (1.2) today, per sample: a ratchet, not the goal (0).
# Measured 2026-11-23 (session 23): 35, 38, 46, 48, and the imports 1, 3, 9; a little slack. The imports, of
# up to THOROUGH_UP_TO stations, step stations aside for their names since 2026-11-24: 0, 0, 3. Since session 47
# the importer picks the fisheye's power from how the stations thin out (projection.even_power): Berlin Mitte's
# 0.67, not 0.6, leaves 4 (the map is chaotic in it: 0.6, 0.65, 0.67, 0.7 give 1, 2, 4, 3), while 23 other fresh
# imports went from 42 names breaking the figure to 34. The bench's Manhattan (111 stations, more than
# THOROUGH_UP_TO: the quick path a designer's import takes) joined then: 30 names, 7 links on links.
TROUBLE_CEILING = {"london": 37, "london_classic": 40, "berlin": 48, "newyork": 50, "brooklyn-downtown": 1,
                   "berlin-mitte": 4, "london-zone1": 4, "manhattan-110": 31}
# Links drawn on a link they share no station with (the board check's `link_overlaps`: nearly all a line's bend
# where it crosses another, read as a junction of the two), per sample: a ratchet again. Measured 2026-11-25
# before the polish straightened lines through their crossings: 7, 4, 1, 4, and the imports 0, 0, 1; after:
LINKS_ON_LINKS_CEILING = {"london": 0, "london_classic": 1, "berlin": 0, "newyork": 5, "brooklyn-downtown": 1,
                          "berlin-mitte": 0, "london-zone1": 1, "manhattan-110": 7}


@cache
def request_for(name: str) -> MapRequest:
    return import_request(IMPORTS[name]) if name in IMPORTS else geographic_request(name)


@cache
def made(name: str) -> MetroMap:
    return make_metro_map(request_for(name))


def _scene_of(request: MapRequest, result: MetroMap):  # type: ignore[no-untyped-def]
    s = result.schematic
    return name_scene(request.network, s.positions, s.paths, request.track_spaces(), request.place_badges(),
                      request.labels, request.label_px, request.frame.width, request.frame.height)


def _links_on_links(request: MapRequest, result: MetroMap) -> int:
    drawing = TrackDrawing(request, result.schematic, _scene_of(request, result))
    return len(overlaps_among(drawing.paths, [(t.a, t.b) for t in request.network.tracks], drawing.half))


def _samples() -> list[str]:
    found = list(SHIPPED)
    if data_dir() is not None:
        found += list(TESTED_IMPORTS)
    return found


@pytest.mark.parametrize("name", _samples())
def test_every_sample_is_an_octilinear_map_with_every_name_placed(name: str) -> None:
    request = request_for(name)
    result = made(name)
    f = result.figures
    assert check_schematic(request.network, result.schematic, request.frame) == []
    assert f.octilinear_share >= 0.98
    assert f.min_spacing >= 40.0 - 1e-6
    stations = {i for i, p in enumerate(request.network.places) if not p.waypoint}
    assert set(result.names) == stations
    # what the figures count is what the board check finds, and the problems say it one line each
    scene = _scene_of(request, result)
    found = name_problems(request, scene, result.names)
    assert [p for p in result.problems if p in found] == found
    assert f.unresolved_names == len(troubled(found, scene))
    print(f"\n{name}: {f.unresolved_names} of {f.stations} names in trouble, octilinear "
          f"{100 * f.octilinear_share:.1f} %, min spacing {f.min_spacing:.0f} px, bends {f.bends}")
    assert f.unresolved_names <= TROUBLE_CEILING[name]
    assert _links_on_links(request, result) <= LINKS_ON_LINKS_CEILING[name]


@pytest.mark.skipif(data_dir() is None, reason="the open network data is not here")
@pytest.mark.parametrize("name", ["berlin-mitte", "london-zone1"])
def test_stepping_stations_aside_stacks_no_link_on_another(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small fresh import steps stations aside for their names; that may not leave more links drawn on
    links they share no station with than the layout had: Downtown Brooklyn's step had put a link's bend on
    two others (measured with the steps and without: 0 and 0, 0 and 0, 1 and 2). Since its lines run straight
    through their crossings, Brooklyn's names are all clear before any step (2026-11-25), so the samples
    here are the two whose steps still move stations (4 each)."""
    request = request_for(name)
    with_steps = made(name)
    monkeypatch.setattr(request_module, "THOROUGH_UP_TO", 0)
    without = make_metro_map(request)
    assert with_steps.figures.unresolved_names < without.figures.unresolved_names  # the steps are taken
    assert _links_on_links(request, with_steps) <= _links_on_links(request, without)


@pytest.mark.skipif(data_dir() is None, reason="the open network data is not here")
def test_a_small_import_steps_stations_for_names_over_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """A map that takes time for its names (Berlin Mitte, 52 stations) steps stations for the names its last
    look leaves over a link's centre line too: none is left, where one was without those steps, and no more
    names are in trouble at the clear scale for it."""
    request = request_for("berlin-mitte")
    with_steps = made("berlin-mitte")
    real = pipeline_module.step_for_the_letter

    def not_for_lines(*args: object, lines: bool = False) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
        _request, schematic, scene, names, _finish = args
        return (schematic, scene, dict(names)) if lines else real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline_module, "step_for_the_letter", not_for_lines)
    without = make_metro_map(request)
    assert without.figures.names_breaking_figure > 0  # the set-up: a name over a line
    assert with_steps.figures.names_breaking_figure < without.figures.names_breaking_figure
    assert with_steps.figures.unresolved_names <= without.figures.unresolved_names
    assert check_schematic(request.network, with_steps.schematic, request.frame) == []


@pytest.mark.skipif(data_dir() is None, reason="the open network data is not here")
def test_a_quick_import_makes_room_for_names_that_break_the_figure(monkeypatch: pytest.MonkeyPatch) -> None:
    """The bench's Manhattan (111 stations: the quick path, no climb) left names nearer a neighbour's station
    than their own, where no place round their station kept the figure. Stations step aside for them
    (letter_steps.py) and the map spreads where they need room (spread/): none is left, and no more names are
    in trouble at the clear scale for it. The spread alone leaves fewer than neither."""
    request = request_for("manhattan-110")
    full = made("manhattan-110")

    def as_it_is(_r: MapRequest, schematic: Schematic, scene: NameScene, names: dict[int, PlacedName],
                 *_: object) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
        return schematic, scene, dict(names)

    monkeypatch.setattr(pipeline_module, "step_for_the_letter", as_it_is)
    spread_only = make_metro_map(request)
    monkeypatch.setattr(pipeline_module, "spread_for_the_letter", as_it_is)
    neither = make_metro_map(request)

    def breaking(result: MetroMap) -> int:
        """Names breaking the figure's rules but a link's centre line: those the steps and the spread judge."""
        return len(breaking_the_figure(request, scene_of(request, result.schematic), result.names))

    assert breaking(neither) > 0  # the set-up: names to free
    assert breaking(spread_only) < breaking(neither)
    assert breaking(full) == 0
    assert full.figures.names_breaking_figure <= neither.figures.names_breaking_figure  # the lines judged too
    assert full.figures.unresolved_names <= neither.figures.unresolved_names
    assert check_schematic(request.network, full.schematic, request.frame) == []
    assert _links_on_links(request, full) <= _links_on_links(request, neither)


SOUTH_OF_THAMES = ("Waterloo", "Southwark", "Borough", "London Bridge", "Lambeth North", "Elephant & Castle",
                   "Kennington", "Oval", "Vauxhall", "Stockwell", "Brixton", "Bermondsey", "North Greenwich")
NORTH_OF_THAMES = ("Westminster", "Pimlico", "Blackfriars", "Bank", "Tower Hill", "Charing Cross", "Canary Wharf",
                   "Putney Bridge", "Fulham Broadway")


def test_london_keeps_every_station_on_its_bank_of_the_thames() -> None:
    """London's Thames on the metro map: Waterloo, Southwark and Borough south of it, Westminster,
    Blackfriars and Bank north. On the 1920×1320 board no octilinear course through the crossings keeps
    every bank (Clapham Junction and Pimlico share a row), so the river is the carried outline, which the
    pipeline keeps only when its course, carried as the stations moved, has every station on its bank —
    checked here along that same course; where a redrawn river is given, along its centre line."""
    request = request_for("london")
    result = made("london")
    index = next(i for i, a in enumerate(request.network.areas) if a.kind == "water")
    river = result.schematic.areas[index].points
    assert river  # drawn, not dropped
    places = request.network.places
    line = centre_line(river) or carried_course(request.network, result.schematic, request.frame, index)
    assert line is not None
    assert not any(point_in_polygon(p, river) for p, place in zip(result.schematic.positions, places, strict=True)
                   if not place.waypoint)
    banks = dict(zip((p.name for p in places), sides(result.schematic.positions, line, request.frame), strict=True))
    assert {banks[name] for name in SOUTH_OF_THAMES} == {-banks["Westminster"]}
    assert {banks[name] for name in NORTH_OF_THAMES} == {banks["Westminster"]}


def test_a_fresh_import_needs_its_data() -> None:
    if data_dir() is None:
        pytest.skip("no open data (shared/data) on this machine")
    assert len(request_for("berlin-mitte").network.places) >= 20


def _small() -> Network:
    """Two crossing lines and a branch: a network every name fits on easily."""
    places = (Place(200, 500, "West End"), Place(500, 500, "Centre"), Place(800, 500, "East Gate"),
              Place(500, 250, "North Park"), Place(500, 800, "South Bank"), Place(1100, 300, "Far Field"))
    tracks = (Track(0, 1), Track(1, 2), Track(3, 1), Track(1, 4), Track(2, 5))
    return Network(places, tracks)


def test_a_small_network_gets_a_clean_map() -> None:
    request = MapRequest(_small(), Frame(), spaces=(1, 1, 1, 1, 1), badges=(0, 0, 1, 0, 0, 0))
    result = make_metro_map(request)
    assert result.problems == ()
    assert result.figures.unresolved_names == 0 and result.figures.layout_problems == 0


def test_progress_runs_from_zero_to_one_never_backwards() -> None:
    seen: list[float] = []
    make_metro_map(MapRequest(_small()), progress=seen.append)
    assert seen and seen[-1] == 1.0
    assert all(b >= a for a, b in itertools.pairwise(seen))


def test_the_bar_is_full_only_when_the_map_is(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rounds of room for the letter and the last steps take seconds on a big import: the bar moves on
    through them, and is not full while they run (nor could Esc cancel them, which a progress call does)."""
    seen: list[float] = []
    at_last_steps: list[float] = []
    last_steps = pipeline_module.step_for_the_letter

    def noted(*args: object, **kwargs: object) -> object:
        at_last_steps.append(seen[-1])
        return last_steps(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline_module, "step_for_the_letter", noted)
    make_metro_map(MapRequest(_small()), progress=seen.append)
    assert at_last_steps and at_last_steps[0] < 1.0
    assert seen[-1] == 1.0 and all(b >= a for a, b in itertools.pairwise(seen))


def test_names_only_leaves_the_layout_alone() -> None:
    request = MapRequest(_small())
    result = place_names_only(request)
    assert result.schematic.positions == tuple((p.x, p.y) for p in request.network.places)
    assert set(result.names) == set(range(6))
    laid = make_metro_map(request)
    again = place_names_only(request, laid.schematic)
    assert again.schematic is laid.schematic


def test_tidy_layout_keeps_a_layout_no_new_one_beats() -> None:
    """Tidy on a board just tidied: the same layout, its names as they stand, nothing moved."""
    request = MapRequest(_small())
    laid = make_metro_map(request)
    named = {i: name.spec for i, name in laid.names.items()}
    again = tidy_layout(request, current=laid.schematic, named=named)
    assert again.layout_kept and again.schematic is laid.schematic
    assert {i: name.spec for i, name in again.names.items()} == named


def test_a_thorough_tidy_buys_clearer_names_with_bends_and_a_quick_one_does_not() -> None:
    """Ctrl+Shift+T is asked for clearer names, and its steps bend links to free them: a new layout with
    fewer names in trouble and more bends is tidier there (judged the quick way, the README's Berlin import
    kept its 36 names in trouble after minutes of work); the quick Tidy keeps the layout for a mere trade."""
    def figures(names: int, bends: int, layout: int = 0) -> MapFigures:
        return MapFigures(117, 1.0, 48.0, names, 0, layout, bends, 1, 1.0)

    now, clearer = figures(names=36, bends=33), figures(names=14, bends=45)
    assert _tidier(clearer, now, names_first=True) and not _tidier(clearer, now)
    assert not _tidier(now, clearer, names_first=True)
    assert not _tidier(figures(names=10, bends=0, layout=1), now, names_first=True)  # guarantees come first
    assert _tidier(figures(names=36, bends=30), now, names_first=True)  # as clear, fewer bends


def test_tidy_layout_after_a_name_is_dragged_keeps_the_layout_and_the_drag() -> None:
    """A designer drags one name on a tidied board, then tidies: a new layout that only wins by throwing
    the dragged place away is no tidier (it moved every station of a fresh designer's Paris import)."""
    laid = make_metro_map(MapRequest(_small()))
    dragged = LabelSpec(None, offset=(260.0, -90.0))  # far off: a name in trouble where it stands
    named = {**{i: name.spec for i, name in laid.names.items()}, 0: dragged}
    again = tidy_layout(MapRequest(_small(), labels={0: dragged}), current=laid.schematic, named=named)
    assert again.layout_kept and again.schematic is laid.schematic
    assert again.names[0].spec == dragged


def test_tidy_layout_moves_a_rough_sketch() -> None:
    """A sketch with slanted links breaks layout guarantees the new layout keeps: it is laid out anew."""
    request = MapRequest(_small())
    sketch = straight_schematic(request.network)  # Far Field's link runs at a slant
    assert check_schematic(request.network, sketch, request.frame, as_drawn=True)
    tidied = tidy_layout(request, current=sketch)
    assert not tidied.layout_kept and tidied.figures.layout_problems == 0
    assert tidied.schematic.positions != sketch.positions


def test_pinned_places_stay_and_fixed_names_are_kept() -> None:
    network = _small()
    places = list(network.places)
    places[1] = Place(480.0, 520.0, "Centre", pinned=True)
    request = MapRequest(Network(tuple(places), network.tracks), labels={0: LabelSpec("S", split=1)})
    result = make_metro_map(request)
    assert result.schematic.positions[1] == (480.0, 520.0)
    assert result.names[0].spec == LabelSpec("S", split=1)
    assert result.names[0].lines == ("West", "End")


def test_a_hand_placed_name_the_new_layout_leaves_in_trouble_is_placed_anew() -> None:
    """Dragged far from its station for the old layout, West End's name would float free in the new one."""
    request = MapRequest(_small(), labels={0: LabelSpec(None, offset=(260.0, -90.0)), 2: LabelSpec("S")})
    result = make_metro_map(request)
    assert result.freed == {0}
    assert result.names[0].spec.offset is None and result.figures.unresolved_names == 0
    assert result.names[2].spec == LabelSpec("S")  # a hand-placed name that still reads is kept


def test_the_same_request_gives_the_same_map() -> None:
    request = MapRequest(_small(), badges=(1, 0, 0, 0, 0, 0))
    first, second = make_metro_map(request), make_metro_map(request)
    assert first.schematic == second.schematic
    assert first.names == second.names
    assert first.problems == second.problems


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(count=st.integers(min_value=8, max_value=24), seed=st.integers(min_value=0, max_value=10_000),
       badges=st.integers(min_value=0, max_value=2))
def test_random_networks_come_out_octilinear_with_names_clean_or_reported(count: int, seed: int, badges: int) -> None:
    network = random_network(count, seed)
    places = tuple(Place(p.x, p.y, f"{p.name} {WORDS[i % len(WORDS)]}") for i, p in enumerate(network.places))
    network = Network(places, network.tracks)
    request = MapRequest(network, badges=tuple(badges if i % 3 == 0 else 0 for i in range(len(places))))
    result = make_metro_map(request)
    assert check_schematic(network, result.schematic, request.frame) == []  # octilinear, spacing, embedding...
    assert result.figures.octilinear_share >= 0.98
    assert set(result.names) == set(range(len(places)))
    scene = _scene_of(request, result)
    found = name_problems(request, scene, result.names)
    assert [p for p in result.problems if p.startswith("name of ")] == found  # clean, or every problem said
    assert result.figures.unresolved_names == len(troubled(found, scene))


WORDS = ("Park", "Cross", "Green Lane", "Hill", "Market Square", "Gate", "Bridge Road", "Common")


def test_names_the_rivers_last_redraw_left_on_the_water_are_placed_again_on_their_bank() -> None:
    # Names placed with no river; then the river runs just east of Aldgate, under its name (the placer's first
    # choice is east of a station). The pipeline's last look places that name again, on the dry side. (No
    # links: names along a straight run take one side, which may outweigh the water.)
    places = (Place(400.0, 300.0, "Aldgate"), Place(200.0, 700.0, "Tower Hill"), Place(200.0, 500.0, "Bank"))
    network = Network(places, ())
    request = MapRequest(network, Frame(1000.0, 800.0, 40.0))
    dry = straight_schematic(network)
    names = place_names_only(request, dry).names
    river = ((425.0, 0.0), (455.0, 0.0), (455.0, 400.0), (425.0, 400.0))
    wet = Schematic(dry.positions, dry.paths, (Area("water", river),), dry.pitch)
    scene = pipeline_module.scene_of(request, wet)
    assert pipeline_module._across_water(request, scene, names) == {0}
    moved = pipeline_module._off_the_water(request, wet, names)
    assert pipeline_module._across_water(request, scene, moved) == set()
    assert moved[0].spec.side in ("W", "NW", "SW", "WNW", "WSW") and moved[1] == names[1] and moved[2] == names[2]
