"""The face-up destination cards and the pile, in a strip under the board.

Hovering a card lights its station; hovering the pile lights every destination still in it. The pile's
contents are public only as a set (all cards minus those seen), never its order.
"""

from __future__ import annotations

import pygame

from game.ui import style, text
from game.ui.board import symbols
from game.ui.panels.widgets import Hotspot, PanelCache
from game.ui.style import Colour
from game.ui.table.turns import TurnController

STRIP = 86  # at the design size; everything in the strip scales with its height
CARD_W = 230


def kind_ink(express: bool) -> Colour:
    """The colour of a card's "EXPRESS" or "STANDARD": dark on either card. Drawn in the card's edge colour
    softened, "EXPRESS" was 1.5:1 on the gold card, and 7 px at 1280x720: a new player could not find it."""
    return style.mix(style.INK, style.GOLD_DARK, 0.25) if express else style.INK_SOFT


def kind_px(k: float) -> int:
    """The size of a card's "EXPRESS" or "STANDARD" in a strip drawn at `k` of its design size: never under
    style.TEXT_MIN_PX (it was 9 px at 1280×720), on a line of its own over the name."""
    return max(style.TEXT_MIN_PX, round(10 * k))


def strip_height(window_height: int, ui_scale: float | None = None) -> int:
    """The strip grows with the window and the text size (or the panels' scale given), but never takes more
    than a sixth of the height."""
    scale = style.ui_scale() if ui_scale is None else ui_scale
    return min(max(1, round(STRIP * scale)), window_height // 6)


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
        label = style.text(text.tr("play.cards").upper(), max(style.TEXT_MIN_PX, s(13)), "black", style.INK_SOFT)
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
            "play.deck_short_empty")  # the pile's tip says it whole ("The pile is empty")
        lines = style.wrap(caption, s(17), "black", deck.width - s(16), max_lines=2)  # "Der Nachziehstapel ist leer"
        images = [style.fit_text(line, s(17), "black", style.HALO, deck.width - s(16)) for line in lines]
        y = deck.centery - sum(image.get_height() for image in images) // 2
        for image in images:
            surface.blit(image, image.get_rect(midtop=(deck.centerx, y)))
            y += image.get_height()
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
        kind = style.text(text.tr("play.express" if express else "play.standard").upper(), kind_px(k), "black",
                          kind_ink(express))
        x, room = rect.x + round(34 * k), rect.width - round(44 * k)
        size = round(17 * k)
        gap, inset = round(2 * k), round(5 * k)  # a name's lines drawn a little overlapped; a margin inside the border
        # the kind's line: its capitals and a gap (an upper-case word has nothing under its baseline)
        kind_h = style.font(kind_px(k), "black").get_ascent() + gap
        if style.font(size - 2, "bold").size(name)[0] <= room:
            lines, px = [style.fit_text(name, size, "bold", style.INK, room)], size
            labelled = True
        else:
            room_y = rect.height - 2 * inset
            lines, px = CardStrip._two_lines(name, room, room_y - kind_h, size, 0.25, gap)
            labelled = bool(lines)
            if not lines:
                lines, px = CardStrip._two_lines(name, room, room_y, size, 0.3, gap)
            if not lines:
                lines, px = [style.fit_text(name, size, "bold", style.INK, room)], size
        # each line's image has leading under it: the block ends at the last line's descenders
        height = sum(image.get_height() - gap for image in lines[:-1]) + style.font(px, "bold").get_height()
        y = rect.centery - (height + (kind_h if labelled else 0)) // 2  # the kind over the name, centred by the star
        if labelled:  # a long name takes the label's place when both do not fit: the card's colour says its kind
            surface.blit(kind, (x, y))
            y += kind_h
        for image in lines:
            surface.blit(image, (x, y))
            y += image.get_height() - gap

    @staticmethod
    def _two_lines(name: str, room: int, height: int, size: int, shrink: float,
                   gap: int) -> tuple[list[pygame.Surface], int]:
        """A long station name on two lines, as large as fits in `room` × `height` (down to `shrink` smaller, never
        under style.TEXT_MIN_PX), and their size; no lines when it cannot."""
        words = name.split(" ")
        least = min(size, style.TEXT_MIN_PX)
        for px in range(size, max(least, size - max(1, round(size * shrink))) - 1, -1):
            font = style.font(px, "bold")
            splits = [(" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))]
            if not splits:
                break
            lines = min(splits, key=lambda pair: max(font.size(pair[0])[0], font.size(pair[1])[0]))
            if max(font.size(line)[0] for line in lines) <= room and \
                    font.get_linesize() - gap + font.get_height() <= height:
                return [style.text(line, px, "bold", style.INK) for line in lines], px
        return [], size

    @staticmethod
    def pile_stations(ctl: TurnController) -> list[int]:
        return sorted({station for station, _ in ctl.session.pile()})

    @staticmethod
    def pile_names(ctl: TurnController) -> str:
        board = ctl.session.board
        names = sorted({board.nodes[station].name for station, _ in ctl.session.pile()})
        return ", ".join(names)
