"""schematize on small and degenerate inputs: clear errors, and the guarantees on tiny networks."""

from __future__ import annotations

import dataclasses
import math
from itertools import pairwise

import pytest

from editor.cartography.layout import schematic as schematic_module
from editor.cartography.layout.checks import check_schematic
from editor.cartography.layout.metrics import measure
from editor.cartography.layout.schematic import schematize
from editor.cartography.network import Area, Frame, Network, Place, Track

FRAME = Frame()


def places(*points: tuple[float, float]) -> tuple[Place, ...]:
    return tuple(Place(x, y, f"P{i}") for i, (x, y) in enumerate(points))


def _sign(value: float) -> int:
    return 0 if value == 0 else int(math.copysign(1, value))


def assert_valid(network: Network, frame: Frame = FRAME) -> None:
    schematic = schematize(network, frame)
    assert check_schematic(network, schematic, frame) == []
    assert measure(network, schematic).octilinear_share == 1.0


def test_no_places_is_refused() -> None:
    with pytest.raises(ValueError, match="no places"):
        schematize(Network((), ()), FRAME)


def test_a_link_to_itself_is_refused() -> None:
    with pytest.raises(ValueError, match="to itself"):
        schematize(Network(places((0, 0), (10, 0)), (Track(1, 1),)), FRAME)


def test_an_unknown_place_is_refused() -> None:
    with pytest.raises(ValueError, match="refers to place 7"):
        schematize(Network(places((0, 0), (10, 0)), (Track(0, 7),)), FRAME)


def test_a_repeated_link_is_refused() -> None:
    with pytest.raises(ValueError, match="second time"):
        schematize(Network(places((0, 0), (10, 0)), (Track(0, 1), Track(1, 0))), FRAME)


def test_two_places_on_one_spot_are_refused() -> None:
    with pytest.raises(ValueError, match="same spot"):
        schematize(Network(places((5, 5), (5, 5)), (Track(0, 1),)), FRAME)


def test_a_single_place() -> None:
    schematic = schematize(Network(places((3, 4)), ()), FRAME)
    (x, y), = schematic.positions
    assert FRAME.margin <= x <= FRAME.width - FRAME.margin
    assert FRAME.margin <= y <= FRAME.height - FRAME.margin


def test_two_stations_one_link() -> None:
    network = Network(places((0, 0), (100, 30)), (Track(0, 1),))
    schematic = schematize(network, FRAME)
    assert check_schematic(network, schematic, FRAME) == []
    (ax, _), (bx, _) = schematic.positions
    assert bx > ax  # east stays east


def test_a_tree() -> None:
    network = Network(
        places((500, 500), (600, 500), (700, 450), (700, 560), (400, 520), (300, 400), (300, 640)),
        (Track(0, 1), Track(1, 2), Track(1, 3), Track(0, 4), Track(4, 5), Track(4, 6)),
    )
    assert_valid(network)


def test_a_single_cycle() -> None:
    ring = [(960 + 300 * math.cos(2 * math.pi * i / 9), 540 + 250 * math.sin(2 * math.pi * i / 9)) for i in range(9)]
    network = Network(places(*ring), tuple(Track(i, (i + 1) % 9) for i in range(9)))
    assert_valid(network)


def test_a_chain_keeps_its_stations_in_order_along_a_straight_run() -> None:
    stations = places(*((100 + 80 * i, 500 + 3 * i) for i in range(8)))
    network = Network(stations, tuple(Track(i, i + 1) for i in range(7)))
    schematic = schematize(network, FRAME)
    assert check_schematic(network, schematic, FRAME) == []
    xs = [x for x, _ in schematic.positions]
    assert xs == sorted(xs)
    assert measure(network, schematic).bends_per_link == 0.0


def test_a_crossing_without_a_station_is_kept() -> None:
    network = Network(places((100, 100), (900, 900), (100, 900), (900, 100)), (Track(0, 1), Track(2, 3)))
    schematic = schematize(network, FRAME)
    assert check_schematic(network, schematic, FRAME) == []
    assert measure(network, schematic).crossings_after == 1


def test_places_without_links_are_laid_out_too() -> None:
    network = Network(places((0, 0), (50, 0), (100, 100)), (Track(0, 1),))
    assert_valid(network)


def test_progress_is_reported_from_zero_to_one() -> None:
    seen: list[float] = []
    network = Network(places((0, 0), (100, 0), (100, 100), (0, 100)), (Track(0, 1), Track(1, 2), Track(2, 3)))
    schematize(network, FRAME, progress=seen.append)
    assert seen[0] == 0.0 and seen[-1] == 1.0
    assert all(0.0 <= f <= 1.0 for f in seen)
    assert seen == sorted(seen)


def test_pins_from_an_earlier_layout_stay_exactly_where_they_are() -> None:
    network = Network(
        places((100, 100), (300, 120), (500, 90), (700, 130), (300, 400), (500, 420)),
        (Track(0, 1), Track(1, 2), Track(2, 3), Track(1, 4), Track(4, 5), Track(5, 2)),
    )
    first = schematize(network, FRAME)
    pinned = [dataclasses.replace(p, x=x, y=y, pinned=i in (1, 5)) for i, (p, (x, y)) in
              enumerate(zip(network.places, first.positions, strict=True))]  # fmt: skip
    again = dataclasses.replace(network, places=tuple(pinned))
    second = schematize(again, FRAME)
    assert check_schematic(again, second, FRAME) == []
    assert second.positions[1] == first.positions[1]
    assert second.positions[5] == first.positions[5]
    assert second.notes == ()


def test_a_pin_off_any_grid_is_reported_not_hidden() -> None:
    network = Network(
        places((100, 100), (400, 100), (700, 300)),
        (Track(0, 1), Track(1, 2)),
    )
    pinned = (
        dataclasses.replace(network.places[0], x=200.0, y=200.0, pinned=True),
        network.places[1],
        dataclasses.replace(network.places[2], x=1401.3, y=777.7, pinned=True),
    )
    odd = dataclasses.replace(network, places=pinned)
    schematic = schematize(odd, FRAME)
    assert schematic.positions[0] == (200.0, 200.0)  # the first pin anchors the grid: always exact
    # 1201.3 and 577.7 px from the first pin: no pitch of 40 px or more puts both on one grid
    assert schematic.positions[2] != (1401.3, 777.7)
    assert any("pinned place 2" in note for note in schematic.notes)
    assert any("pinned place 2" in p for p in check_schematic(odd, schematic, FRAME))


def test_areas_keep_their_stations_on_the_same_side() -> None:
    network = Network(
        places((100, 100), (300, 110), (500, 100), (100, 400), (300, 390), (500, 400)),
        (Track(0, 1), Track(1, 2), Track(3, 4), Track(4, 5), Track(1, 4)),
        (
            Area("water", ((0, 240), (600, 240), (600, 260), (0, 260)), "river"),
            Area("park", ((250, 60), (350, 60), (350, 160), (250, 160)), "park"),
            Area("cluster", ((50, 350), (350, 350), (350, 450), (50, 450)), "west end"),
        ),
    )
    assert_valid(network)


def test_same_input_same_output() -> None:
    network = Network(
        places((100, 100), (300, 120), (500, 90), (700, 130), (300, 400), (500, 420), (650, 300)),
        (Track(0, 1), Track(1, 2), Track(2, 3), Track(1, 4), Track(4, 5), Track(5, 2), Track(3, 6), Track(6, 5)),
    )
    assert schematize(network, FRAME) == schematize(network, FRAME)


def test_a_line_runs_straight_through_a_junction() -> None:
    """Lines A (west–east) and B (north–south) cross at a junction; each should leave it straight on."""
    network = Network(
        places((500, 500), (380, 470), (630, 520), (520, 360), (470, 640), (260, 480), (760, 540)),
        (
            Track(1, 0, ("A",)),
            Track(0, 2, ("A",)),
            Track(3, 0, ("B",)),
            Track(0, 4, ("B",)),
            Track(5, 1, ("A",)),
            Track(2, 6, ("A",)),
        ),
    )
    schematic = schematize(network, FRAME)
    assert check_schematic(network, schematic, FRAME) == []
    hub = schematic.positions[0]

    def leaving(k: int) -> tuple[float, float]:
        path = schematic.paths[k]
        nxt = path[1] if path[0] == hub else path[-2]
        return (nxt[0] - hub[0], nxt[1] - hub[1])

    for first, second in ((0, 1), (2, 3)):
        (ax, ay), (bx, by) = leaving(first), leaving(second)
        assert ax * by - ay * bx == 0 and ax * bx + ay * by < 0  # opposite directions: straight through


def test_lines_running_side_by_side_come_out_as_parallel_track() -> None:
    """Two lines 50 px apart, rising gently eastwards, joined at their west ends by a short link."""
    a = [(200 + 150 * i, 600 - 40 * i) for i in range(7)]
    b = [(230 + 150 * i, 650 - 40 * i) for i in range(7)]
    network = Network(
        places(*a, *b),
        (
            *(Track(i, i + 1, ("A",)) for i in range(6)),
            *(Track(7 + i, 8 + i, ("B",)) for i in range(6)),
            Track(0, 7, ("C",)),
        ),
    )
    schematic = schematize(network, FRAME)
    assert check_schematic(network, schematic, FRAME) == []

    def directions(first: int) -> list[tuple[int, int]]:
        found = []
        for k in range(first, first + 6):
            path = schematic.paths[k]
            for p, q in pairwise(path):
                step = (round((q[0] - p[0]) / schematic.pitch), round((q[1] - p[1]) / schematic.pitch))
                found.append((_sign(step[0]), _sign(step[1])))
        return found

    # the two lines take the same turns: their sequences of directions (merged runs) are the same
    def runs(seq: list[tuple[int, int]]) -> list[tuple[int, int]]:
        return [d for i, d in enumerate(seq) if i == 0 or seq[i - 1] != d]

    assert runs(directions(0)) == runs(directions(6))


def test_a_network_too_big_for_its_frame_is_refused_clearly() -> None:
    spots = places(*((10.0 * i, 7.0 * (i % 5)) for i in range(100)))
    crowd = Network(spots, tuple(Track(i, i + 1) for i in range(99)))
    with pytest.raises(ValueError, match="do not fit"):
        schematize(crowd, Frame(300.0, 200.0, 20.0))


def test_the_room_a_crossing_takes_chooses_another_valid_map() -> None:
    # three north-south lines crossed by three east-west ones, no station at the nine crossings: how much of
    # the evened-out room a crossing takes moves the lines, and either map keeps every layout guarantee
    places: list[Place] = []
    tracks: list[Track] = []
    for i, x in enumerate((300, 600, 900)):
        places += [Place(x, 100, f"N{i}"), Place(x + 20, 350, f"M{i}"), Place(x, 900, f"S{i}")]
        tracks += [Track(3 * i, 3 * i + 1), Track(3 * i + 1, 3 * i + 2)]
    for j, y in enumerate((250, 500, 750)):
        places += [Place(100, y, f"W{j}"), Place(1100, y, f"E{j}")]
        tracks.append(Track(len(places) - 2, len(places) - 1))
    network, frame = Network(tuple(places), tuple(tracks)), Frame()
    usual, light = schematize(network, frame), schematize(network, frame, crossing_room=0.2)
    assert usual.positions != light.positions
    assert check_schematic(network, usual, frame) == check_schematic(network, light, frame) == []


def test_every_edge_order_is_tried_on_a_coarse_grid_before_a_finer_one() -> None:
    """A coarse grid is cheap to try and reads better; a fine one is slow. A fresh Manhattan import, whose
    first edge order got through on no grid, once tried every finer grid in vain before the others at the
    coarsest (2.0 s of its layout's 2.7). Here the middle pitch works with its third and fourth orders (the
    cheaper drawing kept) and the finest with its first: the finest is never tried."""
    drawn = {(50.0, 2): 5.0, (50.0, 3): 4.0, (40.0, 0): 1.0}
    tried: list[tuple[float, int]] = []

    def attempt(pitch: float, variant: int) -> schematic_module.Attempt | None:
        tried.append((pitch, variant))
        cost = drawn.get((pitch, variant))
        if cost is None:
            return None  # routing got stuck
        return schematic_module.Attempt(None, None, {}, None, 0, cost)  # type: ignore[arg-type]

    found, fallback = schematic_module._search([60.0, 50.0, 40.0], attempt)
    assert tried == [(60.0, 0), (60.0, 1), (60.0, 2), (60.0, 3), (50.0, 0), (50.0, 1), (50.0, 2), (50.0, 3)]
    assert found is not None and found.cost == 4.0
    assert fallback is None
    # a thorough request searches as the shipped boards were built: the first order down to a grid it gets
    # through on, then the others back up, and a second look there
    tried.clear()
    found, _ = schematic_module._search([60.0, 50.0, 40.0], attempt, descend_first=True)
    assert tried == [(60.0, 0), (50.0, 0), (40.0, 0), (50.0, 1), (50.0, 2), (60.0, 1), (60.0, 2), (60.0, 3),
                     (50.0, 3)]
    assert found is not None and found.cost == 4.0
