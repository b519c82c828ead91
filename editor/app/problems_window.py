"""The "board has errors" window that Play opens: it lists the errors as they are now, not as they were.

The designer fixes the board with the window open (it does not block the canvas or the keys), so the
window reads the current errors every frame; once there are none it says so and its Play button starts
the game.
"""

from __future__ import annotations

import html
from collections.abc import Callable

import pygame
import pygame_gui
from pygame_gui import UIManager
from pygame_gui.elements import UIButton, UITextBox, UIWindow

from editor import text
from editor.app.problems_panel import ERROR_COLOUR, WARNING_COLOUR

LISTED = 12
BUTTON_W, BUTTON_H, GAP = 110, 32, 10


class ProblemsWindow:
    """Shows `problems()` (lines of text, empty when the board is fine); Play runs `then` and closes."""

    def __init__(self, ui: UIManager, rect: pygame.Rect, problems: Callable[[], list[str]],
                 then: Callable[[], None]) -> None:
        self.problems = problems
        self.then = then
        self.window = UIWindow(rect, ui, window_display_title=text.PLAY_ERRORS_TITLE, resizable=False)
        width, height = self.window.get_container().get_size()
        buttons_top = height - BUTTON_H - GAP
        self.box = UITextBox("", pygame.Rect(0, 0, width, buttons_top - GAP // 2), ui, container=self.window)
        self.close_button = UIButton(pygame.Rect(width - 2 * (BUTTON_W + GAP), buttons_top, BUTTON_W, BUTTON_H),
                                     text.CLOSE_BUTTON, ui, container=self.window)
        self.play_button = UIButton(pygame.Rect(width - BUTTON_W - GAP, buttons_top, BUTTON_W, BUTTON_H),
                                    text.BUTTONS["play"], ui, container=self.window,
                                    tool_tip_text=text.TOOLTIPS["play"])
        self.shown: list[str] | None = None
        self.update()

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def update(self) -> None:
        """Show the current problems when they differ from what is shown."""
        current = self.problems()
        if current == self.shown:
            return
        self.shown = current
        if current:
            listing = "<br>".join(_line(line) for line in current[:LISTED])
            if len(current) > LISTED:
                more = len(current) - LISTED
                listing += "<br>" + html.escape(text.plural("PLAY_ERRORS_MORE", more, count=more))
            self.window.set_display_title(text.PLAY_ERRORS_TITLE)
            self.box.set_text(text.PLAY_ERRORS.format(problems=listing))
            self.play_button.disable()
        else:
            self.window.set_display_title(text.PLAY_READY_TITLE)
            self.box.set_text(html.escape(text.PLAY_READY))
            self.play_button.enable()

    def handle(self, event: pygame.event.Event) -> bool:
        """Its two buttons: Close, and Play once the board is free of errors."""
        if event.type != pygame_gui.UI_BUTTON_PRESSED or not self.alive:
            return False
        if event.ui_element is self.close_button:
            self.window.kill()
            return True
        if event.ui_element is self.play_button:
            self.window.kill()
            self.then()
            return True
        return False

    def kill(self) -> None:
        self.window.kill()


def _line(line: str) -> str:
    """One problem as in the problems list: its mark in the severity's colour, then the text."""
    mark, _, rest = line.partition(" ")
    colour = ERROR_COLOUR if mark == "×" else WARNING_COLOUR
    return f"<font color='{colour}'>{html.escape(mark)}</font> {html.escape(rest)}"
