"""A destination card says its kind in letters a player can read: "EXPRESS" was drawn in the gold card's own
edge colour softened (1.5:1 on the gold) and 7 px high at 1280×720, and a new player could not find it."""

from __future__ import annotations

import pygame

from game.ui import style
from game.ui.panels.cards import CardStrip, kind_ink, strip_height
from tests.ui.test_saves_screen import contrast

READABLE = 4.5  # WCAG's contrast for small text


def test_both_kinds_are_named_in_dark_letters_on_their_card(make_app) -> None:
    make_app(["--scene", "menu", "--size", "1280x720"])  # the window's scale, as the play screen has it
    assert contrast(kind_ink(True), style.GOLD) >= READABLE
    assert contrast(kind_ink(False), style.HALO) >= READABLE
    k = strip_height(720) / 86
    for express, fill in ((True, style.GOLD), (False, style.HALO)):
        surface = pygame.Surface((240, 80))
        surface.fill(style.PAPER)
        card = pygame.Rect(4, 4, 230, 60)
        CardStrip._card(surface, card, "Bank", express, False, k)
        label = pygame.Rect(card.x + round(34 * k), card.y + round(5 * k), card.width - round(44 * k), 9)
        inks = {tuple(surface.get_at((x, y)))[:3] for x in range(label.left, label.right)
                for y in range(label.top, label.bottom)}
        assert kind_ink(express) in inks, express  # the kind's letters are drawn in it, at their full colour
        assert fill in inks
