"""Undo/redo, the unsaved-changes guard, backups, tools and the problems list, driven by posted events."""

from __future__ import annotations

import itertools
import shutil
import subprocess
from pathlib import Path

import pygame
import pytest
from pygame_gui.windows import UIConfirmationDialog

from editor.app import EditorApp
from editor.document import autosave
from tests.editor.driver import Driver
from tests.editor.test_build_board import build


def _dialogs(app: EditorApp, kind: type) -> list:
    return [w for w in app.dialogs.callbacks if isinstance(w, kind) and w.alive()]


def test_undo_and_redo_walk_every_edit(driver: Driver) -> None:
    app = driver.app
    empty = app.doc.to_bytes()
    driver.station((320, 320), "Alpha")
    driver.station((640, 320), "Beta")
    driver.tool("l")
    driver.drag((320, 320), (640, 320))
    driver.tool("v")
    driver.drag((640, 320), (640, 480))  # move Beta; the link follows
    moved = app.doc.to_bytes()
    beta = next(o for o in app.doc.of_kind("station") if o.name == "Beta")
    link = app.doc.of_kind("link")[0]
    assert beta.pos == (640, 480) and link.points[-1] == (640, 480)

    driver.ctrl(pygame.K_z)
    assert next(o for o in app.doc.of_kind("station") if o.name == "Beta").pos == (640, 320)
    assert app.doc.of_kind("link")[0].points[-1] == (640, 320)
    for _ in range(3):
        driver.ctrl(pygame.K_z)
    assert app.doc.objects() == []
    assert app.doc.to_bytes().replace(b'nextobjectid="4"', b'nextobjectid="1"') == empty
    for _ in range(4):
        driver.ctrl(pygame.K_y)
    assert app.doc.to_bytes() == moved
    driver.ctrl(pygame.K_y)  # nothing left to redo: no change
    assert app.doc.to_bytes() == moved


def test_delete_takes_the_links_along_and_undo_restores_them(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    driver.station((640, 320), "Beta")
    driver.tool("l")
    driver.drag((320, 320), (640, 320))
    before = app.doc.to_bytes()
    driver.tool("v")
    driver.click((320, 320))
    driver.key(pygame.K_DELETE)
    assert [o.name for o in app.doc.objects()] == ["Beta"]
    driver.ctrl(pygame.K_z)
    assert app.doc.to_bytes() == before


def test_quit_with_unsaved_changes_asks_first(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    driver.post(pygame.QUIT)
    assert app.running
    (dialog,) = _dialogs(app, UIConfirmationDialog)
    driver.click_element(dialog.cancel_button)
    assert app.running and app.doc.objects()
    driver.post(pygame.QUIT)
    (dialog,) = _dialogs(app, UIConfirmationDialog)
    driver.click_element(dialog.confirm_button)
    driver.frames(1)
    assert not app.running


def test_new_with_unsaved_changes_asks_first_and_quit_when_saved_does_not(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    driver.ctrl(pygame.K_n)
    assert app.doc.objects()
    (dialog,) = _dialogs(app, UIConfirmationDialog)
    driver.click_element(dialog.confirm_button)
    driver.frames(1)
    assert app.doc.objects() == [] and not app.doc.dirty
    driver.post(pygame.QUIT)
    assert not app.running


def test_backup_is_offered_on_open(tmp_path: Path) -> None:
    path = tmp_path / "board.tmx"
    app = EditorApp(path)
    d = Driver(app)
    d.station((320, 320), "Saved")
    d.ctrl(pygame.K_s)
    d.station((640, 320), "Unsaved")
    assert app.autosaver.write(app.doc) == autosave.backup_path(path)
    pygame.quit()

    app = EditorApp(path)
    d = Driver(app)
    assert [o.name for o in app.doc.objects()] == ["Saved"]
    (dialog,) = _dialogs(app, UIConfirmationDialog)
    d.click_element(dialog.confirm_button)
    d.frames(1)
    assert sorted(o.name for o in app.doc.objects()) == ["Saved", "Unsaved"]
    assert app.doc.dirty and app.doc.path == path
    d.ctrl(pygame.K_s)
    assert not autosave.backup_path(path).exists()
    pygame.quit()


def test_autosave_ticks_only_after_its_interval(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    saver = autosave.AutoSaver(interval=60)
    assert saver.tick(app.doc, now=saver.last + 1) is None
    assert saver.tick(app.doc, now=saver.last + 61) == autosave.backup_path(app.doc.path)


def test_bend_tool_adds_and_drags_a_bend(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    driver.station((640, 320), "Beta")
    driver.tool("l")
    driver.drag((320, 320), (640, 320))
    driver.tool("b")
    driver.drag((480, 320), (480, 160))
    link = app.doc.of_kind("link")[0]
    assert link.points == [(320, 320), (480, 160), (640, 320)]
    driver.ctrl(pygame.K_z)
    assert app.doc.of_kind("link")[0].points == [(320, 320), (640, 320)]


def test_box_select_moves_on_the_grid_and_spaces_keys(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    driver.station((640, 320), "Beta")
    driver.tool("l")
    driver.drag((320, 320), (640, 320))
    driver.tool("v")
    driver.drag((200, 200), (800, 400))  # a box around both and their link
    assert len(app.selection) == 3
    driver.key(pygame.K_3, "3")
    assert app.doc.of_kind("link")[0].number("spaces") == 3
    driver.drag((320, 320), (333, 405))  # snaps to the 16 px grid
    assert sorted(o.pos for o in app.doc.of_kind("station")) == [(336, 400), (656, 400)]
    driver.key(pygame.K_g, "g")
    assert not app.session.snapping


def test_polygon_tool_snaps_to_45_degrees(driver: Driver) -> None:
    app = driver.app
    driver.tool("p")
    for p in [(100, 100), (300, 110), (500, 290)]:
        driver.click(p)
    driver.key(pygame.K_RETURN, "\r")
    (park,) = app.doc.of_kind("park")
    assert park.points == [(96, 96), (304, 96), (496, 288)]


def _problem_rows(app: EditorApp, words: str) -> list[tuple[int, int]]:
    """Screen points (a little into the text, mid-height) of the box's laid-out rows of the problem naming `words`.

    Found from pygame_gui's own layout, not from the panel's hit areas, so a wrong hit area fails the test.
    """
    box = app.problems.box
    left, top = box.get_text_layout_top_left()
    rows = box.text_box_layout.layout_rows
    texts = ["".join(getattr(item, "text", "") for item in row.items) for row in rows]
    first = next(i for i, t in enumerate(texts) if words in t)
    following = []
    for row, row_text in zip(rows[first + 1:], texts[first + 1:], strict=True):
        if row_text.lstrip().startswith(("×", "!")):
            break
        following.append(row)
    return [(round(left + 40), round(top + row.centery)) for row in [rows[first], *following]]


def test_problem_click_on_any_row_selects_and_centres(driver: Driver) -> None:
    app = driver.app
    driver.station((320, 320), "Alpha")
    driver.station((1500, 1000), "Lonely")
    app.watcher.refresh(force=True)
    driver.frames(1)
    lonely = app.doc.get(2)
    assert lonely is not None
    rows = _problem_rows(app, "Lonely:")
    assert len(rows) >= 2, "the problem should wrap, so both its rows can be tried"
    x, y, w, h = app.view.canvas
    for row in rows:
        driver.app.session.select(set())
        driver.app.view.centre_on((0, 0))
        driver.move_screen(row)
        driver.click_screen(row)
        assert app.selection == {2}, f"a click on the row at {row} did not choose the problem"
        assert app.view.to_screen(lonely.pos) == (x + w // 2, y + h // 2)
        assert "Lonely" in app.user.current_status()
    driver.move_screen(rows[0])
    driver.screenshot("problems-first-row-clicked")

    # A press on one problem and a release on another chooses neither; a press on the canvas, nothing.
    app.session.select(set())
    other = _problem_rows(app, "destination")[0]
    driver.post(pygame.MOUSEBUTTONDOWN, pos=rows[0], button=1)
    driver.post(pygame.MOUSEBUTTONUP, pos=other, button=1)
    assert app.selection == set()


def test_help_overlay_opens_and_closes(driver: Driver) -> None:
    driver.key(pygame.K_F1)
    assert driver.app.help_visible
    driver.key(pygame.K_a, "a")
    assert not driver.app.help_visible


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1100, 640)])  # the last: the smallest editor window
def test_the_help_sheet_fits_the_window_whole(tmp_path: Path, size: tuple[int, int]) -> None:
    """Every shortcut is on screen at 1280×720 too: the sheet takes two columns before it leaves the window."""
    from editor.app import EditorApp
    from editor.app.chrome import help_layout
    from editor.canvas.render import font

    d = Driver(EditorApp(tmp_path / "board.tmx", size=size))
    d.key(pygame.K_F1)
    assert d.app.help_visible
    rows = d.app.actions.help_rows()
    layout = help_layout(size, rows)
    window = pygame.Rect((0, 0), size)
    assert window.contains(layout.box)
    face = font(layout.size)
    drawn = [pygame.Rect((key_x, y), face.size(key)).union(pygame.Rect((desc_x, y), face.size(desc)))
             for (key, desc), (key_x, desc_x, y) in zip(rows, layout.spots, strict=True)]
    assert all(layout.box.contains(rect) for rect in drawn)
    assert not any(a.colliderect(b) for a, b in itertools.combinations(drawn, 2))
    last = drawn[-1]  # the last row is drawn: its text is on the sheet, not the dimmed canvas
    pixels = {d.app.screen.get_at((x, last.centery))[:3] for x in range(last.left, last.right)}
    assert (47, 111, 214) in {(r, g, b) for r, g, b in pixels} or len(pixels) > 3
    d.screenshot(f"help-sheet-{size[0]}")


@pytest.mark.skipif(shutil.which("tiled") is None, reason="Tiled is not installed")
def test_tiled_resave_compiles_to_the_same_board(driver: Driver, tmp_path: Path) -> None:
    from game.board.tmx.compiler import compile_tmx

    build(driver)
    driver.ctrl(pygame.K_s)
    ours = tmp_path / "board.tmx"
    theirs = tmp_path / "tiled.tmx"
    subprocess.run(["tiled", "--export-map", "tmx", str(ours), str(theirs)], check=True, timeout=120,
                   env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"}, capture_output=True)
    a, b = compile_tmx(ours), compile_tmx(theirs)
    assert a.board is not None and b.board is not None, [str(p) for p in a.problems + b.problems]
    assert a.board.dumps() == b.board.dumps()


@pytest.mark.parametrize("width", [1100, 1280, 1600])
def test_a_long_status_is_never_drawn_over_the_boards_figures(tmp_path: Path, width: int) -> None:
    """An import's status with its hints ran on under "117 stations · x 0 y 0 · snap on": the message now
    takes a smaller size, then the whole bar, and is cut with "…" only when even that is too narrow."""
    from editor.app import EditorApp
    from editor.app.chrome import STATUS_SIZES, status_layout
    from editor.canvas.render import font

    said = ("Imported Berlin · only 24 destination cards, so the game will be short: import a bigger area for a "
            "longer one · 2 places hard to read: see Problems · Ctrl+Shift+T takes a few minutes to clear more")
    d = Driver(EditorApp(tmp_path / "board.tmx", size=(width, 720)))
    d.app.user.status(said)
    d.frames(1)
    bar = d.app.layout.status
    figures = "board.tmx · 0 stations · x 0 y 0 · snap on · 100%"
    fitted = status_layout(bar.width, said, figures)
    face = font(fitted.size)
    used = face.size(fitted.left)[0] + (face.size(fitted.right)[0] + 24 if fitted.right else 0)
    assert used <= bar.width - 20
    assert fitted.left == said or (fitted.left.endswith("…") and said.startswith(fitted.left[:-1]))
    short = status_layout(bar.width, "Saved", figures)
    assert short == type(short)(STATUS_SIZES[0], "Saved", figures)  # a short message: as before
    d.screenshot(f"long-status-{width}")


def test_a_board_not_there_yet_is_said_to_be_new(driver: Driver) -> None:
    """A designer mistyped a board's name (pariss.tmx) and met a blank board with no word why."""
    path = driver.app.doc.path
    assert path is not None and not path.exists()
    said = driver.app.user.current_status()
    assert str(path) in said and "not there yet" in said
