"""The editor's crash boundary: an unexpected error in a frame is logged, the board backed up at once through
its autosave and the designer told; editing goes on, and the backup is offered on the next open. A second
crash soon after closes the window cleanly with the board backed up."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.windows import UIConfirmationDialog

from editor.app import EditorApp
from editor.canvas.render import Renderer
from editor.document import autosave
from game import crash
from tests.editor.driver import Driver


class Boom(RuntimeError):
    """The injected error."""


def test_an_error_in_a_frame_keeps_the_board_backs_it_up_and_editing_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "board.tmx"
    app = EditorApp(path)
    d = Driver(app)
    d.station((320, 320), "Saved")
    d.ctrl(pygame.K_s)
    d.station((640, 320), "Unsaved")
    real_draw, calls = Renderer.draw, []

    def broken(self: Renderer, *args: object, **kwargs: object) -> None:
        calls.append(1)
        if len(calls) == 1:
            raise Boom("injected into a frame")
        real_draw(self, *args, **kwargs)

    monkeypatch.setattr(Renderer, "draw", broken)
    app.guarded_step()

    assert app.running
    assert "Boom: injected into a frame" in crash.log_path("editor").read_text(encoding="utf-8")
    backup = autosave.backup_path(path)
    assert b"Unsaved" in backup.read_bytes()
    status = app.user.current_status()
    assert status.startswith("Something went wrong; your board is kept and backed up") and backup.name in status
    assert sorted(o.name for o in app.doc.objects()) == ["Saved", "Unsaved"]  # the document is still open
    d.station((960, 320), "After")  # and editing goes on
    assert "After" in [o.name for o in app.doc.objects()]
    pygame.quit()

    app = EditorApp(path)  # the next open offers the backup
    d = Driver(app)
    assert [o.name for o in app.doc.objects()] == ["Saved"]
    (dialog,) = [w for w in app.dialogs.callbacks if isinstance(w, UIConfirmationDialog) and w.alive()]
    d.click_element(dialog.confirm_button)
    d.frames(1)
    assert sorted(o.name for o in app.doc.objects()) == ["Saved", "Unsaved"]
    pygame.quit()


def test_a_second_crash_soon_after_closes_the_editor_cleanly(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "board.tmx"
    app = EditorApp(path)
    d = Driver(app)
    d.station((320, 320), "Unsaved")

    def always(*_args: object) -> None:
        raise Boom("every frame")

    monkeypatch.setattr(Renderer, "draw", always)
    app.guarded_step()
    assert app.running
    app.guarded_step()
    assert not app.running and app.exit_code == 1
    err = capsys.readouterr().err
    assert f"details are in {crash.log_path('editor')}" in err and str(autosave.backup_path(path)) in err
    assert "Traceback" not in err
    assert b"Unsaved" in autosave.backup_path(path).read_bytes()
    pygame.quit()
