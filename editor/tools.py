"""The editing tools. Each turns mouse and key input on the canvas into commands on the document."""

from __future__ import annotations

import copy
import math
from typing import TYPE_CHECKING

import pygame

from editor import text
from editor.commands import AddObjects, ChangeObjects, DeleteObjects, move_nodes_and_links
from editor.document import MapObject, Point
from editor.render import SELECT
from game.geometry import nearest_segment, project_on_segment, rect_contains

if TYPE_CHECKING:
    from editor.app import EditorApp

PREVIEW = (255, 130, 0)


class Tool:
    """Base tool: does nothing; subclasses override the events they care about."""

    name = ""

    def __init__(self, app: EditorApp) -> None:
        self.app = app

    @property
    def hint(self) -> str:
        return text.TOOLS[self.name][2]

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        """Left button pressed on the canvas at map point `p`."""

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        """Mouse moved over the canvas (buttons or not)."""

    def up(self, p: Point, event: pygame.event.Event) -> None:
        """Left button released."""

    def key(self, event: pygame.event.Event) -> bool:
        """A key for the tool; True when it used it."""
        return False

    def cancel(self) -> None:
        """Drop anything half done (tool change, Esc, undo)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Previews on top of the map."""


class SelectTool(Tool):
    """Click, Shift+click, box selection, and dragging the selection around."""

    name = "select"

    def __init__(self, app: EditorApp) -> None:
        super().__init__(app)
        self.box: tuple[Point, Point] | None = None
        self.drag_start: Point | None = None
        self.originals: dict[int, MapObject] = {}
        self.before: dict[int, object] = {}
        self.moved = False

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        app = self.app
        hit = app.pick(p)
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if hit is None:
            if not shift:
                app.select(set())
            self.box = (p, p)
            return
        if shift:
            app.select(app.selection ^ {hit.id})
            return
        if hit.id not in app.selection:
            app.select({hit.id})
        self.drag_start = p
        self.moved = False
        doc = app.doc
        ids = set(app.selection)
        for link in doc.of_kind("link"):
            if link.ref("a") in ids or link.ref("b") in ids:
                ids.add(link.id)
        self.originals = {i: copy.deepcopy(doc.get(i)) for i in ids if doc.get(i) is not None}  # type: ignore[misc]
        self.before = ChangeObjects.capture(doc, list(self.originals))

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        if self.box is not None:
            self.box = (self.box[0], p)
            return
        if self.drag_start is None or not self.originals:
            return
        app = self.app
        anchor = next((o for i, o in self.originals.items() if i in app.selection), None)
        if anchor is None:
            return
        target = app.snap((anchor.pos[0] + p[0] - self.drag_start[0], anchor.pos[1] + p[1] - self.drag_start[1]))
        dx, dy = target[0] - anchor.pos[0], target[1] - anchor.pos[1]
        if not self.moved and math.dist(p, self.drag_start) * app.view.zoom < 3:
            return
        self.moved = True
        self._apply(dx, dy)

    def _apply(self, dx: float, dy: float) -> None:
        doc, selection = self.app.doc, self.app.selection
        moves = {i: (o.x + dx, o.y + dy) for i, o in self.originals.items()
                 if i in selection and o.kind in ("station", "waypoint")}
        for i, o in self.originals.items():
            if i in selection and o.kind != "link" and i not in moves:
                doc.set_points(i, [(x + dx, y + dy) for x, y in o.points])
            elif o.kind == "link":
                points = list(o.points)
                if i in selection:
                    points = [points[0]] + [(x + dx, y + dy) for x, y in points[1:-1]] + [points[-1]]
                if o.ref("a") in moves:
                    points[0] = moves[o.ref("a")]
                if o.ref("b") in moves:
                    points[-1] = moves[o.ref("b")]
                doc.set_points(i, points)
        for i, pos in moves.items():
            doc.set_points(i, [pos])

    def up(self, p: Point, event: pygame.event.Event) -> None:
        app = self.app
        if self.box is not None:
            rect = (*self.box[0], *self.box[1])
            inside = {o.id for o in app.doc.objects() if o.kind and all(rect_contains(rect, q) for q in o.points)}
            if math.dist(*self.box) * app.view.zoom > 3:
                app.select(app.selection | inside)
            self.box = None
        elif self.drag_start is not None and self.moved:
            after = ChangeObjects.capture(app.doc, list(self.originals))
            app.history.record(ChangeObjects(self.before, after, text.LABEL_UNDO["move"]))  # type: ignore[arg-type]
            app.changed()
        self.drag_start = None
        self.originals = {}
        self.moved = False

    def cancel(self) -> None:
        if self.drag_start is not None and self.moved:
            ChangeObjects(self.before, {}).undo(self.app.doc)  # type: ignore[arg-type]
        self.box = None
        self.drag_start = None
        self.originals = {}

    def draw(self, surface: pygame.Surface) -> None:
        if self.box is None:
            return
        a, b = (self.app.view.to_screen(q) for q in self.box)
        rect = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((255, 130, 0, 40))
        surface.blit(shade, rect)
        pygame.draw.rect(surface, SELECT, rect, 1)


class StationTool(Tool):
    """Click to place; the name is typed into an entry that opens at the spot."""

    name = "station"

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        app = self.app
        hit = app.pick(p, kinds=("station", "waypoint"))
        if hit is not None:
            app.select({hit.id})
            return
        pos = app.snap(p)
        number = len(app.doc.of_kind("station")) + 1
        app.ask_name(pos, text.DEFAULT_STATION.format(n=number), lambda name: self.place(pos, name))

    def place(self, pos: Point, name: str) -> None:
        app = self.app
        props: dict[str, tuple[str, str]] = {}
        if not any(o.flag("start") for o in app.doc.of_kind("station")):
            props["start"] = ("bool", "true")
        layer = app.doc.layer(app.layer_for("station"))
        element = app.doc.make_object("station", [pos], name=name, props=props, layer=layer)
        app.execute(AddObjects([(layer, element)], text.LABEL_UNDO["add_station"]))
        app.select({int(element.get("id", "0"))})


class WaypointTool(Tool):
    """Click to place a water symbol of a crossing."""

    name = "waypoint"

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        app = self.app
        hit = app.pick(p, kinds=("station", "waypoint"))
        if hit is not None:
            app.select({hit.id})
            return
        layer = app.doc.layer(app.layer_for("waypoint"))
        element = app.doc.make_object("waypoint", [app.snap(p)], props={"water": ("bool", "true")}, layer=layer)
        app.execute(AddObjects([(layer, element)], text.LABEL_UNDO["add_waypoint"]))
        app.select({int(element.get("id", "0"))})


def beck_path(a: Point, b: Point) -> list[Point]:
    """A straight link when a–b is on a 45° ray, else one elbow: diagonal first, then straight."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    if dx == 0 or dy == 0 or abs(dx) == abs(dy):
        return [a, b]
    m = min(abs(dx), abs(dy))
    elbow = (a[0] + m * (1 if dx > 0 else -1), a[1] + m * (1 if dy > 0 else -1))
    return [a, elbow, b]


class LinkTool(Tool):
    """Drag from one node to another to join them."""

    name = "link"

    def __init__(self, app: EditorApp) -> None:
        super().__init__(app)
        self.start: MapObject | None = None
        self.cursor: Point = (0, 0)

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        self.start = self.app.pick(p, kinds=("station", "waypoint"))
        self.cursor = p
        if self.start is None:
            hit = self.app.pick(p, kinds=("link",))
            self.app.select({hit.id} if hit else set())
            if hit is None:
                self.app.status(text.STATUS_NO_NODE)

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        self.cursor = p

    def up(self, p: Point, event: pygame.event.Event) -> None:
        start, self.start = self.start, None
        if start is None:
            return
        end = self.app.pick(p, kinds=("station", "waypoint"))
        if end is None:
            return
        if end.id == start.id:
            self.app.status(text.STATUS_LINK_SAME)
            return
        self.app.link(start, end)

    def cancel(self) -> None:
        self.start = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.start is None:
            return
        view = self.app.view
        end = self.app.pick(self.cursor, kinds=("station", "waypoint"))
        target = end.pos if end else self.cursor
        path = beck_path(self.start.pos, target) if self.app.snapping and end else [self.start.pos, target]
        pygame.draw.lines(surface, PREVIEW, False, [view.to_screen(q) for q in path], max(2, round(6 * view.zoom)))


class BendTool(Tool):
    """Insert, drag and remove the bend points of a link's drawn path."""

    name = "bend"

    def __init__(self, app: EditorApp) -> None:
        super().__init__(app)
        self.link_id: int | None = None
        self.index = 0
        self.before: dict[int, object] = {}
        self.points: list[Point] = []

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        app = self.app
        radius = app.view.pick_radius(9)
        for link in app.doc.of_kind("link"):
            for i, q in enumerate(link.points[1:-1], start=1):
                if math.dist(p, q) <= radius:
                    if double:
                        points = link.points[:i] + link.points[i + 1:]
                        app.record(ChangeObjects.run(app.doc, [link.id], lambda lid=link.id, pts=points:
                                                     app.doc.set_points(lid, pts), text.LABEL_UNDO["unbend"]))
                        return
                    self._start(link, i, list(link.points))
                    return
        link = app.pick(p, kinds=("link",))
        if link is None or len(link.points) < 2:
            return
        i, _ = nearest_segment(p, link.points)
        q, _ = project_on_segment(p, link.points[i], link.points[i + 1])
        points = [*link.points[: i + 1], app.snap(q), *link.points[i + 1:]]
        self._start(link, i + 1, points)
        app.doc.set_points(link.id, points)

    def _start(self, link: MapObject, index: int, points: list[Point]) -> None:
        self.app.select({link.id})
        self.link_id, self.index, self.points = link.id, index, points
        self.before = ChangeObjects.capture(self.app.doc, [link.id])

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        if self.link_id is None:
            return
        self.points[self.index] = self.app.snap(p, anchor=self.points[self.index - 1])
        self.app.doc.set_points(self.link_id, self.points)

    def up(self, p: Point, event: pygame.event.Event) -> None:
        if self.link_id is None:
            return
        after = ChangeObjects.capture(self.app.doc, [self.link_id])
        self.app.record(ChangeObjects(self.before, after, text.LABEL_UNDO["bend"]))  # type: ignore[arg-type]
        self.link_id = None

    def cancel(self) -> None:
        if self.link_id is not None:
            ChangeObjects(self.before, {}).undo(self.app.doc)  # type: ignore[arg-type]
            self.link_id = None


class PolygonTool(Tool):
    """Click corners; Enter or a double-click closes the polygon into a cluster, water or park area."""

    def __init__(self, app: EditorApp, kind: str) -> None:
        super().__init__(app)
        self.name = kind
        self.points: list[Point] = []
        self.cursor: Point = (0, 0)

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        if double and len(self.points) >= 3:
            self.finish()
            return
        anchor = self.points[-1] if self.points else None
        q = self.app.snap(p, anchor=anchor)
        if not self.points or q != self.points[-1]:
            self.points.append(q)

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        self.cursor = p

    def key(self, event: pygame.event.Event) -> bool:
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.points:
            self.finish()
            return True
        if event.key == pygame.K_BACKSPACE and self.points:
            self.points.pop()
            return True
        return False

    def finish(self) -> None:
        points, self.points = self.points, []
        if len(points) < 3:
            return
        app = self.app
        name = ""
        if self.name == "cluster":
            name = text.DEFAULT_CLUSTER.format(n=len(app.doc.of_kind("cluster")) + 1)
        layer = app.doc.layer(app.layer_for(self.name))
        element = app.doc.make_object(self.name, points, name=name, layer=layer)
        app.execute(AddObjects([(layer, element)],
                               text.LABEL_UNDO["add_area"].format(kind=self.name)))
        app.select({int(element.get("id", "0"))})

    def cancel(self) -> None:
        self.points = []

    def draw(self, surface: pygame.Surface) -> None:
        if not self.points:
            return
        view = self.app.view
        cursor = self.app.snap(self.cursor, anchor=self.points[-1])
        screen = [view.to_screen(q) for q in [*self.points, cursor]]
        if len(screen) >= 2:
            pygame.draw.lines(surface, PREVIEW, len(screen) >= 3, screen, 2)
        for q in screen[:-1]:
            pygame.draw.circle(surface, PREVIEW, q, 5)


class DeleteTool(Tool):
    """Click an object to remove it."""

    name = "delete"

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        hit = self.app.pick(p)
        if hit is not None:
            self.app.execute(DeleteObjects(self.app.doc, [hit.id]))
            self.app.select(set())


def make_tools(app: EditorApp) -> dict[str, Tool]:
    tools: dict[str, Tool] = {
        "select": SelectTool(app),
        "station": StationTool(app),
        "waypoint": WaypointTool(app),
        "link": LinkTool(app),
        "bend": BendTool(app),
        "cluster": PolygonTool(app, "cluster"),
        "water": PolygonTool(app, "water"),
        "park": PolygonTool(app, "park"),
        "delete": DeleteTool(app),
    }
    return tools


__all__ = ["Tool", "beck_path", "make_tools", "move_nodes_and_links"]
