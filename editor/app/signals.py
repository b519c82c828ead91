"""Being told to close by the system (SIGTERM from a logout, a service manager or `kill`; SIGHUP when the
terminal goes away) rather than by the person at the screen.

Nobody may be there to answer "discard unsaved changes?", and whoever sent the signal kills the process
soon after, so the window does not ask: it writes the unsaved work to the recovery copy that the next open
of the board offers back, says where on stderr, and closes. The handler only notes the signal; the window's
loop acts on it between two frames.
"""

from __future__ import annotations

import signal
from types import FrameType, TracebackType
from typing import Any

SIGNALS: tuple[signal.Signals, ...] = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                                            if hasattr(signal, name))


class SignalWatch:
    """While entered, SIGTERM and SIGHUP (where the platform has it) are noted in `received`, not fatal."""

    def __init__(self) -> None:
        self.received: signal.Signals | None = None
        self.previous: dict[signal.Signals, Any] = {}

    def __enter__(self) -> SignalWatch:
        for signum in SIGNALS:
            self.previous[signum] = signal.signal(signum, self._note)
        return self

    def _note(self, signum: int, _frame: FrameType | None) -> None:
        self.received = signal.Signals(signum)

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        for signum, handler in self.previous.items():
            # A handler set outside Python (SDL's) reads back as None: the default is the nearest to it.
            signal.signal(signum, handler if handler is not None else signal.SIG_DFL)
