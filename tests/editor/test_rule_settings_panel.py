"""The board's rule settings in the side panel, as a designer meets them: each in words in the editor's
language (the panel listed the map property names, `actions_per_turn`), typed in and kept as the property."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UILabel, UITextEntryLine

from editor import text
from tests.editor.driver import Driver


def _setting_entry(driver: Driver, label: str) -> UITextEntryLine:
    """The entry on the same row as the label that reads `label`."""
    panel = driver.app.panel
    shown = [e for e in panel.ui.get_sprite_group().sprites() if isinstance(e, UILabel) and e.text == label]
    assert shown, f"no label {label!r} in the panel"
    row = shown[0].get_abs_rect()
    return next(e for e in panel.entries if abs(e.get_abs_rect().centery - row.centery) <= 4)


@pytest.fixture
def german(tmp_path: Path) -> Iterator[Driver]:
    from editor.app import EditorApp

    text.localize("de")
    try:
        yield Driver(EditorApp(tmp_path / "board.tmx", size=(1600, 900)))
    finally:
        text.localize("en")
        pygame.quit()


def test_a_rule_setting_is_named_in_words_and_typed_into_its_map_property(driver: Driver) -> None:
    labels = {e.text for e in driver.app.panel.ui.get_sprite_group().sprites() if isinstance(e, UILabel)}
    assert "Actions per turn" in labels and "actions_per_turn" not in labels
    entry = _setting_entry(driver, "Actions per turn")
    driver.click_element(entry)
    driver.type("3")
    driver.key(pygame.K_RETURN, "\r")
    assert driver.app.doc.map_properties().get("actions_per_turn") == "3"
    driver.screenshot("rule-settings-en")


def test_a_bad_setting_is_refused_by_its_name_in_words(driver: Driver) -> None:
    entry = _setting_entry(driver, "Loops score")
    driver.click_element(entry)
    driver.type("perhaps")
    driver.key(pygame.K_RETURN, "\r")
    assert "loops" not in driver.app.doc.map_properties()
    assert "Loops score" in driver.app.user.current_status()


def test_the_settings_speak_the_editors_language(german: Driver) -> None:
    labels = {e.text for e in german.app.panel.ui.get_sprite_group().sprites() if isinstance(e, UILabel)}
    assert {"Aktionen pro Zug", "Punkte Endstation"} <= labels
    german.screenshot("rule-settings-de")


def test_a_number_typed_wrong_is_refused_in_words_and_taken_back(driver: Driver) -> None:
    """A designer typed "abc" for the actions per turn: the status line read Python's "invalid literal for int()
    with base 10", and the entry kept "abc" while the board went on with 4."""
    entry = _setting_entry(driver, "Actions per turn")
    driver.click_element(entry)
    driver.type("abc")
    driver.key(pygame.K_RETURN, "\r")
    said = driver.app.user.current_status()
    assert "Actions per turn" in said and "whole number" in said and "int()" not in said
    assert "actions_per_turn" not in driver.app.doc.map_properties()
    assert entry.get_text() == ""  # what the board holds


def test_ctrl_s_in_a_setting_saves_what_was_typed(driver: Driver) -> None:
    """Ctrl+S while a setting's entry had the focus did nothing (and said nothing); Enter did not let it go."""
    entry = _setting_entry(driver, "Actions per turn")
    driver.click_element(entry)
    driver.type("3")
    driver.ctrl(pygame.K_s)
    saved = driver.app.doc.path
    assert saved is not None and saved.exists() and 'name="actions_per_turn"' in saved.read_text()
    assert not entry.is_focused
    driver.click_element(entry)
    driver.type("5")
    driver.key(pygame.K_RETURN, "\r")
    assert not entry.is_focused  # Enter is done typing: the editor's keys work again
    driver.tool("s")
    assert driver.app.tool is driver.app.tools["station"]


def test_an_empty_setting_shows_its_rulesets_default(driver: Driver) -> None:
    """A new board's ruleset is custom, whose loops score: the entry said "false" while the game scored them."""
    assert driver.app.doc.map_properties().get("ruleset", "custom") == "custom"
    loops = _setting_entry(driver, "Loops score")
    assert loops.get_text() == "" and loops.placeholder_text == "true"
