"""The shipped boards laid out: every guarantee checked, and the figures the acceptance asks for."""

from __future__ import annotations

import pytest

from editor.cartography.layout.checks import check_schematic
from editor.cartography.layout.metrics import measure
from editor.cartography.layout.schematic import schematize
from editor.cartography.network import Network, Schematic
from tests.editor.cartography.boards import SHIPPED, board_frame, board_network

_laid_out: dict[str, tuple[Network, Schematic]] = {}


def laid_out(name: str) -> tuple[Network, Schematic]:
    """Each board is laid out once per test run (it takes seconds) and shared by the tests below."""
    if name not in _laid_out:
        network = board_network(name)
        _laid_out[name] = (network, schematize(network, board_frame(name)))
    return _laid_out[name]


@pytest.mark.parametrize("name", SHIPPED)
def test_every_guarantee_holds(name: str) -> None:
    network, schematic = laid_out(name)
    assert check_schematic(network, schematic, board_frame(name)) == []


@pytest.mark.parametrize("name", SHIPPED)
def test_nearly_all_track_is_octilinear_with_few_bends(name: str) -> None:
    network, schematic = laid_out(name)
    figures = measure(network, schematic)
    assert figures.octilinear_share >= 0.98
    assert figures.bends_per_link < 1.0


@pytest.mark.parametrize("name", SHIPPED)
def test_the_layout_fills_the_frame(name: str) -> None:
    _, schematic = laid_out(name)
    frame = board_frame(name)
    xs = [x for x, _ in schematic.positions]
    ys = [y for _, y in schematic.positions]
    usable_w = frame.width - 2 * frame.margin
    usable_h = frame.height - 2 * frame.margin
    assert max(xs) - min(xs) >= usable_w - 2 * schematic.pitch
    assert max(ys) - min(ys) >= usable_h - 2 * schematic.pitch


@pytest.mark.parametrize("name", SHIPPED)
def test_geography_is_roughly_kept(name: str) -> None:
    network, schematic = laid_out(name)
    figures = measure(network, schematic)
    assert figures.turned_over_90 <= len(network.tracks) * 0.05
    # compass order between linked places: whatever is clearly east (west, north, south) of its
    # neighbour stays so, for nearly every link
    flipped = 0
    for t in network.tracks:
        a, b = network.places[t.a], network.places[t.b]
        (ax, ay), (bx, by) = schematic.positions[t.a], schematic.positions[t.b]
        if abs(b.x - a.x) > 2 * abs(b.y - a.y) and (b.x - a.x) * (bx - ax) < 0:
            flipped += 1
        if abs(b.y - a.y) > 2 * abs(b.x - a.x) and (b.y - a.y) * (by - ay) < 0:
            flipped += 1
    assert flipped <= len(network.tracks) * 0.03


def test_same_board_same_layout() -> None:
    network, schematic = laid_out("berlin")
    assert schematize(network, board_frame("berlin")) == schematic


@pytest.mark.parametrize("name", SHIPPED)
def test_every_place_and_bend_is_on_the_grid(name: str) -> None:
    """The editor snaps to the layout's grid: origin + whole multiples of the pitch."""
    network, schematic = laid_out(name)
    ox, oy = schematic.origin
    assert len(schematic.positions) == len(network.places)
    points = [*schematic.positions, *(p for path in schematic.paths for p in path)]
    for x, y in points:
        i, j = (x - ox) / schematic.pitch, (y - oy) / schematic.pitch
        assert abs(i - round(i)) < 1e-6 and abs(j - round(j)) < 1e-6
