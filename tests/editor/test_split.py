"""Split a link here: the split tool (X, the tool bar, or the button on a selected link's panel) turns a
link over the water into a crossing in one click, and one Ctrl+Z gives the link back exactly."""

from __future__ import annotations

import re

import pygame
from pygame_gui.elements import UIButton

from editor import text
from editor.app import EditorApp
from editor.document.session import EditingSession
from editor.document.tmx import Document, MapObject
from game.board.model import Board
from tests.editor.driver import Driver
from tests.editor.test_build_board import STATIONS, build

CASTLE, OLD_TOWN = STATIONS["Castle"], STATIONS["Old Town"]
BEND_1, BEND_2 = (1040, 400), (1200, 400)  # the link's drawn path: Castle, up at 45°, over the water, down
OVER_WATER = (1121, 403)  # a click a few pixels off the path, where it crosses the water


def _compiled(app: EditorApp) -> Board:
    app.watcher.refresh(force=True)
    board = app.watcher.report.board
    assert board is not None, app.watcher.lines()
    return board


def _without_id_counter(data: bytes) -> bytes:
    """The file but for `nextobjectid`, which never goes back (as in Tiled), so ids are never reused."""
    return re.sub(rb'nextobjectid="\d+"', b"", data)


def _links(app: EditorApp) -> list[MapObject]:
    return app.doc.of_kind("link")


def _crossing_link(app: EditorApp) -> MapObject:
    castle = next(o for o in app.doc.of_kind("station") if o.name == "Castle")
    return next(o for o in _links(app) if castle.id in (o.ref("a"), o.ref("b")) and o.points[-1] == OLD_TOWN)


def _board_with_a_link_over_water(driver: Driver) -> MapObject:
    """The small board with Castle – Old Town drawn straight over the river, bent twice, 3 spaces."""
    app = driver.app
    build(driver, crossing=False)
    driver.tool("b")
    driver.drag(((CASTLE[0] + OLD_TOWN[0]) / 2 - 80, CASTLE[1]), BEND_1)
    driver.drag((1160, 440), BEND_2)  # on the segment from the first bend to Old Town
    link = _crossing_link(app)
    assert link.points == [CASTLE, BEND_1, BEND_2, OLD_TOWN]
    driver.tool("v")
    driver.click(((BEND_1[0] + BEND_2[0]) / 2, BEND_1[1]))
    assert app.selection == {link.id}
    driver.key(pygame.K_3, "3")
    app.session.set_prop(link.id, "colour", "teal", "string")  # a property a Tiled user might have added
    return _crossing_link(app)


def test_split_makes_a_crossing_and_one_undo_gives_the_link_back(driver: Driver) -> None:
    app = driver.app
    link = _board_with_a_link_over_water(driver)
    before_board = _compiled(app).dumps()
    before_file = app.doc.to_bytes()
    assert not any(node.water for node in _compiled(app).nodes)

    driver.tool("x")
    assert app.tool.name == "split"
    driver.move_screen(driver.screen(OVER_WATER))
    driver.screenshot("split-preview")
    driver.click(OVER_WATER)

    (waypoint,) = app.doc.of_kind("waypoint")
    assert waypoint.pos == (1120, 400) and waypoint.flag("water") and app.selection == {waypoint.id}
    first, second = sorted(_links(app), key=lambda o: o.id)[-2:]
    assert first.id == link.id
    assert first.points == [CASTLE, BEND_1, (1120, 400)] and second.points == [(1120, 400), BEND_2, OLD_TOWN]
    assert (first.ref("a"), first.ref("b")) == (link.ref("a"), waypoint.id)
    assert (second.ref("a"), second.ref("b")) == (waypoint.id, link.ref("b"))
    for half in (first, second):
        assert half.props["spaces"] == "3" and half.props["colour"] == "teal"
    board = _compiled(app)
    (symbol,) = [node for node in board.nodes if node.waypoint]
    assert symbol.water
    assert board.link("Castle", symbol.name).spaces == 3 and board.link(symbol.name, "Old Town").spaces == 3
    assert board.dumps() != before_board
    driver.frames(2)
    driver.screenshot("split-done")

    driver.ctrl(pygame.K_z)  # one step back: the link as it was
    assert app.doc.of_kind("waypoint") == []
    assert _crossing_link(app).props == link.props and _crossing_link(app).points == link.points
    assert _compiled(app).dumps() == before_board
    assert _without_id_counter(app.doc.to_bytes()) == _without_id_counter(before_file)
    driver.ctrl(pygame.K_y)
    assert len(app.doc.of_kind("waypoint")) == 1 and _compiled(app).dumps() == board.dumps()


def test_the_selected_links_panel_offers_the_split(driver: Driver) -> None:
    app = driver.app
    _board_with_a_link_over_water(driver)
    driver.frames(2)
    driver.screenshot("split-panel")
    label = text.PANEL_SPLIT.format(key="X")
    (button,) = [w for w in app.panel.widgets if isinstance(w, UIButton) and w.text == label]
    driver.click_element(button)
    assert app.tool.name == "split"
    driver.click((960, 900))  # nowhere near a link: it says what to click, changes nothing
    assert app.user.current_status() == text.STATUS_SPLIT_NO_LINK and app.doc.of_kind("waypoint") == []
    driver.click(OVER_WATER)
    assert len(app.doc.of_kind("waypoint")) == 1
    driver.click(CASTLE)  # on the station at its end: no link of no length
    assert len(app.doc.of_kind("waypoint")) == 1


def test_the_split_tool_is_on_the_tool_bar_and_in_the_help_sheet(driver: Driver) -> None:
    app = driver.app
    driver.click_element(app.toolbar.tool_buttons["split"])
    assert app.tool.name == "split"
    assert ("X", text.HELP_SPLIT) in app.actions.help_rows()
    driver.key(pygame.K_F1)
    driver.screenshot("help-sheet")
    driver.key(pygame.K_ESCAPE)


def test_a_link_drawn_from_its_b_end_splits_into_halves_at_the_right_ends() -> None:
    """Tiled lets a link's path run from its b end; each half still starts at its own a end."""
    session = EditingSession(Document.new("Test"))
    a = session.add_object("station", [(32, 32)], "add station", name="A")
    b = session.add_object("station", [(320, 32)], "add station", name="B")
    props = {"a": ("object", str(a)), "b": ("object", str(b)), "spaces": ("int", "2")}
    link = session.add_object("link", [(320, 32), (160, 96), (32, 32)], "add link", props=props)
    waypoint = session.split_link(link, (100, 64))
    assert waypoint is not None
    w = session.doc.get(waypoint)
    first, second = session.doc.get(link), session.doc.of_kind("link")[-1]
    assert w is not None and first is not None
    assert (first.ref("a"), first.ref("b")) == (a, waypoint) and first.points == [(32, 32), w.pos]
    assert (second.ref("a"), second.ref("b")) == (waypoint, b) and second.points == [w.pos, (160, 96), (320, 32)]
    assert session.split_link(link, (33, 33)) is None  # at a station: nothing to split
