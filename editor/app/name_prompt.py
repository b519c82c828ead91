"""The entry that opens on the map where a station is being placed, for its name."""

from __future__ import annotations

from collections.abc import Callable

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UITextEntryLine

from editor.canvas.view import View
from editor.document.tmx import Point


class NamePrompt:
    """At most one entry at a time; Enter or a click elsewhere accepts it, Esc cancels, empty means the default."""

    def __init__(self, ui: UIManager, view: View) -> None:
        self.ui = ui
        self.view = view
        self.entry: UITextEntryLine | None = None
        self.callback: Callable[[str], None] | None = None
        self.default = ""

    @property
    def open(self) -> bool:
        return self.entry is not None

    def ask(self, pos: Point, default: str, then: Callable[[str], None]) -> None:
        self.finish(cancel=False)
        sx, sy = self.view.to_screen(pos)
        self.entry = UITextEntryLine(pygame.Rect(sx + 14, sy - 15, 220, 30), self.ui, placeholder_text=default)
        self.entry.focus()
        self.ui.set_focus_set(self.entry)
        self.callback = then
        self.default = default

    def finish(self, cancel: bool) -> None:
        """Close the entry; unless cancelled, hand its name (or the default) to the one who asked."""
        entry, callback = self.entry, self.callback
        if entry is None or callback is None:
            return
        self.entry, self.callback = None, None
        name = entry.get_text().strip() or self.default
        entry.kill()
        if not cancel:
            callback(name)
