"""The status bar in a designer's words, and never stale: what a drag of a name did says so without the file's
"@dx,dy", and a message about the file ("Opened …", "Saved …") goes at the first edit after it."""

from __future__ import annotations

from pathlib import Path

from pygame_gui.elements import UIButton

from editor import text
from editor.app import EditorApp
from editor.document.names import station_names
from editor.document.session import EditingSession
from editor.document.tmx import Document
from tests.editor.driver import Driver

STATIONS = [(300, 300, "Alpha"), (620, 330, "Bravo Park"), (900, 520, "Charlie")]


def small_board(path: Path) -> list[int]:
    """Three linked stations saved at `path`; their ids."""
    doc = Document.new("Small")
    session = EditingSession(doc)
    ids = [session.add_object("station", [(x, y)], "add", name=name) for x, y, name in STATIONS]
    for a, b in ((0, 1), (1, 2)):
        session.link(doc.get(ids[a]), doc.get(ids[b]))  # type: ignore[arg-type]
    doc.save(path)
    return ids


def opened(tmp_path: Path) -> tuple[Driver, list[int]]:
    path = tmp_path / "small.tmx"
    ids = small_board(path)
    return Driver(EditorApp(path, size=(1600, 900))), ids


def test_a_dragged_name_says_it_stays_and_which_button_gives_it_back(tmp_path: Path) -> None:
    d, ids = opened(tmp_path)
    app = d.app
    x, y, w, h = station_names(app.doc)[ids[1]].box
    grab = (x + w / 2, y + h / 2)
    d.drag(grab, (grab[0] + 40, grab[1] + 60))
    status = app.user.current_status()
    assert status.startswith("Bravo Park: the name stays where you dropped it"), status
    assert "@" not in status and "fixed" not in status  # the file's form of a hand-placed name is not shown
    d.screenshot("status-name-dragged")

    d.click(STATIONS[1][:2])  # the station selected: the side panel shows the button the message names
    assert app.selection == {ids[1]}
    buttons = [widget.text for widget in app.panel.widgets if isinstance(widget, UIButton)]
    assert text.PANEL_PLACE_NAME in buttons and f"“{text.PANEL_PLACE_NAME}”" in app.user.current_status()

