"""Play this board (F5): refused with a list of the errors that stays current while the designer fixes them,
and the game started once there are none."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any, ClassVar

import pygame
import pytest

from editor.actions import play
from editor.app.problems_window import ProblemsWindow
from editor.document import problems
from tests.editor.driver import Driver
from tests.editor.test_build_board import STATIONS, build


class FakeGame:
    """Stands in for the game's process: records the command line instead of opening a second window."""

    started: ClassVar[list[list[str]]] = []

    def __init__(self, args: list[str], **_: Any) -> None:
        FakeGame.started.append(list(args))

    def poll(self) -> int | None:
        return None


@pytest.fixture
def no_pause(monkeypatch: pytest.MonkeyPatch) -> None:
    """The problems are compiled a moment after the designer stops editing; here that moment is now."""
    monkeypatch.setattr(problems, "DEBOUNCE_SECONDS", 0.0)


@pytest.fixture
def fake_game(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    FakeGame.started = []
    monkeypatch.setattr(play, "subprocess", SimpleNamespace(Popen=FakeGame))
    return FakeGame.started


def _window(driver: Driver) -> ProblemsWindow:
    window = driver.app.dialogs.problems_window
    assert window is not None and window.alive
    return window


def _shown(window: ProblemsWindow) -> str:
    return window.box.html_text


def test_play_refuses_a_board_with_errors(driver: Driver, fake_game: list[list[str]]) -> None:
    driver.station((320, 320), "Alpha")
    driver.key(pygame.K_F5)
    window = _window(driver)
    assert "destination" in _shown(window) and not window.play_button.is_enabled
    assert driver.app.game_process is None and fake_game == []
    driver.click_element(window.close_button)
    assert not window.alive


def test_errors_window_follows_undo_and_then_plays(driver: Driver, no_pause: None,
                                                   fake_game: list[list[str]]) -> None:
    app = driver.app
    build(driver)
    driver.tool("d")
    market, mill = STATIONS["Market"], STATIONS["Mill Lane"]
    driver.click((market[0], (market[1] + mill[1]) / 2))  # delete the only link to Mill Lane
    driver.key(pygame.K_F5)
    window = _window(driver)
    assert "Mill Lane" in _shown(window) and not window.play_button.is_enabled
    driver.screenshot("play-errors")

    driver.ctrl(pygame.K_z)  # the link is back: the window must not keep the old error
    driver.frames(2)
    assert window.alive and "Mill Lane" not in _shown(window)
    assert window.play_button.is_enabled
    driver.screenshot("play-errors-fixed")

    driver.ctrl(pygame.K_y)  # and broken again: the error comes back
    driver.frames(2)
    assert "Mill Lane" in _shown(window) and not window.play_button.is_enabled
    driver.ctrl(pygame.K_z)
    driver.frames(2)

    driver.click_element(window.play_button)
    assert not window.alive
    assert len(fake_game) == 1 and fake_game[0][1:4] == ["-m", "game", "--board"]
    assert app.game_process is not None


def test_play_starts_at_once_on_a_board_without_errors(driver: Driver, fake_game: list[list[str]]) -> None:
    build(driver)
    driver.key(pygame.K_F5)
    assert driver.app.dialogs.problems_window is None and len(fake_game) == 1
    assert isinstance(driver.app.game_process, FakeGame)
    copy = Path(fake_game[0][-1])  # the game is given a copy of the board as it is now
    assert copy.parent == play.play_folder() and copy.read_bytes() == driver.app.doc.to_bytes()


def test_playing_again_leaves_no_second_copy(driver: Driver, fake_game: list[list[str]]) -> None:
    build(driver)
    driver.key(pygame.K_F5)
    driver.key(pygame.K_F5)
    assert len(fake_game) == 2 and fake_game[0][-1] == fake_game[1][-1]
    assert list(play.play_folder().iterdir()) == [Path(fake_game[1][-1])]
