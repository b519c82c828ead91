"""Which layer a new object goes into: the importer's and the shipped boards' layers (decoration, clusters,
links, stations) when the map has them, never a layer of the editor's own beside an empty one."""

from __future__ import annotations

import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pygame

from editor.app import EditorApp
from editor.document.session import EditingSession
from editor.document.tmx import Document
from game.board.tmx.compiler import compile_tmx
from tests.editor.driver import Driver

LONDON = Path(__file__).resolve().parents[2] / "boards" / "src" / "london.tmx"
PAIR = ("Oxford Circus", "Bond Street")


def _around(doc: Document, names: tuple[str, ...]) -> list[tuple[float, float]]:
    """A rectangle round the named stations (where the board's layout put them) and no other station."""
    stations = doc.of_kind("station")
    inside = [(s.x, s.y) for s in stations if s.name in names]
    pad = 14.0
    x0, x1 = min(x for x, _ in inside) - pad, max(x for x, _ in inside) + pad
    y0, y1 = min(y for _, y in inside) - pad, max(y for _, y in inside) + pad
    others = [s.name for s in stations if s.name not in names and x0 <= s.x <= x1 and y0 <= s.y <= y1]
    assert not others, others  # the test needs the pair alone in its rectangle
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _layers(doc: Document) -> list[str]:
    return [group.get("name", "") for group in doc.root.iter("objectgroup")]


def _layer_of(doc: Document, object_id: int) -> str:
    parent, _ = doc.locate(object_id)
    return parent.get("name", "")


def test_a_cluster_drawn_on_the_london_board_goes_into_its_clusters_layer(tmp_path: Path) -> None:
    path = tmp_path / "london.tmx"
    shutil.copy(LONDON, path)
    app = EditorApp(path)
    driver = Driver(app)
    layers = _layers(app.doc)
    assert "clusters" in layers and not app.doc.of_kind("cluster")  # the importer's layer, still empty
    driver.tool("c")
    for corner in _around(app.doc, PAIR):
        driver.click(corner)
    driver.key(pygame.K_RETURN, "\r")
    (cluster,) = app.doc.of_kind("cluster")
    assert _layer_of(app.doc, cluster.id) == "clusters"
    assert _layers(app.doc) == layers  # no new layer
    driver.tool("v")
    driver.frames(2)
    driver.screenshot("cluster-on-london")
    driver.ctrl(pygame.K_s)
    pygame.quit()

    saved = ET.parse(path).getroot()
    (group,) = [g for g in saved.iter("objectgroup") if g.get("name") == "clusters"]
    assert [o.get("type") for o in group.iter("object")] == ["cluster"]
    result = compile_tmx(path)
    assert result.board is not None, [str(p) for p in result.errors]
    (compiled,) = result.board.clusters
    assert {result.board.nodes[i].name for i in compiled.stations} == set(PAIR)


def test_a_new_board_has_the_shipped_boards_layers_and_fills_them(driver: Driver) -> None:
    app = driver.app
    assert _layers(app.doc) == ["decoration", "clusters", "links", "stations"]
    driver.tool("c")
    for corner in [(96, 96), (320, 96), (320, 320)]:
        driver.click(corner)
    driver.key(pygame.K_RETURN, "\r")
    driver.tool("r")
    for corner in [(480, 96), (640, 96), (640, 320)]:
        driver.click(corner)
    driver.key(pygame.K_RETURN, "\r")
    driver.station((160, 240), "Alpha")
    (cluster,), (water,), (station,) = (app.doc.of_kind(k) for k in ("cluster", "water", "station"))
    assert [_layer_of(app.doc, o.id) for o in (cluster, water, station)] == ["clusters", "decoration", "stations"]
    assert _layers(app.doc) == ["decoration", "clusters", "links", "stations"]


def test_layers_made_on_demand_are_drawn_in_the_boards_order() -> None:
    """A map made in Tiled with only a stations layer: new layers go below it, decoration lowest."""
    doc = Document.from_bytes(b"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="20" height="20" tilewidth="32" tileheight="32" nextlayerid="3"
     nextobjectid="3">
 <imagelayer id="2" name="art"><image source="art.png"/></imagelayer>
 <objectgroup id="1" name="stations">
  <object id="1" name="A" type="station" x="64" y="64"><point/></object>
  <object id="2" name="B" type="station" x="256" y="64"><point/></object>
 </objectgroup>
</map>""")
    session = EditingSession(doc)
    session.add_object("cluster", [(32, 32), (128, 32), (128, 128)], "add cluster")
    session.add_object("park", [(200, 200), (300, 200), (300, 300)], "add park")
    session.link(doc.get(1), doc.get(2))  # type: ignore[arg-type]
    children = [(child.tag, child.get("name")) for child in doc.root if child.tag in ("objectgroup", "imagelayer")]
    assert children == [("imagelayer", "art"), ("objectgroup", "decoration"), ("objectgroup", "clusters"),
                        ("objectgroup", "links"), ("objectgroup", "stations")]
    assert doc.root.get("nextlayerid") == "6"


def test_water_joins_the_parks_of_a_board_from_an_older_editor() -> None:
    doc = Document.from_bytes(b"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="20" height="20" tilewidth="32" tileheight="32" nextlayerid="2"
     nextobjectid="2">
 <objectgroup id="1" name="areas">
  <object id="1" type="park" x="0" y="0"><polygon points="0,0 64,0 64,64"/></object>
 </objectgroup>
</map>""")
    session = EditingSession(doc)
    water = session.add_object("water", [(100, 100), (200, 100), (200, 200)], "add water")
    assert _layer_of(doc, water) == "areas"
    cluster = session.add_object("cluster", [(300, 300), (400, 300), (400, 400)], "add cluster")
    assert _layer_of(doc, cluster) == "clusters"
