"""Idle means idle in the editor too: its real loop (`EditorApp.run`) draws only while something changes,
and a timer's change (a status message going) is drawn without input. Driven in real time with the waits
shortened; what is checked is which frames were drawn, never how long anything took."""

from __future__ import annotations

import time
from pathlib import Path

import pygame
import pytest

from editor.app import EditorApp, prompts
from game.ui import pacing
from tests.editor.driver import Driver


@pytest.fixture(autouse=True)
def _short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pacing, "INPUT_GRACE", 0.2)
    monkeypatch.setattr(pacing, "HEARTBEAT", 0.05)


def _run(app: EditorApp, seconds: float, at: dict[float, object]) -> list[float]:
    """Run the window's loop for `seconds`, doing `at[t]()` at t seconds; when frames were drawn."""
    frames: list[float] = []
    start = time.monotonic()
    pending = sorted(at.items())
    drew, step = app.pacer.drew, app.step

    def recorded() -> None:
        frames.append(time.monotonic() - start)
        drew()

    def stepped(*args: object, **kwargs: object) -> None:
        now = time.monotonic() - start
        while pending and pending[0][0] <= now:
            pending.pop(0)[1]()  # type: ignore[operator]
        if now >= seconds:
            app.running = False
        step(*args, **kwargs)

    app.pacer.drew = recorded  # type: ignore[method-assign]
    app.step = stepped  # type: ignore[method-assign]
    app.run()
    return frames


def _between(frames: list[float], start: float, end: float) -> int:
    return sum(1 for t in frames if start <= t < end)


def test_the_editor_rests_wakes_on_input_and_draws_a_status_message_going(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(prompts, "STATUS_SECONDS", 2.0)
    app = EditorApp(tmp_path / "board.tmx")
    Driver(app).station((320, 320), "Alpha")
    move = lambda: pygame.event.post(pygame.event.Event(  # noqa: E731
        pygame.MOUSEMOTION, pos=(700, 400), rel=(1, 1), buttons=(0, 0, 0)))
    frames = _run(app, 4.6, {1.0: lambda: app.user.status("Backup written"), 3.6: move})
    assert _between(frames, 0.6, 1.0) == 0  # nobody touches it: nothing drawn
    assert _between(frames, 1.0, 1.3) >= 1  # a status message comes (a timer's doing, no input): drawn
    assert _between(frames, 1.4, 2.9) == 0
    assert _between(frames, 3.0, 3.4) >= 1  # and goes: drawn
    assert _between(frames, 3.6, 4.0) > 0  # input: frames again
    assert _between(frames, 4.3, 4.6) == 0
    assert app.user.current_status() == ""
