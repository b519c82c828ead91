"""A station name's halo hides a line passing under the name: nowhere inside the name, between its letters
or across a word space, does a dark line show through the letters' soft outlines (a fresh player saw such
lines as specks and hairlines inside words on names drawn over track)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import style
from game.ui.board.static_layer import halo_text

SHOWING = 24  # a pixel this much darker than without the line: the line shows through


def _line_showing(text: str, size: int) -> list[tuple[int, int]]:
    """Pixels of the name's middle band where a 1 px dark line, drawn down each column under it, shows."""
    halo = max(1, round(size / 8))  # as the board view draws names
    image = halo_text(text, size, "name", style.INK_SOFT, style.HALO, halo)
    width, height = image.get_size()
    plain = pygame.Surface((width, height))
    plain.fill(style.PAPER)
    plain.blit(image, (0, 0))
    band = range(round(height * 0.45), round(height * 0.7))  # the letters' x-height, where words are solid
    showing = []
    for x in range(2 * halo, width - 2 * halo):  # inside the name, not past its ends
        crossed = pygame.Surface((width, height))
        crossed.fill(style.PAPER)
        pygame.draw.line(crossed, style.INK, (x, 0), (x, height))
        crossed.blit(image, (0, 0))
        showing += [(x, y) for y in band if plain.get_at((x, y))[0] - crossed.get_at((x, y))[0] > SHOWING]
    return showing


@pytest.mark.parametrize("size", [12, 15, 18, 22])
@pytest.mark.parametrize("text", ["Hyde Park Corner", "King's Cross St. Pancras", "Piccadilly"])
def test_a_line_under_a_name_does_not_show_inside_it(text: str, size: int) -> None:
    assert _line_showing(text, size) == []
