"""Which way a destination pin leans: straight up, unless that would hide a name.

A face-up destination card stands a pin on its station. Standing straight up, it covers whatever is set
above the station — often the station's own name, which the players then cannot read while it is their
goal. So the pin leans to the clearest of a few directions: it covers as little name text (its own and
its neighbours') and as few other stations as it can, does not lean over towards another station (where
it would read as that one's pin), and leans as little as it must.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game.board.model import Board
from game.geometry import Box, box_inside, box_point_distance, boxes_overlap
from game.ui.board.labels import BoardNames

# Clockwise from up, the least lean first, so that of equal choices the pin stands straightest. The in-between
# angles (60, 100, 155) find a gap between crowded names that the coarser steps miss.
LEANS = tuple(math.radians(d) for d in (0, -40, 40, -60, 60, -80, 80, -100, 100, -125, 125, -155, 155, 180))
MIN_HEAD_PX = 7.0  # a pin's head radius on screen, at the least: a small station's pin stays visible
HEAD_REACH = 2.1  # the head's centre, in head radii from the station's centre along the pin
LIFT = 0.2  # the tip, in station radii from the station's centre along the pin
_LEAN_COST = 0.05  # what leaning a full turn costs, against covering one name: ties go to the smaller lean
_ASTRAY_COST = 0.75  # a head nearer another station than its own: it reads as that station's pin


@dataclass(frozen=True)
class PinShape:
    """A pin in board coordinates: where its tip and head are, and the head's radius."""

    tip: tuple[float, float]
    head: tuple[float, float]
    radius: float
    lean: float  # radians, clockwise from straight up


def head_radius(station_radius: float, scale: float) -> float:
    """A pin's head radius in board px, on a station of `station_radius`, drawn at zoom `scale`."""
    return max(MIN_HEAD_PX / scale, station_radius * 0.95)


def pin_shape(x: float, y: float, station_radius: float, head_radius: float, lean: float) -> PinShape:
    """The pin standing on a station at (x, y), leaning `lean` radians from straight up."""
    ux, uy = math.sin(lean), -math.cos(lean)
    tip = (x + ux * station_radius * LIFT, y + uy * station_radius * LIFT)
    head = (tip[0] + ux * head_radius * (HEAD_REACH - LIFT), tip[1] + uy * head_radius * (HEAD_REACH - LIFT))
    return PinShape(tip, head, head_radius, lean)


def _head_box(shape: PinShape) -> Box:
    x, y = shape.head
    return (x - shape.radius, y - shape.radius, 2 * shape.radius, 2 * shape.radius)


def _covers(shape: PinShape, box: Box) -> float:
    """How much of the pin is over the box: the head counts fully, the stem's middle half as much. The head
    counts by its square, not its disc: one grazing a name's corner reads as touching it."""
    mx, my = (shape.head[0] + shape.tip[0]) / 2, (shape.head[1] + shape.tip[1]) / 2
    head = boxes_overlap(_head_box(shape), box)
    stem = box_point_distance(box, mx, my) < shape.radius * 0.5
    return float(head) + 0.5 * float(stem)


def lean_for(board: Board, names: BoardNames, station: int, head_radius: float, name_scale: float,
             radii: Sequence[float]) -> PinShape:
    """The pin on `station` leaning the way that hides the least: names (at `name_scale`) and stations."""
    node = board.nodes[station]
    reach = head_radius * (HEAD_REACH + 1) + radii[station]
    near = [(index, names.box(index, name_scale)) for index in names.stations()]
    near = [(index, box) for index, box in near if box_point_distance(box, node.x, node.y) < reach]
    discs = [(other.x, other.y, radii[other.index]) for other in board.nodes
             if other.index != station and math.hypot(other.x - node.x, other.y - node.y) < reach + radii[other.index]]
    rivals = [(other.x, other.y) for other in board.nodes if other.index != station and not other.waypoint
              and math.hypot(other.x - node.x, other.y - node.y) < 2 * reach]
    best: PinShape | None = None
    best_cost = math.inf
    for lean in LEANS:
        shape = pin_shape(node.x, node.y, radii[station], head_radius, lean)
        cost = sum(_covers(shape, box) for _, box in near)
        cost += sum(1.0 for x, y, r in discs if math.hypot(shape.head[0] - x, shape.head[1] - y) < r + shape.radius)
        own = math.hypot(shape.head[0] - node.x, shape.head[1] - node.y)
        cost += sum(_ASTRAY_COST for x, y in rivals if math.hypot(shape.head[0] - x, shape.head[1] - y) < own)
        if not box_inside(_head_box(shape), (0.0, 0.0, board.width, board.height)):
            cost += 0.5
        cost += _LEAN_COST * abs(lean) / math.pi
        if cost < best_cost:
            best, best_cost = shape, cost
    assert best is not None
    return best
