"""A destination card says its kind in letters a player can read: "EXPRESS" was drawn in the gold card's own
edge colour softened (1.5:1 on the gold) and 7 px high at 1280×720, and a new player could not find it; later
9 px, still under the floor of a text read from a sofa (style.TEXT_MIN_PX): now on its own line over the name,
at the floor's size at least."""

from __future__ import annotations

import pygame
import pytest

from game.ui import style
from game.ui.panels.cards import CardStrip, kind_ink, strip_height
from tests.ui.test_saves_screen import contrast

READABLE = 4.5  # WCAG's contrast for small text


def test_both_kinds_are_named_in_dark_letters_on_their_card(make_app, monkeypatch: pytest.MonkeyPatch) -> None:
    make_app(["--scene", "menu", "--size", "1280x720"])  # the window's scale, as the play screen has it
    assert contrast(kind_ink(True), style.GOLD) >= READABLE
    assert contrast(kind_ink(False), style.HALO) >= READABLE
    k = strip_height(720) / 86
    drawn: list[tuple[str, int, style.Colour]] = []
    real = style.text

    def spy(message: str, size: int, weight: str = "regular", colour: style.Colour = style.INK) -> pygame.Surface:
        drawn.append((message, size, colour))
        return real(message, size, weight, colour)

    monkeypatch.setattr(style, "text", spy)
    for express, fill in ((True, style.GOLD), (False, style.HALO)):
        surface = pygame.Surface((240, 80))
        surface.fill(style.PAPER)
        card = pygame.Rect(4, 4, 184, 39)  # a card's size in the strip at 1280×720
        drawn.clear()
        CardStrip._card(surface, card, "Bank", express, False, k)
        sizes = [size for _, size, colour in drawn if colour == kind_ink(express)]
        assert sizes and min(sizes) >= style.TEXT_MIN_PX, f"the kind drawn at {sizes} px (express: {express})"
        words = pygame.Rect(card.x + round(34 * k), card.y + 2, card.width - round(34 * k) - 2, card.height - 4)
        inks = {tuple(surface.get_at((x, y)))[:3] for x in range(words.left, words.right)
                for y in range(words.top, words.bottom)}
        assert kind_ink(express) in inks, express  # the kind's letters are drawn in it, at their full colour
        assert fill in inks
