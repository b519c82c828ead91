"""Where each station's name goes: the side of the station with the least in the way.

Placed once per board in world units (greedy, important stations first), so names do not jump
about when the player zooms.
"""

from __future__ import annotations

import math
from collections import defaultdict
from dataclasses import dataclass

from game.ui import style
from game.ui.board.metrics import BoardMetrics

# Candidate sides as (dx, dy) unit directions, in order of preference (right of the station first).
SIDES: tuple[tuple[float, float], ...] = (
    (1, 0), (-1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1), (0, -1), (0, 1),
)
REFERENCE_PX = 100  # the size names are measured at before scaling to world units


@dataclass(frozen=True, slots=True)
class Label:
    """Anchor point in world units and which side of the text touches it (-1 left/top, 0 centre, 1 right/bottom)."""

    x: float
    y: float
    align_x: int
    align_y: int


def _text_box(anchor: tuple[float, float], align: tuple[int, int], w: float,
              h: float) -> tuple[float, float, float, float]:
    ax, ay = anchor
    x0 = ax if align[0] < 0 else ax - w if align[0] > 0 else ax - w / 2
    y0 = ay if align[1] < 0 else ay - h if align[1] > 0 else ay - h / 2
    return (x0, y0, x0 + w, y0 + h)


def _ambiguity(metrics: BoardMetrics, own: int, box: tuple[float, ...]) -> float:
    """A penalty when the name's middle sits closer to another station than to its own one."""
    board = metrics.board
    node = board.nodes[own]
    middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    mine = math.dist(middle, (node.x, node.y))
    for other in board.nodes:
        if other.index != own and not other.waypoint and math.dist(middle, (other.x, other.y)) < mine * 0.9:
            return 5.0
    return 0.0


def label_boxes(metrics: BoardMetrics, labels: dict[int, Label]) -> list[tuple[float, float, float, float]]:
    """Each name's box in world units (x0, y0, x1, y1), at the reference name size."""
    font = style.font(REFERENCE_PX, "semibold")
    size = style.NAME_SIZE * metrics.unit
    boxes = []
    for index, label in labels.items():
        w, h = font.size(metrics.board.nodes[index].name)
        boxes.append(_text_box((label.x, label.y), (label.align_x, label.align_y), w / REFERENCE_PX * size,
                               h / REFERENCE_PX * size))
    return boxes


def place_labels(metrics: BoardMetrics) -> dict[int, Label]:
    """A label for every station (waypoints have no name on the map)."""
    board = metrics.board
    unit = metrics.unit
    size = style.NAME_SIZE * unit
    cell = unit * 0.5
    obstacles: dict[tuple[int, int], list[tuple[float, float]]] = defaultdict(list)

    def add_point(p: tuple[float, float]) -> None:
        obstacles[(int(p[0] // cell), int(p[1] // cell))].append(p)

    step = unit * 0.08
    for link in board.links:
        for a, b in zip(link.path, link.path[1:], strict=False):
            n = max(1, int(math.dist(a, b) / step))
            for k in range(n + 1):
                add_point((a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n))
    for node in board.nodes:
        r = metrics.radius[node.index]
        for k in range(8):
            angle = k * math.pi / 4
            add_point((node.x + math.cos(angle) * r, node.y + math.sin(angle) * r))
        add_point((node.x, node.y))

    placed: list[tuple[float, ...]] = []

    def crowding(box: tuple[float, ...]) -> float:
        x0, y0, x1, y1 = box
        hits = 0
        for cx in range(int(x0 // cell), int(x1 // cell) + 1):
            for cy in range(int(y0 // cell), int(y1 // cell) + 1):
                hits += sum(1 for (px, py) in obstacles.get((cx, cy), ()) if x0 <= px <= x1 and y0 <= py <= y1)
        for other in placed:
            if x0 < other[2] and other[0] < x1 and y0 < other[3] and other[1] < y1:
                hits += 40
        return hits

    font = style.font(REFERENCE_PX, "semibold")
    order = sorted((n for n in board.nodes if not n.waypoint),
                   key=lambda n: (not n.destination, -len(board.links_at[n.index]), n.index))
    labels: dict[int, Label] = {}
    for node in order:
        width_px, height_px = font.size(node.name)
        w = width_px / REFERENCE_PX * size
        h = height_px / REFERENCE_PX * size * 0.82
        gap = metrics.radius[node.index] + unit * 0.05
        best: tuple[float, Label, tuple[float, ...]] | None = None
        for rank, (dx, dy) in enumerate(SIDES):
            d = math.hypot(dx, dy)
            anchor = (node.x + dx / d * gap, node.y + dy / d * gap)
            align = (-int(dx) if dx else 0, -int(dy) if dy else 0)
            box = _text_box(anchor, align, w, h)
            cost = crowding(box) + rank * 0.6 + _ambiguity(metrics, node.index, box)
            if best is None or cost < best[0]:
                best = (cost, Label(anchor[0], anchor[1], align[0], align[1]), box)
        assert best is not None
        labels[node.index] = best[1]
        placed.append(best[2])
    return labels
