"""Links step off links: where a link is drawn on another it shares no station with, draw it another way.

A bend sitting on another link's track, or a stretch running along it, reads as a junction or as one track
where the network has neither (the board check reports it: `game.board.link_overlaps`). The layout's
octilinear routing can leave such a bend where two links cross. Each link of such a pair is tried in turn
(the one with more bends first) among its other octilinear ways: the least bent way that lies on no link,
crosses only links it crossed already, comes near no name it did not come near before and keeps every
other rule of a redrawn link (`TrackDrawing.allowed`). The whole step is kept only when it breaks no layout
guarantee and leaves no name in more trouble.
"""

from __future__ import annotations

from collections.abc import Mapping

from editor.cartography.layout.checks import check_schematic
from editor.cartography.metro.naming import clear_boxes, name_problems, scene_of, troubled
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene
from editor.cartography.metro.track_drawing import Path, TrackDrawing, bend_cost, octilinear_ways
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Schematic
from game.board.link_overlaps import overlaps_among
from game.geometry import Box


def unstack_links(request: MapRequest, schematic: Schematic, scene: NameScene,
                  names: Mapping[int, PlacedName]) -> tuple[Schematic, NameScene]:
    """The layout with every link that lies on another drawn another way where one is free (see above)."""
    drawing = TrackDrawing(request, schematic, scene)
    ends = [(track.a, track.b) for track in request.network.tracks]
    overlaps = overlaps_among(drawing.paths, ends, drawing.half)
    if not overlaps:
        return schematic, scene
    boxes = clear_boxes(request, scene, names)
    for overlap in overlaps:
        if not drawing.on_each_other(overlap.link, drawing.paths[overlap.link], overlap.other):
            continue  # an earlier redraw parted them
        for k in (overlap.link, overlap.other):
            way = _way_off(drawing, request, k, boxes)
            if way is not None:
                drawing.draw(k, way)
                break
    redrawn = drawing.schematic(schematic)
    if redrawn.paths == schematic.paths:
        return schematic, scene
    network, frame = request.network, request.frame
    new_scene = scene_of(request, redrawn)
    if (len(check_schematic(network, redrawn, frame)) > len(check_schematic(network, schematic, frame))
            or len(troubled(name_problems(request, new_scene, names), new_scene))
            > len(troubled(name_problems(request, scene, names), scene))):
        return schematic, scene
    return redrawn, new_scene


def _way_off(drawing: TrackDrawing, request: MapRequest, k: int, boxes: Mapping[int, Box]) -> Path | None:
    """The least bent other way to draw link k that lies on no other link and crosses and nears nothing new."""
    track = request.network.tracks[k]
    current = drawing.paths[k]
    crossing = set(drawing.crossed(k, current))
    named = drawing.names_near(k, current, boxes)
    best: tuple[float, Path] | None = None
    for way in octilinear_ways(drawing.positions[track.a], drawing.positions[track.b]):
        if way == current or (best is not None and bend_cost(way) >= best[0]):
            continue
        if any(drawing.on_each_other(k, way, m) for m in drawing.nearby(k, way)):
            continue
        if drawing.names_near(k, way, boxes) <= named and drawing.allowed(k, way, crossing):
            best = (bend_cost(way), way)
    return None if best is None else best[1]
