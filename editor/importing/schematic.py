"""A fresh import made a metro map: the geographic starter board laid out and named by the pipeline.

`python -m editor import` hands the board the importer builds (stations where the city has them) to the
same pipeline the editor's "Tidy layout" runs (editor.cartography.metro_map), through the same document
edits (editor.importing.map_request), before it writes the file once: a designer opens a schematic,
labelled board, and the names still in trouble are reported, not hidden.

The same bridge finishes a map by hand: `step_by_hand` (a shipped board's `"finish"`) and `redraw_links`
(a station dragged in the editor) move a station on the finished map and draw its links again octilinear.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from editor.cartography.metro_map import (
    MetroMap,
    Progress,
    StepRefused,
    links_redrawn,
    make_metro_map,
    step_stations,
)
from editor.document.tmx import Document
from editor.importing.map_request import MapInputs, map_edits, map_inputs


def lay_out(doc: Document, progress: Progress | None = None, thorough: bool = False, seed: int = 0,
            crossing_room: float = 1.0, two_steps: bool = False, names_inside: bool = False) -> MetroMap:
    """Lay the board out as a metro map with placed names, in the document (saving is the caller's).

    `thorough` spends more time on the names (`MapRequest.thorough`): for boards built once and shipped.
    `seed` and `crossing_room` choose among equally valid maps (`MapRequest`): a shipped board's build
    keeps the one its configuration names, and its climb tries two steps (`MapRequest.two_steps`);
    `names_inside`: names standing out past the map cost the placer (`Frame.names_inside`), as London asks."""
    inputs = map_inputs(doc)
    request = replace(inputs.request, thorough=thorough, seed=seed, crossing_room=crossing_room,
                      two_steps=two_steps, frame=replace(inputs.request.frame, names_inside=names_inside))
    result = make_metro_map(request, progress)
    _write(doc, inputs, result)
    return result


def step_by_hand(doc: Document, steps: Sequence[tuple[str, float, float]], seed: int = 0,
                 names_inside: bool = False) -> MetroMap:
    """A finished metro map's stations moved by hand, in the document: each (station name, dx, dy) in board
    px, its links drawn again the least bent octilinear way and the names near it placed again
    (`metro_map.step_stations`; `seed` and `names_inside` as the layout had them). A shipped board's
    configuration lists them as `"finish"`.
    Raises StepRefused for a step the layout cannot take, or a name no station has."""
    inputs = map_inputs(doc)
    request = replace(inputs.request, thorough=True, seed=seed,
                      frame=replace(inputs.request.frame, names_inside=names_inside))
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


def redraw_links(doc: Document, station_id: int) -> bool:
    """A station just dragged on a metro map: its links drawn again from where it stands the least bent
    straight-or-45° way, as the layout draws a station's links when it steps one (`nudge.step_to`); False,
    and nothing changed, where it stands too near another station or a link has no such way left."""
    inputs = map_inputs(doc)
    if station_id not in inputs.place_ids:
        return False
    index = inputs.place_ids.index(station_id)
    request, drawn = inputs.request, inputs.drawn
    redrawn = links_redrawn(request, drawn, index)
    if redrawn is None:
        return False
    for k, track in enumerate(request.network.tracks):
        if index in (track.a, track.b):
            doc.set_points(inputs.track_ids[k], list(redrawn.paths[k]))
    return True
