"""The bus-tour board compiler: a designer's mistakes each named in one run, nothing written; Tiled 1.9's
`class` read like `type`; `python -m game compile` dispatches on the map's game."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.board.tmx.bus import compile_bus_tmx
from game.bus.board import BusBoard

ROOT = Path(__file__).resolve().parents[2]


def source(objects: str, tickets: int = 8, attribute: str = "type") -> str:
    places = "".join(f'<object id="{i}" name="P{i}" {attribute}="place" x="{100 * i}" y="100"><point/></object>'
                     for i in range(1, 5))
    pins = "".join(
        f'<object id="{100 + k}" {attribute}="ticket" x="10" y="10"><properties><property name="a" type="object" '
        f'value="1"/><property name="b" type="object" value="{2 + k % 3}"/><property name="value" type="int" '
        f'value="3"/></properties><point/></object>' for k in range(tickets))
    return ('<?xml version="1.0" encoding="UTF-8"?><map version="1.10" orientation="orthogonal" width="48" '
            'height="27" tilewidth="40" tileheight="40" infinite="0"><properties><property name="game" '
            f'value="bus"/><property name="name" value="Tiny"/></properties><objectgroup id="1" name="o">{places}'
            f'{objects}{pins}</objectgroup></map>')


def route(oid: int, a: int, b: int, spaces: int = 2, colour: str = "blue", attribute: str = "type") -> str:
    return (f'<object id="{oid}" {attribute}="route" x="0" y="0"><properties><property name="a" type="object" '
            f'value="{a}"/><property name="b" type="object" value="{b}"/><property name="spaces" type="int" '
            f'value="{spaces}"/><property name="colour" value="{colour}"/></properties></object>')


def test_a_clean_source_compiles_with_its_double_route_paired(tmp_path: Path) -> None:
    path = tmp_path / "tiny.tmx"
    path.write_text(source(route(10, 1, 2) + route(11, 1, 2, colour="grey") + route(12, 2, 3) + route(13, 3, 4)),
                    encoding="utf-8")
    result = compile_bus_tmx(path)
    assert result.errors == [] and result.board is not None
    board: BusBoard = result.board
    assert (board.routes[0].twin, board.routes[1].twin, board.routes[2].twin) == (1, 0, None)
    assert len(board.tickets) == 8 and board.name == "Tiny"


def test_every_mistake_is_named_in_one_run(tmp_path: Path) -> None:
    path = tmp_path / "bad.tmx"
    mistakes = (route(10, 1, 2, colour="purple") + route(11, 1, 1) + route(12, 2, 3, spaces=6)
                + route(13, 3, 4) + route(14, 3, 4) + route(15, 3, 4))
    path.write_text(source(mistakes, tickets=3), encoding="utf-8")
    result = compile_bus_tmx(path)
    assert result.board is None
    words = " | ".join(str(p) for p in result.errors)
    for expected in ("purple", "two different places", "1 to 4 spaces", "at most two", "at least 8 tickets"):
        assert expected in words, words
    assert "object 10" in words  # each problem names its object


def test_tiled_19_class_attributes_are_read(tmp_path: Path) -> None:
    path = tmp_path / "class.tmx"
    path.write_text(source(route(10, 1, 2, attribute="class") + route(12, 2, 3, attribute="class")
                           + route(13, 3, 4, attribute="class"), attribute="class"), encoding="utf-8")
    result = compile_bus_tmx(path)
    assert result.errors == [] and result.board is not None and len(result.board.routes) == 3


def test_the_compile_command_compiles_a_bus_source(tmp_path: Path) -> None:
    path = tmp_path / "tiny.tmx"
    path.write_text(source(route(10, 1, 2) + route(12, 2, 3) + route(13, 3, 4)), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "game", "compile", str(path)], cwd=ROOT, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["game"] == "bus"
    written = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    assert written["schema"] == "bus-board/1" and len(written["routes"]) == 3


def test_designers_pick_the_bus_types_from_tiled_lists() -> None:
    """The Tiled project and the Tiled 1.8 object types offer place, route, district and ticket with exactly
    the properties the compiler reads."""
    import xml.etree.ElementTree as ET

    from game import resources
    from game.board.tmx.bus import SCHEMAS

    project = json.loads(resources.path("boards", "underground.tiled-project").read_text(encoding="utf-8"))
    classes = {t["name"]: {m["name"]: m["type"] for m in t["members"]} for t in project["propertyTypes"]
               if t.get("type") == "class"}
    legacy = {t.get("name"): {p.get("name"): p.get("type") for p in t}
              for t in ET.parse(resources.path("boards", "objecttypes.xml")).getroot()}
    for kind in ("place", "route", "district", "ticket"):
        assert classes[kind] == SCHEMAS[kind] == legacy[kind], kind
    assert "../bus_boards/src" in project["folders"]
