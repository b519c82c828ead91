"""The bus tour's table names the game and its seats as the menu does: a fresh player read "London" at the top
of the panel where the menu had said "London bus tour", and "Computer 2 · computer" on a computer's seat."""

from __future__ import annotations

import pytest

from game.ui import style, text
from game.ui.table.setup import Seat
from tests.ui.driver import save_shot
from tests.ui.test_bus_table import table


def _written(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn from now on through the style module's text helpers."""
    seen: list[str] = []
    plain, fitted = style.text, style.fit_text

    def said(message: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(message)
        return plain(message, *args, **kwargs)

    def fit(message: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(message)
        return fitted(message, *args, **kwargs)

    monkeypatch.setattr(style, "text", said)
    monkeypatch.setattr(style, "fit_text", fit)
    return seen


def test_the_panel_names_the_game_as_the_menu_and_a_computer_once(make_app, monkeypatch) -> None:
    computer = text.tr("menu.seat.computer_name", number=2)  # the name the menu gives the second seat
    app, scene = table(make_app, [Seat("person", "Anna"), Seat("normal", computer), Seat("normal", "Robin")],
                       size="1280x720")
    seen = _written(monkeypatch)
    app.step()
    save_shot(app.screen, "bus_panel_words")
    assert text.tr("bus.menu.bus") in seen  # "London bus tour", the menu's words
    assert scene.board.title(text.language()) not in seen  # not the bare "London"
    assert computer in seen  # "Computer 2", once
    assert f"{computer} · {text.tr('bus.computer')}" not in seen
    assert f"Robin · {text.tr('bus.computer')}" in seen  # a name that does not say so still gets the tag
