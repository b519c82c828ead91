"""Cards over the side panel (a hovered space's preview, the H hint, a first-game tip) never half-cover
the log, nor hide its newest entries. A fresh player at 1920×1080 saw the hint's card over "What happened"
with the foot of an entry showing under it and a line's coloured bullet peeking out at its side; another, at
1280×720, lost the move just made under a tip at the panel's foot. The log is laid out again in the room the
cards leave: the newest entries above them, the older ones giving way.

Measured on the frame itself: the same frame with and without the log's entries drawn (what of the log is
seen). Every entry seen is whole, clear of every card, and nothing else of the log is seen but its heading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.ui.app import App
from game.ui.layers import find
from game.ui.overlays.coach import CoachLayer
from game.ui.overlays.hint import HintLayer
from game.ui.panels.log_view import free_spans
from game.ui.panels.widgets import Hotspot
from game.ui.scenes.play import PlayScene
from game.ui.table.event_log import LogEntry
from tests.ui.driver import key, move, open_table, run_until, save_shot, space_point
from tests.ui.test_map_notices import _changed, _frame

ENTRIES = [
    "Computer 1 placed black Tottenham Hale–Walthamstow Central: +4 (terminus ×2)",
    "Then a standard trip: Passenger Oxford Circus → Sloane Square on foot",
    "New cards: Covent Garden and Vauxhall",
    "Anna took a branch token",
    "Computer 2 placed yellow Baumschulenweg–Schöneweide: +3 (railway station, terminus) · +1 branch token",
]


def _log_unseen(scene: PlayScene) -> Callable[[], None]:
    """The log laid out as ever (the same entries in the same places, so the cards go where they went) but
    not drawn; returns what draws it again."""
    sidebar = scene.sidebar
    real = sidebar.log_view.draw

    def unseen(surface: pygame.Surface, *args: Any) -> list[Hotspot]:
        return real(surface.copy(), *args)

    def put_back() -> None:
        del sidebar.log_view.draw
        sidebar.cache.key = None

    sidebar.log_view.draw = unseen  # type: ignore[method-assign]
    sidebar.cache.key = None  # the panel is drawn again, not taken from its cache
    return put_back


def _room_left(scene: PlayScene) -> int:
    """The tallest stretch of the log the cards leave free, as the frame drew them."""
    sidebar = scene.sidebar
    assert sidebar.log_local is not None and sidebar.drawn is not None
    log = sidebar.log_local.move(sidebar.drawn[0])
    return max((bottom - top for top, bottom in free_spans(log, sidebar.covers)), default=0)


def _height(scene: PlayScene, entry: LogEntry) -> int:
    """The room an entry needs, alone and bold (as the newest), at the log's scale: its lines and a margin."""
    sidebar, log = scene.sidebar, scene.sidebar.log_view
    lines = log.entry_lines(entry, True, sidebar.log_local.width if sidebar.log_local else 0)
    return log.entry_height(lines) + log.s(8)


def _log_faults(app: App, scene: PlayScene) -> list[str]:
    """What is wrong with the log as the frame shows it under the cards: an entry under a card, a piece of
    the log seen outside its whole entries and heading, the newest entry not shown."""
    assert scene.ctl is not None
    shown = _frame(app, scene)
    sidebar = scene.sidebar
    rows = [(spot.rect, spot.value) for spot in sidebar.spots if spot.kind == "log"]
    covers, heading = list(sidebar.covers), sidebar.log_heading
    back = _log_unseen(scene)
    no_log = _frame(app, scene)
    back()
    assert [(spot.rect, spot.value) for spot in sidebar.spots if spot.kind == "log"] == rows
    faults = [f"under a card: {entry.text}" for rect, entry in rows if rect.collidelist(covers) >= 0]
    seen = _changed(shown, no_log)
    allowed = pygame.mask.Mask(shown.get_size())
    for rect in [*(rect for rect, _ in rows), *([heading] if heading is not None else [])]:
        allowed.draw(pygame.mask.Mask(rect.size, fill=True), rect.topleft)
    seen.erase(allowed, (0, 0))
    if seen.count():
        faults.append(f"{seen.count()} px of the log outside its entries, at {seen.get_bounding_rects()}")
    newest = scene.ctl.session.log[-1]
    if rows and newest is not rows[-1][1]:
        faults.append("older entries shown, the newest not")
    if not rows and _room_left(scene) >= _height(scene, newest):
        faults.append(f"the newest entry not shown in {_room_left(scene)} px left free")
    return faults


@pytest.mark.parametrize("size", ["1920x1080", "1280x720"])
def test_cards_in_the_side_panel_hide_log_entries_whole(make_app, size: str) -> None:
    app, scene = open_table(make_app, "london", size, seed=5, frames=3)  # a first game: its tips show too
    ctl = scene.ctl
    assert ctl is not None
    tips, hint = find(app, CoachLayer), find(app, HintLayer)
    assert tips is not None and hint is not None
    key(app, pygame.K_h)
    ctl.hints.wait(120)  # worked out on its own thread: waited for, not raced against a frame count
    run_until(app, lambda: ctl.hint is not None)
    key(app, pygame.K_1)  # a line picked: its spaces light up and a hovered one is previewed
    area = pygame.Rect(*(round(v) for v in scene.board_rect())).inflate(-80, -80)
    link = next(link for link in ctl.legal_spaces() if area.collidepoint(space_point(scene, link))
                and link != ctl.hint.link)
    point = tuple(round(v) for v in space_point(scene, link))
    failures = {}
    for extra in range(len(ENTRIES) * 2):  # a longer and longer log: the cards' edges fall across its entries
        ctl.session.log.append(LogEntry(ENTRIES[extra % len(ENTRIES)], seat=extra % 2, line="blue"))
        move(app, point)
        assert scene.overlay is not None and scene.overlay.pick_link(point, ctl.legal_spaces(), False) == link
        faults = _log_faults(app, scene)
        if faults:
            failures[extra] = faults
            save_shot(_frame(app, scene), f"panel_cards_{size}_{extra}")
    save_shot(_frame(app, scene), f"panel_cards_{size}")
    assert scene.sidebar.covers, "no card over the panel: nothing was tested"
    assert not failures, f"the log under the cards at {size} (extra entries: faults): {failures}"
