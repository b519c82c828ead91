"""The tool bar fits the window in every language: one row when its buttons fit, two rows when not, and
no button ever covers another or runs off the window."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from editor import text
from editor.app import EditorApp
from tests.editor.driver import Driver


@pytest.fixture
def english_after() -> Iterator[None]:
    yield
    text.localize("en")


@pytest.mark.parametrize("game", ["underground", "bus"])
@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1600, 900), (1100, 640)])
def test_no_tool_bar_button_covers_another(language: str, size: tuple[int, int], game: str, tmp_path: Path,
                                           english_after: None) -> None:
    text.localize(language)
    app = EditorApp(tmp_path / "board.tmx", size=size)
    driver = Driver(app)
    if game == "bus":  # New bus tour: the bar is rebuilt with the bus tour's tools, in the same rows
        driver.ctrl(pygame.K_n, shift=True)
        assert list(app.toolbar.tool_buttons) == list(text.BUS_TOOL_NAMES)
    buttons = [*app.toolbar.buttons.values(), *app.toolbar.tool_buttons.values()]
    rects = [b.get_abs_rect() for b in buttons]
    window = pygame.Rect(0, 0, *size)
    assert all(window.contains(r) for r in rects)
    overlaps = [(a.text, b.text) for i, a in enumerate(buttons) for b in buttons[i + 1:]
                if a.get_abs_rect().colliderect(b.get_abs_rect())]
    assert overlaps == []
    bar = app.toolbar.panel.get_abs_rect()
    assert all(bar.contains(r) for r in rects) and app.view.canvas[1] == bar.bottom
    if (language, size) in (("en", (1600, 900)), ("de", (1600, 900))):
        driver.screenshot(f"toolbar-{game}-{language}-{size[0]}")
    pygame.quit()
