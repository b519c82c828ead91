"""Every tool by name: the one place a tool is registered (names are the keys of `editor.text.TOOLS`)."""

from __future__ import annotations

from editor.canvas.view import View
from editor.document.asking import AskUser
from editor.document.session import EditingSession
from editor.tools.areas import PolygonTool
from editor.tools.base import Tool
from editor.tools.bend import BendTool
from editor.tools.bus import DistrictTool, PlaceTool, RouteTool, TicketTool
from editor.tools.delete import DeleteTool
from editor.tools.link import LinkTool
from editor.tools.nodes import StationTool, WaypointTool
from editor.tools.select import SelectTool
from editor.tools.split import SplitTool


def make_tools(session: EditingSession, view: View, user: AskUser) -> dict[str, Tool]:
    """One of each tool, working on `session`, seen through `view`, asking `user`."""
    return {
        "select": SelectTool(session, view, user),
        "station": StationTool(session, view, user),
        "waypoint": WaypointTool(session, view, user),
        "link": LinkTool(session, view, user),
        "bend": BendTool(session, view, user),
        "split": SplitTool(session, view, user),
        "cluster": PolygonTool(session, view, user, "cluster"),
        "water": PolygonTool(session, view, user, "water"),
        "park": PolygonTool(session, view, user, "park"),
        "delete": DeleteTool(session, view, user),
    }


def make_bus_tools(session: EditingSession, view: View, user: AskUser) -> dict[str, Tool]:
    """The bus tour's toolbox (names are `editor.text.BUS_TOOL_NAMES`): its own tools for places, routes,
    districts and tickets beside the Underground's select, bend, water, park and delete."""
    return {
        "select": SelectTool(session, view, user),
        "place": PlaceTool(session, view, user),
        "route": RouteTool(session, view, user),
        "district": DistrictTool(session, view, user),
        "ticket": TicketTool(session, view, user),
        "bend": BendTool(session, view, user),
        "water": PolygonTool(session, view, user, "water"),
        "park": PolygonTool(session, view, user, "park"),
        "delete": DeleteTool(session, view, user),
    }
