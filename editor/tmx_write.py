"""Write a starter board as a Tiled map (contracts §1): the importer's only output format.

We write our own TMX with ElementTree (no untrusted input here) and replace the file atomically, so a
board source is never left half written.
"""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.files import write_atomically

if TYPE_CHECKING:
    from editor.importing.starter import StarterBoard

TILE = 8


def _number(value: float) -> str:
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _properties(parent: ET.Element, values: dict[str, Any], ids: dict[str, int] | None = None) -> None:
    """Typed Tiled properties; objects (`a`, `b`) are given as node names and written as object ids."""
    if not values:
        return
    props = ET.SubElement(parent, "properties")
    for name in sorted(values):
        value = values[name]
        prop = ET.SubElement(props, "property", name=name)
        if name in ("a", "b") and ids is not None:
            prop.set("type", "object")
            prop.set("value", str(ids[value]))
        elif isinstance(value, bool):
            prop.set("type", "bool")
            prop.set("value", "true" if value else "false")
        elif isinstance(value, int):
            prop.set("type", "int")
            prop.set("value", str(value))
        else:
            prop.set("value", str(value))


def _points(points: list[tuple[float, float]], ox: float, oy: float) -> str:
    return " ".join(f"{_number(x - ox)},{_number(y - oy)}" for x, y in points)


def board_to_tmx(board: StarterBoard) -> ET.ElementTree[ET.Element]:
    """The board as a TMX element tree: layers decoration, links, stations, in drawing order."""
    cols = math.ceil(board.width / TILE)
    rows = math.ceil(board.height / TILE)
    root = ET.Element("map", {
        "version": "1.10", "tiledversion": "1.10.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(cols), "height": str(rows), "tilewidth": str(TILE), "tileheight": str(TILE),
        "infinite": "0", "nextlayerid": "5", "nextobjectid": "1",
    })
    _properties(root, {"name": board.name, "ruleset": board.ruleset, **board.properties})
    next_id = 1
    ids: dict[str, int] = {}
    for node in board.nodes:
        ids[node.name] = next_id
        next_id += 1

    decoration = ET.SubElement(root, "objectgroup", id="1", name="decoration")
    for kind, points, text in board.decorations:
        ox, oy = points[0]
        obj = ET.SubElement(decoration, "object", id=str(next_id), type=kind, x=_number(ox), y=_number(oy))
        if text:
            obj.set("name", text)
        ET.SubElement(obj, "polygon", points=_points(points, ox, oy))
        next_id += 1
    clusters = ET.SubElement(root, "objectgroup", id="2", name="clusters")
    for name, polygon in board.clusters:
        ox, oy = polygon[0]
        obj = ET.SubElement(clusters, "object", id=str(next_id), name=name, type="cluster",
                            x=_number(ox), y=_number(oy))
        ET.SubElement(obj, "polygon", points=_points(polygon, ox, oy))
        next_id += 1
    links = ET.SubElement(root, "objectgroup", id="3", name="links")
    by_name = {node.name: node for node in board.nodes}
    for link in board.links:
        a, b = by_name[link.a], by_name[link.b]
        path = [(a.x, a.y), *link.bends, (b.x, b.y)]
        obj = ET.SubElement(links, "object", id=str(next_id), type="link", x=_number(a.x), y=_number(a.y))
        ET.SubElement(obj, "polyline", points=_points(path, a.x, a.y))
        values: dict[str, Any] = {"a": link.a, "b": link.b, "spaces": link.spaces}
        _properties(obj, values, ids)
        next_id += 1
    stations = ET.SubElement(root, "objectgroup", id="4", name="stations")
    for node in board.nodes:
        obj = ET.SubElement(stations, "object", id=str(ids[node.name]), name=node.name,
                            type="waypoint" if node.waypoint else "station", x=_number(node.x), y=_number(node.y))
        ET.SubElement(obj, "point")
        _properties(obj, node.properties)
    root.set("nextobjectid", str(next_id))
    ET.indent(root, space=" ")
    return ET.ElementTree(root)


def tmx_bytes(board: StarterBoard) -> bytes:
    """The starter board as a Tiled map file's bytes."""
    buffer = io.BytesIO()
    board_to_tmx(board).write(buffer, encoding="UTF-8", xml_declaration=True)
    return buffer.getvalue() + b"\n"


def write_tmx(board: StarterBoard, out: Path, backup: bool = False) -> None:
    """Write the map next to its final place, then rename it over the old one in one step (with `backup`,
    an old one is kept as `.bak`)."""
    write_atomically(Path(out), tmx_bytes(board), backup=backup)
