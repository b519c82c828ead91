"""UI tests run headless: SDL's dummy video driver, and a temporary folder for saves."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame
import pytest

from game.board.model import Board
from game.command_line import parse_options
from game.ui import style, text
from game.ui.app import App
from game.ui.launch import first_scene, open_app
from tests.ui.synthetic import make_board


@pytest.fixture(autouse=True)
def _isolated_saves(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("UNDERGROUND_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("UNDERGROUND_CONFIG_DIR", str(tmp_path / "config"))  # settings: never the player's own
    monkeypatch.setenv("UNDERGROUND_LOG_DIR", str(tmp_path / "logs"))  # crash logs too
    monkeypatch.setenv("LANGUAGE", "en")  # a first start follows the system language: make it English
    yield
    text.set_language("en")  # language and look are process-wide: the next test starts from the defaults
    style.set_look((1600, 900), 1.0, False)


@pytest.fixture
def board() -> Board:
    return make_board()


@pytest.fixture
def board_file(tmp_path: Path, board: Board) -> Path:
    path = tmp_path / "testville.json"
    path.write_text(board.dumps(), encoding="utf-8")
    return path


@pytest.fixture
def make_app() -> Iterator[Callable[[list[str]], App]]:
    """Open the game window (dummy driver) with command-line options, as `python -m game` would."""
    apps: list[App] = []

    def factory(argv: list[str]) -> App:
        app = open_app(parse_options(argv))
        first_scene(app)
        apps.append(app)
        return app

    yield factory
    pygame.event.clear()
    pygame.quit()


def click(app: App, pos: tuple[int, int]) -> None:
    """A real left click, as pygame would deliver it, then two frames for the UI to react."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    app.step()
    app.step()
