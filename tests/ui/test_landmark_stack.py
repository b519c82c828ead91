"""A landmark stack keeps to its badge's column: a name or the station's ring is right beside it."""

from __future__ import annotations

import pygame
import pytest

from game.board.proportions import BADGE_EM, BADGE_GAP_EM
from game.ui.board import symbols


@pytest.mark.parametrize("half", [6.5, 10.0, 20.0])
@pytest.mark.parametrize("count", [1, 2, 3, 12])
def test_a_stack_and_its_count_stay_in_the_badge_column(half: float, count: int) -> None:
    pygame.font.init()
    surface = pygame.Surface((200, 200), pygame.SRCALPHA)
    surface.fill((0, 0, 0, 0))
    centre = (100.0, 100.0)
    symbols.stack(surface, "monument", centre, half, count)
    painted = pygame.mask.from_surface(surface, 0).get_bounding_rects()
    assert painted
    gap = half * BADGE_GAP_EM / BADGE_EM * 2  # the badge's side is 2 × half
    for rect in painted:
        assert rect.left >= centre[0] - half - 1
        assert rect.right <= centre[0] + half + gap + 1  # never into the name or ring beside it
