"""Room for names in two dimensions (editor/cartography/spread/): the layout moved by one linear program keeps
every link's direction and the layout's guarantees, and gives a wished name the room the figure asks."""

from __future__ import annotations

import math
from itertools import pairwise

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cartography.layout.checks import MIN_SPACING, check_schematic
from editor.cartography.metro.naming import scene_of
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.river import redrawn_rivers
from editor.cartography.network import Area, Frame, Network, Place, Schematic, Track
from editor.cartography.spread import pairs
from editor.cartography.spread.drawing import HORIZONTAL, RISING, VERTICAL, Drawing, Wish, direction
from editor.cartography.spread.layout import spread
from editor.cartography.spread.pairs import keep_apart
from editor.cartography.spread.program import Program
from game.geometry import Box, box_point_distance, segment_intersection

PRICE = 1000.0


def _request(places: list[tuple[str, float, float]], links: list[tuple[int, int]],
             areas: tuple[Area, ...] = ()) -> MapRequest:
    network = Network(tuple(Place(x, y, name) for name, x, y in places), tuple(Track(a, b) for a, b in links), areas)
    return MapRequest(network, Frame(1200.0, 800.0, 60.0))


def _straight(request: MapRequest) -> Schematic:
    """The network drawn as it stands, each link straight (the set-ups are drawn octilinear)."""
    positions = tuple((p.x, p.y) for p in request.network.places)
    paths = tuple((positions[t.a], positions[t.b]) for t in request.network.tracks)
    return Schematic(positions, paths, request.network.areas, 40.0)


def _rival_reach(box: Box, centre: tuple[float, float], radius: float) -> float:
    return box_point_distance(box, *centre) - radius


def _avenue() -> tuple[MapRequest, Schematic]:
    """Five stations one pitch apart on an avenue, each with a station below it on a cross street (so no pass
    along one axis could stretch the avenue: every cross street is tied to its neighbours by 45° links)."""
    places = [(f"Avenue {k}", 400.0 + 44 * k, 400.0) for k in range(5)]
    places += [(f"Street {k}", 400.0 + 44 * k, 488.0) for k in range(5)]
    links = [(k, k + 1) for k in range(4)] + [(k, k + 5) for k in range(5)] + [(5 + k, 5 + k + 1) for k in range(4)]
    request = _request(places, links)
    return request, _straight(request)


def _wish_above(request: MapRequest, schematic: Schematic, index: int, width: float) -> Wish:
    """A name `width` px wide, centred above station `index`, its box 4 px off the station's ring."""
    scene = scene_of(request, schematic)
    station = next(s for s in scene.stations if s.index == index)
    box = (station.x - width / 2, station.y - station.radius - 4.0 - 24.0, width, 24.0)
    return Wish(index, box, 4.0, PRICE)


def test_an_avenue_stretches_for_a_name_wider_than_its_stations_are_apart() -> None:
    """Avenue 2's name above it runs over Avenue 1's and Avenue 3's rings: the avenue is stretched until both
    rings keep further from the name than its own station's, every link keeping its direction."""
    request, schematic = _avenue()
    wish = _wish_above(request, schematic, 2, 150.0)
    scene = scene_of(request, schematic)
    radius = {s.index: s.radius for s in scene.stations}
    assert _rival_reach(wish.box, schematic.positions[1], radius[1]) <= wish.reach + 1e-6  # the set-up: as near

    found = spread(request, schematic, scene, {}, [wish])

    assert found is not None and found.short == {2: 0.0}
    moved = found.schematic
    assert check_schematic(request.network, moved, request.frame) == []
    dx = moved.positions[2][0] - schematic.positions[2][0]
    dy = moved.positions[2][1] - schematic.positions[2][1]
    box = (wish.box[0] + dx, wish.box[1] + dy, wish.box[2], wish.box[3])  # the name rides on its station
    for rival in (1, 3):
        assert _rival_reach(box, moved.positions[rival], radius[rival]) > wish.reach + 0.5
    for before, after in zip(schematic.paths, moved.paths, strict=True):
        assert [direction(*run) for run in pairwise(before)] == [direction(*run) for run in pairwise(after)]
    assert {direction(p, q) for path in moved.paths for p, q in pairwise(path)} <= {HORIZONTAL, VERTICAL, RISING}


def test_nothing_wished_nothing_moves() -> None:
    request, schematic = _avenue()
    found = spread(request, schematic, scene_of(request, schematic), {}, [])
    assert found is not None
    moved = found.schematic
    assert all(math.dist(a, b) < 1e-6 for a, b in zip(moved.positions, schematic.positions, strict=True))


def test_a_pinned_station_stays_and_the_others_make_the_room() -> None:
    request, schematic = _avenue()
    places = list(request.network.places)
    from dataclasses import replace

    places[2] = replace(places[2], pinned=True)
    request = replace(request, network=Network(tuple(places), request.network.tracks))
    wish = _wish_above(request, schematic, 2, 150.0)
    found = spread(request, schematic, scene_of(request, schematic), {}, [wish])
    assert found is not None
    moved = found.schematic
    assert moved.positions[2] == schematic.positions[2]
    assert moved.positions[3][0] - moved.positions[1][0] > schematic.positions[3][0] - schematic.positions[1][0]


def test_a_river_keeps_its_course_through_the_links_it_crosses() -> None:
    """The Spree under the avenue's cross streets, drawn in straight runs: after the avenue stretches, every
    station is still on its bank and the river can still be drawn so (river.py keeps the course moved)."""
    request, schematic = _avenue()
    course = [(0.0, 444.0), (1200.0, 444.0)]
    water = Area("water", ((0.0, 438.0), (600.0, 438.0), (1200.0, 438.0), (1200.0, 450.0), (600.0, 450.0),
                           (0.0, 450.0)), "Spree")
    request = MapRequest(Network(request.network.places, request.network.tracks, (water,)), request.frame)
    schematic = Schematic(schematic.positions, schematic.paths, (water,), schematic.pitch)
    routes: dict[int, list[tuple[float, float]]] = {}
    assert redrawn_rivers(request.network, schematic, request.frame, strict=True, routes=routes)[1] == {0}
    assert routes[0][0][1] == routes[0][-1][1] == course[0][1]  # the set-up: straight across, under the avenue
    wish = _wish_above(request, schematic, 2, 150.0)
    found = spread(request, schematic, scene_of(request, schematic), {}, [wish], routes)
    assert found is not None
    moved = found.schematic
    assert redrawn_rivers(request.network, moved, request.frame, strict=True)[1] == {0}
    assert check_schematic(request.network, moved, request.frame) == []


@st.composite
def grids(draw: st.DrawFn) -> tuple[MapRequest, Schematic, list[Wish]]:
    """A random octilinear network on a grid of 60 px (links to the right, down or down-right, each once),
    and names wished above a few of its stations."""
    size = draw(st.integers(3, 5))
    cells = [(i, j) for i in range(size) for j in range(size)]
    places = [(f"S{i}{j}", 300.0 + 60 * i, 200.0 + 60 * j) for i, j in cells]
    index = {cell: k for k, cell in enumerate(cells)}
    links = []
    for (i, j), k in index.items():
        for di, dj in ((1, 0), (0, 1), (1, 1)):
            other = index.get((i + di, j + dj))
            if other is not None and draw(st.booleans()):
                if (di, dj) == (1, 1) and ((i + 1, j) in index and (i, j + 1) in index):
                    continue  # no diagonal across a square: links would cross
                links.append((k, other))
    request = _request(places, links)
    schematic = _straight(request)
    wished = draw(st.lists(st.sampled_from(range(len(cells))), min_size=1, max_size=3, unique=True))
    widths = draw(st.lists(st.floats(60.0, 200.0), min_size=len(wished), max_size=len(wished)))
    return request, schematic, [_wish_above(request, schematic, k, w) for k, w in zip(wished, widths, strict=True)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids())
def test_random_networks_keep_their_directions_spacing_and_embedding(case: tuple[MapRequest, Schematic,
                                                                                list[Wish]]) -> None:
    request, schematic, wishes = case
    found = spread(request, schematic, scene_of(request, schematic), {}, wishes)
    assert found is not None  # the layout as it is always fits the program
    moved = found.schematic
    for before, after in zip(schematic.paths, moved.paths, strict=True):
        assert [direction(*run) for run in pairwise(before)] == [direction(*run) for run in pairwise(after)]
    positions = moved.positions
    assert min(math.dist(p, q) for k, p in enumerate(positions) for q in positions[k + 1:]) >= MIN_SPACING - 1e-6
    crossing = [(a, b) for a, b in _pairs(moved) if segment_intersection(*a, *b) is not None]
    assert crossing == []
    assert check_schematic(request.network, moved, request.frame) == []


def _pairs(schematic: Schematic) -> list[tuple[tuple[tuple[float, float], tuple[float, float]], ...]]:
    segments = [(p, q) for path in schematic.paths for p, q in pairwise(path)]
    return [(a, b) for k, a in enumerate(segments) for b in segments[k + 1:]]


def _rows_of(program: Program) -> list[tuple[tuple[tuple[int, float], ...], float, float, bool]]:
    """Every row of the program as (terms, lower, upper, lazy), in a canonical order."""
    found = []
    for rows, lazy in ((program.firm, False), (program.lazy, True)):
        for r, (begin, end) in enumerate(pairwise(rows.starts)):
            terms = tuple(sorted((c, round(v, 9)) for c, v in zip(rows.index[begin:end], rows.values[begin:end],
                                                                   strict=True)))
            found.append((terms, round(rows.lower[r], 6), rows.upper[r], lazy))
    return sorted(found)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(grids())
def test_the_rows_worked_out_at_once_are_the_rows_worked_out_one_by_one(case: tuple[MapRequest, Schematic,
                                                                                   list[Wish]]) -> None:
    request, schematic, wishes = case
    scene = scene_of(request, schematic)
    boxes = {s.index: (s.x + s.radius + 4.0, s.y - 10.0, 90.0, 20.0) for s in scene.stations}  # names to the east
    boxes |= {wish.index: wish.box for wish in wishes[:1]}
    wished = {wish.index: wish for wish in wishes[:1]}
    drawing = Drawing(request.network.tracks, schematic, scene, boxes)
    at_once, one_by_one = Program(), Program()
    keep_apart(at_once, drawing, wished, schematic.pitch, {})
    ks, ms = drawing.pairs_within(math.inf)
    for k, m in zip(ks.tolist(), ms.tolist(), strict=True):
        pairs._pair(one_by_one, drawing, wished, schematic.pitch, {}, k, m)
    assert _rows_of(at_once) == _rows_of(one_by_one)
    assert len(at_once.firm.lower) + len(at_once.lazy.lower) > 0
