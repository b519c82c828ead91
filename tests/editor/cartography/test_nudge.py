"""Stations step aside for their names: a station whose every place is spoilt by track moves a step."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace
from itertools import pairwise

import pytest

from editor.cartography.layout.checks import check_schematic, is_octilinear
from editor.cartography.metro import request as request_module
from editor.cartography.metro.naming import measure_of, name_problems, placed, troubled
from editor.cartography.metro.nudge import nudge_stations, step_off_beds, step_off_names
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene, beds_over
from editor.cartography.names.types import PlacedName
from editor.cartography.names.untangle import untangle
from editor.cartography.network import Frame, Network, Place, Schematic, Track

END = 1
NAME = "Endstation Nord"


def _request(thorough: bool = True) -> MapRequest:
    """A line ends at "Endstation Nord", between two long east–west links just above and below it; a
    north–south link crosses both a little east of it, where its name would go. (A chain of short links
    along the foot sets the board's unit, so discs and beds are drawn the usual size.)"""
    width = measure_of(MapRequest(Network((), ()), Frame(600, 600, 10)))(NAME)[0] * 1.2
    east = 200 + width + 10  # the name's box, set east of the station, ends a few px past this
    places = [Place(100, 300, "West"), Place(200, 300, NAME),
              Place(20, 274, "C"), Place(760, 274, "D"), Place(20, 326, "E"), Place(760, 326, "F"),
              Place(east, 200, "G"), Place(east, 400, "H")]
    places += [Place(40 + 60 * k, 540, f"Foot {k}") for k in range(12)]
    tracks = [Track(0, 1), Track(2, 3), Track(4, 5), Track(6, 7)]
    tracks += [Track(8 + k, 9 + k) for k in range(11)]
    return MapRequest(Network(tuple(places), tuple(tracks)), Frame(800, 600, 10), spaces=(1,) * len(tracks),
                      thorough=thorough)


def _drawn(request: MapRequest) -> Schematic:
    positions = tuple((p.x, p.y) for p in request.network.places)
    return Schematic(positions, tuple((positions[t.a], positions[t.b]) for t in request.network.tracks), (), 40.0)


def test_a_station_hemmed_in_by_track_steps_along_its_line_and_its_name_fits() -> None:
    request = _request()
    schematic = _drawn(request)
    assert not check_schematic(request.network, schematic, request.frame)
    scene, names = placed(request, schematic, None, 0)
    assert END in troubled(name_problems(request, scene, names), scene)

    moved, scene, names = nudge_stations(request, schematic, scene, names)

    assert END not in troubled(name_problems(request, scene, names), scene)
    assert moved.positions[END] != schematic.positions[END]
    assert [p for i, p in enumerate(moved.positions) if i != END] == [
        p for i, p in enumerate(schematic.positions) if i != END]
    assert math.dist(moved.positions[END], schematic.positions[END]) <= 40 * math.sqrt(2) + 1e-6
    assert all(is_octilinear(a, b) for path in moved.paths for a, b in pairwise(path))
    assert not check_schematic(request.network, moved, request.frame)


def test_a_big_fresh_import_keeps_its_stations_where_the_layout_put_them(monkeypatch: pytest.MonkeyPatch) -> None:
    """A placement per step is more time than an import of many stations has (SPEC: 5 s for about 120)."""
    monkeypatch.setattr(request_module, "THOROUGH_UP_TO", 10)  # the set-up has 20 stations
    request = replace(_request(), thorough=False)
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert nudge_stations(request, schematic, scene, names)[0] is schematic


def test_a_small_fresh_import_steps_its_stations_aside_too() -> None:
    """Up to THOROUGH_UP_TO stations the steps cost about a second: a fresh import of a city centre gets them."""
    request = replace(_request(), thorough=False)
    assert sum(1 for p in request.network.places if not p.waypoint) <= request_module.THOROUGH_UP_TO
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    moved, scene, names = nudge_stations(request, schematic, scene, names)
    assert moved.positions[END] != schematic.positions[END]
    assert END not in troubled(name_problems(request, scene, names), scene)


def _bed_request(thorough: bool = True) -> MapRequest:
    """New York's 59 St, 66 St and 81 St: a row west–east, and from its west end a four-line diagonal down to
    the station under the row's middle one, one pitch away; the game draws that diagonal's wide bed over the
    middle station's disc. (A chain of long links along the foot sets the board's unit: wide beds, big discs.)"""
    places = [Place(200, 200, "Columbus"), Place(250, 200, "Lincoln"), Place(300, 200, "Seventy-Second"),
              Place(250, 250, "Museum"), Place(250, 400, "Cathedral")]
    places += [Place(60 + 100 * k, 540, f"Foot {k}") for k in range(7)]
    tracks = [Track(0, 1), Track(1, 2), Track(0, 3), Track(3, 4)]
    tracks += [Track(5 + k, 6 + k) for k in range(6)]
    return MapRequest(Network(tuple(places), tuple(tracks)), Frame(800, 600, 10),
                      spaces=(3, 3, 5, 5) + (1,) * 6, thorough=thorough)


def test_a_station_under_a_wide_bed_steps_off_it(monkeypatch: pytest.MonkeyPatch) -> None:
    request = _bed_request()
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert beds_over(request.network, scene) == [(2, 1)]  # Columbus–Museum's bed over Lincoln

    moved, scene, names = step_off_beds(request, schematic, scene, names)

    assert beds_over(request.network, scene) == []
    assert moved.positions != schematic.positions
    assert all(is_octilinear(a, b) for path in moved.paths for a, b in pairwise(path))
    assert len(check_schematic(request.network, moved, request.frame)) <= len(
        check_schematic(request.network, schematic, request.frame))
    monkeypatch.setattr(request_module, "THOROUGH_UP_TO", 5)  # a big fresh import has no time for the steps
    fresh = replace(request, thorough=False)
    assert step_off_beds(fresh, schematic, *placed(fresh, schematic, None, 0))[0] is schematic


def _hub_request() -> MapRequest:
    """A hub with a long name, ringed by eight stations one pitch away (as Berlin's Alexanderplatz): every
    place round it covers a neighbour's disc."""
    places = [Place(400, 300, "Alexanderplatzbahnhof"), Place(300, 300, "West"), Place(500, 300, "East"),
              Place(400, 250, "North"), Place(400, 350, "South"), Place(350, 250, "Northwest"),
              Place(450, 250, "Northeast"), Place(350, 350, "Southwest"), Place(450, 350, "Southeast")]
    tracks = [Track(0, k) for k in range(1, 9)]
    places += [Place(40 + 100 * k, 560, f"Foot {k}") for k in range(7)]
    tracks += [Track(9 + k, 10 + k) for k in range(6)]
    return MapRequest(Network(tuple(places), tuple(tracks)), Frame(800, 600, 10), spaces=(1,) * len(tracks),
                      thorough=True)


def test_a_station_under_a_name_steps_from_under_it() -> None:
    request = _hub_request()
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)

    def finish(scene: NameScene, names: Mapping[int, PlacedName]) -> dict[int, PlacedName]:
        return untangle(scene.stations, scene.obstacles, request.frame, dict(names), measure_of(request),
                        label_px=request.label_px, clear_scale=request.clear_scale)

    names = finish(scene, names)
    covering = [line for line in name_problems(request, scene, names) if " covers station " in line]
    assert covering  # the set-up: the hub's name lies on a neighbour

    moved, scene, names = step_off_names(request, schematic, scene, names, finish)

    assert not [line for line in name_problems(request, scene, names)
                if " covers station " in line or " overlaps name of " in line]
    assert sum(1 for a, b in zip(moved.positions, schematic.positions, strict=True) if a != b) == 1
    assert moved.positions[0] == schematic.positions[0]  # the hub stays; a neighbour stepped aside
    assert all(is_octilinear(a, b) for path in moved.paths for a, b in pairwise(path))
    assert not check_schematic(request.network, moved, request.frame)
