"""Open and Save as list the folder's boards legibly: every file's name in dark text on a light row (the
toolkit's own theme drew files as black bars, their names unreadable)."""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui.elements import UILabel
from pygame_gui.windows import UIFileDialog

from editor.app import EditorApp
from editor.document.tmx import Document
from tests.editor.driver import Driver


def _luminance(colour: pygame.Color) -> float:
    return 0.2126 * colour.r + 0.7152 * colour.g + 0.0722 * colour.b


def test_save_as_lists_the_folders_boards_in_dark_text_on_light_rows(tmp_path: Path) -> None:
    for name in ("kiez", "paris"):
        Document.new(name.title()).save(tmp_path / f"{name}.tmx")
    (tmp_path / "shots").mkdir()
    driver = Driver(EditorApp(tmp_path / "kiez.tmx", size=(1600, 900)))
    driver.ctrl(pygame.K_s, shift=True)
    driver.frames(2)
    dialog = next(w for w in driver.app.dialogs.callbacks if isinstance(w, UIFileDialog) and w.alive())
    rows = {item["text"]: item["button_element"] for item in dialog.file_selection_list.item_list
            if item["button_element"] is not None}
    assert {"kiez.tmx", "paris.tmx", "shots"} <= set(rows)
    screen = pygame.display.get_surface()
    for name in ("kiez.tmx", "paris.tmx"):
        row = rows[name].rect
        background = screen.get_at((row.right - 8, row.centery))  # right of the name: the row itself
        darkest = min(_luminance(screen.get_at((x, y))) for x in range(row.x + 4, row.x + 60)
                      for y in range(row.y + 2, row.bottom - 2))
        assert _luminance(background) > 200 and darkest < 90, name


def _words(driver: Driver, dialog: UIFileDialog) -> dict[str, pygame.Rect]:
    """Every non-empty line of words the dialog shows (its labels), with where it stands on the screen."""
    return {e.text: e.get_abs_rect() for e in driver.app.ui.get_sprite_group().sprites()
            if isinstance(e, UILabel) and e.visible and e.text and dialog.get_abs_rect().contains(e.get_abs_rect())}


def _typed_path(driver: Driver, dialog: UIFileDialog, path: str) -> None:
    """The path typed over the dialog's path line, as a designer edits it: click, select all, type."""
    driver.click_element(dialog.file_path_text_line)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.type(path)
    driver.frames(2)


def test_save_as_into_a_missing_folder_says_why_ok_is_greyed_out(tmp_path: Path) -> None:
    """A typo in the folder ("bords" for "boards"): OK greys out and the dialog names the missing folder beside
    its buttons; the folder corrected, the words go and OK can be pressed again."""
    Document.new("Kiez").save(tmp_path / "kiez.tmx")
    (tmp_path / "boards").mkdir()
    driver = Driver(EditorApp(tmp_path / "kiez.tmx", size=(1600, 900)))
    driver.ctrl(pygame.K_s, shift=True)
    driver.frames(2)
    dialog = next(w for w in driver.app.dialogs.callbacks if isinstance(w, UIFileDialog) and w.alive())
    shown = set(_words(driver, dialog))
    assert dialog.ok_button.is_enabled
    _typed_path(driver, dialog, str(tmp_path / "bords" / "kiez.tmx"))
    assert dialog.file_path_text_line.get_text() == str(tmp_path / "bords" / "kiez.tmx")
    assert not dialog.ok_button.is_enabled
    said = {words: rect for words, rect in _words(driver, dialog).items() if words not in shown}
    assert list(said) == ["No folder “bords”: choose one that exists"]
    box = next(iter(said.values()))
    assert not box.colliderect(dialog.ok_button.get_abs_rect()) and box.bottom > dialog.ok_button.get_abs_rect().top
    screen = pygame.display.get_surface()
    red = [screen.get_at((x, y)) for x in range(box.left, box.right, 2) for y in range(box.top, box.bottom, 2)]
    assert any(c.r > 120 and c.g < 90 for c in red)  # drawn: the words are on the screen, in red
    _typed_path(driver, dialog, str(tmp_path / "boards" / "kiez.tmx"))
    assert dialog.ok_button.is_enabled and set(_words(driver, dialog)) == shown
