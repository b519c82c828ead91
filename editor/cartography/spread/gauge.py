"""How much room a name's place would be short of on a layout: to choose where a name should get room.

A place is measured as the program would ask for it (layout.py): against each thing near it, the room the
rules ask less the room it has along the axis that parts them most (of those the layout can part them
along, the way round their stations lie), summed, with the px it stands off the board. A place across a
link of its own station is out of reach (infinite): nothing moves a station's name off its own track.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from editor.cartography.layout.checks import MIN_SPACING
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene
from editor.cartography.network import Schematic
from editor.cartography.spread.drawing import BOX, SEGMENT, Drawing, Wish
from editor.cartography.spread.layout import BOARD_PAD
from editor.cartography.spread.pairs import room_asked
from game.geometry import Box


class Gauge:
    """A layout's things built once, asked about one wished place at a time."""

    def __init__(self, request: MapRequest, schematic: Schematic, scene: NameScene, boxes: Mapping[int, Box]) -> None:
        self.request = request
        self.pitch = schematic.pitch
        self.drawing = Drawing(request.network.tracks, schematic, scene, boxes)

    def short(self, wish: Wish, limit: float = math.inf) -> float:
        """The room the wished place is short of (see the notes); infinite once that reaches `limit` (a place
        that cannot beat the best so far is not measured to the end)."""
        drawing = self.drawing
        frame = self.request.frame
        x, y, w, h = wish.box
        total = max(0.0, BOARD_PAD - x) + max(0.0, BOARD_PAD - y) + max(0.0, x + w + BOARD_PAD - frame.width) + \
            max(0.0, y + h + BOARD_PAD - frame.height)
        mine = drawing.box(wish.index, wish.box)
        ours = drawing.extent(mine)
        wished = {wish.index: wish}
        for k in drawing.near(wish.box, wish.reach + 2 * MIN_SPACING):  # a ring that far is further than its own
            thing = drawing.things[k]
            if thing.kind == BOX and thing.owner == wish.index:
                continue  # the name's own place as it stands
            need, _price = room_asked(mine, thing, wished, self.pitch)
            if need is None:
                continue
            theirs = drawing.extents[k]
            if drawing.parting(ours, theirs, range(4)).room >= need:
                continue
            free = drawing.free(ours, theirs)
            room = drawing.parting(ours, theirs, free, free).room if free else -math.inf
            if thing.kind == SEGMENT and wish.index in thing.points and room < 0:
                return math.inf
            total += need - room
            if total >= limit:
                return math.inf
        return total

