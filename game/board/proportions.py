"""How big the things on a board are drawn, in board pixels: one set of numbers for every reader.

The screens draw stations, track beds and feature badges at these sizes, and the authoring tools keep
station names clear of exactly these shapes (docs/contracts.md §1b), so the two can never disagree about
what a name may touch. Sizes are fractions of the board's unit, the median link length, so a sparse
board and a dense one look alike; badges are measured in the name font's em instead, because they sit
inside a name's box, in front of its first line.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import median
from typing import TYPE_CHECKING

from game.geometry import Point

if TYPE_CHECKING:  # the model never imports this module: no circle
    from game.board.model import Board

BOARD_SIZE = (1920.0, 1320.0)  # a new board's frame: the play screen's map area has this shape, so at fit the
# board fills it (no empty band) and its names get all the room the screen gives them
SLOT_PITCH = 0.085  # distance between parallel track spaces
SLOT_WIDTH = 0.068  # a track space's width
BED_EDGE = 0.014  # the bed's border around the spaces
STATION_RADIUS = 0.095
STATION_RING = 0.028
WAYPOINT_RADIUS = 0.06
BADGE_EM = 0.9  # a feature badge's side, in em of the station-name font
BADGE_GAP_EM = 0.2  # space after each badge, before the next badge or the name


def unit_of(lengths: Sequence[float], width: float, height: float) -> float:
    """The median of the link lengths (straight, end to end): all board proportions are fractions of it."""
    positive = [value for value in lengths if value > 0]
    if positive:
        return float(median(positive))
    return max(width, height, 1.0) / 20


def link_lengths(ends: Sequence[tuple[Point, Point]]) -> list[float]:
    """End-to-end lengths of links given as (a, b) centre pairs."""
    return [math.dist(a, b) for a, b in ends]


def slot_pitch(unit: float) -> float:
    return SLOT_PITCH * unit


def bed_half_width(spaces: int, unit: float) -> float:
    """Half the width of a link's bed of `spaces` parallel track spaces: what lies either side of its path."""
    return spaces * slot_pitch(unit) / 2 + BED_EDGE * unit


def node_radius(waypoint: bool, widest_spaces: int, unit: float) -> float:
    """A node's disc: big enough to cover the widest link ending there, so track ends under it."""
    base = (WAYPOINT_RADIUS if waypoint else STATION_RADIUS) * unit
    return max(base, bed_half_width(widest_spaces, unit) + STATION_RING * unit * 0.6)


def badge_advance(label_px: float) -> float:
    """How far one feature badge pushes a name's first line along (its side and the gap after it)."""
    return (BADGE_EM + BADGE_GAP_EM) * label_px


def board_unit(board: Board) -> float:
    """A board's unit: the median of its links' end-to-end lengths."""
    nodes = board.nodes
    ends = [((nodes[link.a].x, nodes[link.a].y), (nodes[link.b].x, nodes[link.b].y)) for link in board.links]
    return unit_of(link_lengths(ends), board.width, board.height)


def node_radii(board: Board, unit: float | None = None) -> tuple[float, ...]:
    """Every node's disc radius on this board."""
    unit = board_unit(board) if unit is None else unit
    widest = [1] * len(board.nodes)
    for link in board.links:
        for end in (link.a, link.b):
            widest[end] = max(widest[end], link.spaces)
    return tuple(node_radius(node.waypoint, widest[node.index], unit) for node in board.nodes)


def badges_of(railway: bool, plus: bool, tile: bool) -> int:
    """How many feature badges lead a station's name: railway, "+", and one slot for its tile."""
    return int(railway) + int(plus) + int(tile)


# ----- a terminus's bar: a T-end across its line, drawn by the screens and kept clear by the names -----

TERMINUS_BAR = 1.5  # the bar's thickness, in station rings
TERMINUS_HALF_LENGTH = 1.15  # half its length (without its round caps), in station radii
TERMINUS_SET_OUT = 0.2  # how far its middle sits beyond the disc, in bar thicknesses


def terminus_bar_width(unit: float) -> float:
    return TERMINUS_BAR * STATION_RING * unit


def first_step(path: Sequence[Point]) -> Point | None:
    """The unit direction a path leaves its first point in (None for a path that goes nowhere)."""
    (x0, y0), (x1, y1) = path[0], path[1]
    length = math.hypot(x1 - x0, y1 - y0)
    return ((x1 - x0) / length, (y1 - y0) / length) if length > 1e-9 else None


def leaving(board: Board, node: int) -> list[Point]:
    """The first steps of every link leaving `node`, as drawn."""
    return [step for k in board.links_at[node] if (step := first_step(board.links[k].path_from(node))) is not None]


def outward(leaving: Sequence[Point]) -> Point:
    """The unit direction away from a node's links (`leaving`: their first steps): where a terminus bar
    goes. Where they cancel out (lines ending from both sides), square to the first of them, to the west
    or straight up, so the bar crosses no track; straight up for a node with no links."""
    sx = -sum(ux for ux, _ in leaving)
    sy = -sum(uy for _, uy in leaving)
    length = math.hypot(sx, sy)
    if length > 1e-6:
        return (sx / length, sy / length)
    if not leaving:
        return (0.0, -1.0)
    ux, uy = leaving[0]
    return min((uy, -ux), (-uy, ux), key=lambda d: (round(d[0], 6), round(d[1], 6)))  # westmost, then topmost


def terminus_bar(centre: Point, away: Point, radius: float, width: float) -> tuple[Point, Point]:
    """The ends of the bar's centre line (each with a round cap of `width` / 2): across the line, just
    beyond the disc of `radius`, in the unit direction `away`."""
    ox, oy = away
    mx, my = centre[0] + ox * (radius + width * TERMINUS_SET_OUT), centre[1] + oy * (radius + width * TERMINUS_SET_OUT)
    half = radius * TERMINUS_HALF_LENGTH
    return (mx - oy * half, my + ox * half), (mx + oy * half, my - ox * half)
