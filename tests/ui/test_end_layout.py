"""The end screen's parts keep to their own room: the score chart, down to its axis's name, is never drawn
over the buttons under it, at the sizes people play at (the chart's "turns" was cut by "Watch the replay")."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from game.board.model import Board
from game.ui.scenes.end import EndScene
from tests.ui.driver import DT, move, save_shot, without_drawing
from tests.ui.test_replay import finished_game


@pytest.mark.parametrize("size", ["1280x720", "1920x1080"])
def test_the_chart_stays_clear_of_the_buttons(make_app, board: Board, board_file: Path, size: str) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", size])
    app.fixed_dt = DT
    app.apply_settings(text_scale=1.5)
    app.replace(EndScene(app, finished_game(board, board_file)))
    end = app.scene
    assert isinstance(end, EndScene)
    move(app, (2, 2))  # the pointer away from every button
    shown = app.screen.copy()
    save_shot(shown, f"end_{size}")
    put_back = without_drawing(end, "_chart")()
    app.step()
    without_chart = app.screen.copy()
    put_back()
    for spot in end.spots:  # the chart changes not one pixel of a button or its shadow
        area = spot.rect.inflate(0, 6)
        for x in range(area.left, area.right):
            for y in range(area.top, area.bottom):
                assert shown.get_at((x, y)) == without_chart.get_at((x, y)), f"the chart covers {spot.kind}"
    assert pygame.Rect(0, 0, *app.size).contains(end.spots[2].rect)
