"""A name's plate on the canvas, shared by both games' drawing: the box a name's `label` gives it, on screen,
with a light backing so the text reads over track, and the selection outline."""

from __future__ import annotations

import pygame

from editor.canvas.view import View
from game.geometry import Box

INK = (35, 38, 46)
SELECT = (255, 130, 0)


def name_plate(surface: pygame.Surface, view: View, box: Box, selected: bool) -> pygame.Rect:
    """Draw the backing (and outline when selected) of a name in `box` (board px); its screen rectangle."""
    rect = screen_rect(view, box)
    backing = pygame.Surface(rect.inflate(4, 0).size, pygame.SRCALPHA)
    backing.fill((255, 255, 255, 170))
    surface.blit(backing, (rect.x - 2, rect.y))
    if selected:
        pygame.draw.rect(surface, SELECT, rect.inflate(4, 2), 1, border_radius=3)
    return rect


def screen_rect(view: View, box: Box) -> pygame.Rect:
    """A name's `box` (board px) on the screen, at least a pixel each way."""
    x, y, w, h = box
    (sx, sy), (ex, ey) = view.to_screen((x, y)), view.to_screen((x + w, y + h))
    return pygame.Rect(sx, sy, max(1, ex - sx), max(1, ey - sy))
