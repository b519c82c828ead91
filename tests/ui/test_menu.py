"""The menu: preselection from the command line, and clicking through it to a game."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UILabel

from game.board.loader import builtin_boards
from game.ui.input.pad_focus import GuiFocus
from game.ui.scenes.menu import MenuScene, city_choices
from game.ui.scenes.play import PlayScene
from tests.ui.conftest import click
from tests.ui.test_i18n_ui import choose

needs_london = pytest.mark.skipif("london" not in builtin_boards(), reason="the London board is not installed")


def test_city_choices_fold_the_classic_edition_into_its_city() -> None:
    assert city_choices(["berlin", "london", "london_classic", "newyork"]) == ["berlin", "london", "newyork"]
    assert city_choices(["odd_classic"]) == ["odd_classic"]


@needs_london
def test_board_and_players_are_preselected(make_app) -> None:
    app = make_app(["--scene", "menu", "--board", "london", "--players", "4"])
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    assert (menu.city, menu.classic, menu.players) == ("london", False, 4)
    assert menu.count_buttons[4].is_selected and not menu.count_buttons[3].is_selected
    assert len(menu.seat_widgets) == 4


@pytest.mark.skipif("london_classic" not in builtin_boards(), reason="the classic London board is not installed")
def test_classic_board_selects_the_variant(make_app) -> None:
    app = make_app(["--scene", "menu", "--board", "london_classic"])
    app.step()
    menu = app.scene
    assert (menu.city, menu.classic, menu.board_spec) == ("london", True, "london_classic")
    assert "variant" in menu.widgets


def test_a_board_file_is_offered_and_chosen(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--players", "2"])
    app.step()
    menu = app.scene
    assert menu.board_spec == str(board_file)
    assert menu.preview() is not None


def test_clicking_players_and_start_opens_a_game(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--seed", "5"])
    app.step()
    menu = app.scene
    click(app, menu.count_buttons[5].rect.center)
    assert menu.players == 5 and len(menu.seat_widgets) == 5
    click(app, menu.widgets["start"].rect.center)
    play = app.scene
    assert isinstance(play, PlayScene)
    assert play.state is not None and len(play.state.players) == 5
    assert [seat.kind for seat in play.setup.seats] == ["person", "person", "normal", "normal", "normal"]
    assert play.setup.seed == 5


def test_continue_is_disabled_without_an_autosave(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    assert not app.scene.widgets["continue"].is_enabled


def test_quit_button_stops_the_app(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    click(app, app.scene.widgets["quit"].rect.center)
    assert not app.running


def _type(app, entry, words: str) -> None:
    """Click into a name field, select what is there and type over it, as a person would."""
    click(app, entry.rect.center)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=pygame.KMOD_CTRL, unicode="",
                                         scancode=0))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
    app.step()


@pytest.mark.skipif("berlin" not in builtin_boards(), reason="the Berlin board is not installed")
def test_the_menu_remembers_the_last_table(make_app) -> None:
    app = make_app(["--scene", "menu"])
    app.step()
    menu = app.scene
    assert (menu.board_spec, menu.players) == ("london", 3)  # a first start
    choose(app, menu.widgets["city"], "berlin")
    click(app, menu.count_buttons[4].rect.center)
    choose(app, menu.seat_widgets[1][1], "hard")
    _type(app, menu.seat_widgets[0][0], "Zoë")
    click(app, menu.widgets["start"].rect.center)
    play = app.scene
    assert isinstance(play, PlayScene) and play.setup.board == "berlin"
    assert [(s.kind, s.name) for s in play.setup.seats] == [("person", "Zoë"), ("hard", ""), ("normal", ""),
                                                            ("normal", "")]  # unnamed: named at play
    assert play.session is not None
    assert [play.session.name(seat) for seat in range(4)] == ["Zoë", "Computer 2", "Computer 3", "Computer 4"]
    pygame.quit()
    again = make_app(["--scene", "menu"])  # another evening: the same table is ready
    again.step()
    menu = again.scene
    assert isinstance(menu, MenuScene)
    assert (menu.board_spec, menu.players, len(menu.seat_widgets)) == ("berlin", 4, 4)
    assert menu.count_buttons[4].is_selected
    assert [seat.kind for seat in menu.seats[:4]] == ["person", "hard", "normal", "normal"]
    assert menu.seat_widgets[0][0].get_text() == "Zoë"
    assert menu.seat_widgets[1][1].selected_option[1] == "hard"
    assert make_app(["--scene", "menu", "--players", "2"]).scene.players == 2  # the command line still wins


def test_quit_looks_like_a_button_not_like_a_disabled_one(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    app.step()
    menu = app.scene

    def fill(name: str) -> tuple[int, ...]:
        rect = menu.widgets[name].rect
        return tuple(app.screen.get_at((rect.x + 6, rect.centery)))[:3]

    assert not menu.widgets["continue"].is_enabled
    assert math.dist(fill("quit"), fill("continue")) > 100
    assert fill("quit") == fill("rules")  # the same real button as its neighbours


def test_a_designers_board_is_listed_by_the_name_it_gives_itself(make_app, tmp_path: Path) -> None:
    """A designer's brooklyn.tmx names itself "Downtown Brooklyn": the menu says so, as the editor and the
    game do, not "Brooklyn" made from the file name."""
    source = tmp_path / "brooklyn.tmx"
    source.write_text('<?xml version="1.0"?><map version="1.10" orientation="orthogonal" width="10" height="10" '
                      'tilewidth="8" tileheight="8"><properties><property name="name" value="Downtown Brooklyn"/>'
                      '</properties></map>', encoding="utf-8")
    app = make_app(["--scene", "menu", "--board", str(source)])
    app.step()
    menu = app.scene
    assert menu.board_spec == str(source)
    assert menu.widgets["city"].selected_option[0] == "Downtown Brooklyn"


@pytest.mark.skipif("newyork" not in builtin_boards(), reason="the New York board is not installed")
@needs_london
def test_switching_the_city_moves_nothing_below_it(make_app) -> None:
    """London has two editions, New York one: the Edition row stays for both (New York's names its one edition
    and cannot be opened), so Start and the seats are where the pointer left them."""
    app = make_app(["--scene", "menu", "--board", "london", "--size", "1280x720"])
    app.step()
    menu = app.scene

    def places() -> list[tuple[int, int, int, int]]:
        seats = [widget.rect for pair in menu.seat_widgets for widget in pair]
        return [tuple(rect) for rect in (menu.widgets["start"].rect, menu.count_buttons[2].rect, *seats)]

    in_london = places()
    assert menu.widgets["variant"].is_enabled
    choose(app, menu.widgets["city"], "newyork")
    assert menu.board_spec == "newyork"
    assert places() == in_london
    edition = menu.widgets["variant"]
    assert isinstance(edition, UILabel) and edition.text == "2nd edition"  # said, not a greyed list to pick from
    assert edition not in GuiFocus.elements(app.ui)  # the gamepad's focus passes over it
    choose(app, menu.widgets["city"], "london")
    assert menu.board_spec == "london" and places() == in_london
