"""The turn's banner: "Anna's turn", briefly, when the turn passes to a person.

It covers the side panel's turn box, which says the same for the rest of the turn: over the map it hid
station names (and an illegal click's reason is the side panel's too, on a red plate under its buttons). The
plate comes first and the words after it, and the words go before the plate: faded in and out together, the
banner's words and the turn box's ("Your move, Anna") showed through each other for a moment.
"""

from __future__ import annotations

import pygame

from game.ui import style, text
from game.ui.board.animation import Effect
from game.ui.panels.widgets import seat_badge

PLATE_IN, WORDS_IN = 1 / 12, 1 / 6  # the banner's life (0 to 1) by which the plate, then the words, are in
WORDS_OUT, PLATE_OUT = 0.75, 0.875  # ...and from which the words, then the plate, go


def give_way(effect: Effect) -> None:
    """Send the banner `effect` on to its fading out: the pointer came to the turn box it covers (a player
    reaching for the Hint button under it found the button hidden for the banner's 1.6 s)."""
    effect.elapsed = max(effect.elapsed, effect.delay + effect.duration * WORDS_OUT)


def banner_alphas(t: float) -> tuple[float, float]:
    """The plate's and the words' opacity (0 to 1) at `t` of the banner's life: the words show only on a
    plate that is fully there."""
    plate = min(1.0, t / PLATE_IN, (1 - t) / (1 - PLATE_OUT))
    words = min(1.0, (t - PLATE_IN) / (WORDS_IN - PLATE_IN), (PLATE_OUT - t) / (PLATE_OUT - WORDS_OUT))
    return max(0.0, plate), max(0.0, words)


def draw_turn_banner(surface: pygame.Surface, panel: pygame.Rect, turn: pygame.Rect, seat: int, name: str,
                     t: float) -> None:
    """The banner for `seat` (called `name`) at `t` of its life, over the turn box `turn` of the side `panel`."""
    plate_alpha, alpha = banner_alphas(t)
    badge = style.ui(15)
    lead = style.ui(28) + 2 * badge + style.ui(12)  # the seat's badge, before the words
    width = panel.width - 2 * style.ui(8)
    label = style.fit_text(text.tr("play.turn_banner", name=name), style.ui(30), "black", style.HALO,
                           width - lead - style.ui(28))
    box = pygame.Rect(0, 0, min(width, max(turn.width + style.ui(16), label.get_width() + lead + style.ui(28))),
                      max(turn.height + style.ui(16), label.get_height() + style.ui(26)))
    box.center = (turn.centerx, turn.centery + round(8 * (1 - alpha)))
    box.clamp_ip(panel)
    plate = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(plate, style.INK, plate.get_rect(), border_radius=16)
    pygame.draw.rect(plate, style.GOLD, plate.get_rect(), max(2, style.ui(3)), border_radius=16)
    plate.set_alpha(round(255 * plate_alpha))
    surface.blit(plate, box)
    words = pygame.Surface(box.size, pygame.SRCALPHA)
    seat_badge(words, (style.ui(28) + badge, box.height / 2), badge, seat, lit=True)
    words.blit(label, label.get_rect(midleft=(lead, box.height // 2)))
    words.set_alpha(round(255 * alpha))
    surface.blit(words, box)
