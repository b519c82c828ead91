"""The split tool: click a link where it crosses water to make the crossing in one step.

The link becomes two links joined by a new water-symbol waypoint at the clicked point (see
`EditingSession.split_link`); while the mouse is over a link the tool shows where the symbol would go.
"""

from __future__ import annotations

import math

import pygame

from editor import text
from editor.canvas.render import WAYPOINT
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.session import EditingSession
from editor.document.splitting import split_point
from editor.document.tmx import Point
from editor.tools.base import PREVIEW, Tool

MARK_PIXELS = 12


class SplitTool(Tool):
    """A click on a link splits it there; anywhere else it says what to click."""

    name = "split"

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        super().__init__(session, view, user)
        self.cursor: Point | None = None

    def _target(self, p: Point) -> tuple[int, Point] | None:
        """The link under `p` and the point where it would split, if it can split there."""
        hit = self.pick(p, kinds=("link",))
        if hit is None:
            return None
        found = split_point(hit.points, p, lambda q, anchor: self.session.snap(q, anchor=anchor))
        return (hit.id, found[1]) if found is not None else None

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        hit = self.pick(p, kinds=("link",))
        if hit is None:
            self.user.status(text.STATUS_SPLIT_NO_LINK)
            return
        if self.session.split_link(hit.id, p) is None:
            self.user.status(text.STATUS_SPLIT_AT_END)
            return
        self.user.status(text.STATUS_SPLIT)

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        self.cursor = p

    def cancel(self) -> None:
        self.cursor = None

    def draw(self, surface: pygame.Surface) -> None:
        """Where the water symbol would go, drawn as it will look, ringed, on the link under the mouse."""
        target = self._target(self.cursor) if self.cursor is not None else None
        if target is None:
            return
        x, y = self.view.to_screen(target[1])
        r = max(7, round(MARK_PIXELS * self.view.zoom))
        pygame.draw.circle(surface, PREVIEW, (x, y), r + 4, 3)
        pygame.draw.circle(surface, WAYPOINT, (x, y), round(r * 0.8))
        wave = [(x - r * 0.5 + i * r / 6, y + math.sin(i * 1.6) * r * 0.18) for i in range(7)]
        pygame.draw.lines(surface, (255, 255, 255), False, wave, 2)
