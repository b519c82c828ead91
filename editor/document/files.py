"""The document's life on disk: new, open, save, save as, recovering a backup, and the guard that asks
before unsaved changes are dropped.

The window decides what showing another document means (`show`: reset the tools, the panel, the view);
anything typed in the panel but not yet confirmed is applied first (`commit_typing`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from editor import text
from editor.document import autosave
from editor.document.asking import AskUser
from editor.document.bus import new_bus_document
from editor.document.session import EditingSession
from editor.document.tmx import Document, DocumentError


@dataclass(frozen=True)
class Agreed:
    """The board as it was when the designer agreed to drop it (or had nothing unsaved): a command that asks
    once and acts later (Import: the form, a failed import, the form again) does not ask again while the
    board is still that one, at that revision."""

    doc: Document
    revision: int


class DocumentFiles:
    """File commands for the session's document; problems are told to the user, never raised."""

    def __init__(self, session: EditingSession, user: AskUser, show: Callable[[Document], None],
                 commit_typing: Callable[[], None]) -> None:
        self.session = session
        self.user = user
        self.show = show
        self.commit_typing = commit_typing

    @property
    def doc(self) -> Document:
        return self.session.doc

    def new(self) -> None:
        self.show(Document.new(text.NEW_BOARD_NAME))
        self.user.status(text.STATUS_NEW)

    def new_bus(self) -> None:
        self.show(new_bus_document(text.NEW_BUS_BOARD_NAME))
        self.user.status(text.STATUS_NEW_BUS)

    def open_path(self, path: Path) -> bool:
        """Open a board, then offer its backup when one is newer than the file."""
        try:
            doc = Document.load(path)
        except DocumentError as error:
            self.user.status(text.STATUS_ERROR.format(error=error))
            self.user.tell(text.ERROR_TITLE, str(error))
            return False
        self.show(doc)
        self.user.status(text.STATUS_OPENED.format(path=path))
        self.offer_recovery(path)
        return True

    def start(self, path: Path | None) -> None:
        """The window's first board: the file at `path`, or a new board (to be saved as `path`, when given);
        a backup left by an editor that could not save is offered either way."""
        if path is not None and path.exists():
            self.open_path(path)
            return
        self.doc.path = path
        if path is not None:  # a mistyped name opened a blank board and said nothing
            self.user.status(text.STATUS_NEW_AT.format(path=path))
        self.offer_recovery(path)

    def offer_recovery(self, path: Path | None) -> None:
        """Ask whether to recover the backup of the board at `path` (None: untitled), when there is one."""
        backup = autosave.recoverable(path)
        if backup is not None:
            self.user.confirm(text.RECOVER_TITLE, text.RECOVER_TEXT.format(path=backup.name), text.RECOVER_BUTTON,
                              lambda: self.recover(backup, path))

    def recover(self, backup: Path, path: Path | None) -> None:
        """Edit the backup's content as the unsaved state of the file at `path`."""
        try:
            doc = Document.load(backup)
        except DocumentError as error:
            self.user.status(text.STATUS_ERROR.format(error=error))
            return
        doc.path = path
        doc.touch()
        self.show(doc)
        self.user.status(text.STATUS_RECOVERED.format(path=backup))

    def save(self) -> bool:
        """Save to the document's file; a never-saved board asks for a name first (and returns False)."""
        if self.doc.path is None:
            self.save_as_dialog()
            return False
        return self.save_to(self.doc.path)

    def save_to(self, path: Path) -> bool:
        """Save under `path` (".tmx" added when missing); the backups of the old and new names go."""
        self.commit_typing()
        if path.suffix.lower() != ".tmx":
            path = path.with_name(path.name + ".tmx")
        old = self.doc.path
        try:
            self.doc.save(path)
        except (OSError, DocumentError) as error:
            self.user.status(text.STATUS_ERROR.format(error=error))
            return False
        autosave.discard(old)
        autosave.discard(path)
        self.user.status(text.STATUS_SAVED.format(path=path))
        return True

    def save_as_dialog(self) -> None:
        start = self.doc.path or (Path.cwd() / text.UNTITLED)
        self.user.pick_file(text.SAVE_TITLE, start, self.save_to, existing=False)

    def open_dialog(self) -> None:
        self.guard(lambda: self.user.pick_file(text.OPEN_TITLE, self.doc.base_dir, self.open_path, existing=True,
                                               suffixes={".tmx"}))

    def guard(self, action: Callable[[], None], agreed: Agreed | None = None) -> None:
        """Run `action` now, or after the user agrees to drop unsaved changes; not asked again when the board
        is still as it was when they `agreed` (nothing edited since)."""
        self.commit_typing()
        if not self.doc.dirty or agreed == self.agreed():
            action()
            return
        self.user.confirm(text.CONFIRM_TITLE, text.CONFIRM_DISCARD, text.CONFIRM_DISCARD_BUTTON, action)

    def agreed(self) -> Agreed:
        """The board as it is now, once the designer has agreed to drop it (see `guard`)."""
        self.commit_typing()
        return Agreed(self.doc, self.doc.revision)

    def close(self) -> None:
        """Leaving the board: a backup of a board with nothing unsaved is no longer needed."""
        if not self.doc.dirty:
            autosave.discard(self.doc.path)
