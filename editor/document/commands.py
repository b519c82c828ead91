"""Every edit is a command with `do` and `undo`; `editor.document.history` keeps them for Ctrl+Z/Ctrl+Y.

Commands keep copies of the XML elements they change; undo puts the old copies back in place.
"""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from collections.abc import Callable

from editor.document.tmx import LINE_KINDS, Document, Point


class Command:
    """One undoable change to the document."""

    label = "edit"

    def do(self, doc: Document) -> None:
        raise NotImplementedError

    def undo(self, doc: Document) -> None:
        raise NotImplementedError


class AddObjects(Command):
    """New objects put into layers (made with `Document.make_object`)."""

    def __init__(self, items: list[tuple[ET.Element, ET.Element]], label: str = "add") -> None:
        self.items = items  # (layer, element)
        self.label = label

    @property
    def ids(self) -> list[int]:
        return [int(element.get("id", "0")) for _, element in self.items]

    def do(self, doc: Document) -> None:
        for layer, element in self.items:
            doc.insert(element, layer)

    def undo(self, doc: Document) -> None:
        for object_id in reversed(self.ids):
            doc.remove(object_id)


class DeleteObjects(Command):
    """Objects taken out; links, routes and tickets that would lose an end go with their station or place."""

    label = "delete"

    def __init__(self, doc: Document, ids: list[int]) -> None:
        doomed = set(ids)
        for link in doc.of_kind(*LINE_KINDS, "ticket"):
            if link.ref("a") in doomed or link.ref("b") in doomed:
                doomed.add(link.id)
        # Remember positions in document order so undo can restore each at its index.
        order = {o.id: i for i, o in enumerate(doc.objects())}
        self.ids = sorted((i for i in doomed if doc.get(i) is not None), key=order.__getitem__)
        self.removed: list[tuple[ET.Element, int, ET.Element]] = []

    def do(self, doc: Document) -> None:
        self.removed = [doc.remove(object_id) for object_id in reversed(self.ids)]

    def undo(self, doc: Document) -> None:
        for parent, index, element in reversed(self.removed):
            doc.insert(element, parent, index)


class ChangeObjects(Command):
    """Any change to existing objects, stored as before/after copies of their elements."""

    def __init__(self, before: dict[int, ET.Element], after: dict[int, ET.Element], label: str = "change") -> None:
        self.before = before
        self.after = after
        self.label = label

    @classmethod
    def capture(cls, doc: Document, ids: list[int]) -> dict[int, ET.Element]:
        return {i: copy.deepcopy(doc.element(i)) for i in ids if doc.get(i) is not None}

    @classmethod
    def run(cls, doc: Document, ids: list[int], change: Callable[[], None], label: str) -> ChangeObjects:
        """Apply `change` now and return the command that undoes/redoes it."""
        before = cls.capture(doc, ids)
        change()
        return cls(before, cls.capture(doc, ids), label)

    def _apply(self, doc: Document, state: dict[int, ET.Element]) -> None:
        for object_id, element in state.items():
            doc.replace(object_id, copy.deepcopy(element))

    def do(self, doc: Document) -> None:
        self._apply(doc, self.after)

    def undo(self, doc: Document) -> None:
        self._apply(doc, self.before)

    @property
    def empty(self) -> bool:
        return all(ET.tostring(self.before[i]) == ET.tostring(self.after.get(i, self.before[i])) for i in self.before)


class ChangeMap(Command):
    """Map-level changes (properties, background layer, size): the root's attributes and direct children."""

    def __init__(self, before: ET.Element, after: ET.Element, label: str = "map") -> None:
        self.before = before
        self.after = after
        self.label = label

    @staticmethod
    def capture(doc: Document) -> ET.Element:
        """A copy of the root without object layers' contents (they are not map-level)."""
        shallow = ET.Element(doc.root.tag, dict(doc.root.attrib))
        for child in doc.root:
            shallow.append(child if child.tag in ("objectgroup", "group", "layer") else copy.deepcopy(child))
        return shallow

    @classmethod
    def run(cls, doc: Document, change: Callable[[], None], label: str) -> ChangeMap:
        before = cls.capture(doc)
        change()
        return cls(before, cls.capture(doc), label)

    def _apply(self, doc: Document, state: ET.Element) -> None:
        doc.root.attrib.clear()
        doc.root.attrib.update(state.attrib)
        keep_ids = {id(child) for child in state}
        for child in list(doc.root):
            doc.root.remove(child)
        for child in state:
            doc.root.append(child if id(child) in keep_ids and child.tag in ("objectgroup", "group", "layer")
                            else copy.deepcopy(child))
        doc.touch()

    def do(self, doc: Document) -> None:
        self._apply(doc, self.after)

    def undo(self, doc: Document) -> None:
        self._apply(doc, self.before)


class Batch(Command):
    """Several commands as one undo step: done in order, undone in reverse."""

    def __init__(self, commands: list[Command], label: str) -> None:
        self.commands = commands
        self.label = label

    def do(self, doc: Document) -> None:
        for command in self.commands:
            command.do(doc)

    def undo(self, doc: Document) -> None:
        for command in reversed(self.commands):
            command.undo(doc)


def move_nodes_and_links(doc: Document, moves: dict[int, Point]) -> list[int]:
    """Move nodes and keep every link touching them attached; returns all ids it changed."""
    changed = list(moves)
    for object_id, pos in moves.items():
        doc.set_points(object_id, [pos])
    for link in doc.of_kind(*LINE_KINDS):
        a, b = link.ref("a"), link.ref("b")
        if a in moves or b in moves:
            points = list(link.points) if len(link.points) >= 2 else [link.pos, link.pos]
            if a in moves:
                points[0] = moves[a]
            if b in moves:
                points[-1] = moves[b]
            doc.set_points(link.id, points)
            changed.append(link.id)
    return changed
