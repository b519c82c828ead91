"""The link tool: drag from one station or waypoint to another to join them."""

from __future__ import annotations

import pygame

from editor import text
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.session import EditingSession
from editor.document.snapping import beck_path
from editor.document.tmx import MapObject, Point
from editor.tools.base import PREVIEW, Tool


class LinkTool(Tool):
    """Previews the link (with its 45° elbow when snapping) while dragging; adds it on release."""

    name = "link"

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        super().__init__(session, view, user)
        self.start: MapObject | None = None
        self.cursor: Point = (0, 0)

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        self.start = self.pick(p, kinds=("station", "waypoint"))
        self.cursor = p
        if self.start is None:
            hit = self.pick(p, kinds=("link",))
            self.session.select({hit.id} if hit else set())
            if hit is None:
                self.user.status(text.STATUS_NO_NODE)

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        self.cursor = p

    def up(self, p: Point, event: pygame.event.Event) -> None:
        start, self.start = self.start, None
        if start is None:
            return
        end = self.pick(p, kinds=("station", "waypoint"))
        if end is None:
            return
        if end.id == start.id:
            self.user.status(text.STATUS_LINK_SAME)
            return
        if not self.session.link(start, end):
            self.user.status(text.STATUS_LINK_EXISTS)

    def cancel(self) -> None:
        self.start = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.start is None:
            return
        view = self.view
        end = self.pick(self.cursor, kinds=("station", "waypoint"))
        target = end.pos if end else self.cursor
        path = beck_path(self.start.pos, target) if self.session.snapping and end else [self.start.pos, target]
        pygame.draw.lines(surface, PREVIEW, False, [view.to_screen(q) for q in path], max(2, round(6 * view.zoom)))
