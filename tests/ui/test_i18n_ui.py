"""Languages on screen: the menu's language choice re-labels it at once and is remembered across a
restart, --lang only overrides it for one run, every message id the screens use exists (counts read with
`ntr`), and the editor's names read the catalogues in the current language."""

from __future__ import annotations

import ast
import dataclasses
import json
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu

from editor import text as editor_text
from game import i18n
from game.board.loader import load_board
from game.board.model import Board
from game.command_line import parse_options
from game.persist.settings import config_dir
from game.ui import text
from game.ui.app import App
from game.ui.launch import first_scene, open_app
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import click
from tools import locales

ROOT = Path(__file__).resolve().parents[2]


def choose(app: App, menu: UIDropDownMenu, option: str) -> None:
    """Open a drop-down by clicking it, then click the option, as a person would."""
    click(app, menu.rect.center)
    listing = menu.current_state.options_selection_list
    assert listing is not None, "the drop-down did not open"
    item = next(item for item in listing.item_list if item["object_id"] == option)
    button = item["button_element"]
    assert button is not None
    click(app, button.rect.center)
    for _ in range(3):  # the list reports the choice to the drop-down a frame later
        app.step()


def labels(menu: MenuScene) -> tuple[str, str, str]:
    return (menu.widgets["start"].text, menu.widgets["quit"].text, menu.widgets["settings"].text)


def test_choosing_german_relabels_the_menu_and_survives_a_restart(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    assert labels(app.scene) == ("Start", "Quit", "Settings")
    choose(app, app.scene.widgets["language"], "de")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert labels(menu) == ("Spiel starten", "Beenden", "Einstellungen")
    assert menu.seat_name(0) == "Spieler 1"
    assert json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))["language"] == "de"
    pygame.quit()
    text.set_language("en")
    again = make_app(["--scene", "menu", "--board", str(board_file)])  # a new start: the saved choice is used
    again.step()
    assert text.language() == "de"
    assert labels(again.scene) == ("Spiel starten", "Beenden", "Einstellungen")


def test_french_from_the_menu(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    choose(app, app.scene.widgets["language"], "fr")
    assert labels(app.scene) == ("Jouer", "Quitter", "Réglages")
    assert pygame.display.get_caption()[0] == i18n.catalogue("fr").message("app.title")


def test_lang_option_overrides_for_one_run_only(make_app, board_file: Path) -> None:
    assert parse_options([]).lang is None
    app = make_app(["--scene", "menu", "--board", str(board_file), "--lang", "fr"])
    app.step()
    assert text.language() == "fr" and app.store.settings.language == "en"
    assert not (config_dir() / "settings.json").exists()


def test_a_saved_language_is_used_without_lang(board_file: Path) -> None:
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, "language": "fr"}), encoding="utf-8")
    app = open_app(parse_options(["--scene", "menu", "--board", str(board_file)]))
    first_scene(app)
    app.step()
    assert text.language() == "fr"
    assert app.scene.widgets["start"].text == "Jouer"
    pygame.quit()


MODULES = sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "editor").rglob("*.py"))


def _literal_keys(path: Path) -> set[tuple[str, str]]:
    """(call, message id) for ids passed as string literals to tr / ntr (any module's) and Phrase.of."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name == "of" and not (isinstance(func, ast.Attribute) and getattr(func.value, "id", "") == "Phrase"):
            continue
        first = node.args[0]
        if name in ("tr", "ntr", "of") and isinstance(first, ast.Constant) and isinstance(first.value, str):
            keys.add((name, first.value))
    return keys


def test_every_message_id_used_in_code_exists() -> None:
    used = {key for path in MODULES for _, key in _literal_keys(path)}
    assert len(used) > 50, "the scan found the screens' messages"
    assert sorted(key for key in used if not i18n.has(key)) == []


def test_counts_are_read_with_their_plural_forms() -> None:
    """A plural message read with `tr` would show "1 stations"; `ntr` of a message without forms is a slip."""
    calls = {(call, key) for path in MODULES for call, key in _literal_keys(path)}
    assert sorted(key for call, key in calls if call == "tr" and i18n.is_plural(key)) == []
    assert sorted(key for call, key in calls if call == "ntr" and not i18n.is_plural(key)) == []


def _editor_names() -> set[str]:
    """Every `text.NAME` the editor's modules read."""
    names = set()
    for path in sorted((ROOT / "editor").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and getattr(node.value, "id", "") == "text" and node.attr.isupper():
                names.add(node.attr)
    return names


def test_every_editor_name_reads_a_message() -> None:
    names = _editor_names()
    assert {"TOOLS", "STATUS_SAVED", "LABEL_UNDO"} <= names
    missing = []
    for name in sorted(names):
        try:
            getattr(editor_text, name)
        except AttributeError:
            missing.append(name)
    assert missing == []


def test_the_editor_reads_its_words_in_the_current_language() -> None:
    assert editor_text.BUTTONS["save"] == "Save"
    assert editor_text.localize("de") == "de"
    assert editor_text.BUTTONS["save"] == "Speichern"
    assert list(editor_text.BUTTONS) == list(editor_text.TOOLTIPS) and next(iter(editor_text.TOOLS)) == "select"
    assert editor_text.TOOLS["select"] == ("V", "Auswahl", i18n.tr("editor.tools.select.hint"))
    assert editor_text.PANEL_KIND[""] == i18n.tr("editor.panel_kind._")
    assert editor_text.plural("PANEL_SELECTION", 1, count=1) == "1 Objekt ausgewählt"
    assert editor_text.HELP_LINES[0] == ("V", i18n.tr("editor.help_lines.0.action"))
    assert "STATUS_SAVED" in dir(editor_text)
    with pytest.raises(AttributeError):
        editor_text.NO_SUCH_NAME  # noqa: B018


def test_a_board_has_one_name_on_every_screen(board: Board) -> None:
    """The menu names a board by its file, the game by the loaded board: both say "Londres" in French."""
    london = load_board("london")
    text.set_language("fr")
    assert text.board_title("london") == text.board_title(london) == text.board_title("boards/london.json") == "Londres"
    assert text.board_title(load_board("london_classic")) == "Londres (classique)"
    assert text.board_title(board) == board.name  # a board of one's own keeps its name
    assert text.board_title("my_city.tmx") == "My City"
    translated = dataclasses.replace(board, titles={"fr": "Ma Ville", "de": "Meine Stadt"})
    assert text.board_title(translated) == "Ma Ville"  # a board's own translation of its title
    text.set_language("de")
    assert text.board_title(translated) == "Meine Stadt"


def test_the_catalogues_are_in_sync() -> None:
    assert locales.main(["--check"]) == 0
