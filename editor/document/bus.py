"""The bus tour's boards in the editor: how a new one starts, how to tell one, and the defaults its tools
give new routes, districts and tickets (docs/board-format.md "Bus-tour boards").

A bus-tour board is a Tiled map like the Underground's, told apart by its map property `game` = `bus`; the
editor keeps the same document, history and commands for both and only chooses other tools and drawing.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from editor.document.tmx import DECORATION_LAYER, NEW_MAP_TILES, TILE, Document, MapObject
from game.board.tmx.bus import DISTRICT_VALUES, TICKET_VALUES, TICKETS_LAYER, compile_bus_bytes
from game.bus.board import ROUTE_COLOURS, shortest_spaces
from game.geometry import point_in_polygon

GAME_PROPERTY = "game"
BUS = "bus"
DISTRICTS_LAYER = "districts"
ROUTES_LAYER = "routes"
PLACES_LAYER = "places"
BUS_LAYERS = (DECORATION_LAYER, DISTRICTS_LAYER, ROUTES_LAYER, PLACES_LAYER, TICKETS_LAYER)  # drawn bottom up
BUS_KIND_LAYERS: dict[str, tuple[str, ...]] = {
    "place": (PLACES_LAYER,), "route": (ROUTES_LAYER,), "district": (DISTRICTS_LAYER,), "ticket": (TICKETS_LAYER,),
}
MAX_TWINS = 2  # two routes between one pair of places make a double route; a third is refused
SPACE_PX = 100.0  # a new route has a space for about every 100 board px of its length (the London board's)
TICKET_ROW = 24.0  # new tickets are listed down the map's right-hand edge, as tools/build_bus_board.py does
TICKET_MARGIN = 40.0


def is_bus(doc: Document) -> bool:
    """Whether the document is a bus-tour board (map property game = bus)."""
    return doc.map_properties().get(GAME_PROPERTY) == BUS


def new_bus_document(name: str) -> Document:
    """An empty bus-tour board: the map property, its layers (decoration, districts, routes, places, tickets)."""
    width, height = NEW_MAP_TILES
    root = ET.Element("map", {
        "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(width), "height": str(height), "tilewidth": str(TILE), "tileheight": str(TILE),
        "infinite": "0", "nextlayerid": str(len(BUS_LAYERS) + 1), "nextobjectid": "1",
    })
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", {"name": GAME_PROPERTY, "value": BUS})
    ET.SubElement(props, "property", {"name": "name", "value": name})
    for layer_id, layer_name in enumerate(BUS_LAYERS, start=1):
        ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": layer_name})
    return Document(root)


def routes_between(doc: Document, a: int, b: int) -> list[MapObject]:
    return [r for r in doc.of_kind("route") if {r.ref("a"), r.ref("b")} == {a, b}]


def route_spaces(a: MapObject, b: MapObject) -> int:
    """A new route's spaces from its length: 1 to 4."""
    return max(1, min(4, round(math.dist(a.pos, b.pos) / SPACE_PX)))


def route_colour(doc: Document, avoid: set[str]) -> str:
    """A new route's colour: the one the board uses least (colours stay balanced), not one of `avoid` (a
    double route's twin's), the first in the rules' order on a tie."""
    used = {colour: 0 for colour in ROUTE_COLOURS}
    for route in doc.of_kind("route"):
        colour = route.props.get("colour", "")
        if colour in used:
            used[colour] += 1
    return min((c for c in ROUTE_COLOURS if c not in avoid), key=lambda c: (used[c], ROUTE_COLOURS.index(c)))


def district_value(doc: Document, outline: list[tuple[float, float]]) -> int:
    """A new district's value: the number of places inside, within the values a district may have."""
    inside = sum(point_in_polygon(p.pos, outline) for p in doc.of_kind("place"))
    return max(DISTRICT_VALUES[0], min(DISTRICT_VALUES[1], inside))


def ticket_value(doc: Document, a: MapObject, b: MapObject) -> int | None:
    """A new ticket's value: the fewest spaces joining its two places over the board's routes, as the game
    counts them (`shortest_spaces` on the board compiled as far as it goes); None when no routes join them."""
    draft = compile_bus_bytes(doc.to_bytes(), doc.title, doc.base_dir).draft
    if draft is None:
        return None
    index = {place.name: place.index for place in draft.places}
    if a.name not in index or b.name not in index:
        return None
    spaces = shortest_spaces(draft, index[a.name], index[b.name])
    return None if spaces is None else max(TICKET_VALUES[0], min(TICKET_VALUES[1], spaces))


def ticket_spot(doc: Document) -> tuple[float, float]:
    """Where a new ticket's object goes: the next row of the list down the map's right-hand edge."""
    width, height = doc.size
    rows = max(1, int((height - TICKET_MARGIN) // TICKET_ROW))
    n = len(doc.of_kind("ticket"))
    column, row = divmod(n, rows)
    return (width - TICKET_MARGIN - column * 12 * TICKET_ROW, TICKET_MARGIN / 2 + row * TICKET_ROW)
