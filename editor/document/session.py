"""The editing session: one open document with its history, selection and snapping, and every edit the
tools, the side panel and the actions make to it.

This is the narrow interface below the window: tools and panel hold a session, never the app, so they can
be driven and tested without one. Each edit goes through a command in the history, so it can be undone.
"""

from __future__ import annotations

import copy
import math
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection

from editor import text
from editor.document.bus import BUS_KIND_LAYERS, MAX_TWINS, route_colour, route_spaces, routes_between, ticket_spot
from editor.document.commands import AddObjects, Batch, ChangeMap, ChangeObjects, Command, DeleteObjects
from editor.document.history import History
from editor.document.picking import pick
from editor.document.snapping import beck_path, snap
from editor.document.splitting import split_path
from editor.document.tmx import (
    BOARD_LAYER,
    CLUSTER_LAYER,
    DECORATION_LAYER,
    LINE_KINDS,
    LINKS_LAYER,
    Document,
    MapObject,
    Point,
)

GRID = 16
# The layers a kind goes into when the map has none of that kind yet: the first of them the map has,
# else the first, made. "areas" is where older versions of the editor put water, parks and clusters.
KIND_LAYERS: dict[str, tuple[str, ...]] = {
    "station": (BOARD_LAYER,),
    "waypoint": (BOARD_LAYER,),
    "link": (LINKS_LAYER,),
    "cluster": (CLUSTER_LAYER,),
    "water": (DECORATION_LAYER, "areas"),
    "park": (DECORATION_LAYER, "areas"),
    **BUS_KIND_LAYERS,
}


class EditingSession:
    """The document being edited, its undo history, the selected object ids and the snapping settings."""

    def __init__(self, doc: Document, grid: int = GRID) -> None:
        self.doc = doc
        self.history = History(doc)
        self.selection: set[int] = set()
        self.snapping = True
        self.grid = grid
        # What a finished drag of one station does to its links besides following it, given the links' points
        # as they were: the app hands in the metro map's (its links kept straight or at 45°), which this layer
        # does not know; True: redrawn, False: could not be (the tool says why), None: nothing to do.
        self.after_station_drag: Callable[[Document, int, list[list[Point]]], bool | None] | None = None

    def load(self, doc: Document) -> None:
        """Edit another document from now on: a fresh history and nothing selected; snapping stays."""
        self.doc = doc
        self.history = History(doc)
        self.selection = set()

    # ----- history -----

    def execute(self, command: Command) -> None:
        """Apply a command and keep it for undo."""
        self.history.execute(command)
        self.changed()

    def record(self, command: Command) -> None:
        """Keep a command whose change is already applied (a finished drag, a `run` change)."""
        self.history.record(command)
        self.changed()

    def changed(self) -> None:
        """Forget selected ids the last change removed."""
        self.selection = {i for i in self.selection if self.doc.get(i) is not None}

    def undo(self) -> Command | None:
        """Undo the last edit; the command undone, or None when there was none."""
        command = self.history.undo()
        self.changed()
        return command

    def redo(self) -> Command | None:
        command = self.history.redo()
        self.changed()
        return command

    # ----- selection, picking, snapping -----

    def select(self, ids: Collection[int]) -> None:
        self.selection = set(ids)

    def select_all(self) -> None:
        self.select({o.id for o in self.doc.objects() if o.kind})

    def pick(self, p: Point, radius: float, kinds: tuple[str, ...] | None = None) -> MapObject | None:
        """The object under map point `p` (`radius` in map units: the view knows what a pixel is)."""
        return pick(self.doc, p, radius, kinds)

    def snap(self, p: Point, anchor: Point | None = None) -> Point:
        """`p` on the grid, or on a 45° ray from `anchor`, when snapping is on; whole pixels always."""
        return snap(p, self.grid, self.snapping, anchor)

    # ----- adding and removing objects -----

    def layer_for(self, kind: str) -> str:
        """The layer new objects of a kind go into: where that kind (or its sort: water and parks are
        decoration) already lives; else its layer by name (`KIND_LAYERS`), made when missing."""
        names = KIND_LAYERS.get(kind, (BOARD_LAYER,))
        kinds = [k for k, layers in KIND_LAYERS.items() if layers == names]
        for wanted in (kind, *kinds):
            for obj in self.doc.of_kind(wanted):
                parent, _ = self.doc.locate(obj.id)
                return parent.get("name", names[0])
        return next((name for name in names if self.doc.find_layer(name) is not None), names[0])

    def add_object(self, kind: str, points: list[Point], label: str, *, name: str = "",
                   props: dict[str, tuple[str, str]] | None = None) -> int:
        """A new object in its kind's layer, as one undo step, and selected; returns its id."""
        layer = self.doc.layer(self.layer_for(kind))
        element = self.doc.make_object(kind, points, name=name, props=props, layer=layer)
        self.execute(AddObjects([(layer, element)], label))
        object_id = int(element.get("id", "0"))
        self.select({object_id})
        return object_id

    def link(self, a: MapObject, b: MapObject) -> bool:
        """Join two nodes (with a 45° elbow when snapping); False, selecting it, when a link is there already."""
        for existing in self.doc.of_kind("link"):
            if {existing.ref("a"), existing.ref("b")} == {a.id, b.id}:
                self.select({existing.id})
                return False
        path = beck_path(a.pos, b.pos) if self.snapping else [a.pos, b.pos]
        props = {"a": ("object", str(a.id)), "b": ("object", str(b.id)), "spaces": ("int", "1")}
        self.add_object("link", path, text.LABEL_UNDO["add_link"], props=props)
        return True

    def add_route(self, a: MapObject, b: MapObject) -> int | None:
        """A bus route from place `a` to `b` (a straight line; its spaces from its length, the colour the board
        uses least), selected for the panel to adjust; a second one between the pair makes a double route
        (another colour). None, selecting those there, when the pair has its two routes already."""
        twins = routes_between(self.doc, a.id, b.id)
        if len(twins) >= MAX_TWINS:
            self.select({r.id for r in twins})
            return None
        spaces = twins[0].number("spaces", route_spaces(a, b)) if twins else route_spaces(a, b)
        colour = route_colour(self.doc, {r.props.get("colour", "") for r in twins})
        props = {"a": ("object", str(a.id)), "b": ("object", str(b.id)), "spaces": ("int", str(spaces)),
                 "colour": ("string", colour)}
        return self.add_object("route", [a.pos, b.pos], text.LABEL_UNDO["add_route"], props=props)

    def add_ticket(self, a: MapObject, b: MapObject, value: int) -> int:
        """A bus-tour ticket from place `a` to `b`, listed down the map's right-hand edge, selected."""
        props = {"a": ("object", str(a.id)), "b": ("object", str(b.id)), "value": ("int", str(value))}
        return self.add_object("ticket", [ticket_spot(self.doc)], text.LABEL_UNDO["add_ticket"], props=props)

    def split_link(self, link_id: int, p: Point) -> int | None:
        """Split a link where its drawn path passes nearest `p` into two links joined by a new water waypoint
        there, as one undo step: both halves keep the link's properties (the ends aside) and its bends on
        their side. Returns the waypoint's id, selected; None (nothing changed) at an end of the link."""
        doc = self.doc
        link = doc.get(link_id)
        if link is None or link.kind != "link":
            return None
        path = list(link.points)
        a, b = doc.get(link.ref("a")), doc.get(link.ref("b"))
        if a is not None and b is not None and math.dist(path[0], b.pos) < math.dist(path[0], a.pos):
            path.reverse()  # drawn from its b end (in Tiled, say): the first half is the one at a
        halves = split_path(path, p, lambda q, anchor: self.snap(q, anchor=anchor))
        if halves is None:
            return None
        first, second, w = halves
        layer = doc.layer(self.layer_for("waypoint"))
        waypoint = doc.make_object("waypoint", [w], props={"water": ("bool", "true")}, layer=layer)
        twin = copy.deepcopy(doc.element(link_id))
        twin.set("id", str(doc.new_id()))
        parent, _ = doc.locate(link_id)
        add = AddObjects([(layer, waypoint), (parent, twin)])
        add.do(doc)
        waypoint_id, twin_id = add.ids

        def change() -> None:
            doc.set_points(link_id, first)
            doc.set_property(link_id, "b", str(waypoint_id), "object")
            doc.set_points(twin_id, second)
            doc.set_property(twin_id, "a", str(waypoint_id), "object")

        label = text.LABEL_UNDO["split"]
        self.record(Batch([add, ChangeObjects.run(doc, [link_id, twin_id], change, label)], label))
        self.select({waypoint_id})
        return waypoint_id

    def delete(self, ids: Collection[int]) -> None:
        """Remove objects (links lose their ends with them) and clear the selection."""
        self.execute(DeleteObjects(self.doc, sorted(ids)))
        self.select(set())

    def delete_selection(self) -> None:
        if self.selection:
            self.delete(self.selection)

    # ----- properties -----
    # Each returns whether it changed the document, so the panel knows its own edit is already shown.

    def set_prop(self, object_id: int, name: str, value: str | None, ptype: str) -> bool:
        """Set or (value None) remove an object property; only one station can be the start."""
        ids = [object_id]
        others: list[int] = []
        if name == "start" and value == "true":
            others = [o.id for o in self.doc.of_kind("station") if o.flag("start") and o.id != object_id]
            ids += others

        def change() -> None:
            self.doc.set_property(object_id, name, value, ptype)
            for other in others:
                self.doc.set_property(other, "start", None)

        self.record(ChangeObjects.run(self.doc, ids, change, text.LABEL_UNDO["property"].format(name=name)))
        return True

    def rename(self, object_id: int, name: str) -> bool:
        obj = self.doc.get(object_id)
        if obj is None or obj.name == name:
            return False
        self.record(ChangeObjects.run(self.doc, [object_id], lambda: self.doc.set_name(object_id, name),
                                      text.LABEL_UNDO["property"].format(name="name")))
        return True

    def set_spaces(self, ids: Collection[int], spaces: int) -> bool:
        """The number of spaces (1–4) of the links (and bus routes) among `ids`."""
        links = [i for i in ids if (o := self.doc.get(i)) is not None and o.kind in LINE_KINDS]
        if not links:
            return False

        def change() -> None:
            for i in links:
                self.doc.set_property(i, "spaces", str(spaces), "int")

        self.record(ChangeObjects.run(self.doc, links, change, text.LABEL_UNDO["spaces"]))
        return True

    def reshape(self, points: dict[int, list[Point]], labels: dict[int, str], label: str,
                removed: tuple[int, ...] = ()) -> list[int]:
        """New points for objects and new `label` texts for stations, and the objects the new layout has no
        place for (`removed`: a river it could not redraw) taken out, all as one undo step (a layout, names
        placed); returns the ids it changed."""
        doc = self.doc
        ids = [i for i in sorted({*points, *labels}) if doc.get(i) is not None]
        revision = doc.revision

        def change() -> None:
            for object_id, new in points.items():
                if doc.get(object_id) is not None and new:
                    doc.set_points(object_id, new)
            for object_id, spec in labels.items():
                if doc.get(object_id) is not None:
                    doc.set_property(object_id, "label", spec)

        command = ChangeObjects.run(doc, ids, change, label)
        changed = [i for i in ids if ET.tostring(command.before[i]) != ET.tostring(command.after[i])]
        gone = [i for i in removed if doc.get(i) is not None]
        if gone:
            delete = DeleteObjects(doc, gone)
            delete.do(doc)
            self.record(Batch([command, delete], label))
            return changed + gone
        if changed:
            self.record(command)
        else:
            doc.revision = revision  # the same board: a saved one stays saved (no "*" for a Tidy that kept all)
        return changed

    def set_map_prop(self, name: str, value: str | None, ptype: str) -> bool:
        if self.doc.map_properties().get(name) == value:
            return False
        self.record(ChangeMap.run(self.doc, lambda: self.doc.set_map_property(name, value, ptype),
                                  text.LABEL_UNDO["map"]))
        return True

    def set_background(self, source: str | None, opacity: float = 0.5) -> None:
        """The image to trace (a path relative to the board's folder), or None for no image."""
        self.record(ChangeMap.run(self.doc, lambda: self.doc.set_background(source, opacity),
                                  text.LABEL_UNDO["background"]))

    def set_background_opacity(self, opacity: float) -> bool:
        """Change the image's opacity; a run of changes (a slider drag) is one undo step."""
        info = self.doc.background()
        if info is None:
            return False
        opacity = max(0.0, min(1.0, round(opacity, 2)))
        last = self.history.done[-1] if self.history.done else None
        if isinstance(last, ChangeMap) and last.label == text.LABEL_UNDO["background"] and not self.history.undone:
            self.doc.set_background(info[0], opacity)
            last.after = ChangeMap.capture(self.doc)
        else:
            self.set_background(info[0], opacity)
        return True
