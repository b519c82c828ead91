"""The bus tour's tools: places (named as they are placed), routes and tickets (click one place, then
another) and districts (a polygon round their places). Select, Bend, Delete, Water and Park are the
Underground's own tools, which work on these objects too."""

from __future__ import annotations

import pygame

from editor import text
from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.bus import district_value, routes_between, ticket_value
from editor.document.session import EditingSession
from editor.document.tmx import MapObject, Point
from editor.tools.areas import PolygonTool
from editor.tools.base import PREVIEW, Tool
from editor.tools.nodes import StationTool


class PlaceTool(StationTool):
    """Click to place a place; its name is typed into the entry that opens at the spot (as for stations)."""

    name = "place"
    picks = ("place",)

    def default_name(self) -> str:
        return text.DEFAULT_PLACE.format(n=len(self.session.doc.of_kind("place")) + 1)

    def place(self, pos: Point, name: str) -> None:
        self.session.add_object("place", [pos], text.LABEL_UNDO["add_place"], name=name)


class PairTool(Tool):
    """Click a place, then another: `join` them. A click off any place, or Esc, lets go of the first."""

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        super().__init__(session, view, user)
        self.first: MapObject | None = None
        self.cursor: Point = (0, 0)

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        hit = self.pick(p, kinds=("place",))
        self.cursor = p
        if hit is None:
            self.first = None
            self.user.status(text.STATUS_NO_PLACE)
            return
        if self.first is None or self.session.doc.get(self.first.id) is None:
            self.first = hit
            self.session.select({hit.id})
            self.user.status(text.STATUS_PICK_SECOND.format(name=hit.name))
            return
        first, self.first = self.first, None
        if first.id == hit.id:
            self.user.status(text.STATUS_LINK_SAME)
            return
        self.join(first, hit)

    def join(self, a: MapObject, b: MapObject) -> None:
        raise NotImplementedError

    def motion(self, p: Point, event: pygame.event.Event) -> None:
        self.cursor = p

    def key(self, event: pygame.event.Event) -> bool:
        if event.key == pygame.K_ESCAPE and self.first is not None:
            self.first = None
            return True
        return False

    def cancel(self) -> None:
        self.first = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.first is None:
            return
        end = self.pick(self.cursor, kinds=("place",))
        target = end.pos if end else self.cursor
        pygame.draw.line(surface, PREVIEW, self.view.to_screen(self.first.pos), self.view.to_screen(target),
                         max(2, round(6 * self.view.zoom)))


class RouteTool(PairTool):
    """A route between the two places; a second between the same pair makes a double route."""

    name = "route"

    def join(self, a: MapObject, b: MapObject) -> None:
        route_id = self.session.add_route(a, b)
        if route_id is None:
            self.user.status(text.STATUS_ROUTE_FULL.format(a=a.name, b=b.name))
            return
        route = self.session.doc.get(route_id)
        spaces = route.number("spaces", 1) if route else 1
        colour = route.props.get("colour", "") if route else ""
        shown = text.COLOURS.get(colour, colour)
        if len(routes_between(self.session.doc, a.id, b.id)) > 1:
            self.user.status(text.STATUS_DOUBLE_ROUTE.format(a=a.name, b=b.name, colour=shown))
        else:
            self.user.status(text.plural("STATUS_ROUTE", spaces, count=spaces, a=a.name, b=b.name, colour=shown))


class TicketTool(PairTool):
    """A ticket between the two places, worth the fewest spaces joining them (1 while no routes do)."""

    name = "ticket"

    def join(self, a: MapObject, b: MapObject) -> None:
        value = ticket_value(self.session.doc, a, b)
        self.session.add_ticket(a, b, value or 1)
        if value is None:
            self.user.status(text.STATUS_TICKET_UNJOINED.format(a=a.name, b=b.name))
        else:
            self.user.status(text.plural("STATUS_TICKET", value, a=a.name, b=b.name, count=value))


class DistrictTool(PolygonTool):
    """Corners round a district's places; it is named and worth the number of places inside."""

    def __init__(self, session: EditingSession, view: View, user: AskUser) -> None:
        super().__init__(session, view, user, "district")

    def finish(self) -> None:
        points, self.points = self.points, []
        if len(points) < 3:
            return
        doc = self.session.doc
        name = text.DEFAULT_DISTRICT.format(n=len(doc.of_kind("district")) + 1)
        value = district_value(doc, points)
        label = text.LABEL_UNDO["add_area"].format(kind=text.PANEL_KIND["district"])
        self.session.add_object("district", points, label, name=name, props={"value": ("int", str(value))})
