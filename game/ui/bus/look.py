"""How the bus tour looks: card and route colours, each with a shape so no one needs to tell colours
apart (colour-blind players, a dim projector), the players' bus colours, and a transport card drawn."""

from __future__ import annotations

import math

import pygame

from game.ui import style

CARD_COLOURS: dict[str, style.Colour] = {
    "orange": (236, 128, 30), "yellow": (242, 200, 40), "pink": (232, 110, 170), "green": (60, 160, 80),
    "blue": (48, 110, 200), "black": (44, 44, 50), "grey": (150, 150, 156), "wild": (250, 248, 242),
}
# The shape printed on every card and every route space of a colour: the six differ in outline, not hue.
SHAPES = {"orange": "triangle", "yellow": "circle", "pink": "diamond", "green": "square", "blue": "cross",
          "black": "bars", "grey": "", "wild": "star"}
PLAYER_COLOURS: tuple[style.Colour, ...] = ((200, 30, 45), (245, 245, 240), (120, 70, 170), (20, 150, 150))
WILD_BANDS = ((236, 128, 30), (242, 200, 40), (232, 110, 170), (60, 160, 80), (48, 110, 200), (44, 44, 50))


def ink_on(colour: style.Colour) -> style.Colour:
    """Dark or light marks, whichever reads on this colour."""
    return style.INK if sum(colour) > 420 else style.HALO


def shape(surface: pygame.Surface, kind: str, centre: tuple[float, float], half: float,
          colour: style.Colour) -> None:
    """A colour's shape (see SHAPES), `half` its half size."""
    x, y = centre
    width = max(1, round(half * 0.35))
    if kind == "triangle":
        pygame.draw.polygon(surface, colour, [(x, y - half), (x + half, y + half * 0.8), (x - half, y + half * 0.8)])
    elif kind == "circle":
        pygame.draw.circle(surface, colour, (round(x), round(y)), max(1, round(half)))
    elif kind == "diamond":
        pygame.draw.polygon(surface, colour, [(x, y - half), (x + half, y), (x, y + half), (x - half, y)])
    elif kind == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - half * 0.8), round(y - half * 0.8),
                                                      round(half * 1.6), round(half * 1.6)))
    elif kind == "cross":
        pygame.draw.line(surface, colour, (x - half, y - half), (x + half, y + half), width + 1)
        pygame.draw.line(surface, colour, (x - half, y + half), (x + half, y - half), width + 1)
    elif kind == "bars":
        for dy in (-0.6, 0.0, 0.6):
            pygame.draw.line(surface, colour, (x - half, y + dy * half), (x + half, y + dy * half), width)
    elif kind == "star":
        points = [(x + half * (1 if k % 2 == 0 else 0.45) * math.sin(k * math.pi / 5),
                   y - half * (1 if k % 2 == 0 else 0.45) * math.cos(k * math.pi / 5)) for k in range(10)]
        pygame.draw.polygon(surface, colour, points)


def card(surface: pygame.Surface, rect: pygame.Rect, colour: str, *, lit: bool = False, dim: bool = False) -> None:
    """A transport card: its colour (a wild one striped in all six), its shape, a dark rim."""
    radius = max(3, rect.width // 8)
    if colour == "wild":
        band = rect.height / len(WILD_BANDS)
        clip = surface.get_clip()
        surface.set_clip(rect)
        for k, tint in enumerate(WILD_BANDS):
            pygame.draw.rect(surface, tint, pygame.Rect(rect.x, round(rect.y + k * band), rect.width, math.ceil(band)))
        surface.set_clip(clip)
        pygame.draw.circle(surface, style.HALO, rect.center, round(min(rect.size) * 0.28))
        shape(surface, "star", rect.center, min(rect.size) * 0.22, style.INK)
    else:
        fill = CARD_COLOURS[colour]
        pygame.draw.rect(surface, fill, rect, border_radius=radius)
        shape(surface, SHAPES[colour], rect.center, min(rect.size) * 0.2, ink_on(fill))
    pygame.draw.rect(surface, style.GOLD if lit else style.INK, rect, width=3 if lit else 2, border_radius=radius)
    if dim:
        veil = pygame.Surface(rect.size, pygame.SRCALPHA)
        veil.fill((*style.PAPER, 150))
        surface.blit(veil, rect.topleft)
