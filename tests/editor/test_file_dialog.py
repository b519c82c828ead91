"""Open and Save as list the folder's boards legibly: every file's name in dark text on a light row (the
toolkit's own theme drew files as black bars, their names unreadable); and whenever OK is greyed out they say
why beside it (the toolkit greys it without a word)."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from pygame_gui.core.utility import translate
from pygame_gui.elements import UILabel
from pygame_gui.windows import UIFileDialog

from editor import text
from editor.app import EditorApp
from editor.app.file_dialog import FileDialog
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


def _dialog(driver: Driver) -> FileDialog:
    return next(w for w in driver.app.dialogs.callbacks if isinstance(w, FileDialog) and w.alive())


def _reason(driver: Driver, dialog: FileDialog) -> str:
    """The words beside OK, once they are drawn; every reason is shown whole, not cut off at the buttons."""
    driver.frames(1)
    said = dialog.reason.text
    if said:
        assert dialog.reason.font.size(said)[0] <= dialog.reason.get_abs_rect().width
        assert dialog.reason.get_abs_rect().right <= dialog.ok_button.get_abs_rect().left
    return said


def _cleared_path(driver: Driver, dialog: FileDialog) -> None:
    """Everything typed on the path line deleted: click, select all, Backspace."""
    driver.click_element(dialog.file_path_text_line)
    driver.key(pygame.K_a, mod=pygame.KMOD_CTRL)
    driver.key(pygame.K_BACKSPACE)
    driver.frames(2)


def _row(dialog: FileDialog, name: str) -> object:
    return next(item["button_element"] for item in dialog.file_selection_list.item_list if item["text"] == name)


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """A folder of one board, a sub-folder and a text file that is not a board."""
    Document.new("Kiez").save(tmp_path / "kiez.tmx")
    (tmp_path / "boards").mkdir()
    (tmp_path / "notes.txt").write_text("not a board", encoding="utf-8")
    return tmp_path


def test_save_as_without_a_file_name_says_to_type_one(folder: Path) -> None:
    """The path emptied, or only the folder typed: OK greys out and the dialog asks for a file name; a name
    typed after the folder, and OK can be pressed again with nothing beside it."""
    driver = Driver(EditorApp(folder / "kiez.tmx", size=(1600, 900)))
    driver.ctrl(pygame.K_s, shift=True)
    driver.frames(2)
    dialog = _dialog(driver)
    assert dialog.ok_button.is_enabled and _reason(driver, dialog) == ""
    _cleared_path(driver, dialog)
    assert not dialog.ok_button.is_enabled
    assert _reason(driver, dialog) == "No file name: type one after the folder"
    _typed_path(driver, dialog, str(folder / "boards"))
    assert not dialog.ok_button.is_enabled
    assert _reason(driver, dialog) == "No file name: type one after the folder"
    driver.type("/kiez.tmx")
    driver.frames(2)
    assert dialog.ok_button.is_enabled and _reason(driver, dialog) == ""


def test_open_says_why_ok_is_greyed_out_and_refuses_a_file_that_is_not_a_board(folder: Path) -> None:
    """Open starts in the board's folder with nothing chosen: OK is greyed out (it was pressable and did
    nothing) and says to choose a file. A file name that is not there, and a text file, are named with the
    reason; OK stays greyed on the text file (it was pressable and the editor then failed to read it). A board
    chosen in the list opens."""
    driver = Driver(EditorApp(folder / "kiez.tmx", size=(1600, 900)))
    driver.ctrl(pygame.K_o)
    driver.frames(2)
    dialog = _dialog(driver)
    assert not dialog.ok_button.is_enabled
    assert _reason(driver, dialog) == "No file chosen: pick one in the list or type its name"
    _typed_path(driver, dialog, str(folder / "kiez2.tmx"))
    assert not dialog.ok_button.is_enabled
    assert _reason(driver, dialog) == f"No file “kiez2.tmx” in “{folder.name}”"
    _typed_path(driver, dialog, str(folder / "notes.txt"))
    assert not dialog.ok_button.is_enabled
    assert _reason(driver, dialog) == "Choose a .tmx file, not “notes.txt”"
    driver.click_element(dialog.ok_button)
    assert dialog.alive() and driver.app.doc.path == folder / "kiez.tmx"
    driver.click_element(_row(dialog, "kiez.tmx"))
    assert dialog.ok_button.is_enabled and _reason(driver, dialog) == ""
    driver.click_element(dialog.ok_button)
    assert not dialog.alive() and "kiez.tmx" in driver.app.user.current_status()


def test_a_folder_chosen_in_the_list_says_to_double_click_it(folder: Path) -> None:
    """One click on a folder greys OK out (the toolkit picks only files): the dialog says to double-click it.
    Double-clicked, the dialog is inside it with no file chosen, and says so."""
    driver = Driver(EditorApp(folder / "kiez.tmx", size=(1600, 900)))
    driver.ctrl(pygame.K_s, shift=True)
    driver.frames(2)
    dialog = _dialog(driver)
    row = _row(dialog, "boards")
    driver.click_element(row)
    assert not dialog.ok_button.is_enabled
    assert _reason(driver, dialog) == "“boards” is a folder: double-click it to look inside"
    driver.click_element(row)  # the second click of a double-click
    driver.frames(2)
    assert dialog.current_directory_path == str(folder / "boards")
    assert dialog.ok_button.is_enabled and _reason(driver, dialog) == ""  # Save as keeps the name: boards/kiez.tmx


@pytest.mark.parametrize("language", ["de", "fr"])
def test_the_reasons_are_translated_and_fit_beside_the_buttons(folder: Path, language: str) -> None:
    """Each reason in German and French, whole on the dialog's bottom line (`_reason` measures it)."""
    text.localize(language)
    try:
        driver = Driver(EditorApp(folder / "kiez.tmx", size=(1600, 900)))
        driver.ctrl(pygame.K_o)
        driver.frames(2)
        dialog = _dialog(driver)
        seen = {_reason(driver, dialog)}
        for typed in ("kiez2.tmx", "notes.txt", "bords/kiez.tmx"):
            _typed_path(driver, dialog, str(folder / typed))
            seen.add(_reason(driver, dialog))
        driver.click_element(_row(dialog, "boards"))
        seen.add(_reason(driver, dialog))
        driver.key(pygame.K_ESCAPE)
        driver.frames(2)
        driver.ctrl(pygame.K_s, shift=True)
        driver.frames(2)
        dialog = _dialog(driver)
        _cleared_path(driver, dialog)
        seen.add(_reason(driver, dialog))
        assert len(seen) == 6 and "" not in seen
        assert not any(words.isascii() and words.startswith(("No ", "Choose")) for words in seen)  # not English
    finally:
        text.localize("en")


def test_a_long_file_name_is_shortened_in_the_middle_to_fit_beside_ok(folder: Path) -> None:
    """A long name typed that is not there: the reason still fits beside OK, the name's start and ending kept."""
    driver = Driver(EditorApp(folder / "kiez.tmx", size=(1600, 900)))
    driver.ctrl(pygame.K_o)
    driver.frames(2)
    dialog = _dialog(driver)
    name = "london_with_the_thames_and_every_overground_line_drawn_again_final_version.tmx"
    _typed_path(driver, dialog, str(folder / name))
    said = _reason(driver, dialog)
    assert said.startswith("No file “london_with") and "…" in said and "version.tmx”" in said


@pytest.mark.parametrize(("language", "cancel"), [("de", "Abbrechen"), ("fr", "Annuler")])
def test_the_dialog_buttons_speak_the_editors_language(folder: Path, language: str, cancel: str) -> None:
    """pygame_gui's own words (the file dialog's Cancel) follow the editor's language, not English."""
    text.localize(language)
    try:
        driver = Driver(EditorApp(folder / "kiez.tmx", size=(1600, 900)))
        driver.ctrl(pygame.K_o)
        driver.frames(2)
        assert translate(_dialog(driver).cancel_button.text) == cancel  # as pygame_gui draws it
    finally:
        text.localize("en")
