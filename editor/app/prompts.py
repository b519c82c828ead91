"""The window's answer to `AskUser`: the status line, the name entry on the map and the modal dialogs."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from editor.app.dialogs import Dialogs
from editor.app.name_prompt import NamePrompt
from editor.document.asking import ImportChoice, ImportCity
from editor.document.tmx import Point

STATUS_SECONDS = 5


class Prompts:
    """What tools, panel, files and actions ask of the user, routed to the window's widgets."""

    def __init__(self, dialogs: Dialogs, names: NamePrompt) -> None:
        self.dialogs = dialogs
        self.names = names
        self.message = ""
        self.message_until = 0.0
        self.posted = 0  # messages so far: the window tells a message that came with an edit from an older one

    def status(self, message: str) -> None:
        """Show `message`, replacing the one shown, for STATUS_SECONDS or until the board changes after it."""
        self.message = message
        self.message_until = time.monotonic() + STATUS_SECONDS
        self.posted += 1

    def board_changed(self, posted_before: int) -> None:
        """The board changed. A message posted before that ("Opened …", "Saved …", a hint) speaks of a board
        that is gone, so it goes and the tool's hint shows; one posted with the edit says what it did and stays."""
        if self.posted == posted_before:
            self.message = ""

    def current_status(self) -> str:
        """The last message while it is fresh, else ""."""
        return self.message if time.monotonic() < self.message_until else ""

    def ask_name(self, pos: Point, default: str, then: Callable[[str], None]) -> None:
        self.names.ask(pos, default, then)

    def confirm(self, title: str, message: str, button: str, then: Callable[[], None]) -> None:
        self.dialogs.confirm(title, message, button, then)

    def pick_file(self, title: str, start: Path, then: Callable[[Path], object], *, existing: bool,
                  suffixes: set[str] | None = None) -> None:
        self.dialogs.pick_file(title, start, then, existing=existing, suffixes=suffixes)

    def tell(self, title: str, message: str) -> None:
        self.dialogs.message(title, message)

    def show_problems(self, problems: Callable[[], list[str]], then: Callable[[], None]) -> None:
        self.dialogs.show_problems(problems, then)

    def ask_import(self, cities: dict[str, ImportCity], then: Callable[[ImportChoice], None], *,
                   chosen: ImportChoice | None = None, error: str = "", folder: Path | None = None) -> None:
        self.dialogs.ask_import(cities, then, chosen=chosen, error=error, folder=folder)
