"""The area tools: clusters, water and parks, drawn as polygons corner by corner."""

from __future__ import annotations

import pygame

from editor import text
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.session import EditingSession
from editor.document.tmx import Point
from editor.tools.base import PREVIEW, Tool


class PolygonTool(Tool):
    """Click corners; Enter or a double-click closes the polygon into a cluster, water or park area."""

    def __init__(self, session: EditingSession, view: View, user: AskUser, kind: str) -> None:
        super().__init__(session, view, user)
        self.name = kind
        self.points: list[Point] = []
        self.cursor: Point = (0, 0)

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        if double and len(self.points) >= 3:
            self.finish()
            return
        anchor = self.points[-1] if self.points else None
        q = self.session.snap(p, anchor=anchor)
        if not self.points or q != self.points[-1]:
            self.points.append(q)

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        self.cursor = p

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.points:
            self.finish()
            return True
        if event.key == pygame.K_BACKSPACE and self.points:
            self.points.pop()
            return True
        return False

    def finish(self) -> None:
        """The area itself, from three corners on; a cluster gets a numbered name."""
        points, self.points = self.points, []
        if len(points) < 3:
            return
        name = ""
        if self.name == "cluster":
            name = text.DEFAULT_CLUSTER.format(n=len(self.session.doc.of_kind("cluster")) + 1)
        self.session.add_object(self.name, points, text.LABEL_UNDO["add_area"].format(kind=self.name), name=name)

    def cancel(self) -> None:
        self.points = []

    def draw(self, surface: pygame.Surface) -> None:
        if not self.points:
            return
        view = self.view
        cursor = self.session.snap(self.cursor, anchor=self.points[-1])
        screen = [view.to_screen(q) for q in [*self.points, cursor]]
        if len(screen) >= 2:
            pygame.draw.lines(surface, PREVIEW, len(screen) >= 3, screen, 2)
        for q in screen[:-1]:
            pygame.draw.circle(surface, PREVIEW, q, 5)
