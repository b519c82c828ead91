"""The mouse over the canvas: wheel zoom, middle/right-button pan, and left-button events for the tool,
with double-clicks told apart."""

from __future__ import annotations

import math

import pygame

from editor.app.name_prompt import NamePrompt
from editor.canvas.view import View
from editor.document.tmx import Point
from editor.tools.base import Tool

DOUBLE_CLICK_MS = 400
DOUBLE_CLICK_PIXELS = 5
WHEEL_ZOOM = 1.15


class CanvasMouse:
    """Remembers the pan drag, the last click (for double-clicks) and the map point under the cursor."""

    def __init__(self, view: View, names: NamePrompt) -> None:
        self.view = view
        self.names = names
        self.pan_from: tuple[int, int] | None = None
        self.last_click = (0, (0, 0))
        self.cursor: Point = (0.0, 0.0)

    def handle(self, event: pygame.event.Event, tool: Tool) -> None:
        view = self.view
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if view.contains(pos):
                view.zoom_at(pos, WHEEL_ZOOM ** event.y)
            return
        pos = event.pos
        if event.type == pygame.MOUSEMOTION:
            if self.pan_from is not None:
                view.pan(pos[0] - self.pan_from[0], pos[1] - self.pan_from[1])
                self.pan_from = pos
                return
            self.cursor = view.to_map(pos)
            tool.motion(self.cursor, event)
            return
        if event.type == pygame.MOUSEBUTTONDOWN:
            if not view.contains(pos):
                return
            if event.button in (2, 3):
                self.pan_from = pos
                return
            if event.button == 1:
                if self.names.open:
                    self.names.finish(cancel=False)
                now = pygame.time.get_ticks()
                last_time, last_pos = self.last_click
                double = now - last_time <= DOUBLE_CLICK_MS and math.dist(pos, last_pos) <= DOUBLE_CLICK_PIXELS
                self.last_click = (0 if double else now, pos)
                self.cursor = view.to_map(pos)
                tool.down(self.cursor, event, double)
            return
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (2, 3):
                self.pan_from = None
            elif event.button == 1:
                tool.up(view.to_map(pos), event)
