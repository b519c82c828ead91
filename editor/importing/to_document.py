"""Import a real network through `editor.importing.importer`, as a new unsaved document."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from editor.document import Document
from editor.importing.importer import build_board
from editor.importing.network_data import CITIES, EXAMPLE_AREAS
from editor.tmx_write import board_to_tmx


def cities() -> dict[str, str]:
    """Each city the importer knows, with an example area of it (LAT1,LON1,LAT2,LON2) for the import form."""
    return {city: EXAMPLE_AREAS[city] for city in CITIES}


def parse_area(area: str) -> list[float] | None:
    """`LAT1,LON1,LAT2,LON2` into four numbers; empty means the whole network. ValueError otherwise."""
    area = area.strip()
    if not area:
        return None
    values = [float(v) for v in area.replace(";", ",").split(",") if v.strip()]
    if len(values) != 4:
        raise ValueError("the area is four numbers: LAT1,LON1,LAT2,LON2")
    return values


def import_network(city: str, area: str = "") -> Document:
    """A new, unsaved document holding the starter board of a city (or one area of it)."""
    config: dict[str, object] = {"city": city}
    bounds = parse_area(area)
    if bounds is not None:
        config["area"] = bounds
    board = build_board(config)
    root = board_to_tmx(board).getroot()
    doc = Document.from_bytes(ET.tostring(root, encoding="utf-8"))
    doc.touch()  # not saved anywhere yet
    return doc
