"""The tutorial's instruction card and the gold ring around what it asks for.

The card sits in the corner of the board farthest from what it talks about, so it never hides the lit
space or the station it names; its text wraps to its width and is never cut (tests measure every step's
text with `fits`). Buttons are returned as hotspots for the scene to hit before the board.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.ui import style
from game.ui.panels.widgets import Hotspot, button

CARD_W = 400
TITLE, BODY, SMALL = 22, 16, 13
MAX_TITLE_LINES, MAX_BODY_LINES = 3, 14
MARGIN = 20


@dataclass
class CardText:
    title: str
    body: str
    progress: str = ""  # "Step 3 of 12"
    footer: str = ""  # "Esc: leave the tutorial"
    nudge: str = ""  # a friendly word after a wrong move, shown in the card


def card_width(area: pygame.Rect) -> int:
    return min(style.ui(CARD_W), area.width - 2 * MARGIN)


def fits(words: CardText, width: int) -> bool:
    """Whether the card shows all of its text at `width` (nothing cut or left over)."""
    inner = width - 36
    title = style.wrap(words.title, style.ui(TITLE), "black", inner, max_lines=MAX_TITLE_LINES + 1)
    body = style.wrap(words.body, style.ui(BODY), "regular", inner, max_lines=MAX_BODY_LINES + 1)
    nudge = style.wrap(words.nudge, style.ui(BODY), "bold", inner, max_lines=5) if words.nudge else []
    wide = [line for line in title if style.font(style.ui(TITLE), "black").size(line)[0] > inner]
    wide += [line for line in body if style.font(style.ui(BODY), "regular").size(line)[0] > inner]
    wide += [line for line in nudge if style.font(style.ui(BODY), "bold").size(line)[0] > inner]
    return len(title) <= MAX_TITLE_LINES and len(body) <= MAX_BODY_LINES and len(nudge) <= 4 and not wide


def place(area: pygame.Rect, size: tuple[int, int], avoid: pygame.Rect | None,
          stations: list[pygame.Rect]) -> pygame.Rect:
    """Where the card goes: along the board's edge, never over `avoid` (what it talks about) when it can
    help it, then over as few stations as it can, then as far from `avoid` as it can."""
    box = pygame.Rect((0, 0), size)
    inner = area.inflate(-2 * MARGIN, -2 * MARGIN)
    spots = [("topleft", inner.topleft), ("topright", inner.topright), ("bottomleft", inner.bottomleft),
             ("bottomright", inner.bottomright), ("midleft", inner.midleft), ("midright", inner.midright),
             ("midtop", inner.midtop), ("midbottom", inner.midbottom)]
    keep_clear = avoid.inflate(30, 30) if avoid is not None else None

    def cost(spot: tuple[str, tuple[int, int]]) -> tuple[bool, int, float]:
        trial = box.copy()
        setattr(trial, spot[0], spot[1])
        hides_target = keep_clear is not None and trial.colliderect(keep_clear)
        far = math.dist(trial.center, avoid.center) if avoid is not None else 0.0
        return hides_target, len(trial.collidelistall(stations)), -far

    name, point = min(spots, key=cost)
    setattr(box, name, point)
    return box.clamp(area)


def draw_card(surface: pygame.Surface, area: pygame.Rect, words: CardText, buttons: list[tuple[str, str, bool]],
              avoid: pygame.Rect | None, hover: tuple[int, int] | None, stations: list[pygame.Rect] | None = None,
              centred: bool = False) -> list[Hotspot]:
    """Draw the card; `buttons` are (kind, label, primary). Returns their hotspots after the card's own ("card")."""
    width = card_width(area)
    inner = width - 36
    titles = [style.text(line, style.ui(TITLE), "black", style.INK)
              for line in style.wrap(words.title, style.ui(TITLE), "black", inner, max_lines=MAX_TITLE_LINES)]
    body = [style.text(line, style.ui(BODY), "regular", style.INK_SOFT)
            for line in style.wrap(words.body, style.ui(BODY), "regular", inner, max_lines=MAX_BODY_LINES)]
    nudge = [style.text(line, style.ui(BODY), "bold", style.RAIL)
             for line in style.wrap(words.nudge, style.ui(BODY), "bold", inner, max_lines=4)] if words.nudge else []
    small = style.ui(SMALL)
    progress = style.text(words.progress, small, "semibold", style.INK_SOFT) if words.progress else None
    footer = style.text(words.footer, small, "regular", style.INK_SOFT) if words.footer else None
    row = style.ui(40)
    height = 16 + (progress.get_height() + 4 if progress else 0) + sum(t.get_height() for t in titles) + 8
    height += sum(b.get_height() + 2 for b in body) + (10 + sum(n.get_height() + 2 for n in nudge) if nudge else 0)
    height += (14 + row if buttons else 0) + (8 + footer.get_height() if footer else 0) + 16
    if centred:
        box = pygame.Rect(0, 0, width, height)
        box.center = area.center
    else:
        box = place(area, (width, height), avoid, stations or [])
    pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.45), box.move(0, 4), border_radius=14)
    pygame.draw.rect(surface, style.HALO, box, border_radius=14)
    pygame.draw.rect(surface, style.GOLD, box, 3, border_radius=14)
    x, y = box.x + 18, box.y + 16
    if progress:
        surface.blit(progress, (x, y))
        y += progress.get_height() + 4
    for image in titles:
        surface.blit(image, (x, y))
        y += image.get_height()
    y += 8
    for image in body:
        surface.blit(image, (x, y))
        y += image.get_height() + 2
    if nudge:
        y += 10
        for image in nudge:
            surface.blit(image, (x, y))
            y += image.get_height() + 2
    spots: list[Hotspot] = []
    if buttons:
        y += 14
        bx = x
        each = (inner - 12 * (len(buttons) - 1)) // len(buttons)
        for kind, label, primary in buttons:
            rect = pygame.Rect(bx, y, each, row)
            button(surface, rect, label, primary=primary, size=style.ui(15),
                   hovered=hover is not None and rect.collidepoint(hover))
            spots.append(Hotspot(rect, kind))
            bx += each + 12
        y += row
    if footer:
        surface.blit(footer, (x, y + 8))
    spots.insert(0, Hotspot(box, "card"))  # hit() tries the last first: the buttons, then the card
    return spots


def ring(surface: pygame.Surface, target: pygame.Rect, time: float, round_target: bool) -> None:
    """A pulsing gold ring with a dark edge around what the card asks for; round (or a slim capsule hugging
    the track) round a space, so the names beside the track stay readable."""
    pulse = 0.5 + 0.5 * math.sin(time * 5)
    if round_target:
        grow = 8 + 4 * pulse
        shape = target.inflate(grow, grow)
        radius = min(shape.width, shape.height) // 2
        pygame.draw.rect(surface, style.INK, shape.inflate(4, 4), 2, border_radius=radius + 2)
        pygame.draw.rect(surface, style.GOLD, shape, 3, border_radius=radius)
        return
    shape = target.inflate(8 + 6 * pulse, 8 + 6 * pulse)
    pygame.draw.rect(surface, style.INK, shape.inflate(6, 6), 3, border_radius=17)
    pygame.draw.rect(surface, style.GOLD, shape, 4, border_radius=14)
