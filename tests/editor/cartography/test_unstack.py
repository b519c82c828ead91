"""Links step off links: a bend drawn on another link's track is drawn another octilinear way."""

from __future__ import annotations

from itertools import pairwise

from editor.cartography.layout.checks import check_schematic, is_octilinear
from editor.cartography.metro.naming import name_problems, placed, troubled
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.track_drawing import TrackDrawing
from editor.cartography.metro.unstack import unstack_links
from editor.cartography.network import Frame, Network, Place, Schematic, Track
from game.board.link_overlaps import overlaps_among
from game.geometry import segments_touch


def _request() -> MapRequest:
    """West–East is not in line; North–South runs straight down between them."""
    places = (Place(100, 100, "West"), Place(300, 200, "East"), Place(200, 40, "North"), Place(200, 300, "South"))
    return MapRequest(Network(places, (Track(0, 1), Track(2, 3))), Frame(400, 400, 20), spaces=(1, 1))


def _drawn(request: MapRequest, *bends: tuple[float, float]) -> Schematic:
    positions = tuple((p.x, p.y) for p in request.network.places)
    return Schematic(positions, ((positions[0], *bends, positions[1]), (positions[2], positions[3])), (), 40.0)


def _overlaps(request: MapRequest, schematic: Schematic) -> int:
    scene, _names = placed(request, schematic, None, 0)
    drawing = TrackDrawing(request, schematic, scene)
    return len(overlaps_among(schematic.paths, [(t.a, t.b) for t in request.network.tracks], drawing.half))


def test_a_bend_on_another_links_track_is_drawn_off_it() -> None:
    request = _request()
    schematic = _drawn(request, (200.0, 100.0))  # the elbow's corner sits on North–South
    assert not check_schematic(request.network, schematic, request.frame)
    assert _overlaps(request, schematic) == 1
    scene, names = placed(request, schematic, None, 0)
    before = len(troubled(name_problems(request, scene, names), scene))

    redrawn, scene = unstack_links(request, schematic, scene, names)

    assert _overlaps(request, redrawn) == 0
    path = redrawn.paths[0]
    assert path[0] == schematic.paths[0][0] and path[-1] == schematic.paths[0][-1]
    assert all(is_octilinear(a, b) for a, b in pairwise(path))
    assert any(segments_touch(a, b, *redrawn.paths[1]) for a, b in pairwise(path))  # still crosses, plainly
    assert redrawn.paths[1] == schematic.paths[1]
    assert not check_schematic(request.network, redrawn, request.frame)
    assert len(troubled(name_problems(request, scene, names), scene)) <= before


def test_links_that_only_cross_are_left_as_they_are() -> None:
    request = _request()
    schematic = _drawn(request, (150.0, 100.0), (250.0, 200.0))  # corners clear of North–South, which the
    assert all(is_octilinear(a, b) for a, b in pairwise(schematic.paths[0]))  # diagonal between them crosses
    scene, names = placed(request, schematic, None, 0)
    assert _overlaps(request, schematic) == 0
    assert unstack_links(request, schematic, scene, names)[0] is schematic
