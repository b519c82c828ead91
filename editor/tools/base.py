"""What every tool is: handlers for the canvas's mouse and key events, with the session, the camera and
the user to ask as its only ways out."""

from __future__ import annotations

import pygame

from editor import text
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.session import EditingSession
from editor.document.tmx import MapObject, Point

PREVIEW = (255, 130, 0)
PICK_PIXELS = 12


class Tool:
    """Base tool: does nothing; subclasses override the events they care about."""

    name = ""

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        self.session = session
        self.view = view
        self.user = user

    @property
    def hint(self) -> str:
        return text.TOOLS[self.name][2]

    @property
    def guiding(self) -> bool:
        """Whether the hint is guidance for a gesture under way, which the user is reading (nothing else may be
        said over it)."""
        return False

    def pick(self, p: Point, kinds: tuple[str, ...] | None = None) -> MapObject | None:
        """The object under map point `p`, within a few screen pixels whatever the zoom."""
        return self.session.pick(p, self.view.pick_radius(PICK_PIXELS), kinds)

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        """Left button pressed on the canvas at map point `p`."""

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        """Mouse moved over the canvas (buttons or not)."""

    def up(self, p: Point, event: pygame.event.Event) -> None:
        """Left button released."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key for the tool; True when it used it."""
        return False

    def cancel(self) -> None:
        """Drop anything half done (tool change, Esc, undo)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Previews on top of the map."""
