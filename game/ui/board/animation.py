"""An animation queue fed by engine events: steps play one after another, effects fade on their own.

Steps (the passenger's glide, a pause) block the game: nobody acts until the queue is empty. Effects
(a placed track pulsing, ridden lines flashing, points floating up) run alongside and never block.
Time only moves through `update(dt)`, so tests drive it with a fixed dt.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from game import geometry

Point = tuple[float, float]
Callback = Callable[[], None]


def ease(t: float) -> float:
    """Smoothstep: starts and stops gently, so a glide never jerks."""
    t = max(0.0, min(1.0, t))
    return t * t * (3 - 2 * t)


@dataclass
class Step:
    """A blocking animation with hooks for when it starts and ends (where the display catches up)."""

    duration: float
    on_start: Callback | None = None
    on_end: Callback | None = None
    elapsed: float = 0.0
    started: bool = False

    @property
    def progress(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


@dataclass
class Glide(Step):
    """The passenger along a drawn path: the whole trip eased, at a speed set by the path's length."""

    points: Sequence[Point] = ()
    lines: tuple[str, ...] = ()

    @classmethod
    def along(cls, points: Sequence[Point], unit: float, speed: float, shortest: float, longest: float,
              **hooks: Any) -> Glide:
        """A glide at `speed` board units per second, but never shorter or longer than the limits."""
        length = geometry.length(points) / max(unit, 1e-9) if len(points) > 1 else 0.0
        duration = max(shortest, min(longest, length / speed)) if length > 0 else shortest * 0.5
        return cls(duration, points=list(points), **hooks)

    def position(self) -> Point:
        return geometry.point_along(self.points, ease(self.progress))


@dataclass
class Effect:
    """A non-blocking flourish: `kind` says how to draw it, `data` what it refers to."""

    kind: str
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    delay: float = 0.0
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration)) if self.duration > 0 else 1.0

    @property
    def visible(self) -> bool:
        return self.elapsed >= self.delay


class AnimationQueue:
    """Steps in order, effects in parallel; `busy` while a step is playing or waiting."""

    def __init__(self) -> None:
        self.steps: deque[Step] = deque()
        self.effects: list[Effect] = []
        self.finishing = False  # True while `finish` rushes the steps: their sounds would only be a din

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def current(self) -> Step | None:
        return self.steps[0] if self.steps else None

    def add(self, step: Step) -> None:
        self.steps.append(step)

    def effect(self, effect: Effect) -> None:
        self.effects.append(effect)

    def call(self, callback: Callback) -> None:
        """Run `callback` when the queue gets there (after the steps before it)."""
        self.steps.append(Step(0.0, on_start=callback))

    def update(self, dt: float) -> None:
        left = dt
        while self.steps:
            step = self.steps[0]
            if not step.started:
                step.started = True
                if step.on_start:
                    step.on_start()
            use = min(left, max(0.0, step.duration - step.elapsed))
            step.elapsed += use
            left -= use
            if step.elapsed < step.duration:
                break
            self.steps.popleft()
            if step.on_end:
                step.on_end()
        for effect in self.effects:
            effect.elapsed += dt
        self.effects = [e for e in self.effects if e.elapsed < e.delay + e.duration]

    def finish(self) -> None:
        """Play every step to its end at once (undo, leaving the screen): the display catches up."""
        self.finishing = True
        try:
            while self.steps:
                step = self.steps.popleft()
                if not step.started and step.on_start:
                    step.on_start()
                if step.on_end:
                    step.on_end()
        finally:
            self.finishing = False
        self.effects.clear()

    def of_kind(self, kind: str) -> list[Effect]:
        return [e for e in self.effects if e.kind == kind and e.visible]
