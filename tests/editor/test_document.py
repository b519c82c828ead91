"""The document model: what it does not understand survives a save; saves are atomic and keep a .bak."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from editor.document import Document, DocumentError
from editor.document.commands import ChangeObjects, move_nodes_and_links
from editor.document.history import History

BOARDS = Path(__file__).resolve().parents[1] / "boards"

RICH = b"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" tiledversion="1.8.2" orientation="orthogonal" renderorder="right-down" width="40" height="30"
     tilewidth="32" tileheight="32" infinite="0" nextlayerid="6" nextobjectid="9" backgroundcolor="#123456" x-tool="me">
 <editorsettings><export target="out.json" format="json"/></editorsettings>
 <properties>
  <property name="name" value="Rich"/>
  <property name="ruleset" value="london"/>
  <property name="designer" value="Ada"/>
 </properties>
 <tileset firstgid="1" name="ground" tilewidth="32" tileheight="32" tilecount="1" columns="1">
  <image source="ground.png" width="32" height="32"/>
 </tileset>
 <layer id="1" name="Ground" width="2" height="2" tintcolor="#ff0000"><data encoding="csv">1,0,0,1</data></layer>
 <!-- a designer's note -->
 <objectgroup id="2" name="Stations" color="#00ff00">
  <object id="1" name="A" class="station" x="100" y="100" custom="kept">
   <properties><property name="start" type="bool" value="true"/><property name="mood" value="sunny"/></properties>
   <point/>
  </object>
  <object id="2" name="B" type="station" x="300" y="100"><point/></object>
  <object id="3" name="note" x="10" y="10" width="50" height="20"><text wrap="1">Hello</text></object>
 </objectgroup>
 <objectgroup id="3" name="Links" offsetx="0">
  <object id="4" type="link" x="100" y="100">
   <properties><property name="a" type="object" value="1"/><property name="b" type="object" value="2"/></properties>
   <polyline points="0,0 200,0"/>
  </object>
 </objectgroup>
</map>
"""


def _unknown(root: ET.Element) -> list[bytes]:
    """The parts the editor must not touch, serialised for comparison."""
    parts = [ET.tostring(root.find(tag)) for tag in ("editorsettings", "tileset", "layer")]  # type: ignore[arg-type]
    note = root.find(".//object[@id='3']")
    parts.append(ET.tostring(note))  # type: ignore[arg-type]
    return parts


def _strip(element: ET.Element) -> None:
    for e in element.iter():
        e.tail = (e.tail or "").strip() or None
        if len(e):
            e.text = (e.text or "").strip() or None


def test_unknown_content_survives_an_edit_and_save(tmp_path: Path) -> None:
    source = tmp_path / "rich.tmx"
    source.write_bytes(RICH)
    doc = Document.load(source)
    history = History(doc)
    history.record(ChangeObjects.run(doc, [1, 4], lambda: move_nodes_and_links(doc, {1: (120, 140)}), "move"))
    doc.set_map_property("name", "Richer")
    doc.save()

    before = ET.fromstring(RICH)
    after = ET.parse(source).getroot()
    for root in (before, after):
        _strip(root)
    assert _unknown(before) == _unknown(after)
    assert after.get("backgroundcolor") == "#123456" and after.get("x-tool") == "me"
    station = after.find(".//object[@id='1']")
    assert station is not None and station.get("custom") == "kept" and station.get("class") == "station"
    assert {p.get("name"): p.get("value") for p in station.iter("property")} == {"start": "true", "mood": "sunny"}
    assert (station.get("x"), station.get("y")) == ("120", "140")
    assert after.find(".//polyline").get("points") == "0,0 180,-40"  # type: ignore[union-attr]
    props = {p.get("name"): p.get("value") for p in after.find("properties")}  # type: ignore[union-attr]
    assert props == {"name": "Richer", "ruleset": "london", "designer": "Ada"}
    assert b"a designer's note" in source.read_bytes()
    assert (tmp_path / "rich.tmx.bak").read_bytes() == RICH


def test_reads_class_and_new_ids_come_from_nextobjectid() -> None:
    doc = Document.from_bytes(RICH)
    assert doc.get(1).kind == "station"  # type: ignore[union-attr]
    element = doc.make_object("station", [(5, 5)], name="C")
    assert element.get("id") == "9" and doc.root.get("nextobjectid") == "10"
    assert element.get("type") == "station"


def test_layer_offsets_are_honoured(tmp_path: Path) -> None:
    doc = Document.load(BOARDS / "quirks.tmx")
    a = doc.get(1)
    assert a is not None and a.x == pytest.approx(12345.678 + 10.125)
    doc.set_points(1, [(12400, 120)])
    again = Document.from_bytes(doc.to_bytes())
    assert again.get(1).pos == (12400, 120)  # type: ignore[union-attr]


def test_refuses_entities_and_non_maps() -> None:
    bomb = b'<?xml version="1.0"?><!DOCTYPE m [<!ENTITY a "aaaa">]><map>&a;</map>'
    with pytest.raises(DocumentError):
        Document.from_bytes(bomb)
    with pytest.raises(DocumentError):
        Document.from_bytes(b"<tileset/>")
    with pytest.raises(DocumentError):
        Document.from_bytes(b"not xml")


def test_save_is_atomic_and_leaves_no_temp_files(tmp_path: Path) -> None:
    doc = Document.new("T")
    target = tmp_path / "t.tmx"
    doc.save(target)
    doc.set_map_property("name", "U")
    doc.save()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t.tmx", "t.tmx.bak"]
    assert b'value="T"' in (tmp_path / "t.tmx.bak").read_bytes()
    assert b'value="U"' in target.read_bytes()
