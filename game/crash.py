"""Unexpected errors in a window's frame: written down for whoever fixes them, survived by whoever plays.

The game's and the editor's loops catch an exception that escapes a frame (`App.guarded_step`,
`EditorApp.guarded_step`); the traceback goes to a log file in the user's log folder (platformdirs'
`user_log_dir`, `UNDERGROUND_LOG_DIR` overrides it for tests), rotated and bounded, and the window carries
on: the game back at the menu with the game saved, the show started again, the editor with its document
backed up. A `CrashGuard` tells a first crash from a loop of them: a second one within `REPEAT_SECONDS`
means recovering does not help, and the window closes cleanly with the log's path printed.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

from platformdirs import user_log_dir

LOG_ENV = "UNDERGROUND_LOG_DIR"
LOG_BYTES = 512 * 1024  # one log file; with its backups, a crash log never takes more than 2 MB
LOG_BACKUPS = 3
REPEAT_SECONDS = 10.0  # a second crash sooner than this after the first: give up, cleanly

_handlers: dict[str, logging.Handler] = {}


def log_dir() -> Path:
    override = os.environ.get(LOG_ENV)
    return Path(override) if override else Path(user_log_dir("underground", appauthor=False))


def log_path(program: str = "game") -> Path:
    """The crash log of `program` ("game" or "editor")."""
    return log_dir() / f"{program}-crash.log"


def record(error: BaseException, program: str = "game", context: str = "") -> Path | None:
    """Append the traceback of `error` to the program's crash log; its path, or None if the disk refused
    (then the traceback goes to stderr: an error report is never lost for want of a log file)."""
    path = log_path(program)
    logger = logging.getLogger(f"underground.crash.{program}")
    logger.propagate = False
    logger.setLevel(logging.ERROR)
    handler = _handlers.get(str(path))
    if handler is None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handler = logging.handlers.RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS,
                                                           encoding="utf-8")
        except OSError:
            handler = None
        if handler is not None:
            handler.setFormatter(logging.Formatter("%(asctime)s %(message)s"))
            for old in logger.handlers:
                logger.removeHandler(old)
            logger.addHandler(handler)
            _handlers[str(path)] = handler
    message = f"unexpected error{f' ({context})' if context else ''}: {type(error).__name__}: {error}"
    if handler is None:
        import traceback

        print(message, file=sys.stderr)
        traceback.print_exception(error, file=sys.stderr)
        return None
    logger.error(message, exc_info=(type(error), error, error.__traceback__))
    handler.flush()
    return path


class CrashGuard:
    """Decides, crash by crash, whether to recover (the first, or one long after the last) or to stop."""

    def __init__(self, program: str = "game", clock: Callable[[], float] = time.monotonic) -> None:
        self.program = program
        self.clock = clock
        self.last: float | None = None
        self.crashes = 0
        self.path: Path | None = None  # where the last traceback went

    def crashed(self, error: BaseException, context: str = "") -> bool:
        """Log `error`; True when the window should recover, False when it should close (a repeat)."""
        self.crashes += 1
        self.path = record(error, self.program, context)
        now = self.clock()
        repeat = self.last is not None and now - self.last < REPEAT_SECONDS
        self.last = now
        return not repeat

    def farewell(self) -> str:
        """The line printed when the window closes after repeated errors (English: it goes to a terminal)."""
        where = f"details are in {self.path}" if self.path is not None else "the details were printed above"
        return f"underground: stopped after repeated unexpected errors; {where}"
