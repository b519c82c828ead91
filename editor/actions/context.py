"""What an action may use of the editor: the window implements this protocol, actions never import it."""

from __future__ import annotations

import subprocess
from typing import Any, Protocol

from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.files import DocumentFiles
from editor.document.problems import ProblemWatcher
from editor.document.session import EditingSession
from editor.document.work import BackgroundWork


class PanelState(Protocol):
    """The side panel, as far as actions care: text typed but not confirmed, and edits it already shows."""

    def commit_pending(self) -> None:
        """Apply what was typed into an entry but never confirmed with Enter."""

    def mark_current(self) -> None:
        """The last edit needs no rebuild of the panel."""


class Editor(Protocol):
    """The editor as actions see it: its parts (read-only), and the two flags actions set."""

    help_visible: bool
    game_process: subprocess.Popen[bytes] | None

    @property
    def session(self) -> EditingSession: ...

    @property
    def files(self) -> DocumentFiles: ...

    @property
    def user(self) -> AskUser: ...

    @property
    def view(self) -> View: ...

    @property
    def watcher(self) -> ProblemWatcher: ...

    @property
    def panel(self) -> PanelState: ...

    def set_tool(self, name: str) -> None:
        """Switch the canvas tool (a name of `editor.text.TOOLS`)."""

    def cancel_tool(self) -> None:
        """Drop what the current tool has half done."""

    @property
    def working(self) -> bool:
        """Background work (a layout, placing names) is running: one at a time."""

    def start_work(self, work: BackgroundWork[Any]) -> None:
        """Run the work in the background, its progress on screen until it ends or is cancelled."""

    def quit(self) -> None:
        """Close the window, after asking when there are unsaved changes."""
