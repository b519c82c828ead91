"""How big a node's disc is on the canvas: as big as the game draws it at the same zoom, so the stations a
designer places are the stations players see. The board's size for a disc is game.board.proportions' (the
document's `node_discs`); the rest is how the game's board view puts it on screen (its smallest station,
and the ink ring an express or standard destination wears outside its disc)."""

from __future__ import annotations

from editor.document.tmx import Document, MapObject
from game.board import proportions
from game.board.model import DESTINATION_KINDS
from game.ui import style

DESTINATION_RING = 0.9  # the game's destination discs: an ink ring reaching this many rings past the disc
THINNEST_RING_PX = 1.5  # the game's rings never get thinner on screen


def board_unit(doc: Document) -> float:
    """The board's unit (its median link, end to end): the game's rings are a fraction of it."""
    nodes = {n.id: n.pos for n in doc.of_kind("station", "waypoint")}
    ends = [(nodes[link.ref("a")], nodes[link.ref("b")]) for link in doc.of_kind("link")
            if link.ref("a") in nodes and link.ref("b") in nodes]
    return proportions.unit_of(proportions.link_lengths(ends), *doc.size)


def disc_px(radius: float, zoom: float) -> float:
    """A disc of `radius` board px on screen: never smaller than the game's smallest station."""
    return max(style.STATION_MIN_PX, radius * zoom)


def ring_px(unit: float, zoom: float) -> float:
    """The game's station ring on screen, for a board of `unit`."""
    return max(THINNEST_RING_PX, style.STATION_RING * unit * zoom)


def outer_px(node: MapObject, radius: float, unit: float, zoom: float) -> float:
    """Where a node's disc ends on screen, as in the game: a destination's ink ring reaches past its disc."""
    reach = disc_px(radius, zoom)
    destination = node.props.get("destination", "")
    if node.kind == "station" and destination and destination in DESTINATION_KINDS:
        reach += DESTINATION_RING * ring_px(unit, zoom)
    return reach
