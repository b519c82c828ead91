"""The pytmx boundary: pytmx reads the map, yet nothing in an untrusted file reaches it that it would mishandle.

pytmx on its own would open external tilesets with an unscreened parser, inflate compressed tile data without
a bound, set any attribute name onto its own objects, stop at a class-typed property and stop the whole map at
the first value it cannot convert. These tests hand it exactly those, through the compiler.
"""

from __future__ import annotations

import base64
import builtins
import gzip
import io
import os
import zlib
from pathlib import Path

import pytest
import pytmx  # type: ignore[import-untyped]

from game.board.tmx.compiler import CompileResult, compile_tmx_bytes

BOARDS = Path(__file__).resolve().parents[1] / "boards"
TINY_TEXT = (BOARDS / "tiny.tmx").read_text(encoding="utf-8")
STATIONS = ' <objectgroup id="3" name="Stations">\n'
HOTEL = '<object id="8" name="Hotel" type="station" x="550" y="100.456">\n   <point/>'


def hotel_with(prop: str) -> str:
    """Tiny with one property given to station Hotel (which has none)."""
    return edited(HOTEL, HOTEL.replace("\n   <point/>", f"\n   <properties>\n   {prop}\n   </properties>\n   <point/>"))


def compile_text(text: str, base_dir: Path | None = BOARDS) -> CompileResult:
    return compile_tmx_bytes(text.encode("utf-8"), "tiny.tmx", base_dir)


def edited(old: str, new: str) -> str:
    assert TINY_TEXT.count(old) == 1, old
    return TINY_TEXT.replace(old, new)


@pytest.fixture(scope="module")
def tiny_bytes() -> str:
    result = compile_text(TINY_TEXT)
    assert result.board is not None and result.problems == []
    return result.board.dumps()


def test_every_object_is_read_by_pytmx(monkeypatch: pytest.MonkeyPatch, tiny_bytes: str) -> None:
    read: list[int] = []
    real = pytmx.TiledObject

    def counting(parent: object, node: object, customs: object) -> object:
        obj = real(parent, node, customs)
        read.append(obj.id)
        return obj

    monkeypatch.setattr(pytmx, "TiledObject", counting)
    result = compile_text(TINY_TEXT)
    assert result.board is not None and result.board.dumps() == tiny_bytes
    assert len(read) == 28 and 8 in read


def test_compiling_from_memory_opens_no_file(monkeypatch: pytest.MonkeyPatch, tiny_bytes: str) -> None:
    """Not the external tileset (which pytmx would parse itself), not the background image, nothing."""
    text = edited(" <imagelayer", ' <tileset firstgid="1" source="tiles.tsx"/>\n <imagelayer')

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a file was opened: {args[:1]}")

    for module, name in ((builtins, "open"), (io, "open"), (os, "open")):
        monkeypatch.setattr(module, name, refuse)
    result = compile_text(text)
    assert result.problems == [] and result.board is not None and result.board.dumps() == tiny_bytes


def test_an_external_tileset_is_never_parsed(tmp_path: Path) -> None:
    """A .tsx in the board's folder holding an entity bomb: pytmx would hand it to a plain XML parser."""
    (tmp_path / "tiles.tsx").write_text('<?xml version="1.0"?>\n<!DOCTYPE t [<!ENTITY a "aaaaaaaaaa">'
                                        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<tileset name="&b;"/>\n')
    text = edited(" <imagelayer", ' <tileset firstgid="1" source="tiles.tsx"/>\n <imagelayer')
    result = compile_text(text, tmp_path)
    assert result.errors == [] and result.board is not None
    assert [p.message for p in result.warnings] == ["the background image 'tiny-background.png' is not in the "
                                                    "board's folder"]


@pytest.mark.parametrize("compression", ["zlib", "gzip"])
def test_compressed_tile_data_is_never_inflated(compression: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> bytes:
        raise AssertionError("tile data was inflated")

    monkeypatch.setattr(zlib, "decompress", refuse)
    monkeypatch.setattr(gzip, "decompress", refuse)
    packed = (zlib.compress if compression == "zlib" else gzip.compress)(bytes(4 * 1024 * 1024))
    text = edited(" <imagelayer", f' <layer id="9" name="t" width="1024" height="1024"><data encoding="base64" '
                                  f'compression="{compression}">{base64.b64encode(packed).decode()}</data></layer>\n'
                                  " <imagelayer")
    assert compile_text(text).problems == []


@pytest.mark.parametrize("attributes", ['parent="x"', '__class__="x" __dict__="y"', 'properties="x" points="1,2"',
                                        'custom_types="x" closed="maybe" visible="maybe" offsetx="1.5"'])
def test_attributes_pytmx_would_set_on_itself_never_reach_it(attributes: str, tiny_bytes: str) -> None:
    result = compile_text(edited('name="Hotel" type="station"', f'name="Hotel" {attributes} type="station"'))
    assert result.problems == [] and result.board is not None and result.board.dumps() == tiny_bytes


def test_class_typed_properties_are_read_without_the_project_file() -> None:
    """pytmx needs the project's type definitions for a class property and stops the whole map without them."""
    look = ('<property name="look" type="class" propertytype="Look">\n    <properties>\n     <property name="size" '
            'type="int" value="3"/>\n    </properties>\n   </property>')
    result = compile_text(hotel_with(look))
    assert result.errors == [] and result.board is not None
    assert [(p.object_id, p.message[:30]) for p in result.warnings] == [(8, "unknown property 'look' on a s")]
    result = compile_text(hotel_with(look.replace('name="look"', 'name="start"')))
    assert [(p.object_id, p.message) for p in result.errors] == [(8, "property 'start' must be of Tiled type bool, "
                                                                     "not class")]


def test_one_unreadable_object_does_not_stop_the_others() -> None:
    """pytmx stops the whole map at the first number it cannot read; each bad object is reported on its own."""
    text = edited('name="Hotel" type="station" x="550"', 'name="Hotel" type="station" x="east"')
    text = text.replace('<object id="9" type="waypoint" x="475"', '<object id="9" type="waypoint" x="1e400"')
    text = text.replace('<property name="landmarks" type="int" value="2"/>',
                        '<property name="landmarks" type="int" value="two"/>')
    messages = {(p.object_id, p.message) for p in compile_text(text).errors}
    assert {(8, "x 'east' is not a number"), (9, "x '1e400' is out of range (at most 1e+06 either way)"),
            (4, "property 'landmarks' must be a whole number, not 'two'")} <= messages


@pytest.mark.parametrize("object_id", ["+-5", "²", "1_0", "0x1", " "])
def test_ids_a_number_parser_would_choke_on_are_refused(object_id: str) -> None:
    result = compile_text(edited('<object id="8" name="Hotel"', f'<object id="{object_id}" name="Hotel"'))
    assert [(p.object_name, p.message[:31]) for p in result.errors if p.object_name == "Hotel"] == [
        ("Hotel", "the object has no valid id (Til")]
    assert not any("internal error" in p.message for p in result.problems)


def test_a_map_size_a_number_parser_would_choke_on_is_refused() -> None:
    result = compile_text(edited('width="20"', 'width="²"'))
    assert [p.message for p in result.errors] == ["the map's width, height, tilewidth and tileheight must be "
                                                  "positive whole numbers"]
