"""The crash boundary of the game's loop: an unexpected error in a frame is logged, told in one line, and the
window goes on — back at the menu with the game saved (Continue resumes it), or, in show mode, with a new
show; a second crash soon after closes the window cleanly with the log's path printed."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game import crash
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.show import ShowScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.conftest import click as gui_click
from tests.ui.driver import DT, key

SIZE = "1200x800"


class Boom(RuntimeError):
    """The injected error: a bug nobody has found yet."""


def _once(monkeypatch: pytest.MonkeyPatch, target: object, name: str) -> list[int]:
    """Make `target.name` raise Boom the first time it is called, then behave again."""
    real = getattr(target, name)
    calls: list[int] = []

    def broken(*args: object, **kwargs: object) -> object:
        calls.append(1)
        if len(calls) == 1:
            raise Boom("injected into a frame")
        return real(*args, **kwargs)

    monkeypatch.setattr(target, name, broken)
    return calls


def _game(make_app, board_file: Path) -> tuple[App, PlayScene]:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("person", "Ben")], 4))
    app.replace(scene)
    app.step()
    return app, scene


def _notice_drawn(app: App) -> bool:
    """The red plate of the crash line across the top of the screen."""
    from game.ui import style

    width = app.screen.get_width()
    return any(tuple(app.screen.get_at((width // 2 + dx, 20)))[:3] == style.RAIL for dx in range(-300, 300, 7))


def test_an_error_in_a_frame_goes_back_to_the_menu_and_continue_resumes_the_game(
        make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    app, scene = _game(make_app, board_file)
    key(app, pygame.K_b)  # one action: autosaved
    saved = scene.ctl.state.to_json()
    _once(monkeypatch, PlayScene, "update")
    app.guarded_step()

    assert app.running and isinstance(app.scene, MenuScene)
    log = crash.log_path("game").read_text(encoding="utf-8")
    assert "Boom: injected into a frame" in log and "Traceback" in log and "screen PlayScene" in log
    assert "going on from the menu" in capsys.readouterr().err
    assert app.crash_notice.startswith("Something went wrong, so the game went back to the menu.")
    app.step()
    assert _notice_drawn(app)

    menu = app.scene
    assert menu.widgets["continue"].is_enabled
    gui_click(app, menu.widgets["continue"].rect.center)
    resumed = app.scene
    assert isinstance(resumed, PlayScene) and resumed.ctl.state.to_json() == saved
    key(app, pygame.K_b)  # and the game plays on
    assert len(resumed.ctl.state.log) == 2


def test_an_error_while_drawing_the_show_starts_the_show_again(
        make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app = make_app(["--show", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    app.step()
    first = app.scene
    assert isinstance(first, ShowScene)
    _once(monkeypatch, ShowScene, "draw")
    app.guarded_step()
    assert app.running and isinstance(app.scene, ShowScene) and app.scene is not first
    assert "screen ShowScene" in crash.log_path("game").read_text(encoding="utf-8")
    assert app.crash_notice == "Something went wrong, so the show started again."
    for _ in range(20):
        app.step()  # the new show runs
    assert app.scene.ctl is not None and app.scene.ctl.state.log


def test_a_second_crash_soon_after_closes_the_window_cleanly(
        make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    app, _scene = _game(make_app, board_file)

    def always(*_args: object) -> None:
        raise Boom("every frame")

    monkeypatch.setattr(PlayScene, "update", always)
    monkeypatch.setattr(MenuScene, "update", always)  # the menu it goes back to fails as well
    app.guarded_step()
    assert app.running and isinstance(app.scene, MenuScene)
    app.guarded_step()
    assert not app.running and app.exit_code == 1
    err = capsys.readouterr().err
    assert f"stopped after repeated unexpected errors; details are in {crash.log_path('game')}" in err
    assert "Traceback" not in err
    assert crash.log_path("game").read_text(encoding="utf-8").count("): Boom: every frame") == 2


def test_run_survives_an_error_and_returns_normally(make_app, board_file: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """The real loop (`--frames`): the error is survived and the run ends as asked, exit code 0."""
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE, "--frames", "5"])
    calls = _once(monkeypatch, MenuScene, "draw")
    assert app.run() == 0
    assert len(calls) >= 4 and isinstance(app.scene, MenuScene) and app.frame == 5


def test_a_crash_long_after_the_last_is_recovered_again() -> None:
    now = [100.0]
    guard = crash.CrashGuard("game", clock=lambda: now[0])
    assert guard.crashed(Boom("one"))
    now[0] += crash.REPEAT_SECONDS + 1
    assert guard.crashed(Boom("two"))
    now[0] += 1
    assert not guard.crashed(Boom("three"))


def test_the_log_is_rotated_and_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(crash, "LOG_BYTES", 4000)
    crash._handlers.clear()
    for n in range(60):
        crash.record(Boom("x" * 200 + str(n)), "bounded")
    files = sorted(crash.log_dir().glob("bounded-crash.log*"))
    assert len(files) == crash.LOG_BACKUPS + 1
    assert all(path.stat().st_size <= 4000 + 2000 for path in files)
    assert "x" * 200 + "59" in crash.log_path("bounded").read_text(encoding="utf-8")


def test_before_anything_was_saved_the_line_does_not_promise_a_save(
        make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    app, _scene = _game(make_app, board_file)
    _once(monkeypatch, PlayScene, "draw")
    app.guarded_step()
    assert isinstance(app.scene, MenuScene) and not app.scene.widgets["continue"].is_enabled
    assert app.crash_notice == "Something went wrong, so the game went back to the menu."
