"""Links step aside for names: a bent link drawn through a name's only free place is drawn the other way."""

from __future__ import annotations

import math
from dataclasses import replace
from itertools import pairwise

import pytest

from editor.cartography.layout.checks import check_schematic, is_octilinear
from editor.cartography.metro import request as request_module
from editor.cartography.metro.naming import name_problems, placed, troubled
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.step_aside import step_aside
from editor.cartography.metro.track_drawing import octilinear_ways
from editor.cartography.network import Frame, Network, Place, Schematic, Track

MIDDLE = 1


def _request() -> MapRequest:
    """"Middle" sits on a north–south line at the board's west edge: its name can go only to the east,
    and a bent link's straight run passes right there (its other elbow would not)."""
    places = (Place(60, 150, "Top"), Place(60, 300, "Middle"), Place(60, 450, "Low"),
              Place(115, 150, "Here"), Place(255, 450, "There"))
    tracks = (Track(0, 1), Track(1, 2), Track(3, 4))
    return MapRequest(Network(places, tracks), Frame(400, 600, 20), spaces=(1, 1, 1))


def _drawn(request: MapRequest) -> Schematic:
    positions = tuple((p.x, p.y) for p in request.network.places)
    paths = ((positions[0], positions[1]), (positions[1], positions[2]),
             (positions[3], (115.0, 310.0), positions[4]))  # down first, then the diagonal
    return Schematic(positions, paths, (), 40.0)


def test_every_way_is_octilinear_from_end_to_end() -> None:
    p, q = (0.0, 0.0), (300.0, -120.0)
    ways = octilinear_ways(p, q)
    assert ((0.0, 0.0), (120.0, -120.0), (300.0, -120.0)) in ways  # the diagonal first
    assert ((0.0, 0.0), (180.0, 0.0), (300.0, -120.0)) in ways  # the straight run first
    assert len(ways) > 4
    for way in ways:
        assert way[0] == p and way[-1] == q and len(way) <= 4
        assert all(is_octilinear(a, b) and math.dist(a, b) > 0 for a, b in pairwise(way))


def test_a_straight_link_has_no_other_way() -> None:
    assert octilinear_ways((0.0, 0.0), (100.0, 100.0)) == [((0.0, 0.0), (100.0, 100.0))]


@pytest.mark.parametrize("thorough", [False, True])  # the name moved into its freed place, or all placed again
def test_the_link_takes_its_other_elbow_and_the_name_its_place(thorough: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if not thorough:  # as a big fresh import: a small one takes the time to place every name again
        monkeypatch.setattr(request_module, "THOROUGH_UP_TO", 0)
    request = replace(_request(), thorough=thorough)
    schematic = _drawn(request)
    assert not check_schematic(request.network, schematic, request.frame)
    scene, names = placed(request, schematic, None, 0)
    assert MIDDLE in troubled(name_problems(request, scene, names), scene)

    moved, scene, names = step_aside(request, schematic, scene, names)

    assert moved.positions == schematic.positions
    assert moved.paths[:2] == schematic.paths[:2]  # the straight links stay as they were
    assert moved.paths[2] != schematic.paths[2]
    assert not troubled(name_problems(request, scene, names), scene)
    assert not check_schematic(request.network, moved, request.frame)


def test_nothing_moves_when_no_name_is_in_trouble() -> None:
    request = _request()
    schematic = _drawn(request)
    clear = Schematic(schematic.positions, (*schematic.paths[:2], ((115.0, 150.0), (255.0, 290.0),
                                                                  (255.0, 450.0))), (), 40.0)
    scene, names = placed(request, clear, None, 0)
    assert not troubled(name_problems(request, scene, names), scene)
    assert step_aside(request, clear, scene, names)[0] is clear
