"""Hypothesis strategies for hostile board sources and board files, structure-aware.

Generated maps look like real boards (stations, waypoints, links between them, clusters, decorations,
map settings, image layers, tilesets) but any attribute, property or value may be wrong, out of range,
of the wrong type or dangling. Mutations start from the real fixtures (tests/boards/tiny.tmx and
boards/london.json) and change one to a few things in them, at the XML/JSON level or byte by byte.
"""

from __future__ import annotations

import copy
import json
import math
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from hypothesis import strategies as st

from game.board.rule_settings import SETTING_FIELDS

ROOT = Path(__file__).resolve().parents[2]
TINY_TMX = ROOT / "tests" / "boards" / "tiny.tmx"
LONDON_JSON = ROOT / "boards" / "london.json"

NASTY_NUMBERS = ("", "0", "-0", "1", "-1", "2", "3", "4", "5", "20", "21", "1.5", "1e308", "-1e308", "1e-320",
                 "inf", "-inf", "nan", "NaN", "99999999999999999999", "0x10", " 3 ", "abc", "true", "٣", "1,5")
NASTY_TEXT = ("", " ", "A", "B", "Alpha", "standard", "express", "true", "false", "london", "berlin", "newyork",
              "custom", "<&>\"'", "é ü 北京", "A" * 150, "\t\n", "../../etc/passwd", "{\"red\": 1}", "0,2,2,4",
              "[[\"red\"], [\"blue\"]]", "{\"2\": [[\"red\"], [\"magenta\"]]}")
NASTY_PATHS = ("tiny-background.png", "../../etc/passwd", "/etc/passwd", "file:///etc/passwd", "C:\\boot.ini",
               "\\\\host\\share\\a.png", "sub/../../x.png", "", "http://127.0.0.1:9/x", "a\x00b.png", "./ok.png")
KINDS = ("station", "waypoint", "link", "cluster", "water", "park", "label", "", "STATION", "bogus")
PROP_NAMES = ("destination", "cards", "railway", "terminus", "connection", "plus", "landmarks", "start", "water",
              "a", "b", "spaces", "name", "bogus")
PROP_TYPES = ("string", "int", "bool", "object", "float", "color", "file", "class", None)
SHAPES = ("point", "ellipse", "polygon", "polyline", "text", None)


def numbers(valid: bool) -> st.SearchStrategy[str]:
    sane = st.integers(-50, 700).map(str)
    return sane if valid else st.one_of(sane, st.sampled_from(NASTY_NUMBERS), st.floats().map(repr))


def texts() -> st.SearchStrategy[str]:
    return st.one_of(st.sampled_from(NASTY_TEXT), st.text(max_size=12))


def attr(name: str, value: str | None) -> str:
    return "" if value is None else f" {name}={quoteattr(value)}"


@st.composite
def properties(draw: st.DrawFn, ids: list[int], valid: bool) -> str:
    """A <properties> block of plausible and implausible custom properties."""
    lines = []
    for _ in range(draw(st.integers(0, 5))):
        name = draw(st.sampled_from(PROP_NAMES))
        kind = draw(st.sampled_from(PROP_TYPES))
        value = draw(st.one_of(st.sampled_from([str(i) for i in ids] or ["1"]), numbers(valid), texts()))
        lines.append(f"<property{attr('name', name)}{attr('type', kind)}{attr('value', value)}/>")
    return f"<properties>{''.join(lines)}</properties>" if lines else ""


@st.composite
def shape(draw: st.DrawFn, valid: bool) -> str:
    kind = draw(st.sampled_from(SHAPES))
    if kind in ("polygon", "polyline"):
        points = draw(st.lists(st.tuples(numbers(valid), numbers(valid)), max_size=6))
        return f"<{kind}{attr('points', ' '.join(f'{x},{y}' for x, y in points))}/>"
    if kind == "text":
        return f"<text>{draw(texts()).replace('&', '&amp;').replace('<', '&lt;')}</text>"
    return f"<{kind}/>" if kind else ""


@st.composite
def tmx_maps(draw: st.DrawFn) -> bytes:
    """A map of a few stations joined in a chain (often a real board), with random objects and damage."""
    valid = draw(st.booleans())
    stations = draw(st.integers(0, 6))
    ids = list(range(1, stations + 1))
    objects = []
    for i in ids:
        props = ('<properties><property name="destination" value="standard"/>'
                 + ('<property name="start" type="bool" value="true"/>' if i == 1 else "") + "</properties>")
        objects.append(f'<object id="{i}" name="S{i}" type="station" x="{i * 50}" y="{i * 30 % 200}">{props}'
                       "<point/></object>")
    for i in ids[1:]:
        objects.append(f'<object id="{100 + i}" type="link" x="0" y="0"><properties>'
                       f'<property name="a" type="object" value="{i - 1}"/>'
                       f'<property name="b" type="object" value="{i}"/></properties></object>')
    all_ids = ids + [100 + i for i in ids[1:]]
    for _ in range(draw(st.integers(0, 6))):  # random objects
        object_id = draw(st.one_of(st.integers(1, 300), st.sampled_from(all_ids or [1]), st.just(-1)))
        kind = draw(st.sampled_from(KINDS))
        kind_attr = draw(st.sampled_from(("type", "class")))
        sizes = "".join(attr(n, draw(st.one_of(st.none(), numbers(valid)))) for n in ("width", "height", "rotation"))
        objects.append(
            f"<object{attr('id', str(object_id))}{attr('name', draw(texts()))}{attr(kind_attr, kind)}"
            f"{attr('x', draw(numbers(valid)))}{attr('y', draw(numbers(valid)))}{sizes}>"
            f"{draw(properties([*all_ids, object_id], valid))}{draw(shape(valid))}</object>"
        )
    order = draw(st.permutations(objects))
    settings = []
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(sorted(SETTING_FIELDS)))
        settings.append(f"<property{attr('name', name)}{attr('value', draw(st.one_of(numbers(valid), texts())))}/>")
    ruleset = draw(st.sampled_from(("custom", "london", "berlin", "newyork", "", "mars")))
    layers = ""
    if draw(st.booleans()):
        source = attr("source", draw(st.sampled_from(NASTY_PATHS)))
        layers += f'<imagelayer id="8" name="bg"><image{source}/></imagelayer>'
    if draw(st.booleans()):
        layers += f'<tileset firstgid="1"{attr("source", draw(st.sampled_from(NASTY_PATHS)))}/>'
    offset = attr("offsetx", draw(st.one_of(st.none(), numbers(valid))))
    size = "".join(attr(n, draw(numbers(True)) if valid else draw(numbers(False)))
                   for n in ("width", "height", "tilewidth", "tileheight"))
    text = (
        f'<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal"{size}>'
        f'<properties><property name="name" value="Fuzz"/><property name="ruleset" value="{ruleset}"/>'
        f"{''.join(settings)}</properties>{layers}"
        f'<group id="1" name="g"{offset}><objectgroup id="2" name="o">{"".join(order)}</objectgroup></group></map>\n'
    )
    return text.encode("utf-8", "surrogatepass")


# ----- mutations of tiny.tmx -----


@cache
def _tiny_tree() -> ET.Element:
    return ET.fromstring(TINY_TMX.read_bytes())  # our own trusted fixture


@st.composite
def mutated_tiny_tmx(draw: st.DrawFn) -> bytes:
    """tiny.tmx with one to four elements changed: an attribute set to a nasty value or removed, an element
    removed or duplicated (duplicate ids, a second start...)."""
    root = copy.deepcopy(_tiny_tree())
    for _ in range(draw(st.integers(1, 4))):
        elements = list(root.iter())
        element = draw(st.sampled_from(elements))
        action = draw(st.sampled_from(("set", "set", "set", "delete-attr", "remove", "duplicate")))
        if action in ("set", "delete-attr"):
            names = [*sorted(element.attrib), "value", "x", "id", "type", "source"]
            name = draw(st.sampled_from(names))
            if action == "set":
                element.set(name, draw(st.one_of(numbers(False), texts(), st.sampled_from(NASTY_PATHS))))
            else:
                element.attrib.pop(name, None)
        else:
            parent = next((p for p in root.iter() if element in list(p)), None)
            if parent is None:
                continue
            if action == "remove":
                parent.remove(element)
            else:
                parent.append(copy.deepcopy(element))
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


@st.composite
def byte_mutations(draw: st.DrawFn, original: bytes) -> bytes:
    """Bytes deleted, inserted, overwritten or a slice repeated, one to five times."""
    data = bytearray(original)
    for _ in range(draw(st.integers(1, 5))):
        at = draw(st.integers(0, len(data)))
        end = min(len(data), at + draw(st.integers(0, 64)))
        action = draw(st.sampled_from(("delete", "insert", "overwrite", "repeat")))
        if action == "delete":
            del data[at:end]
        elif action == "insert":
            data[at:at] = draw(st.one_of(st.binary(max_size=16), st.sampled_from(
                [b"<", b"&", b"\x00", b"\xff\xfe", b"<!DOCTYPE x>", b"]]>", b"\xc3", b'"', b"9" * 40])))
        elif action == "overwrite":
            data[at:end] = draw(st.binary(min_size=end - at, max_size=end - at))
        else:
            data[at:at] = bytes(data[at:end]) * draw(st.integers(1, 20))
    return bytes(data)


def tiny_bytes() -> bytes:
    return TINY_TMX.read_bytes()


# ----- board JSON -----


@cache
def london_data() -> dict[str, Any]:
    return json.loads(LONDON_JSON.read_text(encoding="utf-8"))


@cache
def london_paths() -> tuple[tuple[str | int, ...], ...]:
    """Every place in london.json a value sits at, as a key path."""
    found: list[tuple[str | int, ...]] = []

    def walk(value: Any, path: tuple[str | int, ...]) -> None:
        found.append(path)
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))

    walk(london_data(), ())
    return tuple(path for path in found if path)


JSON_NASTY = (None, True, False, 0, -1, 1, 2, 3, 4, 5, 21, 2**31, 10**30, -(10**30), 1e308, -1e308, math.nan,
              math.inf, -math.inf, 0.5, "", "x", "standard", "express", "london", [], {}, [1, 2], [[1e308, 1.0]],
              {"a": 1}, [[[]]], "\u0000", "A" * 500)
json_values = st.one_of(
    st.sampled_from(JSON_NASTY),
    st.recursive(st.one_of(st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=8)),
                 lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner,
                                                                                      max_size=3)), max_leaves=8),
)


@st.composite
def mutated_london_json(draw: st.DrawFn) -> bytes:
    """london.json with one to three values replaced, deleted or duplicated, anywhere in the tree."""
    data = copy.deepcopy(london_data())
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(london_paths()))
        parent: Any = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            action = draw(st.sampled_from(("replace", "replace", "replace", "delete", "duplicate")))
            if action == "replace":
                parent[last] = draw(json_values)
            elif action == "delete":
                del parent[last]
            elif isinstance(parent, list):
                parent.append(copy.deepcopy(parent[last]))
        except (KeyError, IndexError, TypeError):
            continue  # an earlier mutation removed or replaced this place
    return json.dumps(data, allow_nan=True).encode()


def london_bytes() -> bytes:
    return LONDON_JSON.read_bytes()
