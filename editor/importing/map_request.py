"""The board being edited as the metro-map pipeline's request, and the pipeline's result as document edits.

The pipeline (`editor.cartography.metro_map`) knows places, tracks and areas by index; the document knows
objects by id. `MapInputs` keeps both sides together, so a result can be written back to the very objects
it was made from: new positions for stations and waypoints, new paths for links, new outlines for rivers,
parks and clusters, and every station's `label`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from editor.cartography.metro_map import DRAWN_PITCH, MapRequest, MetroMap
from editor.cartography.network import Area, Frame, Network, Place, Schematic, Track
from editor.document.tmx import AREA_KINDS, Document, MapObject, Point
from game.board.label_spec import LabelSpec, format_label, parse_label
from game.board.model import LABEL_PX
from game.board.proportions import badges_of
from game.geometry import oriented_path


@dataclass(frozen=True)
class MapInputs:
    """A request and, by index, the ids of the objects its places, tracks and areas stand for."""

    request: MapRequest
    place_ids: tuple[int, ...]
    track_ids: tuple[int, ...]
    area_ids: tuple[int, ...]
    drawn: Schematic  # the board as it is drawn now (links with their bends), for placing names on it
    named: Mapping[int, LabelSpec]  # every station's name placement now, by place index (Tidy weighs it)


@dataclass(frozen=True)
class MapEdits:
    """What a result changes in the document: object id → new points, and station id → new `label`."""

    points: dict[int, list[Point]]
    labels: dict[int, str]
    unmapped: tuple[int, ...] = ()  # water the layout could not redraw without putting stations in it

    @property
    def ids(self) -> list[int]:
        return sorted({*self.points, *self.labels})


def _placement(obj: MapObject) -> LabelSpec | None:
    """A station's `label` as the game reads it; None for none or one it cannot read."""
    try:
        return parse_label(obj.props["label"]) if obj.props.get("label") else None
    except ValueError:
        return None


def _hand_placed(obj: MapObject) -> LabelSpec | None:
    """A name the designer dragged (an `@dx,dy` label) is kept as it is; a side is the placer's to choose."""
    spec = _placement(obj)
    return spec if spec is not None and spec.offset is not None else None


def _label_px(doc: Document) -> float:
    try:
        return float(doc.map_properties().get("label_px", LABEL_PX))
    except ValueError:
        return LABEL_PX


def map_inputs(doc: Document) -> MapInputs:
    """The document's stations, waypoints, links (those with both ends) and areas as a request."""
    nodes = doc.of_kind("station", "waypoint")
    index = {node.id: i for i, node in enumerate(nodes)}
    places = tuple(Place(n.x, n.y, n.name, n.kind == "waypoint", n.flag("pinned")) for n in nodes)
    links = [link for link in doc.of_kind("link") if link.ref("a") in index and link.ref("b") in index
             and link.ref("a") != link.ref("b")]
    tracks = tuple(Track(index[link.ref("a")], index[link.ref("b")]) for link in links)
    areas = [area for area in doc.of_kind(*AREA_KINDS) if len(area.points) >= 3]
    shapes = tuple(Area(area.kind, tuple(area.points), area.name) for area in areas)
    badges = tuple(badges_of(n.flag("railway"), n.flag("plus"), n.flag("connection") or n.number("landmarks") > 0)
                   for n in nodes)
    labels = {i: spec for i, n in enumerate(nodes) if n.kind == "station" and (spec := _hand_placed(n)) is not None}
    width, height = doc.size
    request = MapRequest(Network(places, tracks, shapes), Frame(width, height),
                         spaces=tuple(max(1, link.number("spaces", 1)) for link in links), badges=badges,
                         labels=labels, label_px=_label_px(doc),
                         termini=frozenset(i for i, n in enumerate(nodes) if n.flag("terminus")))
    positions = tuple((place.x, place.y) for place in places)
    paths = tuple(oriented_path(link.points, positions[track.a], positions[track.b])
                  for link, track in zip(links, tracks, strict=True))
    named = {i: spec for i, n in enumerate(nodes) if n.kind == "station" and (spec := _placement(n)) is not None}
    return MapInputs(request, tuple(n.id for n in nodes), tuple(link.id for link in links),
                     tuple(area.id for area in areas), Schematic(positions, paths, shapes, DRAWN_PITCH), named)


def map_edits(inputs: MapInputs, result: MetroMap, *, layout: bool) -> MapEdits:
    """The document edits a result asks for: with `layout`, every moved position, path and outline; and
    every station's name. Pinned places are given their own position back, whatever the result says."""
    points: dict[int, list[Point]] = {}
    places = inputs.request.network.places
    if layout:
        schematic = result.schematic
        for i, object_id in enumerate(inputs.place_ids):
            place = places[i]
            points[object_id] = [(place.x, place.y) if place.pinned else schematic.positions[i]]
        for k, object_id in enumerate(inputs.track_ids):
            path = list(schematic.paths[k])
            track = inputs.request.network.tracks[k]
            path[0], path[-1] = points[inputs.place_ids[track.a]][0], points[inputs.place_ids[track.b]][0]
            points[object_id] = path
        unmapped = []
        if len(schematic.areas) == len(inputs.area_ids):
            for j, object_id in enumerate(inputs.area_ids):
                if schematic.areas[j].points:
                    points[object_id] = list(schematic.areas[j].points)
                else:
                    unmapped.append(object_id)
    labels = {inputs.place_ids[i]: format_label(name.spec) for i, name in result.names.items()
              if 0 <= i < len(places) and not places[i].waypoint}
    return MapEdits(points, labels, tuple(unmapped) if layout else ())
