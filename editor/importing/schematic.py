"""A fresh import made a metro map: the geographic starter board laid out and named by the pipeline.

`python -m editor import` writes the board the importer builds (stations where the city has them), then
hands it to the same pipeline the editor's "Tidy layout" runs (editor.cartography.metro_map), through the
same document edits (editor.importing.map_request), and saves it again: a designer opens a schematic,
labelled board, and the names still in trouble are reported, not hidden.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from editor.cartography.metro_map import MetroMap, Progress, make_metro_map
from editor.document.tmx import Document
from editor.importing.map_request import map_edits, map_inputs


def make_schematic(path: Path, progress: Progress | None = None, thorough: bool = False) -> MetroMap:
    """Lay the board in `path` out as a metro map with placed names, and save it in place (atomically).

    `thorough` spends more time on the names (`MapRequest.thorough`): for boards built once and shipped."""
    doc = Document.load(path)
    inputs = map_inputs(doc)
    result = make_metro_map(replace(inputs.request, thorough=thorough), progress)
    edits = map_edits(inputs, result, layout=True)
    for object_id, points in edits.points.items():
        if points:
            doc.set_points(object_id, points)
    for object_id, spec in edits.labels.items():
        doc.set_property(object_id, "label", spec)
    for object_id in edits.unmapped:  # a river across the wrong stations misleads; its water symbols stay
        doc.remove(object_id)
    doc.save(path)
    return result
