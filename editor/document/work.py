"""Long work (a layout, placing names) off the window's thread, so the window keeps drawing and listening.

The work gets a `progress(fraction)` callback; once the person cancels, the next call raises `Cancelled`,
which ends the work early without a result. The window polls `done` each frame and, on its own thread,
hands the result to `finish`: only then does anything change in the document.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Generic, TypeVar

Result = TypeVar("Result")
Progress = Callable[[float], None]


class Cancelled(Exception):
    """Raised inside the work by its progress callback once the person has cancelled."""


class BackgroundWork(Generic[Result]):
    """One piece of work on a daemon thread: `fraction` done so far, then `result` or `error`."""

    def __init__(self, title: str, compute: Callable[[Progress], Result],
                 finish: Callable[[Result], None], failed: Callable[[Exception], None]) -> None:
        self.title = title
        self.compute = compute
        self.finish = finish
        self.failed = failed
        self.fraction = 0.0
        self.result: Result | None = None
        self.error: Exception | None = None
        self.cancelled = False
        self._finished = threading.Event()
        self.thread = threading.Thread(target=self._run, name=f"editor work: {title}", daemon=True)

    def start(self) -> None:
        self.thread.start()

    def _progress(self, fraction: float) -> None:
        if self.cancelled:
            raise Cancelled
        self.fraction = max(self.fraction, min(1.0, float(fraction)))

    def _run(self) -> None:
        try:
            self.result = self.compute(self._progress)
            self.fraction = 1.0
        except Cancelled:
            pass
        except Exception as error:  # shown to the person by `failed`; the document is untouched
            self.error = error
        finally:
            self._finished.set()

    @property
    def done(self) -> bool:
        return self._finished.is_set()

    def cancel(self) -> None:
        """Stop at the work's next progress report; its result, if it still comes, is never used."""
        self.cancelled = True

    def wait(self, timeout: float | None = None) -> bool:
        """Block until the work ends (for scripts and tests); whether it has."""
        return self._finished.wait(timeout)

    def deliver(self) -> None:
        """On the window's thread, once `done`: the result to `finish`, or the error to `failed`."""
        if self.cancelled:
            return
        if self.error is not None:
            self.failed(self.error)
        elif self.result is not None:
            self.finish(self.result)
