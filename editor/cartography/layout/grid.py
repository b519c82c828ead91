"""The octilinear grid graph the layout is drawn on: nodes `pitch` apart, hops in 8 directions.

Directions are numbered as "slots" on a 16-point compass, clockwise on screen starting east (y grows
downwards): even slots are the 8 octilinear ports, odd slots the knight moves (2, 1) in between. Knight
hops exist only for the rare place with more than 8 links (New York has one); everything else uses the
even slots, so every path is octilinear.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field

from editor.cartography.network import Point
from game.geometry import segment_intersection

SLOTS = 16
SLOT_VECTORS: tuple[tuple[int, int], ...] = (
    (1, 0), (2, 1), (1, 1), (1, 2), (0, 1), (-1, 2), (-1, 1), (-2, 1),
    (-1, 0), (-2, -1), (-1, -1), (-1, -2), (0, -1), (1, -2), (1, -1), (2, -1),
)  # fmt: skip
SLOT_ANGLE = [math.atan2(dy, dx) % (2 * math.pi) for dx, dy in SLOT_VECTORS]


def opposite(slot: int) -> int:
    return (slot + SLOTS // 2) % SLOTS


def slot_turn(a: int, b: int) -> int:
    """How far direction b turns from direction a, in 22.5° steps (0 = straight on, 8 = straight back)."""
    d = (b - a) % SLOTS
    return min(d, SLOTS - d)


def _crossed_offsets(dx: int, dy: int) -> list[tuple[tuple[int, int], int]]:
    """The octilinear hops (start offset, even slot) that a hop by (dx, dy) from (0, 0) crosses."""
    found = []
    for sx in range(min(0, dx) - 1, max(0, dx) + 2):
        for sy in range(min(0, dy) - 1, max(0, dy) + 2):
            for slot in range(0, SLOTS, 2):
                ox, oy = SLOT_VECTORS[slot]
                if segment_intersection((0, 0), (dx, dy), (sx, sy), (sx + ox, sy + oy)) is not None:
                    found.append(((sx, sy), slot))
    return found


CROSSED = [_crossed_offsets(dx, dy) if (slot % 4 == 2 or slot % 2 == 1) else [] for slot, (dx, dy) in
           enumerate(SLOT_VECTORS)]  # fmt: skip


@functools.lru_cache(maxsize=4)
def _topology(cols: int, rows: int, knights: bool) -> tuple[list[int], list[int], list[tuple[int, ...]]]:
    """Neighbours, hop ids and crossed hops of a cols × rows grid (shared by every grid of that shape)."""
    count = cols * rows
    neighbour = [-1] * (count * SLOTS)
    hop_key = [-1] * (count * SLOTS)
    crossed_keys: list[tuple[int, ...]] = [()] * (count * SLOTS)

    def node(c: int, r: int) -> int:
        return r * cols + c if 0 <= c < cols and 0 <= r < rows else -1

    slots = range(SLOTS) if knights else range(0, SLOTS, 2)
    for n in range(count):
        c, r = n % cols, n // cols
        for slot in slots:
            dx, dy = SLOT_VECTORS[slot]
            m = node(c + dx, r + dy)
            if m < 0:
                continue
            i = n * SLOTS + slot
            neighbour[i] = m
            hop_key[i] = n * count + m if n < m else m * count + n
            keys = set()
            for (sx, sy), s2 in CROSSED[slot]:
                a = node(c + sx, r + sy)
                b = node(c + sx + SLOT_VECTORS[s2][0], r + sy + SLOT_VECTORS[s2][1])
                if a >= 0 and b >= 0:
                    keys.add(a * count + b if a < b else b * count + a)
            if keys:
                crossed_keys[i] = tuple(sorted(keys))
    return neighbour, hop_key, crossed_keys


@dataclass(slots=True)
class Grid:
    """Node n = row * cols + col; node (0, 0) sits at `origin` in board pixels."""

    cols: int
    rows: int
    pitch: float
    origin: Point
    neighbour: list[int] = field(default_factory=list)  # [n * SLOTS + slot] → node, or -1 off the grid
    hop_key: list[int] = field(default_factory=list)  # [n * SLOTS + slot] → id of the undirected hop
    crossed_keys: list[tuple[int, ...]] = field(default_factory=list)  # hops that hop would cross

    knights: bool = False  # whether knight hops are needed at all (a place with more than 8 links)

    def __post_init__(self) -> None:
        self.neighbour, self.hop_key, self.crossed_keys = _topology(self.cols, self.rows, self.knights)

    @property
    def node_count(self) -> int:
        return self.cols * self.rows

    def node_at(self, col: int, row: int) -> int:
        if 0 <= col < self.cols and 0 <= row < self.rows:
            return row * self.cols + col
        return -1

    def key(self, a: int, b: int) -> int:
        return min(a, b) * self.node_count + max(a, b)

    def cell(self, n: int) -> tuple[int, int]:
        return n % self.cols, n // self.cols

    def point(self, n: int) -> Point:
        c, r = n % self.cols, n // self.cols
        return (self.origin[0] + c * self.pitch, self.origin[1] + r * self.pitch)

    def nearest_node(self, col: float, row: float) -> int:
        c = min(self.cols - 1, max(0, round(col)))
        r = min(self.rows - 1, max(0, round(row)))
        return r * self.cols + c
