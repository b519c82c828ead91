"""Accessibility: colour-blind mode marks every line by more than colour, the text size setting grows the
panels, and from 1280×720 to 3840×2160 every panel and control stays inside the window."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.ui import style
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene, sidebar_width
from game.ui.scenes.settings import SettingsScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, settle, space_point

SIZES = ["1280x720", "3840x2160"]


def table(make_app, board_file: Path, size: str = "1200x800", players: int = 2) -> tuple[App, PlayScene]:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", size])
    app.fixed_dt = DT
    seats = [Seat("person", f"Player {n + 1}") for n in range(players)]
    scene = PlayScene(app, GameSetup(str(board_file), seats, 4))
    app.replace(scene)
    app.step()
    return app, scene


def place_two(app: App, scene: PlayScene) -> None:
    for _ in range(2):
        click(app, space_point(scene, sorted(scene.ctl.legal_spaces())[0]))
        settle(app, scene)


def test_colour_blind_mode_marks_the_tracks(make_app, board_file: Path) -> None:
    app, scene = table(make_app, board_file)
    place_two(app, scene)
    plain = pygame.image.tobytes(scene.view._composite, "RGB")
    assert scene.view.marks_drawn == 0
    app.apply_settings(colour_blind=True)
    app.step()
    marked = pygame.image.tobytes(scene.view._composite, "RGB")
    assert marked != plain, "the track layer is drawn again, with patterns"
    assert scene.view.marks_drawn >= 1, "line codes sit on the placed tracks"
    app.apply_settings(colour_blind=False)
    app.step()
    assert pygame.image.tobytes(scene.view._composite, "RGB") == plain


def test_colour_blind_mode_names_the_lines_in_the_sidebar(make_app, board_file: Path) -> None:
    app, scene = table(make_app, board_file)
    app.step()
    before = pygame.image.tobytes(scene.sidebar.cache.surface, "RGB")
    app.apply_settings(colour_blind=True)
    app.step()
    assert pygame.image.tobytes(scene.sidebar.cache.surface, "RGB") != before


def test_text_size_grows_the_panels(make_app, board_file: Path) -> None:
    app, scene = table(make_app, board_file, size="1920x1080")
    app.step()
    width, strip, k = scene.sidebar_rect().width, scene.strip_rect().height, scene.sidebar.k
    app.apply_settings(text_scale=1.5)
    app.step()
    assert style.text_scale() == 1.5
    assert scene.sidebar_rect().width > width and scene.strip_rect().height > strip
    assert scene.sidebar.k > k
    assert scene.view.camera.view == scene.board_rect(), "the board made room for the bigger panels"


def test_text_size_grows_the_menu(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", "1920x1080"])
    app.step()
    start = app.scene.widgets["start"].rect.size
    app.apply_settings(text_scale=1.25)
    app.step()
    grown = app.scene.widgets["start"].rect.size
    assert grown[0] > start[0] and grown[1] > start[1]


def _inside(rect: pygame.Rect, size: tuple[int, int]) -> bool:
    return pygame.Rect(0, 0, *size).contains(rect)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_menu_and_settings_fit_the_window(make_app, board_file: Path, size: str, scale: float) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", size, "--players", "5"])
    app.apply_settings(text_scale=scale)
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene) and len(menu.seat_widgets) == 5
    elements = [*menu.widgets.values(), *menu.count_buttons.values(), *(w for pair in menu.seat_widgets for w in pair)]
    assert [e for e in elements if not _inside(e.rect, app.size)] == []
    app.push(SettingsScene(app))
    app.step()
    settings = app.scene
    assert _inside(settings.panel(), app.size)
    assert [e for e in [*settings.widgets.values(), *settings.sizes.values()] if not _inside(e.rect, app.size)] == []


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scale", [1.0, 1.5])
def test_play_screen_fits_the_window(make_app, board_file: Path, size: str, scale: float) -> None:
    app, scene = table(make_app, board_file, size=size, players=5)
    app.apply_settings(text_scale=scale, colour_blind=True)
    app.step()
    w, h = app.size
    board = pygame.Rect(*(round(v) for v in scene.board_rect()))
    for rect in (board, scene.sidebar_rect(), scene.strip_rect()):
        assert _inside(rect, app.size)
    assert board.right <= scene.sidebar_rect().left and board.bottom <= scene.strip_rect().top
    assert sidebar_width(w) <= w * 0.4
    spots = scene.sidebar.spots + scene.cards.spots
    assert spots and [s for s in spots if not _inside(s.rect, app.size)] == []
    seat_rows = [s for s in scene.sidebar.spots if s.kind == "line"]
    assert seat_rows, "the person's lines are on screen"
    buttons = [s for s in scene.sidebar.spots if s.kind in ("branch", "undo")]
    assert len(buttons) == 2 and all(b.rect.bottom < h for b in buttons)
