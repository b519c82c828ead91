"""Tidy layout, Place names and dragging a name, driven as a designer would: tool-bar clicks, keys, drags."""

from __future__ import annotations

import itertools
import math
import threading
import time
from pathlib import Path

import pygame
import pytest
from pygame_gui.elements import UIButton, UICheckBox

from editor import text
from editor.__main__ import main as editor_main
from editor.actions import map_commands
from editor.app import EditorApp
from editor.document.names import station_names
from editor.document.problems import DEBOUNCE_SECONDS
from editor.document.session import EditingSession
from editor.document.tmx import Document
from game.board.label_spec import parse_label
from game.geometry import box_segment_distance
from tests.editor.driver import Driver

# A rough sketch of a small line: stations not on a grid, links at odd angles, a river across it.
STATIONS = [(300, 300, "Alpha"), (520, 330, "Bravo Park"), (760, 290, "Charlie"), (980, 360, "Delta Road"),
            (540, 560, "Echo"), (560, 760, "Foxtrot Square"), (330, 620, "Golf"), (800, 600, "Hotel")]
LINKS = [(0, 1), (1, 2), (2, 3), (1, 4), (4, 5), (6, 4), (4, 7), (7, 3)]
RIVER = [(100, 450), (1800, 420), (1800, 480), (100, 510)]


def sketch(path: Path) -> list[int]:
    """Save the small board at `path`; the stations' ids in the order of STATIONS."""
    doc = Document.new("Sketch")
    session = EditingSession(doc)
    ids = [session.add_object("station", [(x, y)], "add", name=name) for x, y, name in STATIONS]
    for a, b in LINKS:
        session.link(doc.get(ids[a]), doc.get(ids[b]))  # type: ignore[arg-type]
    session.add_object("water", RIVER, "add")
    doc.save(path)
    return ids


@pytest.fixture
def board(tmp_path: Path) -> tuple[Driver, list[int]]:
    path = tmp_path / "sketch.tmx"
    ids = sketch(path)
    return Driver(EditorApp(path, size=(1600, 900))), ids


def finish_work(d: Driver) -> None:
    """Let the background work end, then one frame to apply it (as the window does on its own)."""
    work = d.app.work  # None when a small board's work was done and applied in the frames so far
    if work is not None:
        assert work.wait(120)
    d.frames(2)
    assert d.app.work is None


def positions(app: EditorApp) -> dict[int, tuple[float, float]]:
    return {o.id: o.pos for o in app.doc.objects()}


def element_text(app: EditorApp) -> bytes:
    return app.doc.to_bytes()


def test_tidy_layout_from_the_toolbar_moves_stations_keeps_pins_and_undoes_in_one_step(
        board: tuple[Driver, list[int]]) -> None:
    d, ids = board
    app = d.app
    # Pin Alpha through the property panel: select it, tick "Pinned".
    d.click(STATIONS[0][:2])
    assert app.selection == {ids[0]}
    pin = next(w for w in app.panel.widgets if isinstance(w, UICheckBox) and w.text == "Pinned (Tidy layout keeps it)")
    d.click_element(pin)
    assert app.doc.get(ids[0]).flag("pinned")  # type: ignore[union-attr]
    before_xml = element_text(app)
    before = positions(app)
    river_before = app.doc.of_kind("water")[0].points

    d.click_element(app.toolbar.buttons["tidy"])
    finish_work(d)

    after = positions(app)
    assert after[ids[0]] == before[ids[0]]  # pinned: not moved
    moved = [i for i in ids[1:] if math.dist(after[i], before[i]) >= 1]
    assert len(moved) >= 4
    for link in app.doc.of_kind("link"):  # every link still ends on its stations
        a, b = app.doc.get(link.ref("a")), app.doc.get(link.ref("b"))
        assert link.points[0] == a.pos and link.points[-1] == b.pos  # type: ignore[union-attr]
    assert app.doc.of_kind("water")[0].points != river_before  # the river went with the layout
    for i in ids:  # every station has a name placement from the pipeline
        parse_label(app.doc.get(i).props["label"])  # type: ignore[union-attr]
    assert "Layout tidied" in app.user.current_status()
    d.screenshot("tidy-after")

    d.ctrl(pygame.K_z)  # one undo gives everything back
    assert element_text(app) == before_xml
    d.ctrl(pygame.K_z, shift=True)
    assert positions(app) == after


def test_tidy_layout_on_a_tidy_board_moves_nothing_and_says_so(board: tuple[Driver, list[int]]) -> None:
    """A designer who tidies twice (or tidies a board just imported) keeps the layout they have: a new one
    no tidier than it would move every station for nothing."""
    d, _ = board
    app = d.app
    d.ctrl(pygame.K_t)
    finish_work(d)
    assert "Layout tidied" in app.user.current_status()
    tidied = positions(app)
    tidied_xml = element_text(app)

    d.ctrl(pygame.K_t)
    finish_work(d)
    assert positions(app) == tidied
    assert "No tidier layout found: no station moved" in app.user.current_status()
    if element_text(app) != tidied_xml:  # names placed anew where that reads better: one undo step
        d.ctrl(pygame.K_z)
        assert element_text(app) == tidied_xml


def test_ctrl_shift_t_tidies_thoroughly_in_the_background_and_ctrl_t_quickly(
        board: tuple[Driver, list[int]], monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl+Shift+T asks the pipeline for the shipped boards' thorough map (`MapRequest.thorough`), says so
    while it works and gives one undo step; Ctrl+T, which matched Shift too before, stays the quick one."""
    d, _ = board
    app = d.app
    asked: list[bool] = []
    real = map_commands.tidy_layout

    def noted(request, progress=None, *board_as_drawn):  # type: ignore[no-untyped-def]
        asked.append(request.thorough)
        return real(request, progress, *board_as_drawn)

    monkeypatch.setattr(map_commands, "tidy_layout", noted)
    before = positions(app)
    d.ctrl(pygame.K_t, shift=True)
    assert app.work is None or app.work.title == text.WORK_TIDY_THOROUGH
    finish_work(d)
    assert asked == [True]
    assert "Layout tidied" in app.user.current_status() and positions(app) != before
    d.ctrl(pygame.K_z)
    assert positions(app) == before
    d.ctrl(pygame.K_t)
    finish_work(d)
    assert asked == [True, False]
    d.key(pygame.K_F1)
    d.frames(1)
    assert app.help_visible
    assert (text.HELP_TIDY_THOROUGH_KEYS, text.HELP_TIDY_THOROUGH) in app.actions.help_rows()


def test_a_tidy_that_changes_nothing_leaves_a_saved_board_saved(board: tuple[Driver, list[int]]) -> None:
    """No tidier layout and every name kept: nothing to save, nothing to undo (the title gained a "*")."""
    d, _ = board
    app = d.app
    d.ctrl(pygame.K_t)
    finish_work(d)
    d.ctrl(pygame.K_t)  # a second Tidy may still place a name better: a third has nothing left to do
    finish_work(d)
    d.ctrl(pygame.K_s)
    assert not app.doc.dirty
    saved = element_text(app)
    d.ctrl(pygame.K_t)
    finish_work(d)
    assert element_text(app) == saved
    assert "No tidier layout found" in app.user.current_status()
    assert "Ctrl+Z" not in app.user.current_status()  # nothing to undo: it would undo an earlier step
    assert not app.doc.dirty and "*" not in pygame.display.get_caption()[0]


def test_tidy_places_anew_a_dragged_name_the_new_layout_leaves_stranded(board: tuple[Driver, list[int]]) -> None:
    d, ids = board
    app = d.app
    x, y, w, h = station_names(app.doc)[ids[4]].box
    grab = (x + w / 2, y + h / 2)
    d.drag(grab, (grab[0] + 230, grab[1] - 120))  # far from Echo: it reads as nobody's name
    assert parse_label(app.doc.get(ids[4]).props["label"]).offset is not None  # type: ignore[union-attr]
    d.ctrl(pygame.K_t)
    finish_work(d)
    assert parse_label(app.doc.get(ids[4]).props["label"]).offset is None  # type: ignore[union-attr]
    echo = app.doc.get(ids[4]).name  # type: ignore[union-attr]
    assert f"placed by hand did not fit the new layout: placed anew ({echo})" in app.user.current_status()


def test_place_names_changes_only_labels_as_one_step(board: tuple[Driver, list[int]]) -> None:
    d, ids = board
    app = d.app
    before = positions(app)
    before_xml = element_text(app)
    d.ctrl(pygame.K_l)
    finish_work(d)
    assert positions(app) == before
    labels = {i: app.doc.get(i).props.get("label") for i in ids}  # type: ignore[union-attr]
    assert all(label is not None for label in labels.values())
    assert "Names placed" in app.user.current_status()
    rows = app.actions.help_rows()  # the help sheet lists both commands with their keys
    assert ("Ctrl+L", "Place names (nothing moves)") in rows
    assert ("Ctrl+T", "Tidy layout (pinned stations stay put)") in rows
    d.ctrl(pygame.K_z)
    assert element_text(app) == before_xml


def test_place_names_on_an_imported_board_finds_nothing_better(tmp_path: Path) -> None:
    """The README's Berlin import names its stations with the whole pipeline, which ends by weighing its
    names against a placement anew on the layout in whole pixels, as the file holds it and as Place names
    weighs them. So a designer's first Place names finds nothing better: it changes nothing and says so.
    (Weighed before rounding, the import's names were bettered there and Place names changed 33.)"""
    board = tmp_path / "kiez.tmx"
    assert editor_main(["import", "--city", "berlin", "--area", "52.48,13.30,52.56,13.48", "-o", str(board)]) == 0
    d = Driver(EditorApp(board, size=(1600, 900)))
    imported = element_text(d.app)
    d.ctrl(pygame.K_l)
    finish_work(d)
    assert "No placement reads better than the names as they stand" in d.app.user.current_status()
    assert element_text(d.app) == imported


def test_place_names_keeps_names_off_the_links_as_drawn_with_their_bends(tmp_path: Path) -> None:
    """A tidied board's links bend: names go round the track as drawn, not round straight lines between
    the stations (where the straight line from Bay to Cove runs down, the drawn one leaves east first)."""
    path = tmp_path / "bent.tmx"
    doc = Document.new("Bent")
    session = EditingSession(doc)
    bay = session.add_object("station", [(400, 400)], "add", name="Bay")
    cove = session.add_object("station", [(520, 700)], "add", name="Cove")
    session.link(doc.get(bay), doc.get(cove))  # type: ignore[arg-type]
    bend = [(400.0, 400.0), (520.0, 400.0), (520.0, 700.0)]
    doc.set_points(doc.of_kind("link")[0].id, list(bend))
    doc.save(path)
    d = Driver(EditorApp(path, size=(1600, 900)))
    assert d.app.doc.of_kind("link")[0].points == bend  # the set-up: the board as drawn has the bend
    d.ctrl(pygame.K_l)
    finish_work(d)
    name = station_names(d.app.doc)[bay]
    assert all(box_segment_distance(name.box, *p, *q) > 0 for p, q in itertools.pairwise(bend))


@pytest.fixture
def held(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Tidy layout that reports half its work done, then waits until the test lets it go (or it is cancelled)."""
    release = threading.Event()
    real = map_commands.tidy_layout

    def slow(request, progress=None, *board_as_drawn):  # type: ignore[no-untyped-def]
        assert progress is not None
        progress(0.5)
        release.wait(60)
        progress(0.9)  # raises Cancelled once the person has cancelled
        return real(request, progress, *board_as_drawn)

    monkeypatch.setattr(map_commands, "tidy_layout", slow)
    yield release
    release.set()


def test_progress_shows_and_esc_cancels_without_changing_anything(board: tuple[Driver, list[int]],
                                                                   held: threading.Event) -> None:
    d, _ = board
    app = d.app
    before_xml = element_text(app)
    d.ctrl(pygame.K_t)
    work = app.work
    assert work is not None
    for _ in range(200):  # frames until the work has said how far it is
        d.frames(1)
        if work.fraction >= 0.5:
            break
    d.frames(1)
    assert app.work_bar.cancel.visible
    bar = app.work_bar.bar_rect()
    assert app.screen.get_at((bar.x + bar.width // 4, bar.centery))[:3] == (47, 111, 214)  # filled half
    assert app.screen.get_at((bar.right - 5, bar.centery))[:3] != (47, 111, 214)
    d.screenshot("tidy-progress")
    d.click(STATIONS[0][:2])  # edits wait while the work runs
    assert app.selection == set()
    d.key(pygame.K_ESCAPE)
    assert app.work is None and work.cancelled
    held.set()
    assert work.wait(60)
    d.frames(2)
    assert element_text(app) == before_xml
    assert "cancelled" in app.user.current_status()


def test_the_cancel_button_cancels(board: tuple[Driver, list[int]], held: threading.Event) -> None:
    d, _ = board
    app = d.app
    before_xml = element_text(app)
    d.click_element(app.toolbar.buttons["tidy"])
    assert app.work is not None
    d.click_element(app.work_bar.cancel)
    assert app.work is None
    held.set()
    d.frames(2)
    assert element_text(app) == before_xml
    assert not app.doc.dirty


def test_dragging_a_name_fixes_it_at_an_offset_in_one_undo_step(board: tuple[Driver, list[int]]) -> None:
    d, ids = board
    app = d.app
    station = app.doc.get(ids[4])
    assert station is not None
    name = station_names(app.doc)[ids[4]]
    x, y, w, h = name.box
    grab = (x + w / 2, y + h / 2)
    d.drag(grab, (grab[0] + 40, grab[1] + 60))
    label = app.doc.get(ids[4]).props.get("label")  # type: ignore[union-attr]
    spec = parse_label(label or "")
    assert spec.offset is not None
    assert abs(spec.offset[0] - (x - station.x + 40)) <= 2 and abs(spec.offset[1] - (y - station.y + 60)) <= 2
    assert app.doc.get(ids[4]).pos == station.pos  # type: ignore[union-attr]
    moved = station_names(app.doc)[ids[4]].box
    assert abs(moved[0] - (x + 40)) <= 2 and abs(moved[1] - (y + 60)) <= 2  # drawn where its label puts it
    d.screenshot("name-dragged")
    d.ctrl(pygame.K_z)
    assert "label" not in app.doc.get(ids[4]).props  # type: ignore[union-attr]


def test_a_name_dropped_over_its_station_is_said_to_be_hard_to_read(board: tuple[Driver, list[int]]) -> None:
    """A designer dropped Opéra's name over its own station and six links, and the status line only said the name
    stays where it was dropped: it says what is wrong there and the way back, at the drop (the drag's guide has
    judged it as the board check does), and the board check, once it has looked, agrees."""
    d, ids = board
    app = d.app
    app.doc.set_property(ids[0], "start", "true", "bool")  # a board that compiles: the board check reads its names
    for index in ids[1:4]:
        app.doc.set_property(index, "destination", "standard")
    station = app.doc.get(ids[4])
    assert station is not None
    x, y, w, h = station_names(app.doc)[ids[4]].box
    grab = (x + w / 2, y + h / 2)
    d.drag(grab, station.pos)  # the name's middle onto the station
    said = app.user.current_status()
    assert "where you dropped it, its name covers its own station" in said and "Place name automatically" in said, said
    time.sleep(DEBOUNCE_SECONDS + 0.1)  # the board check waits for the board to be still
    d.frames(2)
    assert any(p.object_id == ids[4] and "covers its own station" in p.message
               for p in app.watcher.report.hard_to_read)
    d.screenshot("name-dropped-badly")


def _place_name_button(app: EditorApp) -> UIButton | None:
    return next((w for w in app.panel.widgets if isinstance(w, UIButton) and w.text == "Place name automatically"),
                None)


def test_a_dragged_name_is_given_back_to_the_placer_from_the_side_panel(board: tuple[Driver, list[int]]) -> None:
    """A designer who dragged a name and wants the automatic placement back presses the side panel's button:
    the name goes where the placer puts it (not an offset any more), the others stay, one undo brings the
    dragged place back."""
    d, ids = board
    app = d.app
    d.click(STATIONS[4][:2])
    assert app.selection == {ids[4]} and _place_name_button(app) is None  # placed by the default: no button
    x, y, w, h = station_names(app.doc)[ids[4]].box
    grab = (x + w / 2, y + h / 2)
    d.drag(grab, (grab[0] + 40, grab[1] + 60))
    dragged = app.doc.get(ids[4]).props["label"]  # type: ignore[union-attr]
    assert parse_label(dragged).offset is not None
    others = {i: app.doc.get(i).props.get("label") for i in ids if i != ids[4]}  # type: ignore[union-attr]
    d.click((1200, 800))  # somewhere empty: nothing selected
    d.click(STATIONS[4][:2])
    assert app.selection == {ids[4]}
    button = _place_name_button(app)
    assert button is not None

    d.click_element(button)
    finish_work(d)
    placed = app.doc.get(ids[4]).props["label"]  # type: ignore[union-attr]
    assert parse_label(placed).offset is None  # the placer's side, no longer placed by hand
    assert {i: app.doc.get(i).props.get("label") for i in others} == others  # type: ignore[union-attr]
    assert "Echo: name placed automatically" in app.user.current_status()
    assert _place_name_button(app) is None
    d.screenshot("name-placed-automatically")

    d.ctrl(pygame.K_z)
    assert app.doc.get(ids[4]).props["label"] == dragged  # type: ignore[union-attr]
    d.frames(1)
    assert _place_name_button(app) is not None


def test_label_and_pinned_survive_open_edit_save(tmp_path: Path) -> None:
    path = tmp_path / "sketch.tmx"
    ids = sketch(path)
    d = Driver(EditorApp(path))
    d.app.session.set_prop(ids[1], "pinned", "true", "bool")
    d.app.session.set_prop(ids[1], "label", "@12,-30/1", "string")
    d.app.session.set_prop(ids[2], "label", "NW", "string")
    d.ctrl(pygame.K_s)
    again = Document.load(path)
    assert again.get(ids[1]).flag("pinned") and again.get(ids[1]).props["label"] == "@12,-30/1"  # type: ignore[union-attr]
    assert again.get(ids[2]).props["label"] == "NW"  # type: ignore[union-attr]


def crowded_document(cards: int) -> tuple[Document, tuple[int, int]]:
    """A board that compiles but is hard to read: two long names on stations 20 px apart, both linked to Far.
    Two destinations of `cards` cards each (fewer than four in all is warned about)."""
    doc = Document.new("Crowded")
    session = EditingSession(doc)
    a = session.add_object("station", [(400, 400)], "add", name="Long Station Name West")
    b = session.add_object("station", [(420, 400)], "add", name="Long Station Name East")
    c = session.add_object("station", [(800, 400)], "add", name="Far")
    session.link(doc.get(a), doc.get(c))  # type: ignore[arg-type]
    session.link(doc.get(b), doc.get(c))  # type: ignore[arg-type]
    session.set_prop(a, "start", "true", "bool")  # a board that compiles: the board check runs on it
    session.set_prop(b, "destination", "express", "string")
    session.set_prop(c, "destination", "standard", "string")
    session.set_prop(b, "cards", str(cards), "int")
    session.set_prop(c, "cards", str(cards), "int")
    return doc, (a, b)


def crowded(path: Path, cards: int) -> tuple[Driver, tuple[int, int]]:
    """The editor on the crowded board (`crowded_document`), saved at `path`."""
    doc, (a, b) = crowded_document(cards)
    doc.save(path)
    d = Driver(EditorApp(path))
    d.app.watcher.refresh(force=True)
    d.frames(2)
    return d, (a, b)


def test_the_problems_title_counts_warnings_and_findings_together(tmp_path: Path) -> None:
    d, _ = crowded(tmp_path / "crowded.tmx", cards=1)
    report = d.app.watcher.report
    assert report.warnings and report.hard_to_read
    title = d.app.problems.title.text
    places = report.places_hard_to_read
    assert 1 < len(places) < len(report.hard_to_read)  # two stations, more lines: the title counts the stations
    assert f"{len(report.warnings)} warning" in title and f"{len(places)} places hard to read" in title
    assert "error" not in title
    label = d.app.problems.title
    assert label.font is not None and label.font.get_rect(title).width <= label.rect.width  # shown whole


def test_legibility_findings_are_listed_and_lead_to_their_station(tmp_path: Path) -> None:
    d, (a, b) = crowded(tmp_path / "crowded.tmx", cards=2)  # four cards: no warning
    app = d.app
    legibility = [p.message for p in app.watcher.report.problems if p.severity == "legibility"]
    assert any("drawn through" in m for m in legibility)  # a link through a station
    assert any("apart" in m for m in legibility)  # stations too close
    assert any("overlaps name" in m for m in legibility)  # names collide
    assert f"{len(app.watcher.report.places_hard_to_read)} places hard to read" in app.problems.title.text
    assert not app.watcher.report.warnings and "warning" not in app.problems.title.text
    lines = app.watcher.lines()  # each line names its station once, by name (not by an id a designer never sees)
    assert any(line.startswith("! Long Station Name") and ": its name overlaps name of" in line for line in lines)
    assert not any("#" in line for line in lines)
    d.screenshot("legibility-listed")
    index = next(i for i, p in enumerate(app.watcher.report.problems) if p.severity == "legibility"
                 and p.object_id in (a, b))
    rect = app.problems.rect_of(index)
    assert rect is not None
    d.click_screen(rect.center)
    assert app.selection == {app.watcher.report.problems[index].object_id}


def test_a_layout_that_leaves_a_river_out_takes_it_out_in_the_same_undo_step(tmp_path: Path) -> None:
    """When Tidy layout cannot redraw a river without stations on its wrong bank it leaves it out (a river
    between neighbours it never separated misleads); the removal is part of the one undo step."""
    path = tmp_path / "sketch.tmx"
    ids = sketch(path)
    doc = Document.load(path)
    session = EditingSession(doc)
    (river,) = doc.of_kind("water")
    changed = session.reshape({ids[0]: [(320.0, 300.0)]}, {}, "tidy", removed=(river.id,))
    assert set(changed) == {ids[0], river.id}
    assert not doc.of_kind("water") and doc.get(ids[0]).pos == (320.0, 300.0)  # type: ignore[union-attr]
    session.undo()
    assert [w.id for w in doc.of_kind("water")] == [river.id]
    assert doc.get(ids[0]).pos == (300.0, 300.0)  # type: ignore[union-attr]
