"""Languages on screen: the menu's language choice re-labels it at once and is remembered across a
restart, --lang only overrides it for one run, and every message id the screens use exists."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pygame
from pygame_gui.elements import UIDropDownMenu

from game import i18n
from game.persist.settings import config_dir
from game.ui import text
from game.ui.app import App
from game.ui.launch import first_scene, open_app
from game.ui.options import parse_options
from game.ui.scenes.menu import MenuScene
from tests.ui.conftest import click
from tools import sync_locales

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
    assert pygame.display.get_caption()[0] == i18n.catalogue("fr")["app.title"]


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


def _literal_keys(path: Path) -> set[str]:
    """Message ids passed as string literals to tr(...) / text.tr(...) / i18n.tr(...) in one module."""
    keys = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        first = node.args[0]
        if name == "tr" and isinstance(first, ast.Constant) and isinstance(first.value, str):
            keys.add(first.value)
    return keys


def test_every_message_id_used_in_code_exists() -> None:
    english = i18n.catalogue("en")
    modules = sorted((ROOT / "game" / "ui").rglob("*.py")) + sorted((ROOT / "editor").rglob("*.py"))
    used = {key: path.name for path in modules for key in _literal_keys(path)}
    assert len(used) > 50, "the scan found the screens' messages"
    assert sorted(key for key in used if key not in english) == []


def test_the_catalogues_are_in_sync() -> None:
    assert sync_locales.main(["--check"]) == 0
