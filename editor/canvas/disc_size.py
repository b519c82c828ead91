"""How big a node's disc is on the canvas: as big as the game draws it at the same zoom, so the stations a
designer places are the stations players see. The board's size for a disc is game.board.proportions' (the
document's `node_discs`); the rest is how the game's board view puts it on screen (its smallest station,
and the ink ring an express or standard destination wears outside its disc)."""

from __future__ import annotations

from editor.document.tmx import MapObject
from game.board.model import DESTINATION_KINDS
from game.ui import style


def disc_px(radius: float, zoom: float) -> float:
    """A disc of `radius` board px on screen: never smaller than the game's smallest station."""
    return max(style.STATION_MIN_PX, radius * zoom)


def outer_px(node: MapObject, radius: float, unit: float, zoom: float) -> float:
    """Where a node's disc ends on screen, as in the game: a destination's ink ring reaches past its disc."""
    reach = disc_px(radius, zoom)
    destination = node.props.get("destination", "")
    if node.kind == "station" and destination and destination in DESTINATION_KINDS:
        reach += style.DESTINATION_RING * style.ring_px(unit, zoom)
    return reach
