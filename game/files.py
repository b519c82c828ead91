"""Writing files so that nothing a user authored is ever half-written.

Every file the project writes (board files, Tiled sources, saved games, settings, the editor's maps)
goes through here: the bytes go to a temporary file beside the target, are flushed to disk, and the
temporary file is renamed over the target in one step; then the folder itself is synced so the rename
survives a power cut. A reader, or the next start after a crash, sees the old file or the new one.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from pathlib import Path


def sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable (POSIX); harmless where folders cannot be opened."""
    try:
        handle = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def write_synced(path: Path, data: bytes) -> None:
    """Write `data` to `path` and flush it to the disk (no rename: for callers that rename themselves)."""
    with open(path, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())


def write_atomically(target: Path, data: bytes, backup: bool = False) -> None:
    """Replace `target` with `data` in one step; with `backup`, keep the previous version as `.bak`.

    Raises OSError when the disk refuses; the old file is then untouched and no temporary file is left.
    """
    target = Path(target)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temp_name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(handle)
    try:
        write_synced(Path(temp_name), data)
        if backup and target.exists():
            shutil.copyfile(target, target.with_name(target.name + ".bak"))
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    sync_folder(target.parent)


def free_name(path: Path) -> Path:
    """`path`, or the first of path2, path3, … that does not exist: an older .bad file is never replaced."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}{number}")
    return candidate
