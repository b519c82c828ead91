"""The undo and redo stacks: every edit of the document is a command kept here, in the order it was made."""

from __future__ import annotations

from editor.document.commands import Command
from editor.document.tmx import Document


class History:
    """The undo and redo stacks of one document."""

    def __init__(self, doc: Document, limit: int = 500) -> None:
        self.doc = doc
        self.done: list[Command] = []
        self.undone: list[Command] = []
        self.limit = limit

    def execute(self, command: Command) -> Command:
        command.do(self.doc)
        return self.record(command)

    def record(self, command: Command) -> Command:
        """Keep a command whose change is already applied (a finished drag, a `run` change)."""
        self.done.append(command)
        del self.done[: -self.limit]
        self.undone.clear()
        return command

    def undo(self) -> Command | None:
        if not self.done:
            return None
        command = self.done.pop()
        command.undo(self.doc)
        self.undone.append(command)
        return command

    def redo(self) -> Command | None:
        if not self.undone:
            return None
        command = self.undone.pop()
        command.do(self.doc)
        self.done.append(command)
        return command
