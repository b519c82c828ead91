"""The pile's box says it is empty in every language whole: at 1280×720 in German it read "Der Nachziehstap…"
(a player saw it at the end of a game). It says it as briefly as it counts the cards ("Stapel: leer"), on two
lines where one is too narrow; the pile's tip says it in a sentence."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.ui import style, text
from tests.ui.driver import open_table


@pytest.mark.parametrize("language", ["en", "de", "fr"])
def test_the_empty_piles_caption_is_never_cut(make_app, monkeypatch: pytest.MonkeyPatch, language: str) -> None:
    app, scene = open_table(make_app, "berlin", "1280x720", frames=2)
    assert scene.ctl is not None
    text.set_language(language)
    scene.ctl.state.deck.clear()
    caption = text.tr("play.deck_short_empty")
    drawn: list[tuple[str, int]] = []
    real = style.fit_text

    def measured(message: str, size: int, weight: str, colour: Any, width: int) -> pygame.Surface:
        if message and message in caption:
            drawn.append((message, style.font(size, weight).size(message)[0] - width))
        return real(message, size, weight, colour, width)

    monkeypatch.setattr(style, "fit_text", measured)
    app.step()
    assert " ".join(message for message, _ in drawn) == caption  # every word of it drawn
    assert all(over <= 0 for _, over in drawn), drawn  # and none shrunk or cut to fit
