"""The placer on realistic boards: the shipped (geographic, crowded) boards, where we report how many names
stay unresolved; made-up spread-out octilinear networks, where every name must fit; and the real font."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from editor.cartography.names.boards import NameInputs, inputs_from_board, octilinear_network
from editor.cartography.names.placer import check_names, place_names
from editor.cartography.names.types import Measure, NamePlacement
from game.board.legibility import CLEAR_SCALE
from game.board.text_metrics import NAME_FONT
from tests.editor.cartography.conftest import fake_measure, names_in_trouble

ROOT = Path(__file__).resolve().parents[3]
CLEAR = CLEAR_SCALE  # what the placer clears names at: the largest the game draws them


def placed(inputs: NameInputs, measure: Measure, label_px: float) -> NamePlacement:
    result = place_names(inputs.stations, inputs.obstacles, inputs.frame, measure, label_px=label_px)
    assert set(result.names) == {s.index for s in inputs.stations}  # every station named, in trouble or not
    specs = {index: name.spec for index, name in result.names.items()}
    found = check_names(inputs.stations, inputs.obstacles, inputs.frame, measure, specs, label_px=label_px,
                        scale=CLEAR)
    troubled = names_in_trouble(found, [s.name for s in inputs.stations])
    in_trouble = {s.index for s in inputs.stations if s.name in troubled}
    assert in_trouble == {u.index for u in result.unresolved}  # what is reported is exactly what the check sees
    return result


def shipped(name: str) -> NameInputs:
    return inputs_from_board(json.loads((ROOT / "boards" / f"{name}.json").read_text(encoding="utf-8")))


@pytest.mark.parametrize("board", ["london", "berlin", "newyork"])
def test_shipped_boards_get_every_name_placed_and_the_trouble_reported(board: str) -> None:
    """The shipped boards are geographic and crowded (wide beds, stations 25–60 px apart): many names cannot
    be placed cleanly at the largest text size before the layout makes room. Say how many; never lose a name."""
    label_px = 15.0
    inputs = shipped(board)
    result = placed(inputs, lambda text: fake_measure(text, label_px), label_px)
    print(f"\n{board}: {len(result.unresolved)} of {len(inputs.stations)} names unresolved at {label_px:g} px")
    assert len(result.unresolved) < 0.7 * len(inputs.stations)


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_a_spread_out_octilinear_network_gets_every_name_placed_cleanly(seed: int) -> None:
    label_px = 13.0
    inputs = octilinear_network(120, pitch=80.0, seed=seed)
    result = placed(inputs, lambda text: fake_measure(text, label_px), label_px)
    assert result.unresolved == ()


def test_a_500_station_network_is_placed_with_few_names_in_trouble() -> None:
    label_px = 14.0
    inputs = octilinear_network(500, pitch=80.0, seed=1)
    result = placed(inputs, lambda text: fake_measure(text, label_px), label_px)
    print(f"\n500 stations: {len(result.unresolved)} names unresolved at {label_px:g} px")
    assert len(result.unresolved) <= 25


@pytest.mark.real_font
def test_names_measured_with_the_game_font() -> None:
    """Real text widths (the name face at 20 px, through pygame) on London and on a network spaced for
    text that size."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(ROOT / "assets" / "fonts" / NAME_FONT), 20)

    def measure(text: str) -> tuple[float, float]:
        w, h = font.size(text)
        return (float(w), float(h))

    london = placed(shipped("london"), measure, 20.0)
    print(f"\nlondon, real font 20 px: {len(london.unresolved)} of 116 names unresolved")
    spread = placed(octilinear_network(80, pitch=110.0, seed=6, edge=120.0), measure, 20.0)
    assert spread.unresolved == ()
