"""The editing session: one open document with its history, selection and snapping, and every edit the
tools, the side panel and the actions make to it.

This is the narrow interface below the window: tools and panel hold a session, never the app, so they can
be driven and tested without one. Each edit goes through a command in the history, so it can be undone.
"""

from __future__ import annotations

from collections.abc import Collection

from editor import text
from editor.document.commands import AddObjects, ChangeMap, ChangeObjects, Command, DeleteObjects
from editor.document.history import History
from editor.document.picking import pick
from editor.document.snapping import beck_path, snap
from editor.document.tmx import AREA_KINDS, AREA_LAYER, BOARD_LAYER, LINKS_LAYER, Document, MapObject, Point

GRID = 16


class EditingSession:
    """The document being edited, its undo history, the selected object ids and the snapping settings."""

    def __init__(self, doc: Document, grid: int = GRID) -> None:
        self.doc = doc
        self.history = History(doc)
        self.selection: set[int] = set()
        self.snapping = True
        self.grid = grid

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
        """The layer new objects of a kind go into: where that kind already lives, else our default."""
        for obj in self.doc.objects():
            if obj.kind == kind:
                parent, _ = self.doc.locate(obj.id)
                return parent.get("name", BOARD_LAYER)
        if kind == "link":
            return LINKS_LAYER if self._has_layer(LINKS_LAYER) else BOARD_LAYER
        return AREA_LAYER if kind in AREA_KINDS else BOARD_LAYER

    def _has_layer(self, name: str) -> bool:
        return any(group.get("name") == name for group in self.doc.root.iter("objectgroup"))

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
        """The number of spaces (1–4) of the links among `ids`."""
        links = [i for i in ids if (o := self.doc.get(i)) is not None and o.kind == "link"]
        if not links:
            return False

        def change() -> None:
            for i in links:
                self.doc.set_property(i, "spaces", str(spaces), "int")

        self.record(ChangeObjects.run(self.doc, links, change, text.LABEL_UNDO["spaces"]))
        return True

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
