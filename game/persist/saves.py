"""The autosave: where it lives, and how it is written and read so that no crash, kill or disk problem loses a game.

The play screen writes after every action; the menu checks the saves when it opens and Continue reads the
newest good one. Files, in the user data folder (`UNDERGROUND_DATA_DIR` overrides it, for tests):

- `autosave.json` — the last completed action; `autosave.json.bak`, `.bak2`, `.bak3` — the saves before it.
- A write goes to `autosave.json.tmp` (fsync, read back), the older saves move down one place (the current
  one is hard-linked as `.bak`, so `autosave.json` exists at every instant), the new file is renamed into
  place and the folder is fsynced. A kill at any instant leaves the last completed save readable.
- A damaged, unreadable or newer-version save is renamed to `autosave.json.bad` (`.bad2`, … — never
  replaced), the reason is logged and shown in the menu, and the next older save is used instead.
- A full or read-only disk makes `write_autosave` return a problem for the screen; it never raises, and
  the last good save is left as it was.
"""

from __future__ import annotations

import contextlib
import errno
import json
import logging
import logging.handlers
import os
import shutil
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from game import i18n
from game.board.model import BoardError
from game.files import SAVE_JSON, JsonFileError, free_name, read_json, sync_folder, write_synced

AUTOSAVE_ENV = "UNDERGROUND_DATA_DIR"  # tests point this at a temporary folder
FILE_NAME = "autosave.json"
LOG_NAME = "underground.log"
SAVE_VERSION = 3  # of the file format; raise it when a field changes meaning, and add a step to session's migrations
KEEP = 3  # earlier good saves kept beside the current one
FINISHED = {"version": SAVE_VERSION, "finished": True}  # what the current save becomes when its game ends
LOG_BYTES = 256 * 1024

log = logging.getLogger("underground.saves")


class NewerSave(ValueError):
    """The save was written by a newer version of the game: kept aside, never read as if it were ours."""


Check = Callable[[dict[str, Any]], object]  # what a parsed save restores; raises if it cannot be used


# ----- places -----


def data_dir() -> Path:
    override = os.environ.get(AUTOSAVE_ENV)
    return Path(override) if override else Path(user_data_dir("underground", appauthor=False))


def autosave_path() -> Path:
    return data_dir() / FILE_NAME


def backup_path(number: int = 1) -> Path:
    """The `number`-th save before the current one (1 is the one just before)."""
    suffix = ".bak" if number == 1 else f".bak{number}"
    return autosave_path().with_name(FILE_NAME + suffix)


def save_paths() -> list[Path]:
    """Every save, newest first: the order Continue tries them in."""
    return [autosave_path(), *(backup_path(n) for n in range(1, KEEP + 1))]


def log_path() -> Path:
    return data_dir() / LOG_NAME


def has_autosave() -> bool:
    """Some save is there (whether it is usable is for `read_saves` to say)."""
    return any(path.is_file() for path in save_paths()) and not _finished(autosave_path())


# ----- problems -----


@dataclass(frozen=True)
class SaveProblem:
    """Something to tell the player about the saves: a message id and its values, translated when shown."""

    key: str
    values: dict[str, str] = field(default_factory=dict)

    def text(self) -> str:
        return i18n.tr(self.key, **self.values)


def reason(error: BaseException) -> str:
    """A disk error in a few words: "disk full", "read-only", else the system's own words."""
    if isinstance(error, OSError):
        if error.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
            return i18n.tr("save.reason.full")
        if isinstance(error, PermissionError) or error.errno in (errno.EROFS, errno.EACCES, errno.EPERM):
            return i18n.tr("save.reason.read_only")
        if error.strerror:
            return error.strerror.lower()
    return str(error) or type(error).__name__


def _logger() -> logging.Logger:
    """The saves' logger, writing to the log file in the data folder and to stderr (set up on first use).

    A log file that cannot be opened (read-only or full disk) leaves stderr alone: logging never fails a save.
    """
    root = logging.getLogger("underground")
    target = str(log_path())
    handlers = [h for h in root.handlers if getattr(h, "underground", False)]
    if any(getattr(h, "target", None) == target for h in handlers):
        return log
    for handler in handlers:
        root.removeHandler(handler)
        handler.close()
    formatter = logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s")
    stream = logging.StreamHandler()
    new: list[logging.Handler] = [stream]
    try:
        log_path().parent.mkdir(parents=True, exist_ok=True)
        new.append(logging.handlers.RotatingFileHandler(target, maxBytes=LOG_BYTES, backupCount=1,
                                                        encoding="utf-8"))
    except OSError:
        pass
    for handler in new:
        handler.setFormatter(formatter)
        handler.underground = True  # type: ignore[attr-defined]
        handler.target = target  # type: ignore[attr-defined]
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    return log


# ----- reading -----


@dataclass
class Loaded:
    """What reading the saves found: the newest usable save (or None), and what was wrong with newer ones."""

    data: dict[str, Any] | None = None
    path: Path | None = None
    restored: object = None  # what `check` made of the save (the play screen's session), when it passed
    problems: list[SaveProblem] = field(default_factory=list)
    set_aside: list[Path] = field(default_factory=list)

    @property
    def message(self) -> str | None:
        """One line for the menu: what went wrong with the newest save, and what Continue will do now."""
        if not self.problems:
            return None
        outcome = "save.problem.fallback" if self.data is not None else "save.problem.none_left"
        return f"{self.problems[0].text()} {i18n.tr(outcome)}"


def read_saves(check: Check | None = None) -> Loaded:
    """The newest save that parses, is not from a newer version and passes `check`; bad ones are set aside.

    Nothing is ever deleted or overwritten here: a bad file becomes `.bad`, or stays where it is when even
    that fails (and then the writer refuses to replace it).
    """
    found = Loaded()
    for path in save_paths():
        try:
            data = read(path)
            if data.get("finished") is True:
                return found  # the game ended: the older saves beside the mark are being cleared away
            restored = check(data) if check is not None else None
        except JsonFileError as error:
            if error.missing:
                continue
            if error.unreadable:
                _reject(found, path, "save.problem.unreadable", error, reason=error.problem)
            else:
                _reject(found, path, "save.problem.corrupt", error)
            continue
        except NewerSave as error:
            _reject(found, path, "save.problem.newer", error)
            continue
        except BoardError as error:  # the save is fine but its board is gone or broken: say which
            _reject(found, path, "save.problem.board", error, reason=str(error))
            continue
        except Exception as error:  # anything a damaged file makes the loader raise: keep it, go on
            _reject(found, path, "save.problem.corrupt", error)
            continue
        found.data, found.path, found.restored = data, path, restored
        if found.problems:
            _logger().warning("continuing from the earlier save %s", path)
        return found
    return found


def read(path: Path) -> dict[str, Any]:
    """A save file's JSON object, read within a save's limits (files.SAVE_JSON: size, depth, numbers);
    JsonFileError if it cannot be had or is not one, NewerSave if its version is ahead of ours."""
    data = read_json(path, SAVE_JSON)
    if not isinstance(data, dict):
        raise JsonFileError(str(path), "a save is a JSON object")
    version = data.get("version")
    if isinstance(version, int) and not isinstance(version, bool) and version > SAVE_VERSION:
        raise NewerSave(f"save format {version} is newer than {SAVE_VERSION}")
    return data


def load_autosave(check: Check | None = None) -> dict[str, Any] | None:
    """The newest usable save (see `read_saves`), or None when there is none."""
    return read_saves(check).data


def _reject(found: Loaded, path: Path, key: str, error: BaseException, **values: str) -> None:
    target = set_aside(path)
    logger = _logger()
    if target is None:
        logger.error("save %s is unusable (%s) and could not be set aside", path, error)
        found.problems.append(SaveProblem("save.problem.not_kept", {"reason": values.get("reason", str(error))}))
        return
    logger.error("save %s is unusable (%s); kept as %s", path, error, target)
    found.set_aside.append(target)
    found.problems.append(SaveProblem(key, {**values, "file": target.name}))


def set_aside(path: Path) -> Path | None:
    """Rename a bad save to the first free `.bad` name; None if the disk refuses."""
    target = free_name(path.with_name(path.name + ".bad"))
    try:
        os.replace(path, target)
    except OSError:
        return None
    sync_folder(path.parent)
    return target


# ----- writing -----


def write_autosave(data: dict[str, Any]) -> SaveProblem | None:
    """Save atomically and keep the earlier saves; a problem comes back for the screen, never as an exception.

    Until the final rename nothing but the temporary file has changed, so a failure or a kill leaves the
    previous save as the current one. A current file that is not a readable save (written by something
    else, damaged on disk) is set aside rather than rotated into the backups or replaced.
    """
    path = autosave_path()
    tmp = path.with_name(FILE_NAME + ".tmp")
    try:
        payload = json.dumps(data, separators=(",", ":"), allow_nan=False).encode("utf-8")
        path.parent.mkdir(parents=True, exist_ok=True)
        _write_verified(tmp, payload)
        if path.exists():
            problem = _make_room(path)
            if problem is not None:
                _discard(tmp)
                return problem
        os.replace(tmp, path)
    except (OSError, ValueError, TypeError) as error:
        _discard(tmp)
        _logger().error("could not save the game to %s: %s", path, error)
        return SaveProblem("save.problem.unsaved", {"reason": reason(error)})
    sync_folder(path.parent)
    return None


def _write_verified(path: Path, payload: bytes) -> None:
    """Write and fsync, then read back: a short write or a disk that mangles it is caught before the rename."""
    write_synced(path, payload)
    if path.read_bytes() != payload:
        raise OSError(errno.EIO, "the save read back differently")


def _make_room(path: Path) -> SaveProblem | None:
    """Move the current save down into the backups (the oldest drops off), or set it aside if it is bad."""
    try:
        current = read(path)
    except (OSError, ValueError) as error:
        if set_aside(path) is None:
            _logger().error("the save %s is unusable (%s) and could not be set aside; not saving over it",
                            path, error)
            return SaveProblem("save.problem.not_kept", {"reason": str(error)})
        _logger().error("the save %s was unusable (%s); set aside before saving", path, error)
        return None
    if current.get("finished") is True:  # the last game ended while its saves were being cleared: finish that
        for old in reversed(save_paths()[1:]):
            old.unlink(missing_ok=True)
        return None
    for number in range(KEEP, 1, -1):
        older = backup_path(number - 1)
        if older.exists():
            os.replace(older, backup_path(number))
    _keep_copy(path, backup_path(1))
    return None


def _keep_copy(path: Path, backup: Path) -> None:
    """`backup` becomes the current save too: a hard link (instant, atomic), or a synced copy where links fail."""
    with contextlib.suppress(FileNotFoundError):
        backup.unlink()
    try:
        os.link(path, backup)
        return
    except OSError:
        pass
    tmp = backup.with_name(backup.name + ".tmp")
    shutil.copyfile(path, tmp)
    with open(tmp, "rb+") as handle:
        os.fsync(handle.fileno())
    os.replace(tmp, backup)


def _discard(tmp: Path) -> None:
    with contextlib.suppress(OSError):
        tmp.unlink()


def remove_autosave() -> None:
    """A finished game is not continued: drop its saves (files set aside as .bad stay for the curious).

    First the current save is replaced, atomically, by a "finished" mark, so that a kill while the files
    are removed can never leave an earlier save of the game looking like the one to continue; then the
    files go, oldest first and the mark last.
    """
    path = autosave_path()
    if path.exists():
        tmp = path.with_name(FILE_NAME + ".tmp")
        try:
            _write_verified(tmp, json.dumps(FINISHED).encode("utf-8"))
            os.replace(tmp, path)
        except OSError as error:
            _discard(tmp)
            _logger().warning("could not mark the finished game's save %s: %s", path, error)
        sync_folder(path.parent)
    for old in reversed(save_paths()):
        with contextlib.suppress(OSError):
            old.unlink()


def _finished(path: Path) -> bool:
    try:
        return read(path).get("finished") is True
    except (OSError, ValueError):
        return False


