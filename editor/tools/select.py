"""The select tool: click, Shift+click, box selection, dragging the selection around, and dragging a
station's name to where it should be (its `label` becomes an "@dx,dy" offset). One station dragged on a
metro map keeps its links straight or at 45° (`EditingSession.after_station_drag`): a designer finishes
a map by hand."""

from __future__ import annotations

import copy
import math
import xml.etree.ElementTree as ET

import pygame

from editor import text
from editor.canvas.name_plate import screen_rect
from editor.canvas.render import PROBLEM, SELECT
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.commands import ChangeObjects
from editor.document.names import StationName, name_at, offset_label, station_names
from editor.document.session import EditingSession
from editor.document.tmx import LINE_KINDS, NODE_KINDS, MapObject, Point
from editor.tools.base import Tool
from editor.tools.name_guide import NameGuide
from game.board.label_spec import parse_label
from game.geometry import Box, rect_contains

CLEAR = (40, 150, 70)  # a dragged name's ring where it reads clear
GHOST = (95, 175, 115)  # a place where the dragged name would read clear: its outline...
GHOST_FILL = (40, 150, 70, 40)  # ...and a faint wash inside (a thin pale outline alone was lost in the grid)
SNAP = 14  # screen px: a dragged name this near a place where it reads clear lands on it


class SelectTool(Tool):
    """A drag moves the selected objects live and becomes one undo step when the button is released."""

    name = "select"

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        super().__init__(session, view, user)
        self.box: tuple[Point, Point] | None = None
        self.drag_start: Point | None = None
        self.originals: dict[int, MapObject] = {}
        self.before: dict[int, ET.Element] = {}
        self.revision = 0  # the document's when the drag began: a cancelled drag leaves it as it was
        self.moved = False
        self.grabbed: StationName | None = None  # the name being dragged, as it was when pressed
        self.guide: NameGuide | None = None  # judges the dragged name where it is (None: the board has errors)
        self.trouble: list[str] | None = None  # what the dragged name breaks where it is now (None: not judged)
        self.at: Box | None = None  # ...and the box it is drawn in there
        self.in_the_way: str | None = None  # what spoils most places round a station with none clear, once asked

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        session = self.session
        shift = bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
        if not shift and self.pick(p, NODE_KINDS) is None and self._press_name(p):
            return
        hit = self.pick(p)
        if hit is None:
            if not shift:
                session.select(set())
            self.box = (p, p)
            return
        if shift:
            session.select(session.selection ^ {hit.id})
            return
        if hit.id not in session.selection:
            session.select({hit.id})
        self.drag_start = p
        self.moved = False
        doc = session.doc
        ids = set(session.selection)
        for link in doc.of_kind(*LINE_KINDS):
            if link.ref("a") in ids or link.ref("b") in ids:
                ids.add(link.id)
        self.originals = {i: copy.deepcopy(doc.get(i)) for i in ids if doc.get(i) is not None}  # type: ignore[misc]
        self.before = ChangeObjects.capture(doc, list(self.originals))
        self.revision = doc.revision

    def _press_name(self, p: Point) -> bool:
        """A press on a station's name (names lie over links and areas): select its station, ready to drag."""
        name = name_at(station_names(self.session.doc), p)
        if name is None:
            return False
        self.session.select({name.station})
        self.grabbed = name
        self.guide = NameGuide.of(self.session.doc, name.station)
        self.in_the_way = None
        self.drag_start = p
        self.moved = False
        self.before = ChangeObjects.capture(self.session.doc, [name.station])
        self.revision = self.session.doc.revision
        return True

    def _drag_name(self, p: Point) -> None:
        """The name's box follows the mouse; its label is an offset from the station, in whole pixels, or,
        within SNAP of a place where it reads clear (`NameGuide.clear_places`), that place."""
        assert self.grabbed is not None and self.drag_start is not None
        station = self.session.doc.get(self.grabbed.station)
        if station is None:
            return
        if not self.moved and math.dist(p, self.drag_start) * self.view.zoom < 3:
            return
        self.moved = True
        x, y, _, _ = self.grabbed.box
        corner = (x + p[0] - self.drag_start[0], y + p[1] - self.drag_start[1])
        label = offset_label(station, corner, self.grabbed.spec)
        if self.guide is not None:
            near = [(math.dist(corner, box[:2]), spec, box) for spec, box in self.guide.clear_places()]
            nearest = min(near, default=None, key=lambda found: found[0])
            if nearest is not None and nearest[0] * self.view.zoom <= SNAP:
                # kept as the designer's (an offset, as Tidy and Place names keep it), at the clear place's corner
                label = offset_label(station, nearest[2][:2], nearest[1])
        self.session.doc.set_property(station.id, "label", label)
        if self.guide is not None:
            spec = parse_label(label)
            self.trouble, self.at = self.guide.problems(spec), self.guide.box(spec)
            self.user.status(self._guide_words(station.name))

    @property
    def guiding(self) -> bool:
        return self.grabbed is not None and self.moved and self.trouble is not None

    @property
    def hint(self) -> str:
        """While a name is dragged, the guide's words for where it is: they outlast the status line's few
        seconds (a designer holding still to read them lost them to the tool's hint)."""
        station = self.session.doc.get(self.grabbed.station) if self.guiding and self.grabbed is not None else None
        return self._guide_words(station.name) if station is not None else super().hint

    def _guide_words(self, name: str) -> str:
        """The status line while a name is dragged: clear here, or what it breaks and, where no place round
        the station reads clear, that the room must come from elsewhere (half a dense import's names had none,
        and a designer dragged on looking for one)."""
        assert self.guide is not None and self.trouble is not None
        if not self.trouble:
            return text.STATUS_NAME_GUIDE_CLEAR.format(name=name)
        if self.in_the_way is None and not self.guide.clear_places():
            self.in_the_way = self.guide.in_the_way() or ""  # "": nothing named spoils them (the board's edge)
        if not self.in_the_way:
            return text.STATUS_NAME_GUIDE_TROUBLE.format(name=name, problem=self.trouble[0])
        return text.STATUS_NAME_GUIDE_NOWHERE.format(name=name, problem=self.trouble[0], spoiler=self.in_the_way)

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        if self.grabbed is not None:
            self._drag_name(p)
            return
        if self.box is not None:
            self.box = (self.box[0], p)
            return
        if self.drag_start is None or not self.originals:
            return
        session = self.session
        anchor = next((o for i, o in self.originals.items() if i in session.selection), None)
        if anchor is None:
            return
        target = session.snap((anchor.pos[0] + p[0] - self.drag_start[0], anchor.pos[1] + p[1] - self.drag_start[1]))
        dx, dy = target[0] - anchor.pos[0], target[1] - anchor.pos[1]
        if not self.moved and math.dist(p, self.drag_start) * self.view.zoom < 3:
            return
        self.moved = True
        self._apply(dx, dy)

    def _apply(self, dx: float, dy: float) -> None:
        """Move the dragged objects by (dx, dy) from where they were; links keep their ends on their nodes."""
        doc, selection = self.session.doc, self.session.selection
        moves = {i: (o.x + dx, o.y + dy) for i, o in self.originals.items()
                 if i in selection and o.kind in NODE_KINDS}
        for i, o in self.originals.items():
            if i in selection and o.kind not in LINE_KINDS and i not in moves:
                doc.set_points(i, [(x + dx, y + dy) for x, y in o.points])
            elif o.kind in LINE_KINDS:
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
        session = self.session
        if self.grabbed is not None:
            self._drop_name()
            return
        if self.box is not None:
            rect = (*self.box[0], *self.box[1])
            inside = {o.id for o in session.doc.objects() if o.kind and all(rect_contains(rect, q) for q in o.points)}
            if math.dist(*self.box) * self.view.zoom > 3:
                session.select(session.selection | inside)
            self.box = None
        elif self.drag_start is not None and self.moved:
            self._keep_links_octilinear()
            after = ChangeObjects.capture(session.doc, list(self.originals))
            session.record(ChangeObjects(self.before, after, text.LABEL_UNDO["move"]))
        self.drag_start = None
        self.originals = {}
        self.moved = False

    def _keep_links_octilinear(self) -> None:
        """One station dragged: its links drawn again as the session's hook says (on a metro map, straight or
        at 45° from where it was dropped), in the same undo step; where they cannot be, the status says so."""
        session = self.session
        dragged = [o for i, o in self.originals.items() if i in session.selection and o.kind in NODE_KINDS]
        if session.after_station_drag is None or len(dragged) != 1 or dragged[0].kind != "station":
            return
        station = dragged[0]
        links = [list(o.points) for o in self.originals.values()
                 if o.kind in LINE_KINDS and station.id in (o.ref("a"), o.ref("b"))]
        if session.after_station_drag(session.doc, station.id, links) is False:
            self.user.status(text.STATUS_LINKS_NOT_REDRAWN.format(name=station.name))

    def _drop_name(self) -> None:
        """A dragged name is one undo step; a press without a drag only selected its station."""
        assert self.grabbed is not None
        session, station_id = self.session, self.grabbed.station
        if self.moved and session.doc.get(station_id) is not None:
            after = ChangeObjects.capture(session.doc, [station_id])
            session.record(ChangeObjects(self.before, after, text.LABEL_UNDO["move_name"]))
            station = session.doc.get(station_id)
            if station is not None and self.trouble:  # where it is hard to read, why, and the way back
                self.user.status(text.STATUS_NAME_DROPPED_BADLY.format(
                    name=station.name, problem=self.trouble[0], button=text.PANEL_PLACE_NAME))
            elif station is not None:
                self.user.status(text.STATUS_NAME_MOVED.format(name=station.name, button=text.PANEL_PLACE_NAME))
        self.grabbed, self.guide, self.trouble, self.at = None, None, None, None
        self.drag_start = None
        self.moved = False

    def cancel(self) -> None:
        if self.drag_start is not None and self.moved:
            doc = self.session.doc
            ChangeObjects(self.before, {}).undo(doc)
            doc.revision = self.revision  # the same board: a saved one stays saved (Esc marked it unsaved)
            station = self.session.doc.get(self.grabbed.station) if self.grabbed is not None else None
            if station is not None:
                self.user.status(text.STATUS_NAME_DRAG_CANCELLED.format(name=station.name))
        self.grabbed, self.guide, self.trouble, self.at = None, None, None, None
        self.box = None
        self.drag_start = None
        self.originals = {}

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_guide(surface)
        if self.box is None:
            return
        a, b = (self.view.to_screen(q) for q in self.box)
        rect = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]), abs(a[1] - b[1]))
        shade = pygame.Surface(rect.size, pygame.SRCALPHA)
        shade.fill((255, 130, 0, 40))
        surface.blit(shade, rect)
        pygame.draw.rect(surface, SELECT, rect, 1)

    def _draw_guide(self, surface: pygame.Surface) -> None:
        """The places where the dragged name would read clear, faint, and its box ringed red where the board
        check will find it hard to read, green where clear."""
        if self.grabbed is None or self.trouble is None or self.guide is None:
            return
        for _spec, box in self.guide.clear_places():
            place = screen_rect(self.view, box).inflate(2, 2)
            wash = pygame.Surface(place.size, pygame.SRCALPHA)
            wash.fill(GHOST_FILL)
            surface.blit(wash, place)
            pygame.draw.rect(surface, GHOST, place, 1, border_radius=2)
        if self.at is not None:
            ring = screen_rect(self.view, self.at).inflate(6, 6)
            pygame.draw.rect(surface, PROBLEM if self.trouble else CLEAR, ring, 2, border_radius=3)
