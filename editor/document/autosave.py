"""Periodic backups of unsaved work, so a crash loses at most a minute; offered back on the next open."""

from __future__ import annotations

import contextlib
import time
from pathlib import Path

from platformdirs import user_data_dir

from editor.document.tmx import Document
from game.files import write_atomically

INTERVAL_SECONDS = 60.0
SUFFIX = ".autosave"


def backup_path(doc_path: Path | None) -> Path:
    """Beside the file (`FILE.tmx.autosave`); for a never-saved board, in the user's data folder."""
    if doc_path is not None:
        return doc_path.with_name(doc_path.name + SUFFIX)
    return Path(user_data_dir("underground-editor", appauthor=False)) / f"untitled.tmx{SUFFIX}"


def recoverable(doc_path: Path | None) -> Path | None:
    """A backup newer than the file itself (or any backup of an untitled board), if there is one."""
    backup = backup_path(doc_path)
    if not backup.is_file():
        return None
    if doc_path is not None and doc_path.is_file() and doc_path.stat().st_mtime >= backup.stat().st_mtime:
        return None
    return backup


def discard(doc_path: Path | None) -> None:
    with contextlib.suppress(OSError):
        backup_path(doc_path).unlink()


class AutoSaver:
    """Writes the document's bytes to its backup path when it changed and the interval has passed."""

    def __init__(self, interval: float = INTERVAL_SECONDS) -> None:
        self.interval = interval
        self.last = time.monotonic()
        self.saved_revision: int | None = None

    def reset(self) -> None:
        self.last = time.monotonic()
        self.saved_revision = None

    def tick(self, doc: Document, now: float | None = None) -> Path | None:
        now = time.monotonic() if now is None else now
        if now - self.last < self.interval:
            return None
        self.last = now
        return self.write(doc)

    def keep(self, doc: Document) -> Path | None:
        """The backup holding the unsaved changes, written now unless it is already current; None when
        nothing is unsaved. For closing in a hurry: raises OSError when it cannot be written."""
        if not doc.dirty:
            return None
        target = backup_path(doc.path)
        if doc.revision != self.saved_revision or not target.is_file():
            write_atomically(target, doc.to_bytes())
            self.saved_revision = doc.revision
        return target

    def write(self, doc: Document) -> Path | None:
        """Back up now if there is anything unsaved; returns where, or None."""
        if not doc.dirty or doc.revision == self.saved_revision:
            return None
        target = backup_path(doc.path)
        try:
            write_atomically(target, doc.to_bytes())
        except OSError:
            return None
        self.saved_revision = doc.revision
        return target
