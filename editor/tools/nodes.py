"""The tools that place nodes: stations (named as they are placed) and the water waypoints of crossings."""

from __future__ import annotations

import pygame

from editor import text
from editor.document.tmx import Point
from editor.tools.base import Tool


class StationTool(Tool):
    """Click to place; the name is typed into an entry that opens at the spot."""

    name = "station"
    picks: tuple[str, ...] = ("station", "waypoint")  # a click on one of these selects it instead

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        hit = self.pick(p, kinds=self.picks)
        if hit is not None:
            self.session.select({hit.id})
            return
        pos = self.session.snap(p)
        self.user.ask_name(pos, self.default_name(), lambda name: self.place(pos, name))

    def default_name(self) -> str:
        return text.DEFAULT_STATION.format(n=len(self.session.doc.of_kind("station")) + 1)

    def place(self, pos: Point, name: str) -> None:
        """The station itself, once named; the board's first station is where the passenger starts."""
        props: dict[str, tuple[str, str]] = {}
        if not any(o.flag("start") for o in self.session.doc.of_kind("station")):
            props["start"] = ("bool", "true")
        self.session.add_object("station", [pos], text.LABEL_UNDO["add_station"], name=name, props=props)


class WaypointTool(Tool):
    """Click to place a water symbol of a crossing."""

    name = "waypoint"

    def down(self, p: Point, event: pygame.event.Event, double: bool) -> None:
        hit = self.pick(p, kinds=("station", "waypoint"))
        if hit is not None:
            self.session.select({hit.id})
            return
        self.session.add_object("waypoint", [self.session.snap(p)], text.LABEL_UNDO["add_waypoint"],
                                props={"water": ("bool", "true")})
