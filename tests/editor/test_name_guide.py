"""A name being dragged is judged where it is, as the board check will judge it once dropped
(editor/tools/name_guide.py): its box ringed red with the status saying what it breaks, green and "clear
here" where the Problems panel will find nothing; Esc leaves it where it was. A designer learnt only after
the drop that the place was a bad one, and dragged again blind."""

from __future__ import annotations

from pathlib import Path

import pygame

from editor import text
from editor.app import EditorApp
from editor.canvas.render import PROBLEM
from editor.document.names import station_names
from editor.document.session import EditingSession
from editor.document.tmx import Document
from editor.tools.select import CLEAR, GHOST
from tests.editor.driver import Driver
from tests.editor.test_map_commands import finish_work
from tests.editor.test_status_messages import STATIONS, small_board


def _ring(d: Driver, station: int) -> tuple[int, int, int]:
    """The colour at the left edge of the ring round the station's name as it stands now."""
    x, y, w, h = station_names(d.app.doc)[station].box
    (left, top), (right, bottom) = d.screen((x, y)), d.screen((x + w, y + h))
    ring = pygame.Rect(round(left), round(top), round(right - left), round(bottom - top)).inflate(6, 6)
    colour = d.app.screen.get_at((ring.left, ring.centery))
    return colour.r, colour.g, colour.b


def _compiling(tmp_path: Path) -> tuple[Driver, list[int]]:
    """The three-station board, made one that compiles: the board check, and so the guide, needs one."""
    path = tmp_path / "small.tmx"
    ids = small_board(path)
    doc = Document.load(path)
    doc.set_property(ids[0], "start", "true", "bool")
    doc.set_property(ids[2], "destination", "standard")
    doc.save(path)
    return Driver(EditorApp(path, size=(1600, 900))), ids


def test_a_dragged_name_shows_whether_it_will_read_clear_where_it_is(tmp_path: Path) -> None:
    d, ids = _compiling(tmp_path)
    name = station_names(d.app.doc)[ids[1]]
    label_before = d.app.doc.get(ids[1]).props.get("label")  # type: ignore[union-attr]
    x, y, _, h = name.box
    grab = d.screen((x + 4, y + h / 2))
    d.post(pygame.MOUSEMOTION, pos=grab, rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEBUTTONDOWN, pos=grab, button=1)

    onto = d.screen(STATIONS[1][:2])  # the name's left end dragged onto its own station's disc
    d.post(pygame.MOUSEMOTION, pos=onto, rel=(0, 0), buttons=(1, 0, 0))
    status = d.app.user.current_status()  # over its station and a link: the station, which hides it, told first
    assert status.startswith("Bravo Park: here, its name covers its own station, hard to read"), status
    assert any("crosses a link" in line for line in d.app.tools["select"].trouble or [])
    assert _ring(d, ids[1]) == PROBLEM
    d.screenshot("name-guide-trouble")

    sx, sy = STATIONS[1][:2]
    above = d.screen((sx - 40 + 4, sy - 40 - h + h / 2))  # the name's box just above its station, off the links
    d.post(pygame.MOUSEMOTION, pos=above, rel=(0, 0), buttons=(1, 0, 0))
    assert d.app.user.current_status() == "Bravo Park: clear here; drop it to keep it here"
    assert _ring(d, ids[1]) == CLEAR
    d.screenshot("name-guide-clear")

    d.post(pygame.MOUSEMOTION, pos=onto, rel=(0, 0), buttons=(1, 0, 0))
    d.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)  # changed its mind
    d.post(pygame.MOUSEBUTTONUP, pos=onto, button=1)
    assert d.app.doc.get(ids[1]).props.get("label") == label_before  # type: ignore[union-attr]
    assert not d.app.doc.dirty  # the board as it was saved: no "*" for a drag taken back
    assert _ring(d, ids[1]) not in (PROBLEM, CLEAR)  # no ring once the drag is over
    assert d.app.user.current_status() == "Bravo Park: the name is back where it was"

    d.drag((x + 4, y + h / 2), STATIONS[1][:2])  # dropped over its station: told at once, not after the check
    status = d.app.user.current_status()
    assert status.startswith("Bravo Park: where you dropped it, its name covers its own station"), status


def test_a_dragged_name_is_shown_where_it_reads_clear_and_lands_there(tmp_path: Path) -> None:
    """The places round the station where the name breaks nothing are drawn faint while it is dragged; brought
    near one, the name lands on it, kept there as the designer's: Place names leaves it (a name landed by
    side was the placer's again, and Tidy moved it)."""
    d, ids = _compiling(tmp_path)
    x, y, _, h = station_names(d.app.doc)[ids[1]].box
    hold = (4.0, h / 2)  # where on the name the pointer holds it
    d.post(pygame.MOUSEMOTION, pos=d.screen((x + hold[0], y + hold[1])), rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEBUTTONDOWN, pos=d.screen((x + hold[0], y + hold[1])), button=1)
    d.post(pygame.MOUSEMOTION, pos=d.screen((x + hold[0] + 30, y + hold[1] + 30)), rel=(0, 0), buttons=(1, 0, 0))
    guide = d.app.tools["select"].guide
    assert guide is not None
    places = guide.clear_places()
    assert places and all(guide.problems(spec) == [] for spec, _ in places)
    spec, (px, py, _, ph) = places[-1]
    ghost = d.screen((px, py + ph / 2))
    assert d.app.screen.get_at((ghost[0] - 1, ghost[1]))[:3] == GHOST  # drawn, faint, for the drag to aim at

    d.post(pygame.MOUSEMOTION, pos=d.screen((px + hold[0] + 3, py + hold[1] + 2)), rel=(0, 0), buttons=(1, 0, 0))
    bravo = STATIONS[1]
    landed = f"@{round(px - bravo[0])},{round(py - bravo[1])}" + (f"/{spec.split}" if spec.split else "")
    assert d.app.doc.get(ids[1]).props.get("label") == landed  # type: ignore[union-attr]
    assert d.app.user.current_status() == "Bravo Park: clear here; drop it to keep it here"
    assert _ring(d, ids[1]) == CLEAR
    d.screenshot("name-guide-landed")
    d.post(pygame.MOUSEBUTTONUP, pos=d.screen((px + hold[0] + 3, py + hold[1] + 2)), button=1)
    assert d.app.user.current_status().startswith("Bravo Park: the name stays where you dropped it")
    d.ctrl(pygame.K_l)  # Place names keeps a name the designer set
    finish_work(d)
    assert d.app.doc.get(ids[1]).props.get("label") == landed  # type: ignore[union-attr]


def _press_and_drag(d: Driver, station: int, to: tuple[float, float]) -> list[str]:
    """Press the station's name near its right end (clear of its station) and drag it so its top-left corner
    is at `to` (board px); what the guide finds there."""
    x, y, w, h = station_names(d.app.doc)[station].box
    hold = (w - 4, h / 2)
    d.post(pygame.MOUSEMOTION, pos=d.screen((x + hold[0], y + hold[1])), rel=(0, 0), buttons=(0, 0, 0))
    d.post(pygame.MOUSEBUTTONDOWN, pos=d.screen((x + hold[0], y + hold[1])), button=1)
    d.post(pygame.MOUSEMOTION, pos=d.screen((to[0] + hold[0], to[1] + hold[1])), rel=(0, 0), buttons=(1, 0, 0))
    return list(d.app.tools["select"].trouble or [])


def test_the_guide_rings_red_where_the_panel_will_find_the_name_on_the_water_or_read_as_one(tmp_path: Path) -> None:
    """The Problems panel also reports a name on the water and two names set one over the other that read as
    one; a guide that knew only the name rules rang green there (a designer's Friedrichstraße, dropped on a
    green place, came out on the Spree and over Oranienburger Tor's name)."""
    d, ids = _compiling(tmp_path)
    ax, ay, _, _ = station_names(d.app.doc)[ids[0]].box  # Alpha's name
    bx, by, bw, bh = station_names(d.app.doc)[ids[1]].box  # Bravo Park's
    below = (bx, by + bh + 40)  # Bravo Park's name 40 px further down: clear of the links, on dry land
    trouble = _press_and_drag(d, ids[1], below)
    assert not [line for line in trouble if "water" in line or "read as one" in line], trouble
    d.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    d.post(pygame.MOUSEBUTTONUP, pos=d.screen(below), button=1)

    river = [(bx - 20, below[1] - 4), (bx + bw + 20, below[1] - 4), (bx + bw + 20, below[1] + bh + 4),
             (bx - 20, below[1] + bh + 4)]
    EditingSession(d.app.doc).add_object("water", river, "add")
    trouble = _press_and_drag(d, ids[1], below)
    assert "its name is on the water or across it: a reader looks there for another station's name" in trouble
    assert _ring(d, ids[1]) == PROBLEM
    d.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    d.post(pygame.MOUSEBUTTONUP, pos=d.screen(below), button=1)

    over_alpha = (ax, ay - bh - 2)  # just over Alpha's name, lined up with it (Alpha's level with its station)
    trouble = _press_and_drag(d, ids[1], over_alpha)
    assert [line for line in trouble if "the names of Bravo Park and Alpha are set one over the other and read "
            "as one" in line], trouble
    assert _ring(d, ids[1]) == PROBLEM


def test_where_no_place_round_the_station_reads_clear_the_status_says_where_room_must_come_from(
        tmp_path: Path) -> None:
    """Half a dense import's troubled names had no clear place round their station, and a designer dragged on
    looking for one: the status says the room must come from a move of the station or a neighbour's name."""
    path = tmp_path / "ringed.tmx"
    doc = Document.new("Ringed")
    session = EditingSession(doc)
    middle = session.add_object("station", [(600, 400)], "add", name="Middle Station Name")
    for k, (dx, dy) in enumerate(((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))):
        ring = session.add_object("station", [(600 + 44 * dx, 400 + 44 * dy)], "add", name=f"R{k}")
        session.link(doc.get(middle), doc.get(ring))  # type: ignore[arg-type]
        session.set_prop(ring, "destination", "standard", "string")
    session.set_prop(middle, "start", "true", "bool")
    doc.save(path)
    d = Driver(EditorApp(path, size=(1600, 900)))
    x, y, _, _ = station_names(d.app.doc)[middle].box
    _press_and_drag(d, middle, (x + 6, y + 6))
    guide = d.app.tools["select"].guide
    assert guide is not None and guide.clear_places() == []
    status = d.app.user.current_status()
    assert status.startswith("Middle Station Name: here, ") and "no place round the station reads clear (most " \
        "are spoilt by R" in status and "): move the station or a neighbour’s name to make room" in status, status



def test_a_backup_written_mid_drag_leaves_the_guides_words(tmp_path: Path) -> None:
    """The backup of unsaved work is written every minute whatever the designer does; its "Backup written"
    replaced the guide's words in the middle of a drag."""
    d, ids = _compiling(tmp_path)
    x, y, _, h = station_names(d.app.doc)[ids[1]].box
    _press_and_drag(d, ids[1], (x, y + h + 40))  # a first move: the board unsaved, the guide speaking
    said = d.app.user.current_status()
    assert said.startswith("Bravo Park: ")
    d.app.autosaver.last -= d.app.autosaver.interval  # a minute has passed
    d.frames(1)
    assert d.app.autosaver.saved_revision == d.app.doc.revision  # the backup is written
    assert d.app.user.current_status() == said

    d.app.user.message_until = 0.0  # the designer holds still, reading, past the status line's seconds
    d.app.doc.touch()  # (more unsaved work, for another backup)
    d.app.autosaver.last -= d.app.autosaver.interval
    d.frames(1)
    assert d.app.user.current_status() == ""  # no "Backup written" over the guidance
    assert d.app.tool.hint == said  # the status bar falls back on the tool's words: the guide's, while it drags
    d.post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0)
    assert d.app.tool.hint == text.TOOLS["select"][2]  # the drag over: the tool's own hint again
