"""check_schematic must catch every broken guarantee: each test breaks one on purpose."""

from __future__ import annotations

import dataclasses

import pytest

from editor.cartography.layout.checks import check_schematic
from editor.cartography.network import Area, Frame, Network, Place, Schematic, Track

FRAME = Frame(1000.0, 600.0, 50.0)

# A plus-shaped network (hub with four spokes) plus a link that crosses one spoke as a bridge:
#           N(1)
#   W(4)  H(0)  E(2)        link 5–6 crosses spoke 0–3 below the hub
#       5 ---+--- 6
#           S(3)
PLACES = (
    Place(500, 300, "Hub"),
    Place(500, 150, "North"),
    Place(650, 300, "East"),
    Place(500, 450, "South"),
    Place(350, 300, "West"),
    Place(420, 380, "Five"),
    Place(580, 380, "Six"),
)
TRACKS = (Track(0, 1), Track(0, 2), Track(0, 3), Track(0, 4), Track(5, 6))
PARK = Area("park", ((600, 100), (700, 100), (700, 200), (600, 200)), "Park")
NETWORK = Network(PLACES, TRACKS, (PARK,))


def good() -> Schematic:
    """The input itself is already a valid schematic (octilinear, spaced, same crossings)."""
    positions = tuple((p.x, p.y) for p in PLACES)
    paths = tuple((positions[t.a], positions[t.b]) for t in TRACKS)
    return Schematic(positions, paths, (PARK,), 50.0)


def with_path(schematic: Schematic, k: int, path: tuple[tuple[float, float], ...]) -> Schematic:
    paths = list(schematic.paths)
    paths[k] = path
    return dataclasses.replace(schematic, paths=tuple(paths))


def test_a_valid_schematic_passes() -> None:
    assert check_schematic(NETWORK, good(), FRAME) == []


def test_a_slanted_segment_is_reported() -> None:
    bad = with_path(good(), 1, ((500, 300), (600, 280), (650, 300)))
    problems = check_schematic(NETWORK, bad, FRAME)
    assert any("not horizontal, vertical or 45°" in p for p in problems)


def test_a_path_that_does_not_reach_its_place_is_reported() -> None:
    bad = with_path(good(), 0, ((500, 300), (500, 160)))
    assert any("does not end at" in p for p in check_schematic(NETWORK, bad, FRAME))


def test_places_too_close_are_reported() -> None:
    positions = list(good().positions)
    positions[5] = (470, 380)  # Five and Six 30 px apart, their link still straight and level
    positions[6] = (500, 380)
    bad = dataclasses.replace(good(), positions=tuple(positions))
    bad = with_path(bad, 4, ((470, 380), (500, 380)))
    problems = check_schematic(NETWORK, bad, FRAME)
    assert any("px apart" in p for p in problems)


def test_a_place_outside_the_frame_is_reported() -> None:
    positions = list(good().positions)
    positions[1] = (500, 20)
    bad = with_path(dataclasses.replace(good(), positions=tuple(positions)), 0, ((500, 300), (500, 20)))
    assert any("outside the frame" in p for p in check_schematic(NETWORK, bad, FRAME))


def test_a_moved_pin_is_reported() -> None:
    places = list(PLACES)
    places[2] = dataclasses.replace(places[2], pinned=True)
    network = dataclasses.replace(NETWORK, places=tuple(places))
    positions = list(good().positions)
    positions[2] = (700, 300)
    bad = with_path(dataclasses.replace(good(), positions=tuple(positions)), 1, ((500, 300), (700, 300)))
    assert any("pinned" in p for p in check_schematic(network, bad, FRAME))


def test_a_path_grazing_a_place_is_reported() -> None:
    # the North spoke detours round by the east, passing 5 px from East
    bad = with_path(good(), 0, ((500, 300), (500, 295), (645, 295), (645, 150), (500, 150)))
    problems = check_schematic(NETWORK, bad, FRAME)
    assert any("passes" in p and "East" in p for p in problems)


def test_a_new_crossing_is_reported() -> None:
    # East spoke drawn down and across the bridge link 5–6
    bad = with_path(good(), 1, ((500, 300), (550, 350), (550, 420), (650, 420), (650, 300)))
    assert any("now crosses" in p for p in check_schematic(NETWORK, bad, FRAME))


def test_a_lost_crossing_is_reported() -> None:
    # bridge link 5–6 drawn around the south spoke's end instead of across it
    bad = with_path(good(), 4, ((420, 380), (420, 500), (580, 500), (580, 380)))
    assert any("no longer crosses" in p for p in check_schematic(NETWORK, bad, FRAME))


def test_a_changed_cyclic_order_is_reported() -> None:
    # swap where North and East leave the hub: both drawn octilinear, no crossing, but the order differs
    s = good()
    positions = list(s.positions)
    positions[1], positions[2] = (650, 300), (500, 150)
    swapped = dataclasses.replace(s, positions=tuple(positions))
    swapped = with_path(swapped, 0, ((500, 300), (650, 300)))
    swapped = with_path(swapped, 1, ((500, 300), (500, 150)))
    assert any("different order" in p for p in check_schematic(NETWORK, swapped, FRAME))


def test_a_place_falling_into_an_area_is_reported() -> None:
    s = good()
    moved_park = Area("park", ((600, 250), (700, 250), (700, 350), (600, 350)), "Park")
    bad = dataclasses.replace(s, areas=(moved_park,))
    assert any("was outside park" in p for p in check_schematic(NETWORK, bad, FRAME))


def test_a_wrong_number_of_paths_is_reported() -> None:
    bad = dataclasses.replace(good(), paths=good().paths[:-1])
    assert check_schematic(NETWORK, bad, FRAME) == ["4 paths for 5 links"]


@pytest.mark.parametrize("kind", ["water", "cluster"])
def test_an_area_changing_kind_is_reported(kind: str) -> None:
    bad = dataclasses.replace(good(), areas=(Area(kind, PARK.points, "Park"),))
    assert any("was park" in p for p in check_schematic(NETWORK, bad, FRAME))


def test_a_ninth_link_may_leave_a_busy_place_at_a_slant() -> None:
    spokes = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (2, 1)]
    places = (Place(500, 300, "Hub"), *(Place(500 + 80 * dx, 300 + 80 * dy, f"P{i}") for i, (dx, dy) in
                                       enumerate(spokes)))  # fmt: skip
    tracks = tuple(Track(0, i + 1) for i in range(len(spokes)))
    network = Network(places, tracks)
    positions = tuple((p.x, p.y) for p in places)
    schematic = Schematic(positions, tuple((positions[0], positions[i + 1]) for i in range(9)), (), 80.0)
    assert check_schematic(network, schematic, FRAME) == []


def test_a_board_as_drawn_is_judged_in_whole_pixels() -> None:
    """A saved board keeps whole pixels: a diagonal a pixel off is a diagonal still, a slant is a slant."""
    rounded = with_path(good(), 1, ((500, 300), (575, 226), (650, 226), (650, 300)))
    assert any("not horizontal, vertical or 45°" in p for p in check_schematic(NETWORK, rounded, FRAME))
    assert not any("not horizontal" in p for p in check_schematic(NETWORK, rounded, FRAME, as_drawn=True))
    slanted = with_path(good(), 1, ((500, 300), (600, 280), (650, 300)))
    assert any("not horizontal" in p for p in check_schematic(NETWORK, slanted, FRAME, as_drawn=True))


def test_a_board_as_drawn_is_its_own_input() -> None:
    """Its crossings and the order round its stations are what the designer drew, not broken guarantees."""
    bent = with_path(good(), 1, ((500, 300), (550, 350), (550, 420), (650, 420), (650, 300)))
    assert any("now crosses" in p for p in check_schematic(NETWORK, bent, FRAME))
    assert check_schematic(NETWORK, bent, FRAME, as_drawn=True) == []
