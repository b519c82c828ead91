"""Told to close by the system with unsaved changes (SIGTERM, SIGHUP): a real editor process keeps them in
the recovery copy, says where on stderr and exits; the next open offers them back."""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from pygame_gui.windows import UIConfirmationDialog

from editor.app import EditorApp
from editor.app.signals import SIGNALS
from editor.document import autosave
from tests.editor.driver import Driver

ROOT = Path(__file__).resolve().parents[2]

# The editor as `python -m editor FILE` runs it, with one edit made through posted events before its loop.
CHILD = """
import sys
from pathlib import Path
from editor.app import EditorApp
from tests.editor.driver import Driver

app = EditorApp(Path(sys.argv[1]))
Driver(app).station((640, 320), "Unsaved")
frame = app.step


def first_frame_says_ready(draw=True):  # inside run(): the signal watch is in place
    frame(draw)
    if not getattr(app, "ready", False):
        app.ready = True
        print("edited", flush=True)


app.step = first_frame_says_ready
sys.exit(app.run())
"""


# The same, without an edit.
CALM = CHILD.replace('Driver(app).station((640, 320), "Unsaved")\n', "")


def _editor(path: Path, script: str = CHILD) -> subprocess.Popen[str]:
    """A real editor process on `path`, once it has made its edit (if any) and entered its loop."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT)}
    child = subprocess.Popen([sys.executable, "-c", script, str(path)], cwd=ROOT, env=env, text=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert child.stdout is not None
    ready, _, _ = select.select([child.stdout], [], [], 120)
    line = child.stdout.readline() if ready else ""
    if line.strip() != "edited":
        child.kill()
        pytest.fail(f"the editor did not start: {line!r} {child.communicate()[1]}")
    return child


def _saved_board(path: Path) -> None:
    app = EditorApp(path)
    d = Driver(app)
    d.station((320, 320), "Saved")
    d.ctrl(pygame.K_s)
    pygame.quit()


@pytest.mark.parametrize("signum", SIGNALS, ids=[s.name for s in SIGNALS])
def test_a_signal_keeps_the_unsaved_edit_for_the_next_open(signum: signal.Signals, tmp_path: Path) -> None:
    path = tmp_path / "board.tmx"
    _saved_board(path)
    child = _editor(path)
    child.send_signal(signum)
    _, err = child.communicate(timeout=30)
    backup = autosave.backup_path(path)
    assert child.returncode == 0, err
    assert str(backup) in err and signum.name in err
    assert backup.is_file()

    app = EditorApp(path)
    d = Driver(app)
    assert [o.name for o in app.doc.objects()] == ["Saved"]
    (dialog,) = [w for w in app.dialogs.callbacks if isinstance(w, UIConfirmationDialog) and w.alive()]
    d.screenshot(f"recovery-offered-{signum.name}")
    d.click_element(dialog.confirm_button)
    d.frames(1)
    assert sorted(o.name for o in app.doc.objects()) == ["Saved", "Unsaved"]
    assert app.doc.dirty and app.doc.path == path
    pygame.quit()


def test_a_signal_with_nothing_unsaved_just_closes(tmp_path: Path) -> None:
    path = tmp_path / "board.tmx"
    _saved_board(path)
    child = _editor(path, CALM)
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=30)
    assert child.returncode == 0 and "nothing was unsaved" in err
    assert not autosave.backup_path(path).exists()


def test_an_untitled_boards_backup_is_offered_when_the_editor_starts_without_a_file() -> None:
    app = EditorApp(None)
    d = Driver(app)
    d.station((320, 320), "Never saved")
    kept = app.autosaver.keep(app.doc)
    assert kept == autosave.backup_path(None) and kept.is_file()
    pygame.quit()

    app = EditorApp(None)
    d = Driver(app)
    (dialog,) = [w for w in app.dialogs.callbacks if isinstance(w, UIConfirmationDialog) and w.alive()]
    d.click_element(dialog.confirm_button)
    d.frames(1)
    assert [o.name for o in app.doc.objects()] == ["Never saved"] and app.doc.path is None
    pygame.quit()
