"""The Problems list keeps its place: a designer working down a long list fixed one problem and found the
list back at the top after each fix (a new report refilled it from the start)."""

from __future__ import annotations

from pathlib import Path

import pygame

from editor.app import EditorApp
from editor.document.session import EditingSession
from editor.document.tmx import Document
from tests.editor.driver import Driver


def crowded_rows(path: Path, pairs: int = 14) -> tuple[Driver, list[int]]:
    """The editor on a board that compiles with a long list of problems: `pairs` pairs of long-named stations
    20 px apart, each linked to the next; the first station of each pair."""
    doc = Document.new("Rows")
    session = EditingSession(doc)
    firsts, previous = [], None
    for k in range(pairs):
        y = 100 + 60 * k
        west = session.add_object("station", [(300, y)], "add", name=f"Long Station Name West {k}")
        east = session.add_object("station", [(320, y)], "add", name=f"Long Station Name East {k}")
        session.link(doc.get(west), doc.get(east))  # type: ignore[arg-type]
        if previous is not None:
            session.link(doc.get(previous), doc.get(west))  # type: ignore[arg-type]
        previous = east
        firsts.append(west)
        session.set_prop(east, "destination", "standard", "string")
    session.set_prop(firsts[0], "start", "true", "bool")
    doc.save(path)
    d = Driver(EditorApp(path, size=(1600, 900)))
    d.app.watcher.refresh(force=True)
    d.frames(2)
    return d, firsts


def test_a_new_report_leaves_the_list_where_the_designer_had_scrolled_it(tmp_path: Path) -> None:
    d, firsts = crowded_rows(tmp_path / "rows.tmx")
    panel = d.app.problems
    bar = panel.box.scroll_bar
    assert bar is not None and len(panel.targets) > 30  # a list longer than the box
    box = panel.box.get_abs_rect()
    pygame.mouse.set_pos(box.center)  # pygame_gui asks the pointer itself which element the wheel is over
    for _ in range(30):  # the wheel over the list, as a designer scrolls it
        d.post(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0))
        d.post(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0, touch=False)
        d.frames(1)
    d.frames(20)  # the list glides to where the wheel sent it
    scrolled = panel.box.scroll_bar.start_percentage
    assert scrolled > 0.1
    first_shown = panel.index_at((box.x + 20, box.y + 12))

    doc = d.app.doc  # a fix: the last pair's west station moved off its neighbour
    obj = doc.get(firsts[-1])
    assert obj is not None
    doc.set_points(obj.id, [(obj.x - 200, obj.y)])
    d.app.watcher.refresh(force=True)
    d.frames(2)
    assert panel.shown_report is d.app.watcher.report  # the list was refilled
    assert panel.box.scroll_bar is not None and panel.box.scroll_bar.start_percentage > 0.1
    now_first = panel.index_at((box.x + 20, box.y + 12))  # the same stretch of the list (a fixed line may go)
    assert first_shown is not None and first_shown > 5 and now_first is not None and abs(now_first - first_shown) <= 2
