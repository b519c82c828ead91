"""The autosave: where it lives, and writing it so that a crash never leaves a broken or missing save.

The play screen writes after every action; the menu's Continue reads it back.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

AUTOSAVE_ENV = "UNDERGROUND_DATA_DIR"  # tests point this at a temporary folder


def data_dir() -> Path:
    override = os.environ.get(AUTOSAVE_ENV)
    return Path(override) if override else Path(user_data_dir("underground", appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def backup_path() -> Path:
    return autosave_path().with_suffix(".json.bak")


def has_autosave() -> bool:
    return autosave_path().is_file()


def load_autosave() -> dict[str, Any] | None:
    """The saved game as written by `write_autosave`, or None when there is none or it is unreadable."""
    for path in (autosave_path(), backup_path()):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict):
            return data
    return None


def write_autosave(data: dict[str, Any]) -> None:
    """Write atomically: temp file, fsync, keep the old save as .bak, then rename into place.

    A crash at any point leaves either the old save or the new one readable, never half a file.
    """
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    payload = json.dumps(data, separators=(",", ":")).encode("utf-8")
    with open(tmp, "wb") as handle:
        handle.write(payload)
        handle.flush()
        os.fsync(handle.fileno())
    if path.exists():
        with contextlib.suppress(OSError):
            os.replace(path, backup_path())
    os.replace(tmp, path)
    _sync_dir(path.parent)


def remove_autosave() -> None:
    """A finished game is not continued: drop the save and its backup."""
    for path in (autosave_path(), backup_path()):
        with contextlib.suppress(OSError):
            path.unlink()


def _sync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where directories cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
