"""No text is cut or runs out of its box, in German and French, at 150 % text and in a 1280×720 window.

Every screen a couch sees is rendered for real (menu with five seats, settings with the language list open,
the play screen's sidebar, card strip, key hints, a tip and a controller's hint strip, the passenger's
choice) while every text measured against the box it is drawn into is recorded:

- the panels' own text goes through `style.fit_text` (shrunk a little, then cut with "…") and `style.wrap`:
  a cut, or a wrapped line wider than its box, is a failure;
- pygame_gui's buttons, labels and drop-downs are measured with their own fonts against their rectangles,
  and must lie inside the window and inside the panel they belong to;
- an open drop-down's rows must be tall enough for their text.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel

from game.board.loader import load_board
from game.persist.settings import config_dir
from game.rules.state import new_game
from game.ui import style
from game.ui.app import App
from game.ui.scenes.menu import PANEL_W, PANEL_X, MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.settings import SettingsScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.conftest import click as gui_click
from tests.ui.driver import DT, click, save_shot, settle, space_point
from tests.ui.test_passenger_choice import position

LOOKS = [("de", "1280x720", 1.5), ("fr", "1280x720", 1.5), ("de", "1920x1080", 1.5), ("fr", "1920x1080", 1.5),
         ("de", "1280x720", 1.0), ("fr", "1280x720", 1.0)]
PAD = 4  # pixels kept between a button's text and its edge


class Overflows:
    """Records every text that did not fit the box it was drawn into."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.where = ""

    def add(self, what: str) -> None:
        entry = f"{self.where}: {what}"
        if entry not in self.found:
            self.found.append(entry)


@pytest.fixture
def overflows(monkeypatch: pytest.MonkeyPatch) -> Iterator[Overflows]:
    seen = Overflows()
    fit, wrap = style._fit_text, style.wrap

    def measured_fit(message: str, size: int, weight: str, colour: style.Colour, width: int) -> pygame.Surface:
        if style.font(size - 2, weight).size(message)[0] > width:
            seen.add(f"{message!r} cut to {width}px")
        return fit(message, size, weight, colour, width)

    def measured_wrap(message: str, size: int, weight: str, width: int, max_lines: int = 2) -> list[str]:
        lines = wrap(message, size, weight, width, max_lines)
        for line in lines:
            if style.font(size, weight).size(line)[0] > width:
                seen.add(f"{line!r} wider than {width}px")
        return lines

    monkeypatch.setattr(style, "_fit_text", measured_fit)
    monkeypatch.setattr(style, "wrap", measured_wrap)
    style.clear_text_cache()
    yield seen
    style.clear_text_cache()


def open_app(make_app, lang: str, size: str, scale: float, *argv: str) -> App:
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, "language": lang, "text_scale": scale}))
    app = make_app(["--scene", "menu", "--size", size, *argv])
    app.fixed_dt = DT
    app.step()
    return app


def gui_fits(app: App, seen: Overflows, panels: dict[str, pygame.Rect]) -> None:
    """Every pygame_gui button, label and drop-down: its text inside it, it inside the window and its panel."""
    window = pygame.Rect((0, 0), app.size)
    for element in app.ui.get_sprite_group().sprites():
        if not isinstance(element, UIButton | UILabel | UIDropDownMenu) or not element.visible:
            continue
        rect = element.get_abs_rect()
        name = element.most_specific_combined_id
        if not window.contains(rect):
            seen.add(f"{name} {rect} leaves the window {window.size}")
        if not any(panel.contains(rect) for panel in panels.values()):
            seen.add(f"{name} {rect} outside its panel")
        font = getattr(element, "font", None)
        words = getattr(element, "text", "")
        if isinstance(element, UIButton | UILabel) and font is not None and words:
            width, height = font.size(words)
            room = rect.width - (2 * PAD if len(words) > 1 else 0)  # a lone arrow may fill its little button
            if width > room:
                seen.add(f"{words!r} is {width}px in a {rect.width}px {name}")
            if height > rect.height:
                seen.add(f"{words!r} is {height}px high in a {rect.height}px {name}")


def open_rows_fit(app: App, seen: Overflows, menu: UIDropDownMenu) -> None:
    """Open a drop-down by a click and check every row is tall enough for its words."""
    gui_click(app, menu.get_abs_rect().center)
    listing = menu.current_state.options_selection_list
    assert listing is not None, "the drop-down did not open"
    for item in listing.item_list:
        button = item["button_element"]
        if button is None or button.font is None:
            continue
        height = button.font.size(item["text"])[1]
        if height > button.rect.height:
            seen.add(f"row {item['text']!r} is {height}px high in a {button.rect.height}px row")
    save_shot(app.screen, f"text_fit_{seen.where.replace(' ', '_')}_open")
    gui_click(app, menu.get_abs_rect().center)


@pytest.mark.parametrize(("lang", "size", "scale"), LOOKS)
def test_menu_and_settings_text_fits(make_app, overflows: Overflows, lang: str, size: str, scale: float) -> None:
    app = open_app(make_app, lang, size, scale, "--board", "london", "--players", "5")
    menu = app.scene
    assert isinstance(menu, MenuScene)
    menu.seats[3].kind = "hard"  # the longest seat kinds
    menu.seats[4].kind = "easy"
    menu.rebuild()
    app.step()
    overflows.where = f"menu {lang} {size} {scale}"
    height = app.size[1]
    left = pygame.Rect(0, 0, style.ui(PANEL_X + PANEL_W + 32), height)
    card = pygame.Rect(*(round(v) for v in menu.preview_rect()))
    gui_fits(app, overflows, {"left": left, "card": card})
    save_shot(app.screen, f"text_fit_menu_{lang}_{size}_{scale}")
    gui_click(app, menu.widgets["settings"].get_abs_rect().center)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    app.step()
    overflows.where = f"settings {lang} {size} {scale}"
    gui_fits(app, overflows, {"panel": settings.panel()})
    open_rows_fit(app, overflows, settings.widgets["language"])
    save_shot(app.screen, f"text_fit_settings_{lang}_{size}_{scale}")
    assert not overflows.found, "\n".join(overflows.found)


@pytest.mark.parametrize(("lang", "size", "scale"), LOOKS)
def test_play_screen_text_fits(make_app, board, board_file: Path, overflows: Overflows, lang: str, size: str,
                               scale: float) -> None:
    app = open_app(make_app, lang, size, scale, "--board", str(board_file))
    seats = [Seat("person", "Anna-Sophie"), Seat("person", "Jean-Baptiste")]
    state, last = position(board, tie=True)
    scene = PlayScene(app, GameSetup(str(board_file), seats, 5), board=board, state=state)
    app.replace(scene)
    overflows.where = f"play {lang} {size} {scale}"
    for _ in range(3):
        app.step()
    save_shot(app.screen, f"text_fit_play_{lang}_{size}_{scale}")
    # a controller in hand: its hint strip at the foot of the board
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_DPAD_LEFT,
                                         instance_id=0))
    for _ in range(3):
        app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    click(app, space_point(scene, last))  # the passenger's choice: its rows, its tip, Go
    settle(app, scene)
    for _ in range(3):
        app.step()
    assert scene.ctl.state.phase == "passenger"
    save_shot(app.screen, f"text_fit_passenger_{lang}_{size}_{scale}")
    assert not overflows.found, "\n".join(overflows.found)


@pytest.mark.parametrize(("lang", "size", "scale"), LOOKS[:4])
def test_long_station_names_on_the_cards_fit(make_app, overflows: Overflows, lang: str, size: str,
                                             scale: float) -> None:
    app = open_app(make_app, lang, size, scale, "--board", "london")
    board = load_board("london")
    state = new_game(board, 3, 1)
    cards = sorted(set(state.deck + state.face_up), key=lambda c: -len(board.nodes[c[0]].name))[:4]
    state.deck = [c for c in state.deck + state.face_up if c not in cards]
    state.face_up = cards
    seats = [Seat("person", "Anna"), Seat("hard", "Computer 2"), Seat("person", "Chloé")]
    app.replace(PlayScene(app, GameSetup("london", seats, 1), board=board, state=state))
    overflows.where = f"cards {lang} {size} {scale}"
    for _ in range(3):
        app.step()
    save_shot(app.screen, f"text_fit_cards_{lang}_{size}_{scale}")
    assert not overflows.found, "\n".join(overflows.found)
