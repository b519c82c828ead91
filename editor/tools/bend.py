"""The bend tool: insert, drag and remove the bend points of a link's drawn path."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from functools import partial

import pygame

from editor import text
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.commands import ChangeObjects
from editor.document.session import EditingSession
from editor.document.tmx import LINE_KINDS, MapObject, Point
from editor.tools.base import Tool
from game.geometry import nearest_segment, project_on_segment

BEND_PIXELS = 9


class BendTool(Tool):
    """A press on a bend grabs it, a press on a link makes a new bend there; a double-click removes one."""

    name = "bend"

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        super().__init__(session, view, user)
        self.link_id: int | None = None
        self.index = 0
        self.before: dict[int, ET.Element] = {}
        self.points: list[Point] = []

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        session, doc = self.session, self.session.doc
        radius = self.view.pick_radius(BEND_PIXELS)
        for link in doc.of_kind(*LINE_KINDS):
            for i, q in enumerate(link.points[1:-1], start=1):
                if math.dist(p, q) <= radius:
                    if double:
                        points = link.points[:i] + link.points[i + 1:]
                        session.record(ChangeObjects.run(doc, [link.id], partial(doc.set_points, link.id, points),
                                                         text.LABEL_UNDO["unbend"]))
                        return
                    self._start(link, i, list(link.points))
                    return
        hit = self.pick(p, kinds=LINE_KINDS)
        if hit is None or len(hit.points) < 2:
            return
        i, _ = nearest_segment(p, hit.points)
        q, _ = project_on_segment(p, hit.points[i], hit.points[i + 1])
        points = [*hit.points[: i + 1], session.snap(q), *hit.points[i + 1:]]
        self._start(hit, i + 1, points)
        doc.set_points(hit.id, points)

    def _start(self, link: MapObject, index: int, points: list[Point]) -> None:
        self.session.select({link.id})
        self.link_id, self.index, self.points = link.id, index, points
        self.before = ChangeObjects.capture(self.session.doc, [link.id])

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        if self.link_id is None:
            return
        self.points[self.index] = self.session.snap(p, anchor=self.points[self.index - 1])
        self.session.doc.set_points(self.link_id, self.points)

    def up(self, p: Point, event: pygame.event.Event) -> None:
        if self.link_id is None:
            return
        after = ChangeObjects.capture(self.session.doc, [self.link_id])
        self.session.record(ChangeObjects(self.before, after, text.LABEL_UNDO["bend"]))
        self.link_id = None

    def cancel(self) -> None:
        if self.link_id is not None:
            ChangeObjects(self.before, {}).undo(self.session.doc)
            self.link_id = None
