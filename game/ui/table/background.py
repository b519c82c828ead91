"""Work the window does not wait for: the computer players' looks ahead, on one worker thread.

A hard computer player looks ahead for up to four tenths of a second, the hint's normal one for a few tenths.
Worked out on the window's thread, that froze the frame (a couch player saw the map stutter on computer turns:
frames of 100 to 245 ms among 2 ms ones). So each is asked for on the worker thread, tied to the version of the
game state it was asked for, and collected by the window when it is ready; an answer for a state that has
since changed is thrown away. A hint waits for the person to ask (hints.py); a computer's move is asked for as
its turn comes and played when its pause is over and the answer is in (`TurnController`), so the bot is asked
once for each state, on the same observation as before, and a seeded game plays the same moves.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Generic, TypeVar

T = TypeVar("T")

_worker: ThreadPoolExecutor | None = None
_worker_pid = 0  # the process the worker's thread runs in


def worker() -> ThreadPoolExecutor:
    """The one thread the looks ahead run on, off the window's. A process forked from one that had it (the kill
    test's games) has the pool but not its thread: it makes its own."""
    global _worker, _worker_pid
    if _worker is None or _worker_pid != os.getpid():
        _worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="bots")
        _worker_pid = os.getpid()
    return _worker


class PendingAnswer(Generic[T]):
    """One answer worked out on the worker for a state version: asked once, taken when ready, dropped when stale."""

    def __init__(self) -> None:
        self._asked: int | None = None  # the state version the pending or last taken answer is for
        self._future: Future[T] | None = None

    @property
    def thinking(self) -> bool:
        return self._future is not None

    def ask(self, version: int, work: Callable[..., T], *args: Any) -> None:
        """Start `work(*args)` for `version`; asking again for the same version does nothing."""
        if self._asked == version:
            return
        self.forget()
        self._asked = version
        self._future = worker().submit(work, *args)

    def take(self, version: int, wait: bool = False) -> T | None:
        """The answer, once it is ready (with `wait`, waited for: no pause to hide the work behind), if it is for
        `version`; None while the worker is still at it, or when the state has changed since it was asked."""
        future = self._future
        if future is None or not (wait or future.done()):
            return None
        self._future = None
        # a bot's failure is a bug: it surfaces here, on the window's thread
        return future.result() if self._asked == version else None

    def wait(self, timeout: float | None = None) -> None:
        """Block until the answer being worked out is ready (for tests and tools; the window never waits)."""
        if self._future is not None:
            self._future.exception(timeout)

    def forget(self) -> None:
        """The game changed or the answer is no longer wanted: a late one is thrown away."""
        if self._future is not None:
            self._future.cancel()
        self._asked, self._future = None, None
