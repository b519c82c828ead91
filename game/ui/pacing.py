"""When the window draws, and how it waits: idle means idle.

Drawing a frame of the play screen costs several milliseconds; at 60 frames a second that is a third of a
core spent redrawing a picture nobody changed while people think about their move. So the loop draws only
while something changes on screen:

- for `INPUT_GRACE` seconds after any input (a hover, a widget's own transition, a resize, a redraw the
  window system asks for);
- while the screen says it is animating (`Scene.animating`: a glide, a computer about to move, a timer
  running; `Layer.animating` likewise) or has just changed (`dirty`: another screen, new settings);
- while the crash line is up.

Otherwise it waits: it looks at the event queue every `POLL` seconds (sleeping in between: a fraction of a
percent of a core), and every `HEARTBEAT` seconds advances the screen's timers without drawing (the show's
idle timer, a message's time), drawing only if that made something change. Runs with `--frames` (tests,
screenshots) draw every frame with a fixed time step and never wait.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame

INPUT_GRACE = 1.0  # seconds of full frame rate after any input
HEARTBEAT = 0.25  # seconds between timer updates while idle
POLL = 0.01  # seconds between looks at the event queue while idle: input is answered within this
MAX_FRAME_DT = 0.1  # an animation never jumps more than this in one drawn frame
MAX_IDLE_DT = 1.0  # nor a timer in one heartbeat


class Pacer:
    """The frame clock and the idle wait of one window (`App.run`); its clock and sleep can be faked."""

    def __init__(self, clock: Callable[[], float] = time.monotonic, sleep: Callable[[float], Any] = time.sleep,
                 poll: Callable[[], list[pygame.event.Event]] = pygame.event.get) -> None:
        self.clock = clock
        self.sleep = sleep
        self.poll = poll
        self.last = clock()
        self.since_input = 0.0
        self.dirty = True  # something changed that the screen does not show yet
        self.drawn = 0  # frames drawn, for the curious (tests, the bench)
        self.heartbeats = 0

    def elapsed(self, limit: float) -> float:
        """Seconds since the last frame or heartbeat (at most `limit`), and the clock restarted."""
        now = self.clock()
        dt, self.last = min(limit, max(0.0, now - self.last)), now
        return dt

    def saw(self, events: int, dt: float) -> None:
        """A frame or heartbeat handled `events` events over `dt` seconds."""
        self.since_input = 0.0 if events else self.since_input + dt

    def wants_frame(self, animating: bool) -> bool:
        return self.dirty or animating or self.since_input < INPUT_GRACE

    def drew(self) -> None:
        self.dirty = False
        self.drawn += 1

    def wait(self) -> list[pygame.event.Event]:
        """Sleep until input arrives or the next heartbeat is due; the events that came, if any."""
        deadline = self.last + HEARTBEAT
        while True:
            events = self.poll()
            if events or self.clock() >= deadline:
                if not events:
                    self.heartbeats += 1
                return events
            self.sleep(min(POLL, max(0.0, deadline - self.clock())))
