"""A fresh import made a metro map: the geographic starter board laid out and named by the pipeline.

`python -m editor import` hands the board the importer builds (stations where the city has them) to the
same pipeline the editor's "Tidy layout" runs (editor.cartography.metro_map), through the same document
edits (editor.importing.map_request), before it writes the file once: a designer opens a schematic,
labelled board, and the names still in trouble are reported, not hidden.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from editor.cartography.metro.hand_steps import StepRefused
from editor.cartography.metro_map import MetroMap, Progress, make_metro_map, step_stations
from editor.document.tmx import Document
from editor.importing.map_request import MapInputs, map_edits, map_inputs


def lay_out(doc: Document, progress: Progress | None = None, thorough: bool = False, seed: int = 0,
            crossing_room: float = 1.0, two_steps: bool = False) -> MetroMap:
    """Lay the board out as a metro map with placed names, in the document (saving is the caller's).

    `thorough` spends more time on the names (`MapRequest.thorough`): for boards built once and shipped.
    `seed` and `crossing_room` choose among equally valid maps (`MapRequest`): a shipped board's build
    keeps the one its configuration names, and its climb tries two steps (`MapRequest.two_steps`)."""
    inputs = map_inputs(doc)
    request = replace(inputs.request, thorough=thorough, seed=seed, crossing_room=crossing_room,
                      two_steps=two_steps)
    result = make_metro_map(request, progress)
    _write(doc, inputs, result)
    return result


def step_by_hand(doc: Document, steps: Sequence[tuple[str, float, float]], seed: int = 0) -> MetroMap:
    """A finished metro map's stations moved by hand, in the document: each (station name, dx, dy) in board
    px, its links drawn again the least bent octilinear way and the names near it placed again
    (`editor.cartography.metro.hand_steps`; `seed`: the placer's, as the layout had it). A shipped board's
    configuration lists them as `"finish"`.
    Raises hand_steps.StepRefused for a step the layout cannot take, or a name no station has."""
    inputs = map_inputs(doc)
    request = replace(inputs.request, thorough=True, seed=seed)
    index = {place.name: i for i, place in enumerate(request.network.places) if not place.waypoint}
    unknown = [name for name, _dx, _dy in steps if name not in index]
    if unknown:
        raise StepRefused(f"no station is called {', '.join(map(repr, unknown))}")
    result = step_stations(request, inputs.drawn, inputs.named,
                           [(index[name], (float(dx), float(dy))) for name, dx, dy in steps])
    _write(doc, inputs, result)
    return result


def _write(doc: Document, inputs: MapInputs, result: MetroMap) -> None:
    """The result's positions, paths, outlines and names written to the objects they were made from."""
    edits = map_edits(inputs, result, layout=True)
    for object_id, points in edits.points.items():
        if points:
            doc.set_points(object_id, points)
    for object_id, spec in edits.labels.items():
        doc.set_property(object_id, "label", spec)
    for object_id in edits.unmapped:  # a river across the wrong stations misleads; its water symbols stay
        doc.remove(object_id)
