"""Open and Save as list the folder's boards legibly: every file's name in dark text on a light row (the
toolkit's own theme drew files as black bars, their names unreadable)."""

from __future__ import annotations

from pathlib import Path

import pygame
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
