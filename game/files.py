"""Writing files so that nothing a user authored is ever half-written; reading JSON anyone may have written.

Every file the project writes (board files, Tiled sources, saved games, settings, the editor's maps)
goes through here: the bytes go to a temporary file beside the target, are flushed to disk, and the
temporary file is renamed over the target in one step; then the folder itself is synced so the rename
survives a power cut. A reader, or the next start after a crash, sees the old file or the new one.

Every JSON file the project reads (settings, saves, board files, the command line's inputs) goes through
`read_json`: bounded in size and depth per kind of file, and any problem one line naming the file.
"""

from __future__ import annotations

import contextlib
import functools
import json
import math
import os
import shutil
import stat
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, BinaryIO

from game.boundary import shorten


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
        os.chmod(temp_name, _mode_for(target))  # mkstemp's file is private; the user's file should not be
        write_synced(Path(temp_name), data)
        if backup and target.exists():
            shutil.copyfile(target, target.with_name(target.name + ".bak"))
        os.replace(temp_name, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp_name)
        raise
    sync_folder(target.parent)


def _mode_for(target: Path) -> int:
    """The permissions the written file gets: the old file's, or those of any new file the user makes."""
    try:
        return stat.S_IMODE(os.stat(target).st_mode)
    except OSError:
        return 0o666 & ~_umask()


@functools.cache
def _umask() -> int:
    """The process's umask (read once: reading it means setting it for a moment)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def free_name(path: Path) -> Path:
    """`path`, or the first of path2, path3, … that does not exist: an older .bad file is never replaced."""
    candidate, number = path, 1
    while candidate.exists():
        number += 1
        candidate = path.with_name(f"{path.name}{number}")
    return candidate


# ----- reading JSON that anyone may have written -----
#
# Settings, saves, board files and the command line's inputs are JSON a person, another program or a
# damaged disk may have written. Reading one must never read without bound, never raise anything but
# `JsonFileError`, and say what is wrong in one line that names the file.


@dataclass(frozen=True)
class JsonKind:
    """What a kind of JSON file may be: how many bytes and how deeply nested (what its writer never exceeds,
    with room to spare)."""

    what: str  # how a message names it: "settings file", "saved game", …
    max_bytes: int
    max_depth: int


MB = 1024 * 1024
SETTINGS_JSON = JsonKind("settings file", 64 * 1024, 8)
SAVE_JSON = JsonKind("saved game", 16 * MB, 48)  # a long game on a 1,000-station board is under 2 MB
BOARD_JSON = JsonKind("board file", 20 * MB, 16)  # as for board sources
INPUT_JSON = JsonKind("input file", 20 * MB, 32)  # the command line's positions and scenarios
MAX_MESSAGE = 300


class JsonFileError(ValueError):
    """A JSON file that cannot be used, in one line naming it: `str(error)` is "PATH: what is wrong"."""

    def __init__(self, name: str, problem: str, missing: bool = False, unreadable: bool = False) -> None:
        self.name = name
        self.problem = _one_line(problem)  # what is wrong, without the name
        self.missing = missing  # there is no such file (a first start, say; not damage)
        self.unreadable = unreadable or missing  # the bytes could not be had; else they were read and are bad
        super().__init__(_one_line(f"{name}: {self.problem}"))


def _one_line(message: str) -> str:
    return shorten(message, MAX_MESSAGE)  # a long path is cut in its middle, so the reason stays readable


def read_json(path: Path | str, kind: JsonKind = INPUT_JSON) -> Any:
    """The parsed content of a JSON file, read within `kind`'s limits; JsonFileError for anything else.

    Refused, each in one line naming the file: no such file, a folder or a device where a file belongs,
    unreadable, larger than `kind.max_bytes` (found before reading; never read whole), not UTF-8, not
    JSON, nested deeper than `kind.max_depth`, or a number JSON cannot mean (NaN, Infinity, a float beyond
    1.8e308, an integer of more than 4,300 digits).
    """
    name = str(path)
    flags = os.O_RDONLY | getattr(os, "O_BINARY", 0) | getattr(os, "O_NONBLOCK", 0)  # a FIFO must not block
    try:
        handle = os.open(path, flags)
    except (FileNotFoundError, NotADirectoryError):  # a file in the path where a folder should be: none here
        raise JsonFileError(name, "no such file", missing=True) from None
    except IsADirectoryError:
        raise JsonFileError(name, "is a folder, not a file", unreadable=True) from None
    except OSError as error:
        if os.path.isdir(path):  # Windows refuses to open a folder with "permission denied"
            raise JsonFileError(name, "is a folder, not a file", unreadable=True) from None
        raise JsonFileError(name, f"cannot read: {error.strerror or error}", unreadable=True) from None
    try:
        status = os.fstat(handle)
        if stat.S_ISDIR(status.st_mode):
            raise JsonFileError(name, "is a folder, not a file", unreadable=True)
        if not stat.S_ISREG(status.st_mode):
            raise JsonFileError(name, "is not a regular file", unreadable=True)
        if status.st_size > kind.max_bytes:
            raise JsonFileError(name, _too_big(status.st_size, kind))
        with os.fdopen(handle, "rb", closefd=False) as stream:
            raw = stream.read(kind.max_bytes + 1)  # a file growing while read is bounded too
    except OSError as error:
        raise JsonFileError(name, f"cannot read: {error.strerror or error}", unreadable=True) from None
    finally:
        os.close(handle)
    return parse_json(raw, name, kind)


def read_json_stream(stream: BinaryIO, name: str = "-", kind: JsonKind = INPUT_JSON) -> Any:
    """The same for a byte stream (standard input): at most `kind.max_bytes` are read."""
    try:
        raw = stream.read(kind.max_bytes + 1)
    except OSError as error:
        raise JsonFileError(name, f"cannot read: {error.strerror or error}", unreadable=True) from None
    return parse_json(raw, name, kind)


def parse_json(raw: bytes, name: str, kind: JsonKind = INPUT_JSON) -> Any:
    """Bytes already in memory, held to `kind`'s limits; `name` is what a message calls them."""
    if len(raw) > kind.max_bytes:
        raise JsonFileError(name, _too_big(len(raw), kind))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise JsonFileError(name, f"not UTF-8 text (byte 0x{raw[error.start]:02x} at offset {error.start:,})"
                            ) from None
    try:
        data = json.loads(text, parse_float=_finite_float, parse_constant=_no_constant)
    except json.JSONDecodeError as error:
        raise JsonFileError(name, f"not JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise JsonFileError(name, f"nested more than {kind.max_depth} levels deep") from None
    except ValueError as error:  # from the number hooks below, or Python's limit on integer digits
        message = str(error)
        if "digits" in message and "integer" in message:
            message = f"a number of more than {sys.get_int_max_str_digits() or 4300:,} digits"
        raise JsonFileError(name, message) from None
    if _depth_over(data, kind.max_depth):
        raise JsonFileError(name, f"nested more than {kind.max_depth} levels deep")
    return data


def _too_big(size: int, kind: JsonKind) -> str:
    return f"{size:,} bytes; a {kind.what} is limited to {kind.max_bytes:,}"


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"the number {text[:40]} is too large")
    return value


def _no_constant(name: str) -> float:
    raise ValueError(f"{name} is not a number JSON allows")


def _depth_over(data: Any, limit: int) -> bool:
    """Whether lists and objects nest more than `limit` deep (without recursion: the walk itself is safe)."""
    stack: list[tuple[Any, int]] = [(data, 1)] if isinstance(data, dict | list) else []
    while stack:
        value, depth = stack.pop()
        if depth > limit:
            return True
        children = value.values() if isinstance(value, dict) else value
        stack.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False
