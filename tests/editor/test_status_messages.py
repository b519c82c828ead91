"""The status bar in a designer's words, and never stale: what a drag of a name did says so without the file's
"@dx,dy", and a message about the file ("Opened …", "Saved …") goes at the first edit after it."""

from __future__ import annotations

from pathlib import Path

import pygame
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


def test_the_opened_message_goes_at_the_first_edit(tmp_path: Path) -> None:
    """"Opened …" said of the board as it was; once a station is added it is gone, the tool's hint shown."""
    d, _ = opened(tmp_path)
    app = d.app
    assert app.user.current_status().startswith("Opened")
    d.station((700, 700), "Delta")
    assert [o.name for o in app.doc.of_kind("station")][-1] == "Delta"
    assert app.user.current_status() == ""
    d.screenshot("status-after-edit")


def test_a_message_about_an_edit_stays_after_it(tmp_path: Path) -> None:
    """The rule clears only what came before an edit: the undo that is the edit says what it undid."""
    d, _ = opened(tmp_path)
    app = d.app
    d.station((700, 700), "Delta")
    d.ctrl(pygame.K_z)
    assert app.user.current_status() == text.STATUS_UNDO.format(label=text.LABEL_UNDO["add_station"])
    d.tool("s")
    d.click((800, 150))
    d.type("Echo")
    d.key(pygame.K_RETURN, "\r")
    assert app.user.current_status() == ""  # the next edit clears the undo's message in turn
