"""A long log entry wraps onto as many lines as it needs, every line at the log's size: a fresh player saw
Berlin's "Computer 2 placed yellow Baumschulenweg–Schöneweide: +3 (railway station, terminus) · +1 branch
token" at 1280×720 break after "yellow", its rest shrunk to ~9 px and cut ("…+1 branc…"). Entries that no
longer fit are the older ones, left out whole; none is shrunk or cut.
"""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.ui import style
from game.ui.table.event_log import LogEntry
from tests.ui.driver import move, save_shot
from tests.ui.test_turn_notices import _table

LONG = "Computer 2 placed {line} Baumschulenweg–Schöneweide: +3 (railway station, terminus) · +1 branch token"


@pytest.fixture
def fitted(monkeypatch) -> Iterator[list[tuple[str, int, bool]]]:
    """Every line the panel fits into a width from here on: its text, size and whether it was drawn as it is
    (not shrunk, not cut)."""
    calls: list[tuple[str, int, bool]] = []
    real = style.fit_text

    def spy(message: str, size: int, weight: str, colour: style.Colour, width: int) -> pygame.Surface:
        image = real(message, size, weight, colour, width)
        calls.append((message, int(size), image.get_size() == style.text(message, size, weight, colour).get_size()))
        return image

    monkeypatch.setattr(style, "fit_text", spy)
    yield calls


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_long_log_entries_wrap_whole_at_the_logs_size(make_app, fitted: list[tuple[str, int, bool]],
                                                       size: tuple[int, int]) -> None:
    app, scene = _table(make_app, "berlin", size)
    assert scene.ctl is not None
    entries = [LogEntry(LONG.format(line=line), seat=1, line=line, kind="place")
               for line in ("blue", "yellow", "pink", "brown", "green", "red")]
    scene.ctl.session.log.extend(entries)
    fitted.clear()
    move(app, (5, 5))  # a frame drawn as a person sees it (the panel redraws for the longer log)
    save_shot(app.screen, f"log_wrap_berlin_{size[0]}x{size[1]}")
    shown = [spot.value for spot in scene.sidebar.spots if spot.kind == "log"]
    assert shown and shown[-1] is entries[-1], "the newest entry is shown"
    assert len(shown) >= 2, "room for more than one long entry"
    full = scene.sidebar.log_view.px
    assert full >= style.TEXT_MIN_PX, f"the log's text is readable at {size}: {full} px"
    written = "".join(entry.text for entry in entries).replace(" ", "")
    logged = [(message, px, whole) for message, px, whole in fitted
              if message.replace(" ", "") and message.replace(" ", "") in written]
    squeezed = [(message, px) for message, px, whole in logged if px != full or not whole]
    assert not squeezed, f"log lines shrunk or cut (the log's size is {full} px): {squeezed}"
    drawn = "".join(message for message, _, _ in logged).replace(" ", "")
    assert drawn == "".join(entry.text for entry in shown).replace(" ", ""), "each shown entry is drawn whole"
