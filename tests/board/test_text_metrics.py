"""The name font's advance table measures names as the drawn font does, and matches the font file."""

from __future__ import annotations

import json
import os

import pytest

from game import resources
from game.board.text_metrics import NAME_FONT, name_metrics
from tools.font_metrics import measure_font

NAMES = ["King's Cross St Pancras", "Südkreuz", "Hammersmith", "Whitehall St–South Ferry", "Réaumur – Sébastopol",
         "Ærø", "W"]


def test_the_table_is_written_from_the_font_file_as_it_is_now() -> None:
    font = resources.font(NAME_FONT)
    stored = json.loads(font.with_suffix(".metrics.json").read_text(encoding="utf-8"))
    assert stored == json.loads(json.dumps(measure_font(font)))


@pytest.mark.parametrize("name", NAMES)
def test_a_measured_line_is_never_narrower_than_the_drawn_one(name: str) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    drawn_width, _ = pygame.font.Font(str(resources.font(NAME_FONT)), 200).size(name)
    measured = name_metrics().width(name, 200)
    assert drawn_width - 1 <= measured <= drawn_width * 1.06 + 4


def test_two_lines_are_taller_than_one_and_as_wide_as_the_longer() -> None:
    metrics = name_metrics()
    one = metrics.block(("King's Cross",), 20)
    two = metrics.block(("King's Cross", "St Pancras"), 20)
    assert two[0] == pytest.approx(one[0])
    assert two[1] > one[1] * 1.9
    assert metrics.size("Bank", 20)[1] == one[1]
