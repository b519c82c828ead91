"""The end screen's parts keep to their own room: the score chart, down to its axis's name, is never drawn
over the buttons under it, at the sizes people play at (the chart's "turns" was cut by "Watch the replay"); and
"Large text" grows this screen as it does every other, five seats and a tie-break note still inside the window
with no two texts overlapping (it was the one screen drawn at fixed pixel sizes)."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.board.model import Board
from game.rules.observation import observe
from game.ui import style, text
from game.ui.scenes.end import EndScene, tie_break_note
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup, Seat
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


class Recording(pygame.Surface):
    """A screen that remembers where each piece of text (every blit) landed."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size)
        self.pieces: list[pygame.Rect] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:  # type: ignore[override]
        self.pieces.append(pygame.Rect(dest[0], dest[1], *source.get_size()))  # a point or a rect's corner
        return super().blit(source, dest, *args, **kwargs)


def five_at_the_table(board: Board, board_file: Path) -> GameSession:
    """Five computer players whose game ends in a tie on points: the end screen's longest list and its note."""
    names = ["Anna", "Ben", "Chloé", "Dmitri", "Eleonora"]
    session = GameSession(board, GameSetup(str(board_file), [Seat("easy", n) for n in names], 1), None, 1)
    while session.state.phase != "over":
        session.apply(session.bots[session.state.current].choose(observe(session.state)))
    assert tie_break_note(session)
    return session


def open_end(make_app, session: GameSession, size: str, text_scale: float) -> tuple[EndScene, Recording]:
    """The end screen at this window size, with the text size chosen as the settings screen does, drawn once
    on the app's screen (kept in $UNDERGROUND_SHOTS) and once on a recording copy."""
    app = make_app(["--scene", "menu", "--board", session.setup.board, "--size", size])
    app.fixed_dt = DT
    app.apply_settings(text_scale=text_scale)
    app.replace(EndScene(app, session))
    move(app, (2, 2))
    save_shot(app.screen, f"end_five_{size}_{round(text_scale * 100)}")
    end = app.scene
    assert isinstance(end, EndScene)
    recording = Recording(app.size)
    end.draw(recording)
    return end, recording


@pytest.mark.parametrize("size", ["1280x720", "1920x1080"])
def test_large_text_grows_the_end_screen_and_it_still_fits(make_app, monkeypatch, board: Board, board_file: Path,
                                                           size: str) -> None:
    session = five_at_the_table(board, board_file)
    drawn: dict[str, int] = {}  # each text's largest size asked for

    def recorded(real: Callable[..., pygame.Surface]) -> Callable[..., pygame.Surface]:
        def recording(message: str, px: int, *args: Any) -> pygame.Surface:
            drawn[message] = max(px, drawn.get(message, 0))
            return real(message, px, *args)
        return recording

    monkeypatch.setattr(style, "text", recorded(style.text))
    monkeypatch.setattr(style, "fit_text", recorded(style.fit_text))
    sizes: list[dict[str, int]] = []
    for text_scale in (1.0, 1.5):
        drawn.clear()
        end, screen = open_end(make_app, session, size, text_scale)
        sizes.append(dict(drawn))
        window = screen.get_rect()
        buttons = [spot.rect for spot in end.spots]
        for piece in screen.pieces:
            assert window.contains(piece), f"text cut by the window's edge at {piece} ({text_scale:.0%})"
            for button in buttons:  # a button's own label inside it, nothing else over it
                assert button.contains(piece) or not button.colliderect(piece), f"text over a button at {piece}"
        loose = [p for p in screen.pieces if not any(b.contains(p) for b in buttons)]
        for a, b in itertools.combinations(loose, 2):
            assert not a.colliderect(b), f"texts overlap at {a} and {b} ({text_scale:.0%})"
        assert all(window.contains(b) for b in buttons), f"a button cut by the window's edge ({text_scale:.0%})"
        assert not any(a.colliderect(b) for a, b in itertools.combinations(buttons, 2))
    small, large = sizes
    for message in (text.tr("end.title"), text.tr("end.chart"), *(session.name(s) for s in range(5))):
        assert large[message] > small[message], f"{message!r} is no bigger in large text"
