"""The editor makes and edits bus-tour boards as a designer would: New bus tour, places, routes (a double one),
a district, tickets, the problems list running the bus compiler, saving; and our London board opened, drawn,
edited in the panel with undo, and saved unchanged in meaning."""

from __future__ import annotations

import argparse
import math
import shutil
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest
from pygame_gui.elements import UIDropDownMenu
from pygame_gui.windows import UIFileDialog

from editor import text
from editor.actions import play
from editor.app import EditorApp
from editor.canvas.bus_render import SPACE_GAP
from editor.document.bus import BUS_LAYERS, is_bus
from editor.document.session import EditingSession
from editor.document.tmx import Document
from game.board.tmx.bus import compile_bus_tmx
from game.bus.catalogue import is_bus_board
from game.bus.measures import PLACE_RADIUS, TWIN_SHIFT
from game.cli import compile_command
from game.ui.bus.look import CARD_COLOURS
from tests.editor.driver import Driver

SOURCE = Path(__file__).resolve().parents[2] / "game" / "data" / "bus_boards" / "src" / "london_bus.tmx"
A, B, C = (400.0, 400.0), (800.0, 400.0), (600.0, 700.0)


def london(tmp_path: Path) -> Path:
    path = tmp_path / "london_bus.tmx"
    shutil.copy(SOURCE, path)
    return path


def dropdown(app: EditorApp, index: int = 0) -> UIDropDownMenu:
    return [w for w in app.panel.widgets if isinstance(w, UIDropDownMenu)][index]


def compiled(app: EditorApp) -> list[str]:
    app.watcher.refresh(force=True)
    app.step()
    return [p.message for p in app.watcher.report.problems]


def pixel(app: EditorApp, p: tuple[float, float]) -> tuple[int, int, int]:
    colour = app.screen.get_at(app.view.to_screen(p))
    return (colour.r, colour.g, colour.b)


def test_a_designer_makes_a_tiny_bus_board_from_new(driver: Driver, tmp_path: Path) -> None:
    app = driver.app
    driver.ctrl(pygame.K_n, shift=True)  # New bus tour
    assert is_bus(app.doc)
    assert [layer.get("name") for layer in app.doc.root.iter("objectgroup")] == list(BUS_LAYERS)
    assert list(app.toolbar.tool_buttons) == list(text.BUS_TOOL_NAMES)
    for p, name in ((A, "Alpha"), (B, "Bravo"), (C, "Charlie")):
        driver.station(p, name)  # S is the Place tool on a bus-tour board
    places = {o.name: o for o in app.doc.of_kind("place")}
    assert sorted(places) == ["Alpha", "Bravo", "Charlie"] and not app.doc.of_kind("station")

    driver.tool("l")
    for p, q in ((A, B), (A, B), (B, C)):
        driver.click(p)
        driver.click(q)
    routes = app.doc.of_kind("route")
    assert len(routes) == 3
    double = [r for r in routes if {r.ref("a"), r.ref("b")} == {places["Alpha"].id, places["Bravo"].id}]
    assert len(double) == 2 and double[0].props["colour"] != double[1].props["colour"]
    assert all(r.number("spaces") == 4 for r in routes)  # 400 px and 360 px long: four spaces each
    driver.click(A)
    driver.click(B)  # a third route between one pair is refused and said so
    assert len(app.doc.of_kind("route")) == 3
    assert app.user.current_status() == text.STATUS_ROUTE_FULL.format(a="Alpha", b="Bravo")

    driver.tool("c")
    for corner in ((300, 300), (900, 300), (900, 500), (300, 500)):
        driver.click(corner)
    driver.key(pygame.K_RETURN, "\r")
    (district,) = app.doc.of_kind("district")
    assert district.props["value"] == "2"  # Alpha and Bravo inside

    before = compiled(app)
    assert any("at least 8 tickets" in m and "not 0" in m for m in before)
    assert "1 error" in app.problems.title.text
    assert "at least 8 tickets" in app.problems.box.html_text

    driver.tool("t")
    driver.click(A)
    driver.click(C)
    (ticket,) = app.doc.of_kind("ticket")
    assert ticket.props["value"] == "8"  # the fewest spaces: Alpha – Bravo 4, Bravo – Charlie 4
    for p, q in ((A, C), (A, B), (B, C), (B, A), (C, A), (C, B), (A, B)):
        driver.click(p)
        driver.click(q)
    assert len(app.doc.of_kind("ticket")) == 8

    compiled(app)
    warnings = [(i, p) for i, p in enumerate(app.watcher.report.problems) if "name lies over" in p.message]
    assert {p.object_id for _, p in warnings} == {places["Alpha"].id, places["Charlie"].id}
    rect = app.problems.rect_of(warnings[0][0])
    assert rect is not None
    driver.click_screen(rect.center)  # a problem in the list selects the place it names
    assert app.selection == {warnings[0][1].object_id}
    driver.tool("v")
    for name in ("Alpha", "Charlie"):  # their names go west, off the routes
        driver.click(places[name].pos)
        driver.frames(2)
        driver.choose(dropdown(app), "W")
    assert compiled(app) == []
    assert app.problems.box.html_text.endswith(f"{text.PROBLEMS_NONE}</font>")
    assert app.problems.title.text == text.PANEL_PROBLEMS
    driver.key(pygame.K_ESCAPE)
    app.fit()
    driver.frames(3)
    driver.screenshot("bus-tiny-board")

    target = tmp_path / "tiny_bus.tmx"
    driver.ctrl(pygame.K_s)  # never saved: Save asks for a name
    dialog = next(w for w in app.dialogs.callbacks if isinstance(w, UIFileDialog) and w.alive())
    driver.click_element(dialog.file_path_text_line)
    driver.ctrl(pygame.K_a)
    driver.type(str(target))
    driver.click_element(dialog.ok_button)
    assert target.is_file() and not app.doc.dirty
    report = compile_command(argparse.Namespace(source=str(target), check=True, output=None))
    assert (report["game"], report["places"], report["routes"], report["tickets"]) == ("bus", 3, 3, 8)
    board = compile_bus_tmx(target).board
    assert board is not None and len(board.districts) == 1 and board.districts[0].places == (0, 1)
    assert sum(route.twin is not None for route in board.routes) == 2


def test_london_opens_with_its_routes_drawn_and_saves_unchanged_in_meaning(tmp_path: Path) -> None:
    path = london(tmp_path)
    driver = Driver(EditorApp(path, size=(1600, 900)))
    app = driver.app
    assert list(app.tools) == list(text.BUS_TOOL_NAMES)
    assert compiled(app) == []
    driver.frames(2)
    driver.screenshot("bus-london")
    doc = app.doc
    # Baker Street – Oxford Circus is a double route (black and yellow): both lines show, side by side
    twins = [r for r in doc.of_kind("route") if {r.ref("a"), r.ref("b")} == {12, 21}]
    assert sorted(r.props["colour"] for r in twins) == ["black", "yellow"]
    (ax, ay), (bx, by) = twins[0].points[0], twins[0].points[-1]
    length = math.dist((ax, ay), (bx, by))
    ux, uy = (bx - ax) / length, (by - ay) / length
    nx, ny = -uy, ux
    if (nx, ny) < (0.0, 0.0):
        nx, ny = -nx, -ny
    along = PLACE_RADIUS + SPACE_GAP + 12  # inside the first space, clear of its shape
    seen = {pixel(app, (ax + ux * along + nx * TWIN_SHIFT * side, ay + uy * along + ny * TWIN_SHIFT * side))
            for side in (-1, 1)}
    assert seen == {CARD_COLOURS["black"], CARD_COLOURS["yellow"]}
    assert pixel(app, (doc.get(12).x, doc.get(12).y)) == (255, 255, 255)  # a place: a white disc

    driver.ctrl(pygame.K_s)
    assert not app.doc.dirty
    original, saved = compile_bus_tmx(SOURCE).board, compile_bus_tmx(path).board
    assert original is not None and saved is not None
    assert saved.dumps() == original.dumps()
    pygame.quit()


def test_a_route_colour_changes_in_the_panel_and_undoes(tmp_path: Path) -> None:
    driver = Driver(EditorApp(london(tmp_path), size=(1600, 900)))
    app = driver.app
    route = app.doc.get(38)  # Notting Hill – Paddington, blue
    assert route is not None and route.props["colour"] == "blue"
    middle = ((route.points[0][0] + route.points[-1][0]) / 2, (route.points[0][1] + route.points[-1][1]) / 2)
    driver.tool("v")
    driver.click(middle)
    assert app.selection == {38}
    driver.frames(2)
    menu = dropdown(app)
    assert menu.selected_option[0] == text.COLOURS["blue"]
    driver.choose(menu, text.COLOURS["pink"])
    assert app.doc.get(38).props["colour"] == "pink"  # type: ignore[union-attr]
    driver.frames(2)
    assert pixel(app, middle) != CARD_COLOURS["blue"]
    driver.ctrl(pygame.K_z)
    assert app.doc.get(38).props["colour"] == "blue"  # type: ignore[union-attr]
    driver.ctrl(pygame.K_y)
    assert app.doc.get(38).props["colour"] == "pink"  # type: ignore[union-attr]
    driver.key(pygame.K_3, "3")  # keys 1-4 set a route's spaces, as a link's
    assert app.doc.get(38).number("spaces") == 3  # type: ignore[union-attr]
    pygame.quit()


def test_the_toolbox_follows_the_board_and_play_starts_the_bus_tour(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    driver = Driver(EditorApp(london(tmp_path), size=(1600, 900)))
    app = driver.app
    driver.tool("s")
    assert app.tool.name == "place"
    driver.tool("t")
    assert app.tool.name == "ticket"
    started: list[list[str]] = []
    monkeypatch.setattr(play, "subprocess", SimpleNamespace(Popen=lambda args, **_: started.append(args) or args))
    driver.key(pygame.K_F5)  # Play this board: the game opens with this bus tour chosen
    assert len(started) == 1 and started[0][-2] == "--board" and is_bus_board(started[0][-1])
    driver.ctrl(pygame.K_t)  # Tidy layout is the Underground's
    assert app.user.current_status() == text.STATUS_UNDERGROUND_ONLY.format(title=text.WORK_TIDY)
    app.files.new()  # New: an Underground board, its own tools again
    assert list(app.toolbar.tool_buttons) == list(text.TOOL_NAMES)
    driver.tool("s")
    assert app.tool.name == "station"
    pygame.quit()


def test_deleting_a_place_takes_its_routes_and_tickets_and_undo_brings_them_back(tmp_path: Path) -> None:
    doc = Document.load(london(tmp_path))
    session = EditingSession(doc)
    joined = {o.id for o in doc.of_kind("route", "ticket") if 10 in (o.ref("a"), o.ref("b"))}
    assert len(joined) >= 4
    count = len(doc.objects())
    session.delete([10])  # Notting Hill
    assert doc.get(10) is None and not any(doc.get(i) for i in joined)
    assert len(doc.objects()) == count - 1 - len(joined)
    session.undo()
    assert len(doc.objects()) == count and all(doc.get(i) for i in joined)


def test_a_dragged_place_takes_its_routes_along_and_routes_bend(tmp_path: Path) -> None:
    driver = Driver(EditorApp(london(tmp_path), size=(1600, 900)))
    app = driver.app
    driver.tool("v")
    driver.drag((160.0, 420.0), (224.0, 420.0))  # Notting Hill, east, onto the 16 px grid
    place = app.doc.get(10)
    assert place is not None and place.pos == (224.0, 416.0)
    ends = [r.points[0] if r.ref("a") == 10 else r.points[-1] for r in app.doc.of_kind("route") if 10 in
            (r.ref("a"), r.ref("b"))]
    assert len(ends) >= 3 and all(end == (224.0, 416.0) for end in ends)
    route = app.doc.get(41)  # Paddington – Baker Street, grey
    assert route is not None and len(route.points) == 2
    middle = ((route.points[0][0] + route.points[1][0]) / 2, (route.points[0][1] + route.points[1][1]) / 2)
    driver.tool("b")
    driver.drag(middle, (middle[0], middle[1] - 48))
    bent = app.doc.get(41)
    assert bent is not None and len(bent.points) == 3 and bent.points[0] == route.points[0]
    driver.ctrl(pygame.K_z)
    driver.ctrl(pygame.K_z)
    assert app.doc.get(10).pos == (160.0, 420.0)  # type: ignore[union-attr]
    pygame.quit()
