"""The face-up destination cards and the pile, in a strip under the board.

Hovering a card lights its station; hovering the pile lights every destination still in it. The pile's
contents are public only as a set (all cards minus those seen), never its order.
"""

from __future__ import annotations

import pygame

from game.ui import style, text
from game.ui.board import symbols
from game.ui.panels.widgets import Hotspot, PanelCache
from game.ui.table.turns import TurnController

STRIP = 86  # at the design size; everything in the strip scales with its height
CARD_W = 230


def strip_height(window_height: int) -> int:
    """The strip grows with the window and the text size, but never takes more than a sixth of the height."""
    return min(style.ui(STRIP), window_height // 6)


class CardStrip:
    """Draws the strip (through a cache) and says which stations a hover should light."""

    def __init__(self) -> None:
        self.cache = PanelCache()

    @property
    def spots(self) -> list[Hotspot]:
        return self.cache.spots

    def draw(self, surface: pygame.Surface, strip: pygame.Rect, ctl: TurnController,
             hover: tuple[int, int] | None) -> list[Hotspot]:
        key = (ctl.shown.face_up, ctl.state.deck_size, len(ctl.session.discards), self.cache.hovered(hover), id(ctl),
               text.language())

        def render(local: pygame.Surface, rect: pygame.Rect, local_hover: tuple[int, int] | None) -> list[Hotspot]:
            return self._render(local, rect, ctl, local_hover)

        return self.cache.draw(surface, strip, key, render, hover)

    def _render(self, surface: pygame.Surface, strip: pygame.Rect, ctl: TurnController,
                hover: tuple[int, int] | None) -> list[Hotspot]:
        spots: list[Hotspot] = []
        k = strip.height / STRIP

        def s(value: float) -> int:
            return max(1, round(value * k))

        pygame.draw.rect(surface, style.mix(style.PAPER_DARK, style.PAPER, 0.35), strip)
        pygame.draw.line(surface, style.mix(style.PAPER_DARK, style.INK, 0.15), strip.topleft, strip.topright, 2)
        board = ctl.session.board
        label = style.text(text.tr("play.cards").upper(), s(13), "black", style.INK_SOFT)
        x = strip.x + s(24)
        surface.blit(label, (x, strip.y + s(10)))
        cards = list(ctl.shown.face_up)
        pile = ctl.session.pile()
        deck_w = s(150)
        room = strip.width - s(48) - deck_w - s(16)
        gap = s(12)
        width = max(s(120), min(s(CARD_W), (room - gap * max(0, len(cards) - 1)) // max(1, len(cards))))
        y = strip.y + s(28)
        for station, kind in cards:
            rect = pygame.Rect(x, y, width, strip.height - s(38))
            hovered = hover is not None and rect.collidepoint(hover)
            self._card(surface, rect, board.nodes[station].name, kind == "express", hovered, k)
            spots.append(Hotspot(rect, "card", station))
            x += width + gap
        deck = pygame.Rect(strip.right - s(24) - deck_w, y, deck_w, strip.height - s(38))
        count = sum(pile.values())
        hovered = hover is not None and deck.collidepoint(hover)
        for depth in (2, 1):  # the cards under the pile
            if count > depth:
                pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.35),
                                 deck.move(s(4 * depth), -s(3 * depth)),
                                 border_radius=8)
        pygame.draw.rect(surface, style.mix(style.INK, style.HALO, 0.12) if hovered else style.INK, deck,
                         border_radius=8)
        caption = text.tr("play.deck_short", count=ctl.state.deck_size) if ctl.state.deck_size else text.tr(
            "play.deck_empty")
        image = style.fit_text(caption, s(17), "black", style.HALO, deck.width - s(16))
        surface.blit(image, image.get_rect(center=deck.center))
        spots.append(Hotspot(deck, "deck"))
        return spots

    @staticmethod
    def _card(surface: pygame.Surface, rect: pygame.Rect, name: str, express: bool, hovered: bool,
              k: float = 1.0) -> None:
        fill = style.GOLD if express else style.HALO
        edge = style.GOLD_DARK if express else style.INK
        pygame.draw.rect(surface, style.mix(style.PAPER_DARK, style.INK, 0.25), rect.move(0, 3), border_radius=8)
        pygame.draw.rect(surface, style.mix(fill, style.HALO, 0.3) if hovered else fill, rect, border_radius=8)
        pygame.draw.rect(surface, edge, rect, 2, border_radius=8)
        symbols.star(surface, edge if express else style.INK_SOFT, (rect.x + round(18 * k), rect.centery), 9 * k)
        kind = style.text(text.tr("play.express" if express else "play.standard").upper(), round(10 * k), "black",
                          style.mix(edge, fill, 0.3))
        surface.blit(kind, (rect.x + round(34 * k), rect.y + round(5 * k)))
        title = style.fit_text(name, round(17 * k), "bold", style.INK, rect.width - round(44 * k))
        surface.blit(title, (rect.x + round(34 * k), rect.y + round(17 * k)))

    @staticmethod
    def pile_stations(ctl: TurnController) -> list[int]:
        return sorted({station for station, _ in ctl.session.pile()})

    @staticmethod
    def pile_names(ctl: TurnController) -> str:
        board = ctl.session.board
        names = sorted({board.nodes[station].name for station, _ in ctl.session.pile()})
        return ", ".join(names)
