"""Board measurements the renderer derives once per board: its unit, station sizes, slot paths, bounds."""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property

from game import geometry
from game.board import proportions
from game.board.model import Board
from game.ui import style

Point = tuple[float, float]
Rect = tuple[float, float, float, float]


@dataclass
class BoardMetrics:
    """Everything about a board's geometry that does not depend on zoom, computed once."""

    board: Board

    @cached_property
    def unit(self) -> float:
        """The median link length: all board proportions are fractions of it."""
        return proportions.board_unit(self.board)

    @property
    def pitch(self) -> float:
        return proportions.slot_pitch(self.unit)

    @property
    def slot_width(self) -> float:
        return proportions.SLOT_WIDTH * self.unit

    def slot_offset(self, spaces: int, slot: int) -> float:
        """Sideways offset of a track space from the link's drawn path, spaces centred on it."""
        return (slot - (spaces - 1) / 2) * self.pitch

    @cached_property
    def slot_paths(self) -> tuple[tuple[tuple[Point, ...], ...], ...]:
        """For each link, the centre line of each of its spaces, in world coordinates."""
        return tuple(
            tuple(tuple(geometry.offset_polyline(link.path, self.slot_offset(link.spaces, k)))
                  for k in range(link.spaces))
            for link in self.board.links
        )

    def bed_half_width(self, spaces: int) -> float:
        return proportions.bed_half_width(spaces, self.unit)

    @cached_property
    def radius(self) -> tuple[float, ...]:
        """Each node's disc radius: big enough to cover the widest link ending there."""
        return proportions.node_radii(self.board, self.unit)

    @cached_property
    def outward(self) -> tuple[Point, ...]:
        """Each node's unit direction away from its links: where a terminus bar goes."""
        return tuple(proportions.outward(proportions.leaving(self.board, node.index)) for node in self.board.nodes)

    @cached_property
    def content(self) -> Rect:
        """The world rectangle holding every node and link path."""
        points = [(n.x, n.y) for n in self.board.nodes]
        points += [p for link in self.board.links for p in link.path]
        if not points:
            return (0.0, 0.0, max(self.board.width, 1.0), max(self.board.height, 1.0))
        return geometry.bounding_rect(points)

    @cached_property
    def bounds(self) -> Rect:
        """What fitting shows: the content with room for names around it (the board sheet if declared)."""
        x, y, w, h = self.content
        pad = self.unit * 0.9
        x0, y0, x1, y1 = x - pad, y - pad, x + w + pad, y + h + pad
        return (x0, y0, x1 - x0, y1 - y0)

    def fitted(self, name_boxes: Iterable[Rect]) -> Rect:
        """What fitting shows: every station's disc with its ring and every name (`name_boxes`, the board's
        own at the clear scale), with a hair of room. No blind margin is kept for the names: a fitted board
        is as large as the screen allows, which is what makes its names readable from the sofa."""
        x, y, w, h = self.content
        pad = max(self.radius, default=0.0) + style.STATION_RING * self.unit * 2
        points = [(x - pad, y - pad), (x + w + pad, y + h + pad)]
        for x0, y0, bw, bh in name_boxes:
            points += [(x0, y0), (x0 + bw, y0 + bh)]
        return geometry.bounding_rect(points)

    def node_at(self, point: Point, slack: float = 1.3) -> int | None:
        """The node whose disc (a little enlarged) holds a world point."""
        best, best_d = None, float("inf")
        for node in self.board.nodes:
            d = math.dist(point, (node.x, node.y))
            if d <= self.radius[node.index] * slack and d < best_d:
                best, best_d = node.index, d
        return best
