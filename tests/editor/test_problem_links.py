"""A problem about two things leads to both: clicking a name crossing a link in the problems list selects the
station and marks the link on the canvas, as a problem's object is marked; a link bent onto another selects
the one and marks the other."""

from __future__ import annotations

from pathlib import Path

import pygame

from editor.app import EditorApp
from editor.canvas.render import PROBLEM, label_centre
from editor.canvas.view import READABLE_ZOOM
from editor.document.session import EditingSession
from editor.document.tmx import Document
from editor.tools.name_guide import NameGuide
from game.board.label_spec import LabelSpec
from tests.editor.driver import Driver


def crossed(path: Path) -> tuple[Driver, int, int]:
    """The editor on a board that compiles, where Westbourne Park's name (set above it) crosses the link
    Cam–Dee running down beside the station (`_beside`); the station's id and the link's."""
    doc = _beside(path, 480)
    ids = {o.name: o.id for o in doc.of_kind("station")}
    link = next(o.id for o in doc.of_kind("link") if {o.ref("a"), o.ref("b")} == {ids["Cam"], ids["Dee"]})
    d = Driver(EditorApp(path))
    d.app.watcher.refresh(force=True)
    d.frames(2)
    return d, ids["Westbourne Park"], link


def _marked(d: Driver, p: tuple[float, float], upright: bool = True) -> bool:
    """Whether the link through board point `p` (upright, or level) has a problem's halo beside its track."""
    sx, sy = d.screen(p)
    width = max(5, round(10 * d.app.view.zoom))
    beside = [(sx + k, sy) if upright else (sx, sy + k) for k in range(width // 2, width // 2 + 6)]
    return any(d.app.screen.get_at(spot)[:3] == PROBLEM for spot in beside)


def test_clicking_a_name_crossing_a_link_selects_the_station_and_marks_the_link(tmp_path: Path) -> None:
    d, west, link = crossed(tmp_path / "crossed.tmx")
    app = d.app
    problems = app.watcher.report.problems
    index = next(i for i, p in enumerate(problems) if "crosses a link (Cam–Dee)" in p.message)
    assert problems[index].object_id == west and problems[index].link_id == link
    along = (480.0, 620.0)  # on Cam–Dee, clear of every name
    assert not _marked(d, along)

    rect = app.problems.rect_of(index)
    assert rect is not None
    d.click_screen(rect.center)
    d.frames(1)
    assert app.selection == {west}
    assert "crosses a link (Cam–Dee)" in app.user.current_status()
    assert _marked(d, along)
    d.screenshot("problem-link-marked")

    d.click((700.0, 250.0))  # somewhere empty: the selection goes, and the mark with it
    d.frames(1)
    assert app.selection == set()
    assert not _marked(d, along)


def test_the_mark_goes_once_the_problem_is_fixed(tmp_path: Path) -> None:
    """A designer fixed the name and the link stayed marked red until the selection changed: it looked as if
    the problem were still there."""
    d, west, _link = crossed(tmp_path / "crossed.tmx")
    app = d.app
    index = next(i for i, p in enumerate(app.watcher.report.problems) if "crosses a link (Cam–Dee)" in p.message)
    rect = app.problems.rect_of(index)
    assert rect is not None
    d.click_screen(rect.center)
    d.frames(1)
    along = (480.0, 620.0)
    assert _marked(d, along)
    app.session.set_prop(west, "label", "W", "string")  # the name set west of its station, clear of Cam–Dee
    app.watcher.refresh(force=True)
    d.frames(2)
    assert not [p for p in app.watcher.report.problems if "crosses a link (Cam–Dee)" in p.message]
    assert app.selection == {west}  # still selected
    assert not _marked(d, along)


def test_a_link_bent_onto_another_is_listed_and_leads_to_both_links(tmp_path: Path) -> None:
    """Cam–Dee turns right on the track of Acton–Bow: listed as hard to read, saying where and to move the
    bend; clicking it selects Cam–Dee and marks Acton–Bow."""
    doc = Document.new("Bent")
    session = EditingSession(doc)
    spots = {"Acton": (300, 400), "Bow": (800, 400), "Cam": (550, 150), "Dee": (820, 680)}
    ids = {name: session.add_object("station", [spot], "add", name=name) for name, spot in spots.items()}
    for a, b in (("Acton", "Bow"), ("Cam", "Dee"), ("Bow", "Dee")):
        session.link(doc.get(ids[a]), doc.get(ids[b]))  # type: ignore[arg-type]
    links = {(doc.get(o.ref("a")).name, doc.get(o.ref("b")).name): o.id  # type: ignore[union-attr]
             for o in doc.of_kind("link")}
    bent, straight = links[("Cam", "Dee")], links[("Acton", "Bow")]
    doc.set_points(bent, [spots["Cam"], (550, 400), spots["Dee"]])
    session.set_prop(ids["Acton"], "start", "true", "bool")
    for station in ("Bow", "Cam"):
        session.set_prop(ids[station], "destination", "standard", "string")
        session.set_prop(ids[station], "cards", "2", "int")
    doc.save(tmp_path / "bent.tmx")
    d = Driver(EditorApp(tmp_path / "bent.tmx"))
    app = d.app
    app.watcher.refresh(force=True)
    d.frames(2)
    problems = app.watcher.report.problems
    index = next(i for i, p in enumerate(problems) if "bends on" in p.message)
    problem = problems[index]
    assert problem.severity == "legibility" and (problem.object_id, problem.link_id) == (bent, straight)
    assert problem.message == ("the link Cam–Dee bends on the link Acton–Bow at (550, 400), which reads as a "
                               "junction: move the bend off it")
    along = (680.0, 400.0)  # on Acton–Bow, away from Cam–Dee and the names
    assert not _marked(d, along, upright=False)
    rect = app.problems.rect_of(index)
    assert rect is not None
    d.click_screen(rect.center)
    d.frames(1)
    assert app.selection == {bent}
    d.screenshot("problem-link-on-link")
    assert _marked(d, along, upright=False)


def test_a_problem_chosen_far_out_is_shown_close_enough_to_read(tmp_path: Path) -> None:
    """Zoomed out to about half, a click on a problem centres its station's name and zooms in to where names
    read; zoomed in closer than that, the click keeps the designer's zoom."""
    d, west, _ = crossed(tmp_path / "crossed.tmx")
    app = d.app
    while app.view.zoom > 0.6:
        d.key(pygame.K_MINUS, "-")  # the designer zooms out to see the whole board
    assert app.view.zoom < READABLE_ZOOM
    index = next(i for i, p in enumerate(app.watcher.report.problems) if p.object_id == west)
    rect = app.problems.rect_of(index)
    assert rect is not None
    d.click_screen(rect.center)
    d.frames(1)
    assert app.selection == {west}
    assert app.view.zoom == READABLE_ZOOM
    name = label_centre(app.doc.get(west))  # type: ignore[arg-type]
    x, y, w, h = app.view.canvas
    centre = d.screen(name)
    assert abs(centre[0] - (x + w / 2)) <= 1 and abs(centre[1] - (y + h / 2)) <= 1
    d.screenshot("problem-zoomed-to-read")

    d.key(pygame.K_PLUS, "+")
    d.key(pygame.K_PLUS, "+")
    closer = app.view.zoom
    assert closer > READABLE_ZOOM
    d.click((700.0, 250.0))  # somewhere empty, then the problem again
    rect = app.problems.rect_of(index)
    assert rect is not None
    d.click_screen(rect.center)
    d.frames(1)
    assert app.selection == {west} and app.view.zoom == closer


def _beside(path: Path, link_x: float) -> Document:
    """Westbourne Park's name set above it, and the link Cam–Dee running down at `link_x`."""
    doc = Document.new("Beside")
    session = EditingSession(doc)
    west = session.add_object("station", [(400, 400)], "add", name="Westbourne Park")
    bow = session.add_object("station", [(800, 400)], "add", name="Bow")
    cam = session.add_object("station", [(link_x, 200)], "add", name="Cam")
    dee = session.add_object("station", [(link_x, 700)], "add", name="Dee")
    for a, b in ((west, bow), (cam, dee), (bow, dee)):
        session.link(doc.get(a), doc.get(b))  # type: ignore[arg-type]
    session.set_prop(west, "label", "N", "string")
    session.set_prop(dee, "label", "W", "string")
    session.set_prop(west, "start", "true", "bool")
    for station in (bow, cam):
        session.set_prop(station, "destination", "standard", "string")
        session.set_prop(station, "cards", "2", "int")
    doc.save(path)
    return doc


def test_a_name_problem_found_only_with_the_names_drawn_larger_says_so(tmp_path: Path) -> None:
    """The editor draws names at the usual size; the board check also judges them grown, as 1280×720 and the
    largest text size draw them. A designer saw a name 25 px clear of the link it was said to cross: such a line
    now says when it is so."""
    from editor.document.problems import compile_document

    crossing = "crosses a link (Cam–Dee)"
    grown_only = None
    for link_x in range(450, 560, 2):  # Cam–Dee moved east, off the name's end at the usual size
        problems = [p for p in compile_document(_beside(tmp_path / "beside.tmx", link_x)).problems
                    if crossing in p.message]
        if problems and all(p.grown for p in problems):
            grown_only = link_x
            break
        assert not problems or not any(p.grown for p in problems)  # crossed at the usual size: not grown
    assert grown_only is not None
    d = Driver(EditorApp(tmp_path / "beside.tmx"))
    d.app.watcher.refresh(force=True)
    d.frames(2)
    line = next(line for line in d.app.watcher.lines() if crossing in line)
    assert line.endswith("(only at 1280×720 or with larger text)"), line
    west = next(o.id for o in d.app.doc.of_kind("station") if o.name == "Westbourne Park")
    guide = NameGuide.of(d.app.doc, west)  # the drag guide says it as the panel does
    assert guide is not None
    said = [line for line in guide.problems(LabelSpec("N")) if "crosses a link (Cam–Dee)" in line]
    assert said and said[0].endswith("(only at 1280×720 or with larger text)")
    _beside(tmp_path / "through.tmx", 480)  # Cam–Dee through the name as drawn: said plainly
    plain = Driver(EditorApp(tmp_path / "through.tmx"))
    plain.app.watcher.refresh(force=True)
    line = next(line for line in plain.app.watcher.lines() if crossing in line)
    assert "1280×720" not in line
