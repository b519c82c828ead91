"""Idle means idle: the real window loop (`App.run`) draws only while something changes, and still runs the
timers while it waits. Driven on the pacer's own clock made virtual (a drawn frame takes 1/60 s of it, a wait
what it sleeps), with the waits shortened: what is checked is which frames were drawn, never how long anything
took, and a machine slowed by other work draws the same frames (on the real clock, a loaded machine drew the
menu's first frames late, into the window where none should be)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pygame
import pytest

from game.ui import pacing
from game.ui.app import App
from game.ui.scenes import play as play_module
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.show import ShowLayer, ShowScene, open_menu

SIZE = "900x600"


@pytest.fixture(autouse=True)
def _short_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pacing, "INPUT_GRACE", 0.2)
    monkeypatch.setattr(pacing, "HEARTBEAT", 0.05)
    monkeypatch.setattr(play_module, "AMBIENT_SECONDS", 0.3)


FRAME = 1 / 60  # virtual seconds a drawn frame takes (the loop's FPS)


class Timeline:
    """Runs `app.run()` for `seconds` of the pacer's clock made virtual, doing `actions[t]` at t seconds;
    records when frames were drawn."""

    def __init__(self, app: App, seconds: float, actions: dict[float, Callable[[], None]] | None = None) -> None:
        self.app, self.frames, self.now = app, [], 0.0
        pending = sorted((actions or {}).items())
        pacer = app.pacer
        drew = pacer.drew

        def sleep(span: float) -> None:
            self.now += max(span, 1e-3)  # a poll's nap moves the clock on, as a real one does

        def recorded() -> None:
            self.frames.append(self.now)
            self.now += FRAME
            drew()

        def tick() -> None:
            while pending and pending[0][0] <= self.now:
                pending.pop(0)[1]()
            if self.now >= seconds:
                app.running = False

        pacer.clock, pacer.sleep = (lambda: self.now), sleep
        pacer.last = self.now
        pacer.drew = recorded  # type: ignore[method-assign]
        real_step = app.step

        def step(*args: object, **kwargs: object) -> None:
            tick()
            real_step(*args, **kwargs)

        app.step = step  # type: ignore[method-assign]
        app.run()

    def drawn(self, start: float, end: float) -> int:
        return sum(1 for t in self.frames if start <= t < end)


def _post(kind: int, **attrs: object) -> Callable[[], None]:
    return lambda: pygame.event.post(pygame.event.Event(kind, **attrs))


def test_the_menu_draws_nothing_while_nobody_touches_it_and_wakes_on_input(make_app) -> None:
    app = make_app(["--scene", "menu", "--size", SIZE])
    move = _post(pygame.MOUSEMOTION, pos=(300, 300), rel=(1, 1), buttons=(0, 0, 0))
    run = Timeline(app, 3.2, {2.0: move})
    assert isinstance(app.scene, MenuScene)
    assert run.drawn(0, 1.4) > 0  # the first frames
    assert run.drawn(1.4, 2.0) == 0  # then nothing, while heartbeats keep the timers going
    assert app.pacer.heartbeats > 3
    assert run.drawn(2.0, 2.5) > 0  # input: frames again
    assert run.drawn(2.9, 3.2) == 0  # and rest once more


def test_a_persons_turn_comes_to_rest_and_an_action_wakes_it(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "play", "--board", str(board_file), "--players", "2", "--size", SIZE])
    scene = app.scene
    assert isinstance(scene, PlayScene) and not scene.ctl.computer_turn()
    press = _post(pygame.KEYDOWN, key=pygame.K_b, mod=0, unicode="b", scancode=0)
    run = Timeline(app, 3.6, {2.0: press})
    assert run.drawn(1.4, 2.0) == 0  # waiting for the person: no frames once the pulsing rested
    assert scene.ctl.state.log and run.drawn(2.0, 2.5) > 0  # the branch token was taken and drawn
    assert run.drawn(3.3, 3.6) == 0


def test_a_computer_playing_keeps_the_frames_coming(make_app, board_file: Path) -> None:
    app = make_app(["--show", "--board", str(board_file), "--size", SIZE])
    run = Timeline(app, 2.0)
    assert isinstance(app.scene, ShowScene)
    assert run.drawn(1.4, 2.0) > 5


def test_timers_run_while_nothing_is_drawn(make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The show's idle timer brings the show back to an untouched menu without any input."""
    app = make_app(["--show", "--board", str(board_file), "--size", SIZE])
    app.step()
    open_menu(app)
    monkeypatch.setattr(ShowLayer, "minutes", staticmethod(lambda _app: 2.5 / 60))  # 2.5 seconds
    run = Timeline(app, 3.4)
    assert isinstance(app.scene, ShowScene)
    assert run.drawn(1.4, 2.4) == 0 and run.drawn(2.5, 3.4) > 0


def test_frames_runs_draw_every_frame(make_app, tmp_path: Path) -> None:
    shot = tmp_path / "menu.png"
    app = make_app(["--scene", "menu", "--size", SIZE, "--frames", "40", "--screenshot", str(shot)])
    assert app.run() == 0
    assert app.frame == 40 and app.pacer.drawn == 40 and shot.is_file()
