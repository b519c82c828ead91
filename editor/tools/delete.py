"""The delete tool: click an object to remove it (links go with their stations)."""

from __future__ import annotations

import pygame

from editor.document.tmx import Point
from editor.tools.base import Tool


class DeleteTool(Tool):
    name = "delete"

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        hit = self.pick(p)
        if hit is not None:
            self.session.delete([hit.id])
