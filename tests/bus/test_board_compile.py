"""The bus-tour compiler, mistake by mistake: each is named with its object, all in one run, and nothing is
written; the `label` and `label_px` a designer writes decide the name boxes; a "tickets" layer holds tickets;
the board check warns about what the table would draw badly."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.board.tmx.bus import compile_bus_tmx
from game.bus.labels import name_box

ROOT = Path(__file__).resolve().parents[2]
FOUR = ((1, "Abbey", 200, 200), (2, "Bank", 500, 200), (3, "Circus", 500, 500), (4, "Docks", 200, 500))


def prop(name: str, value: object, kind: str = "") -> str:
    return f'<property name="{name}"{f" type={chr(34)}{kind}{chr(34)}" if kind else ""} value="{value}"/>'


def place(oid: int, name: str, x: float, y: float, label: str = "", attribute: str = "type") -> str:
    props = f"<properties>{prop('label', label)}</properties>" if label else ""
    return f'<object id="{oid}" name="{name}" {attribute}="place" x="{x}" y="{y}">{props}<point/></object>'


def route(oid: int, a: int | None, b: int | None, spaces: int = 2, colour: str = "blue") -> str:
    ends = "".join(prop(key, ref, "object") for key, ref in (("a", a), ("b", b)) if ref is not None)
    return (f'<object id="{oid}" type="route" x="0" y="0"><properties>{ends}{prop("spaces", spaces, "int")}'
            f'{prop("colour", colour)}</properties></object>')


def ticket(oid: int, a: int, b: int, value: int = 4, kind: str = ' type="ticket"') -> str:
    return (f'<object id="{oid}"{kind} x="10" y="10"><properties>{prop("a", a, "object")}{prop("b", b, "object")}'
            f'{prop("value", value, "int")}</properties><point/></object>')


def tickets(count: int = 8, start: int = 100) -> str:
    return "".join(ticket(start + k, 1, 2 + k % 3) for k in range(count))


def ring() -> str:
    return route(10, 1, 2) + route(11, 2, 3) + route(12, 3, 4) + route(13, 4, 1)


OUTSIDE = {1: "NW", 2: "NE", 3: "SE", 4: "SW"}  # each name outside the ring of routes


def places(labels: dict[int, str] | None = None) -> str:
    chosen = OUTSIDE | (labels or {})
    return "".join(place(oid, name, x, y, chosen[oid]) for oid, name, x, y in FOUR)


def write(tmp_path: Path, objects: str, layers: str = "", props: str = "") -> Path:
    path = tmp_path / "board.tmx"
    path.write_text('<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" width="24" '
                    f'height="18" tilewidth="40" tileheight="40" infinite="0"><properties>{prop("game", "bus")}'
                    f'{props}</properties><objectgroup id="1" name="board">{objects}</objectgroup>{layers}</map>',
                    encoding="utf-8")
    return path


def messages(path: Path, severity: str = "error") -> list[str]:
    return [str(p) for p in compile_bus_tmx(path).problems if p.severity == severity]


def test_a_clean_board_has_no_problem_at_all(tmp_path: Path) -> None:
    result = compile_bus_tmx(write(tmp_path, places() + ring() + tickets()))
    assert result.problems == [] and result.board is not None
    assert [p.name for p in result.board.places] == ["Abbey", "Bank", "Circus", "Docks"]


@pytest.mark.parametrize(("objects", "who", "words"), [
    (route(20, 1, None), "object 20", "needs property b"),
    (route(20, 1, 77), "object 20", "refers to object 77, which is no place"),
    (route(20, 1, 3, colour="purple"), "object 20", "not 'purple'"),
    (route(20, 1, 3, spaces=5), "object 20", "1 to 4 spaces"),
    (route(20, 1, 2) + route(21, 1, 2), "object 21", "3 routes join Abbey and Bank"),
    (place(30, "Abbey", 350, 350), "object 30 'Abbey'", "two places share this name (the other is object 1)"),
    (place(30, "", 350, 350), "object 30", "a place needs a name"),
    (place(30, "Exchange", 350, 350, label="NE/2"), "object 30 'Exchange'", "stays on one line"),
    (place(30, "Exchange", 350, 350, label="up"), "object 30 'Exchange'", "write a side"),
    (ticket(40, 1, 99), "object 40", "b refers to object 99, which is no place"),
    (ticket(40, 1, 1), "object 40", "joins two different places"),
    (ticket(40, 1, 3, value=0), "object 40", "a ticket's value is a whole number from 1 to 40"),
])
def test_each_mistake_is_named_with_its_object(tmp_path: Path, objects: str, who: str, words: str) -> None:
    path = write(tmp_path, places() + ring() + tickets() + objects)
    result = compile_bus_tmx(path)
    assert result.board is None  # nothing comes out of a source with an error
    found = [m for m in messages(path) if words in m]
    assert any(who in m and str(path) in m for m in found), messages(path)


def test_a_district_holds_two_to_four_places_worth_two_to_four(tmp_path: Path) -> None:
    def district(oid: int, name: str, outline: str, value: int | None) -> str:
        worth = f'<properties>{prop("value", value, "int")}</properties>' if value is not None else ""
        return (f'<object id="{oid}" name="{name}" type="district" x="0" y="0">{worth}'
                f'<polygon points="{outline}"/></object>')

    lonely = district(50, "Lonely", "150,150 250,150 250,250 150,250", 1)  # around Abbey alone
    greedy = district(51, "Greedy", "100,100 600,100 600,600 100,600", 7)  # all four, worth 7
    path = write(tmp_path, places() + ring() + tickets() + lonely + greedy)
    words = messages(path)
    assert any("object 50 'Lonely'" in m and "holds 2 to 4 places; this one holds 1" in m for m in words), words
    assert any("object 51 'Greedy'" in m and "from 2 to 4, not 7" in m for m in words), words
    fine = district(52, "North", "150,150 550,150 550,250 150,250", 2)  # Abbey and Bank
    result = compile_bus_tmx(write(tmp_path, places() + ring() + tickets() + fine))
    assert result.board is not None and result.board.districts[0].places == (0, 1)
    three = district(53, "Three", "150,150 550,150 550,550 450,550 150,250", None)  # Abbey, Bank, Circus
    result = compile_bus_tmx(write(tmp_path, places() + ring() + tickets() + three))
    assert result.board is not None and [(d.places, d.value) for d in result.board.districts] == [((0, 1, 2), 3)]


def test_every_mistake_comes_in_one_run(tmp_path: Path) -> None:
    mistakes = route(20, 1, None, colour="purple", spaces=9) + ticket(40, 1, 99) + place(30, "Abbey", 350, 350)
    path = write(tmp_path, places() + ring() + tickets(3) + mistakes, props=prop("label_px", "huge"))
    words = " | ".join(messages(path))
    for expected in ("needs property b", "not 'purple'", "spaces), not 9", "no place", "share this name",
                     "at least 8 tickets", "label_px"):
        assert expected in words, (expected, words)


def test_a_ticket_nobody_could_finish_is_an_error(tmp_path: Path) -> None:
    island = place(5, "Eyot", 800, 300) + place(6, "Heath", 800, 600) + route(14, 5, 6)
    path = write(tmp_path, places() + ring() + tickets() + island + ticket(41, 1, 6))
    words = messages(path)
    assert any("object 41" in m and "no routes join Abbey and Heath" in m for m in words), words
    warned = messages(path, "warning")
    assert any("'Eyot'" in m and "the network is in pieces" in m for m in warned), warned


def test_objects_in_a_tickets_layer_are_tickets(tmp_path: Path) -> None:
    layer = f'<objectgroup id="2" name="Tickets">{"".join(ticket(200 + k, 2, 4, kind="") for k in range(8))}' \
            "</objectgroup>"
    result = compile_bus_tmx(write(tmp_path, places() + ring(), layers=layer))
    assert result.problems == [] and result.board is not None
    assert [(t.a, t.b, t.value) for t in result.board.tickets] == [(1, 3, 4)] * 8


def test_the_label_and_label_px_decide_the_name_boxes(tmp_path: Path) -> None:
    labels = {1: "@-90,-40", 2: "NE+6", 3: "S"}
    path = write(tmp_path, places(labels) + ring() + tickets(), props=prop("label_px", 28))
    result = compile_bus_tmx(path)
    assert result.errors == [] and result.board is not None
    board = result.board
    assert board.label_px == 28
    abbey, bank, circus, docks = board.places
    assert abbey.label is not None and abbey.label[:2] == (200 - 90, 200 - 40)  # the box dragged by hand
    assert bank.label == name_box(500, 200, "Bank", "NE+6", 28)
    assert circus.label == name_box(500, 500, "Circus", "S", 28)
    assert docks.label == name_box(200, 500, "Docks", "SW", 28)
    assert docks.label is not None and docks.label[3] > name_box(200, 500, "Docks", "SW", 20)[3]
    unlabelled = compile_bus_tmx(write(tmp_path, place(9, "Fields", 800, 300) + places() + ring() + tickets())).board
    assert unlabelled is not None and unlabelled.places[0].label == name_box(800, 300, "Fields", "E", 20)


def test_the_board_check_warns_about_what_would_be_drawn_badly(tmp_path: Path) -> None:
    crossing = route(20, 1, 3, colour="grey") + route(21, 2, 4, colour="pink")
    crowd = place(7, "Close", 230, 210)
    water = '<object id="60" type="water" x="0" y="0"><polygon points="450,450 560,450 560,560 450,560"/></object>'
    path = write(tmp_path, places({1: "E", 4: "E"}) + ring() + crossing + tickets() + crowd + route(22, 7, 1) + water)
    result = compile_bus_tmx(path)
    assert result.errors == [] and result.board is not None  # warnings never stop a board
    warned = " | ".join(messages(path, "warning"))
    for expected in ("object 20: warning: it crosses the route Bank – Docks",
                     "'Abbey': warning: it is 32 px from Close", "'Circus': warning: it stands in the water",
                     "'Docks': warning: its name lies over the route Circus – Docks",
                     "'Abbey': warning: its name lies over the place Close"):
        assert expected in warned, (expected, warned)


def test_tiled_19_class_attributes_and_the_compile_command(tmp_path: Path) -> None:
    """`class` read as `type`; `compile --check` writes nothing, `-o` writes the board's one text."""
    classed = "".join(place(oid, name, x, y, attribute="class") for oid, name, x, y in FOUR)
    path = write(tmp_path, classed + ring().replace('type="route"', 'class="route"') + tickets())
    command = [sys.executable, "-m", "game", "compile", str(path)]
    checked = subprocess.run([*command, "--check"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert checked.returncode == 0, checked.stderr
    assert not path.with_suffix(".json").exists()
    out = tmp_path / "out.json"
    done = subprocess.run([*command, "-o", str(out)], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    board = compile_bus_tmx(path).board
    assert board is not None and len(board.routes) == 4
    assert out.read_bytes() == board.dumps().encode("utf-8")


def test_a_source_with_an_error_writes_nothing(tmp_path: Path) -> None:
    path = write(tmp_path, places() + ring() + tickets() + route(20, 1, 3, colour="purple"))
    out = tmp_path / "out.json"
    out.write_text("the designer's earlier board", encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game", "compile", str(path), "-o", str(out)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "purple" in done.stderr and "nothing written" in done.stderr
    assert out.read_text(encoding="utf-8") == "the designer's earlier board"
