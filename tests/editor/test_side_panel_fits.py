"""The side panel shows every field of a station at 1280×720: a station whose name was placed by hand has a
"Place name automatically" button more, and its last check box, Pinned, fell below the panel's edge."""

from __future__ import annotations

from pathlib import Path

from pygame_gui.elements import UICheckBox

from editor.app import EditorApp
from editor.document.tmx import Document
from tests.editor.driver import Driver
from tests.editor.test_status_messages import small_board


def test_a_station_named_by_hand_shows_its_pinned_box_at_1280x720(tmp_path: Path) -> None:
    path = tmp_path / "small.tmx"
    ids = small_board(path)
    doc = Document.load(path)
    doc.set_property(ids[1], "label", "@20,-40")  # Bravo Park's name dragged by hand
    doc.save(path)
    d = Driver(EditorApp(path, size=(1280, 720)))
    d.app.session.select({ids[1]})
    d.frames(2)
    panel = d.app.panel
    boxes = [w for w in panel.widgets if isinstance(w, UICheckBox)]
    pinned = boxes[-1]
    inside = panel.panel.get_container().get_rect()
    assert pinned.get_abs_rect().bottom <= inside.bottom, (pinned.get_abs_rect(), inside)
    d.click_screen(pinned.get_abs_rect().center)  # and it can be ticked
    d.frames(1)
    assert d.app.doc.get(ids[1]).flag("pinned")  # type: ignore[union-attr]
