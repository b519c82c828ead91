"""The settings screen driven by clicks: every control applies at once and is saved; Back and Esc
return to the menu; a problem the settings store reports is shown on the screen."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton

from game.persist.settings import CONFIG_ENV, config_dir
from game.ui import style, text
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from tests.ui.conftest import click
from tests.ui.driver import DT, key, save_shot
from tests.ui.test_i18n_ui import choose


def saved() -> dict:
    return json.loads((config_dir() / "settings.json").read_text(encoding="utf-8"))


def open_settings(make_app, board_file: Path) -> tuple[App, SettingsScene]:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    click(app, app.scene.widgets["settings"].rect.center)
    assert isinstance(app.scene, SettingsScene)
    return app, app.scene


def test_toggles_apply_at_once_and_are_saved(make_app, board_file: Path) -> None:
    app, settings = open_settings(make_app, board_file)
    assert settings.widgets["mute"].text == "Off"
    click(app, settings.widgets["mute"].rect.center)
    assert app.store.settings.mute and saved()["mute"] is True
    assert settings.widgets["mute"].text == "On"
    click(app, settings.widgets["colour_blind"].rect.center)
    assert style.colour_blind() and saved()["colour_blind"] is True


def test_text_size_grows_the_screen(make_app, board_file: Path) -> None:
    app, settings = open_settings(make_app, board_file)
    before = settings.widgets["back"].rect.height
    click(app, settings.sizes[1.25].rect.center)
    assert style.text_scale() == 1.25 and saved()["text_scale"] == 1.25
    assert settings.sizes[1.25].is_selected
    assert settings.widgets["back"].rect.height > before


def test_volume_slider_changes_the_volume(make_app, board_file: Path) -> None:
    app, settings = open_settings(make_app, board_file)
    app.fixed_dt = DT
    slider = settings.widgets["volume"]
    arrow = (slider.rect.left + 4, slider.rect.centery)  # hold the left arrow down for half a second
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=arrow, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=arrow, button=1))
    for _ in range(10):
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=arrow, button=1))
    app.step()
    app.step()
    assert app.store.settings.volume < 80 and saved()["volume"] == app.store.settings.volume
    assert settings.widgets["volume_value"].text == str(app.store.settings.volume)


def test_language_on_the_settings_screen(make_app, board_file: Path) -> None:
    app, settings = open_settings(make_app, board_file)
    choose(app, settings.widgets["language"], "de")
    assert text.language() == "de" and saved()["language"] == "de"
    assert settings.widgets["back"].text == "Zurück"
    click(app, settings.widgets["back"].rect.center)
    assert isinstance(app.scene, MenuScene)
    assert app.scene.widgets["start"].text == "Spiel starten"


def test_escape_returns_to_the_menu(make_app, board_file: Path) -> None:
    app, _ = open_settings(make_app, board_file)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and app.running


def test_a_problem_saving_is_shown(make_app, board_file: Path, tmp_path: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the settings folder should be", encoding="utf-8")
    monkeypatch.setenv(CONFIG_ENV, str(blocker))
    app, settings = open_settings(make_app, board_file)
    click(app, settings.widgets["mute"].rect.center)
    assert app.store.settings.mute  # applied for this session even so
    assert "message" in settings.widgets
    assert "could not be saved" in settings.message


def test_a_damaged_settings_file_is_reported_in_the_menu(make_app, board_file: Path) -> None:
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text("{not json", encoding="utf-8")
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    assert app.notice and "settings.json.bad" in app.notice


def _looks_chosen(app: App, buttons: Mapping[float, UIButton]) -> list[float]:
    """The buttons of a row whose face is drawn in anything but the plain white of an unchosen one."""
    app.step()
    return [value for value, button in buttons.items()
            if app.screen.get_at((button.rect.left + 5, button.rect.top + 5))[:3] != (255, 255, 255)]


def test_only_the_chosen_size_and_speed_look_chosen(make_app, board_file: Path) -> None:
    """Choosing 150 % grows the screen under the still pointer, which now rests on another size button:
    that one must not light up as if it were chosen too, and neither may a speed."""
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", "1920x1080"])
    app.step()
    click(app, app.scene.widgets["settings"].rect.center)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    pointer = (settings.sizes[1.5].rect.left + 3, settings.sizes[1.5].rect.centery)  # its left edge
    pygame.mouse.set_pos(pointer)  # the pointer itself, as a person's hand leaves it, not only the events
    click(app, pointer)
    assert style.text_scale() == 1.5
    assert any(button.rect.collidepoint(pointer) for scale, button in settings.sizes.items() if scale != 1.5)
    save_shot(app.screen, "settings_150")
    assert _looks_chosen(app, settings.sizes) == [1.5]
    assert _looks_chosen(app, settings.paces) == [1.0]
    fast = settings.paces[0.5].rect.center
    pygame.mouse.set_pos(fast)
    click(app, fast)
    assert _looks_chosen(app, settings.paces) == [0.5] and _looks_chosen(app, settings.sizes) == [1.5]
    pygame.mouse.set_pos(settings.sizes[1.0].rect.center)  # a pointer that moves still lights what it points at
    assert _looks_chosen(app, settings.sizes) == [1.0, 1.5]
