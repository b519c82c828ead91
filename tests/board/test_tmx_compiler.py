"""The TMX compiler: a good source gives the expected board, every bad one a list of named problems."""

from __future__ import annotations

import os
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.loader import load_board
from game.board.model import Board
from game.board.tmx.compiler import CompileResult, Problem, compile_tmx, compile_tmx_bytes, write_board_atomically

BOARDS = Path(__file__).resolve().parents[1] / "boards"
TINY = BOARDS / "tiny.tmx"
TINY_TEXT = TINY.read_text(encoding="utf-8")


def compile_text(text: str, base_dir: Path | None = BOARDS) -> CompileResult:
    return compile_tmx_bytes(text.encode("utf-8"), "tiny.tmx", base_dir)


def mutated(*changes: tuple[str, str]) -> CompileResult:
    """Tiny with some text replaced; every replaced text must occur exactly once, so tests cannot rot."""
    text = TINY_TEXT
    for old, new in changes:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in tiny.tmx"
        text = text.replace(old, new)
    return compile_text(text)


def station_props(object_id: int) -> str:
    """The opening of an object's properties block, as a unique anchor for edits."""
    match = re.search(rf'<object id="{object_id}"[^>]*>\n   <properties>\n', TINY_TEXT)
    assert match, object_id
    return match.group(0)


def add_prop(object_id: int, xml: str) -> tuple[str, str]:
    anchor = station_props(object_id)
    return anchor, anchor + "    " + xml + "\n"


def link_prop(link_id: int, name: str, new: str = "") -> tuple[str, str]:
    """An edit replacing one property of one link (the anchor runs from the link's start, so it is unique)."""
    match = re.search(rf'<object id="{link_id}" type="link".*?(<property name="{name}"[^/]*/>)', TINY_TEXT, re.S)
    assert match
    return match.group(0), match.group(0).replace(match.group(1), new)


def find(result: CompileResult, severity: str, object_id: int | None, fragment: str) -> Problem:
    for problem in result.problems:
        if problem.severity == severity and problem.object_id == object_id and fragment in problem.message:
            return problem
    raise AssertionError(f"no {severity} on {object_id} containing {fragment!r}; got:\n" +
                         "\n".join(map(str, result.problems)))


# ----- a good source -----


@pytest.fixture(scope="module")
def tiny() -> Board:
    result = compile_tmx(TINY)
    assert result.problems == []
    assert result.board is not None
    return result.board


def test_tiny_positions_and_features(tiny: Board) -> None:
    assert tiny.name == "Tiny Town" and tiny.ruleset == "custom"
    assert (tiny.width, tiny.height) == (640.0, 480.0)
    assert [n.name for n in tiny.nodes] == ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot", "Golf", "Hotel",
                                            "~waypoint 9", "~waypoint 10"]
    alpha, bravo = tiny.node("Alpha"), tiny.node("Bravo")
    assert (alpha.x, alpha.y) == (100.0, 100.0) and alpha.start and alpha.railway and alpha.destination == "standard"
    assert alpha.cards == 1
    assert bravo.destination == "express" and bravo.cards == 2 and bravo.terminus
    assert tiny.node("Delta").plus and tiny.node("Delta").landmarks == 2 and tiny.node("Delta").cards == 0
    assert tiny.node("Hotel").y == 100.46  # rounded to two decimals
    assert [n.name for n in tiny.nodes if n.connection] == ["Charlie", "Echo"]
    waypoints = [n for n in tiny.nodes if n.waypoint]
    assert [(w.x, w.y, w.water) for w in waypoints] == [(475.0, 200.0, True), (512.5, 250.0, True)]
    assert tiny.start == 0
    assert len(tiny.deck) == 7


def test_tiny_links_are_oriented_from_a_to_b(tiny: Board) -> None:
    first = tiny.links[0]  # drawn from Bravo to Alpha, but a = Alpha
    assert (first.a, first.b, first.spaces) == (0, 1, 2)
    assert first.path == ((100.0, 100.0), (150.0, 80.0), (210.0, 80.0), (250.0, 100.0))
    straight = tiny.links[1]  # a point object: a straight line between its nodes
    assert straight.path == ((250.0, 100.0), (400.0, 100.0))
    to_hotel = tiny.link("Golf", "Hotel")
    assert to_hotel.path[0] == (550.0, 300.0) and to_hotel.path[-1] == (550.0, 100.46)  # snapped onto the node
    assert [link.spaces for link in tiny.links] == [2, 1, 3, 1, 4, 1, 1, 1, 1, 1, 2, 1, 1]


def test_tiny_clusters_decorations_settings_background(tiny: Board) -> None:
    assert [(c.name, [tiny.nodes[i].name for i in c.stations]) for c in tiny.clusters] == [
        ("West", ["Alpha", "Delta"]), ("East", ["Golf", "Hotel"])]
    assert tiny.clusters[1].polygon == ((520.0, 60.0), (580.0, 60.0), (580.0, 330.0), (520.0, 330.0))
    assert [(d.kind, d.text) for d in tiny.decorations] == [("water", "Tiny River"), ("park", "Green"),
                                                             ("label", "Tiny Town")]
    assert tiny.settings.loops is False and tiny.settings.plus_table == (0, 1, 2, 3)
    assert tiny.settings.connection_pair_points == 5
    assert tiny.settings.face_up == 4  # untouched default
    assert tiny.background == "tiny-background.png"


def test_output_is_deterministic_and_loadable(tiny: Board) -> None:
    again = compile_tmx_bytes(TINY.read_bytes(), "elsewhere.tmx", BOARDS).board
    assert again is not None and again.dumps().encode() == tiny.dumps().encode()
    assert Board.from_json(__import__("json").loads(tiny.dumps())).dumps() == tiny.dumps()
    assert load_board(TINY).dumps() == tiny.dumps()


def test_objects_in_any_order_give_the_same_board(tiny: Board) -> None:
    text = TINY_TEXT
    stations = re.search(r' <objectgroup id="3".*?</objectgroup>\n', text, re.S).group(0)  # type: ignore[union-attr]
    links = re.search(r' <objectgroup id="4".*?</objectgroup>\n', text, re.S).group(0)  # type: ignore[union-attr]
    swapped = text.replace(stations, "@@").replace(links, stations).replace("@@", links)
    assert compile_text(swapped).board.dumps() == tiny.dumps()  # type: ignore[union-attr]


def test_class_attribute_is_read_like_type(tiny: Board) -> None:
    text = re.sub(r'(<object id="\d+"(?: name="[^"]*")?) type="', r'\1 class="', TINY_TEXT)
    assert text.count(' class="') == 28
    result = compile_text(text)
    assert result.problems == []
    assert result.board is not None and result.board.dumps() == tiny.dumps()


def test_quirky_shapes_and_offsets() -> None:
    result = compile_tmx(BOARDS / "quirks.tmx")
    assert result.errors == [], result.errors
    board = result.board
    assert board is not None and board.ruleset == "newyork" and board.settings.water_table == (0, 0, 3, 5)
    plain = board.node("Plain")  # a 16×16 rectangle inside a group layer offset by (10.125, -4)
    assert (plain.x, plain.y) == (round(12200 + 10.125 + 8, 2), 504.0)
    assert board.node("Friedrichstraße").x == round(12345.7 + 10.125, 2)  # Tiled's six digits, then offset
    assert board.node("Friedrichstraße").cards == 2 and board.node("Friedrichstraße").start
    assert board.node("Ferry").waypoint and board.node("~waypoint 5").water
    label = board.decorations[-1]
    assert label.kind == "label" and label.text == "Two lines\nof text & more" and len(label.points) == 4


# ----- problems, each naming object id and name -----


def test_problem_text_names_file_object_and_name() -> None:
    problem = Problem("error", "london.tmx", 12, "Euston", "two stations are called 'Euston' (also object 40)")
    assert str(problem) == "london.tmx: object 12 'Euston': two stations are called 'Euston' (also object 40)"
    assert str(Problem("warning", "a.tmx", None, "", "few cards")) == "a.tmx: warning: few cards"


CHECKS = [
    # (changes, severity, object id, object name, message fragment)
    ([('name="Bravo"', 'name="Alpha"')], "error", 2, "Alpha", "two stations are called 'Alpha' (also object 1)"),
    ([('<property name="start" type="bool" value="true"/>', "")], "error", None, "", "no station has start"),
    ([add_prop(4, '<property name="start" type="bool" value="true"/>')], "error", 4, "Delta", "second start"),
    ([link_prop(21, "b")], "error", 21, "", "no 'b' property"),
    ([link_prop(21, "b", '<property name="b" type="object" value="999"/>')], "error", 21, "",
     "refers to object 999, which does not exist"),
    ([link_prop(21, "b", '<property name="b" type="object" value="40"/>')], "error", 21, "",
     "object 40 'West', which is a cluster"),
    ([link_prop(21, "b", '<property name="b" type="object" value="2"/>')], "error", 21, "", "to itself"),
    ([link_prop(20, "spaces", '<property name="spaces" type="int" value="5"/>')], "error", 20, "",
     "1 to 4 spaces, not 5"),
    ([link_prop(25, "b", '<property name="b" type="object" value="3"/>')], "error", 25, "",
     "second link between 'Bravo' and 'Charlie' (also object 21)"),
    ([link_prop(31, "b"), link_prop(32, "b")],
     "error", 8, "Hotel", "not connected"),
    ([link_prop(28, "b", '<property name="b" type="object" value="6"/>')], "error", 10, "",
     "1 link(s); a crossing needs two or more"),
    ([('<object id="41" name="East" type="cluster" x="520"', '<object id="41" name="East" type="cluster" x="20"')],
     "error", 41, "East", "contains no station"),
    ([('<object id="40" name="West" type="cluster" x="50" y="50">',
       '<object id="40" name="West" type="cluster" x="50" y="50" width="600" height="100"/><object id="42" '
       'name="Wide" type="cluster" x="50" y="50">')], "error", 1, "Alpha", "lies in two clusters"),
    ([add_prop(6, '<property name="connection" type="bool" value="true"/>')], "error", 6, "Foxtrot",
     "3 connection stations"),
    ([link_prop(20, "a", '<property name="a" type="int" value="1"/>')], "error", 20, "",
     "must be of Tiled type object, not int"),
    ([add_prop(4, '<property name="start" type="int" value="1"/>')], "error", 4, "Delta",
     "'start' must be of Tiled type bool"),
    ([add_prop(4, '<property name="railway" type="bool" value="maybe"/>')], "error", 4, "Delta",
     "must be true or false"),
    ([('<property name="cards" type="int" value="2"/>', '<property name="cards" type="int" value="0"/>')],
     "error", 2, "Bravo", "1 to 20 cards, not 0"),
    ([('<property name="landmarks" type="int" value="2"/>', '<property name="landmarks" type="int" value="4"/>')],
     "error", 4, "Delta", "landmarks must be 0 to 3, not 4"),
    ([('<property name="destination" value="express"/>\n   </properties>\n   <point/>\n  </object>\n  <object id="8"',
       '<property name="destination" value="gold"/>\n   </properties>\n   <point/>\n  </object>\n  <object id="8"')],
     "error", 7, "Golf", "unknown destination 'gold'"),
    ([('<object id="8" name="Hotel" type="station" x="550" y="100.456">',
       '<object id="55" template="station.tx" x="1" y="2"/><object id="8" name="Hotel" type="station" x="550" '
       'y="100.456">')], "error", 55, "", "Detach"),
    ([('name="Hotel" type="station" x="550" y="100.456"', 'name="Hotel" type="station" x="nan" y="100.456"')],
     "error", 8, "Hotel", "x 'nan' is not a number" if False else "out of range"),
    ([('name="Hotel" type="station" x="550"', 'name="Hotel" type="station" x="2e6"')], "error", 8, "Hotel",
     "out of range"),
    ([('name="Hotel"', 'name="' + "H" * 101 + '"')], "error", 8, "H" * 100 + "…", "101 characters long"),
    ([('name="Hotel"', 'name=""')], "error", 8, "", "station has no name"),
    ([('<object id="9" type="waypoint"', '<object id="7" type="waypoint"')], "error", 7, "",
     "object id 7 is used twice"),
    ([('<property name="ruleset" value="custom"/>', '<property name="ruleset" value="paris"/>')], "error", None,
     "map properties", "unknown ruleset 'paris'"),
    ([('<property name="loops" type="bool" value="false"/>', '<property name="loops" value="perhaps"/>')],
     "error", None, "map property 'loops'", "true or false"),
    ([('<object id="52" type="label"', '<object id="52" type="lable"')], "warning", 52, "",
     "unknown type 'lable'"),
    ([add_prop(4, '<property name="landmark" type="int" value="1"/>')], "warning", 4, "Delta",
     "unknown property 'landmark'"),
    ([('<property name="plus_table" value="0,1,2,3"/>', '<property name="plus_tabel" value="0,1,2,3"/>')],
     "warning", None, "map property 'plus_tabel'", "unknown map property"),
    ([('<property name="ruleset" value="custom"/>', '<property name="ruleset" value="newyork"/>')], "warning", 2,
     "Bravo", "express destination(s) on a newyork board"),
    ([('<property name="ruleset" value="custom"/>', '<property name="ruleset" value="berlin"/>'),
      ('<property name="plus" type="bool" value="true"/>', "")], "warning", None, "", "without '+' stations"),
    ([('<property name="ruleset" value="custom"/>', '<property name="ruleset" value="berlin"/>'),
      ('<property name="landmarks" type="int" value="2"/>', "")], "warning", None, "", "without landmark stations"),
    ([('<property name="ruleset" value="custom"/>', '<property name="ruleset" value="london"/>')], "warning", None,
     "", "2 connection stations; the london rules deal 8 tiles"),
    ([('<property name="cards" type="int" value="2"/>', ""), ('value="express"/>\n   </properties>\n   <point/>\n'
       '  </object>\n  <object id="8"', 'value=""/>\n   </properties>\n   <point/>\n  </object>\n  <object id="8"'),
      (station_props(3) + '    <property name="connection" type="bool" value="true"/>\n    <property name="destination"'
       ' value="standard"/>', station_props(3) + '    <property name="connection" type="bool" value="true"/>\n'),
      (station_props(6) + '    <property name="destination" value="standard"/>', station_props(6))],
     "warning", None, "", "only 3 destination card(s)"),
]


@pytest.mark.parametrize(("changes", "severity", "object_id", "name", "fragment"), CHECKS,
                         ids=[c[4][:40] for c in CHECKS])
def test_each_check_names_the_object(changes: list[tuple[str, str]], severity: str, object_id: int | None,
                                     name: str, fragment: str) -> None:
    result = mutated(*changes)
    problem = find(result, severity, object_id, fragment)
    assert problem.object_name == name
    assert problem.file == "tiny.tmx"
    assert str(problem).startswith(f"tiny.tmx: object {object_id}" if object_id is not None else "tiny.tmx: ")
    if severity == "error":
        assert result.board is None
    else:
        assert result.board is not None and result.errors == []


def test_no_destination_at_all_is_an_error() -> None:
    text = re.sub(r'<property name="destination" value="\w+"/>', "", TINY_TEXT)
    result = compile_text(text)
    find(result, "error", None, "no station is a destination")
    find(result, "warning", 2, "cards = 2 has no effect without a destination")


def test_several_problems_reported_in_one_run() -> None:
    result = mutated(
        ('name="Bravo"', 'name="Alpha"'),
        link_prop(20, "spaces", '<property name="spaces" type="int" value="0"/>'),
        ('<property name="landmarks" type="int" value="2"/>', '<property name="landmarks" type="int" value="9"/>'),
        ('<object id="9" type="waypoint"', '<object id="9" type="mystery"'),
    )
    assert result.board is None
    find(result, "error", 2, "two stations are called 'Alpha'")
    find(result, "error", 20, "1 to 4 spaces, not 0")
    find(result, "error", 4, "landmarks must be 0 to 3")
    find(result, "warning", 9, "unknown type 'mystery'")
    find(result, "error", 27, "refers to object 9")
    assert len(result.errors) >= 4


def test_a_bad_source_leaves_the_board_file_alone(tmp_path: Path, tiny: Board) -> None:
    out = tmp_path / "tiny.json"
    write_board_atomically(tiny, out)
    before = out.read_bytes()
    result = mutated(('name="Bravo"', 'name="Alpha"'))
    if result.board is not None:  # the pattern every caller follows: write only a board
        write_board_atomically(result.board, out)
    assert result.board is None and out.read_bytes() == before


def test_write_board_atomically(tmp_path: Path, tiny: Board, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "board.json"
    out.write_text("old", encoding="utf-8")
    write_board_atomically(tiny, out)
    assert out.read_text(encoding="utf-8") == tiny.dumps()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json"]

    def broken_replace(src: str, dst: str) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", broken_replace)
    out.write_text("old", encoding="utf-8")
    with pytest.raises(OSError):
        write_board_atomically(tiny, out)
    assert out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["board.json"]


# ----- untrusted input -----


BOMB = b"""<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;">]>
<map width="1" height="1" tilewidth="1" tileheight="1">
<properties><property name="name" value="&c;"/></properties></map>"""
EXTERNAL = b"""<?xml version="1.0"?>
<!DOCTYPE map [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<map width="1" height="1" tilewidth="1" tileheight="1">
<properties><property name="name" value="&secret;"/></properties></map>"""
DTD = b"""<?xml version="1.0"?><!DOCTYPE map SYSTEM "http://example.invalid/map.dtd"><map/>"""


@pytest.mark.parametrize("data", [BOMB, EXTERNAL, DTD], ids=["entity bomb", "external entity", "dtd"])
def test_dangerous_xml_is_refused_with_a_clear_problem(data: bytes) -> None:
    result = compile_tmx_bytes(data, "evil.tmx")
    assert result.board is None and len(result.errors) == 1
    assert "DTD" in result.errors[0].message or "entit" in result.errors[0].message
    assert str(result.errors[0]).startswith("evil.tmx: ")


@pytest.mark.parametrize("source", ["../secret.png", "/etc/passwd", "C:/Windows/x.png", "file:///etc/passwd",
                                    "img/../../x.png", "..\\x.png"])
def test_references_out_of_the_folder_are_refused(source: str) -> None:
    image = TINY_TEXT.replace('source="tiny-background.png"', f'source="{source}"')
    find(compile_text(image), "error", None, "background image refused")
    tileset = TINY_TEXT.replace(" <imagelayer", f' <tileset firstgid="1" source="{source}"/>\n <imagelayer')
    find(compile_text(tileset), "error", None, "tileset refused")


def test_symbolic_link_out_of_the_folder_is_refused(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "art.png").write_bytes(b"x")
    folder = tmp_path / "board"
    folder.mkdir()
    try:
        (folder / "art").symlink_to(outside, target_is_directory=True)
    except OSError:
        pytest.skip("cannot make symbolic links here")
    text = TINY_TEXT.replace('source="tiny-background.png"', 'source="art/art.png"')
    find(compile_text(text, folder), "error", None, "leads out of the board's folder (through a link)")


def test_unreadable_files_become_problems(tmp_path: Path) -> None:
    assert "no such file" in compile_tmx(tmp_path / "missing.tmx").errors[0].message
    assert "not a regular file" in compile_tmx(tmp_path).errors[0].message
    huge = tmp_path / "huge.tmx"
    with huge.open("wb") as handle:
        handle.truncate(20 * 1024 * 1024 + 1)
    assert "limited to" in compile_tmx(huge).errors[0].message
    assert compile_tmx_bytes(b"", "empty.tmx").errors[0].message == "the file is empty"
    assert "not a Tiled map" in compile_tmx_bytes(b"<svg/>", "x.tmx").errors[0].message


def test_tile_data_is_ignored_safely() -> None:
    text = TINY_TEXT.replace(" <imagelayer", ' <layer id="9" name="t" width="2" height="1"><data encoding="base64" '
                                             'compression="zlib">!!not base64!!</data></layer>\n <imagelayer')
    assert compile_text(text).problems == []


# ----- fuzzing: no input ever raises -----

TAGS = ["map", "objectgroup", "object", "properties", "property", "polyline", "polygon", "point", "ellipse", "text",
        "group", "imagelayer", "image", "tileset", "layer", "data"]
ATTRS = ["id", "name", "type", "class", "x", "y", "width", "height", "rotation", "points", "value", "source",
         "template", "gid", "offsetx", "offsety", "tilewidth", "tileheight", "orientation"]
VALUES = st.one_of(
    st.sampled_from(["", "0", "1", "-1", "1e400", "nan", "inf", "-0", "0,0 1,1", "1,2,3", "station", "link",
                     "waypoint", "cluster", "water", "park", "label", "true", "false", "object", "int", "bool",
                     "../x.png", "/etc/passwd", "999999999999", "3.5", "0,0 x,y", "a", "b", "spaces", "start"]),
    st.text(max_size=12),
    st.integers(-10, 50).map(str),
)


@st.composite
def xml_trees(draw: st.DrawFn, depth: int = 0) -> ET.Element:
    tag = draw(st.sampled_from(TAGS)) if depth else "map"
    element = ET.Element(tag)
    for name in draw(st.lists(st.sampled_from(ATTRS), max_size=6, unique=True)):
        element.set(name, draw(VALUES).replace("\x00", ""))
    if depth < 4:
        for _ in range(draw(st.integers(0, 4))):
            element.append(draw(xml_trees(depth + 1)))
    return element


def assert_result(result: object) -> None:
    assert isinstance(result, CompileResult)
    assert all(isinstance(p, Problem) and p.severity in ("error", "warning") for p in result.problems)
    assert (result.board is None) == bool(result.errors)
    if result.board is not None:
        result.board.dumps()
    for problem in result.problems:
        str(problem)


FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.binary(max_size=3000))
def test_random_bytes_never_raise(data: bytes) -> None:
    assert_result(compile_tmx_bytes(data, "fuzz.tmx"))


@FUZZ
@given(xml_trees())
def test_random_xml_never_raises(tree: ET.Element) -> None:
    try:
        data = ET.tostring(tree, encoding="utf-8")
    except ValueError:
        return  # a string ElementTree itself cannot serialise
    assert_result(compile_tmx_bytes(data, "fuzz.tmx"))


NUMBER = re.compile(r'"-?\d+(?:\.\d+)?"')


@FUZZ
@given(st.data())
def test_mutated_tiny_never_raises(data: st.DataObject) -> None:
    spots = [m.span() for m in NUMBER.finditer(TINY_TEXT)]
    text = TINY_TEXT
    for start, end in sorted(data.draw(st.lists(st.sampled_from(spots), max_size=5, unique=True)), reverse=True):
        text = text[:start] + '"' + data.draw(VALUES).replace('"', "").replace("<", "").replace("&", "") + '"' + \
            text[end:]
    assert_result(compile_text(text))


def test_the_documented_example_compiles() -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "board-format.md").read_text(encoding="utf-8")
    example = re.search(r"```xml\n(.*?)```", doc, re.S)
    assert example
    result = compile_tmx_bytes(example.group(1).encode(), "five.tmx")
    assert result.problems == [], result.problems
    board = result.board
    assert board is not None and len([n for n in board.nodes if n.is_station]) == 5
    assert [board.nodes[i].name for i in board.clusters[0].stations] == ["Arden", "Elm"]
    assert board.link("Dell", "Elm").path[1] == (256.0, 296.0)
