"""The layout moved by one linear program to give wished names their room (`spread`).

Each point has an x and a y column, each within REACH of where it is and on the board less its margin (a
pinned place stays). Each segment keeps its direction and orientation (a horizontal one its y alike at both
ends, a 45° one its x and y growing alike) and at least LEAST_SEGMENT of length, or what it has. Every pair
of things near each other keeps the side of the axis that parts them most now, with the room it has, up to
the room the rules ask (stations MIN_SPACING apart, a link CLEARANCE pitches from a station it passes, two
links SEGMENT_ROOM apart, a name 1 px from anything); two things only apart by less than that along every
axis (round the end of a link) keep what they have along each axis they are apart on, so that they cannot
slide round the corner. A name box keeps on the board, or no further off it than it is.

A wished name's pairs short of the room the rules ask (another station's ring as near its box as its own, a
link or a name across it, the board's edge) ask for it at the wish's price per px short, along the axis that
parts them most of those the layout can part them along, the way round their stations lie (`Drawing.free`).
The program takes the layout short of least room, priced, then moved least (a px of one coordinate costs 1).
Things further apart than the most two points can come nearer (2√2 REACH) plus the room they need are not
paired: they cannot meet. Of the pairs that are, those LAZY_ROOM or more further apart than they ask are lazy
rows (`Program`): on Berlin's 117 stations 12,000 of 14,000 rows, of which a few dozen bind. The pairs' rows
are pairs.py's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

from editor.cartography.layout.areas import carry_areas
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.river import river_banks
from editor.cartography.metro.scene import NameScene
from editor.cartography.network import Area, Frame, Point, Schematic
from editor.cartography.spread.drawing import (
    AXES,
    BOX,
    HORIZONTAL,
    SLANTED,
    VERTICAL,
    Drawing,
    Wish,
)
from editor.cartography.spread.pairs import REACH, hold, keep_apart
from editor.cartography.spread.program import Program
from game.geometry import Box, band

LEAST_SEGMENT = 8.0  # px: a segment may shrink to this, no further (or as short as it is)
BOARD_PAD = 1.0  # px a name keeps from the board's edge
MOVE_COST = 1.0  # per px a coordinate moves
EDGE_SLACK = 1e-6  # px: a river's point this near the board's edge runs off it there


@dataclass(frozen=True, slots=True)
class Spread:
    """The layout moved, and how much room (px, summed over what it meets) each wished name is still short of."""

    schematic: Schematic
    short: dict[int, float]


def spread(request: MapRequest, schematic: Schematic, scene: NameScene, boxes: Mapping[int, Box],
           wishes: Sequence[Wish], rivers: Mapping[int, Sequence[Point]] | None = None) -> Spread | None:
    """The layout moved to give the `wishes` room (see the notes); `boxes` are every name's box at the clear
    scale as it stands, a wished name's replaced by its wish. The `rivers` (each water area's course as river.py
    redraws it, by area) move with the links they cross, and every station keeps its side of them and RIVER_ROOM
    from their middle: each is drawn on the new layout along its course moved so (river.py keeps a course that
    still runs so). None where the program finds no layout."""
    network = request.network
    wished = {wish.index: wish for wish in wishes}
    drawing = Drawing(network.tracks, schematic, scene, {**boxes, **{i: w.box for i, w in wished.items()}}, rivers)
    program = Program()
    frame = request.frame
    for i, point in enumerate(drawing.points):
        pinned = i < len(network.places) and network.places[i].pinned
        river = i >= drawing.first_river_point
        for axis, size in ((0, frame.width), (1, frame.height)):
            program.column(*_range(point[axis], size, 0.0 if river else frame.margin, pinned))
    _segments(program, drawing)
    for held, a, b, t in drawing.river_holds:  # where the river crosses a link, it stays on it
        for axis in (0, 1):
            program.row({2 * held + axis: 1.0, 2 * a + axis: t - 1.0, 2 * b + axis: -t}, 0.0, 0.0)
    for k in drawing.rigid:
        for a, b in pairwise(drawing.paths[k]):
            hold(program, drawing.points, a, b)
    shorts: dict[int, list[int]] = {}  # each wished name's columns of px short
    keep_apart(program, drawing, wished, schematic.pitch, shorts)
    _on_board(program, drawing, wished, request.frame, shorts)
    for i, point in enumerate(drawing.points):
        for axis in (0, 1):  # moved = |coordinate - where it is|
            moved = program.column(0.0, math.inf, MOVE_COST)
            program.row({2 * i + axis: 1.0, moved: -1.0}, -math.inf, point[axis])
            program.row({2 * i + axis: 1.0, moved: 1.0}, point[axis])
    solution = program.solve()
    if solution is None:
        return None
    points = [(solution[2 * i], solution[2 * i + 1]) for i in range(len(drawing.points))]
    positions = tuple(points[:len(network.places)])
    paths = tuple(tuple(points[v] for v in ids) for ids in drawing.paths)
    bends = [v for ids in drawing.paths for v in ids[1:-1]]
    areas = list(carry_areas(schematic.areas, schematic.positions, positions, [drawing.points[v] for v in bends],
                             [points[v] for v in bends], schematic.pitch, (frame.width, frame.height)))
    for area, course in drawing.courses.items():
        areas[area] = Area(areas[area].kind, tuple(band([points[v] for v in course], *river_banks(schematic.pitch))),
                           areas[area].name)
    return Spread(Schematic(positions, paths, tuple(areas), schematic.pitch, schematic.notes, schematic.origin),
                  {index: sum(solution[c] for c in shorts.get(index, ())) for index in wished})


def _range(value: float, size: float, margin: float, pinned: bool) -> tuple[float, float]:
    """Where a coordinate may go: within REACH of `value`, on the board less its margin (or no further off
    it than it is); a pinned place's nowhere else, nor a river's end off the board's edge."""
    if pinned or (margin == 0.0 and (abs(value) < EDGE_SLACK or abs(value - size) < EDGE_SLACK)):
        return value, value
    return max(value - REACH, min(value, margin)), min(value + REACH, max(value, size - margin))


def _segments(program: Program, drawing: Drawing) -> None:
    """Each segment keeps its direction, its orientation and some length (see the notes)."""
    points = drawing.points
    for a, b, way in drawing.segments:
        (ax, ay), (bx, by) = points[a], points[b]
        dx, dy = bx - ax, by - ay
        sx, sy = (1.0 if dx > 0 else -1.0), (1.0 if dy > 0 else -1.0)
        if way == SLANTED:  # kept as it is
            program.row({2 * b: 1.0, 2 * a: -1.0}, dx, dx)
            program.row({2 * b + 1: 1.0, 2 * a + 1: -1.0}, dy, dy)
        elif way == HORIZONTAL:
            program.row({2 * a + 1: 1.0, 2 * b + 1: -1.0}, 0.0, 0.0)
            program.row({2 * b: sx, 2 * a: -sx}, min(abs(dx), LEAST_SEGMENT))
        elif way == VERTICAL:
            program.row({2 * a: 1.0, 2 * b: -1.0}, 0.0, 0.0)
            program.row({2 * b + 1: sy, 2 * a + 1: -sy}, min(abs(dy), LEAST_SEGMENT))
        else:  # 45°: x and y grow alike
            program.row({2 * b: sx, 2 * a: -sx, 2 * b + 1: -sy, 2 * a + 1: sy}, 0.0, 0.0)
            program.row({2 * b: sx, 2 * a: -sx}, min(abs(dx), LEAST_SEGMENT * AXES[2][0]))


def _on_board(program: Program, drawing: Drawing, wished: Mapping[int, Wish], frame: Frame,
              shorts: dict[int, list[int]]) -> None:
    """Every name box keeps on the board (BOARD_PAD from its edge) or no further off it than it is; a wished
    box asks to be on it, at its price per px off."""
    for thing in drawing.things:
        if thing.kind != BOX:
            continue
        (p,) = thing.points
        wish = wished.get(thing.owner)
        for axis, size in ((0, frame.width), (1, frame.height)):
            values = [corner[axis] for corner in thing.corners]
            # each side as sign * coordinate + offset >= edge: the box's low side past the board's low edge,
            # its high side short of the high edge
            for sign, offset, edge in ((1.0, min(values), BOARD_PAD), (-1.0, -max(values), BOARD_PAD - size)):
                now = sign * drawing.points[p][axis] + offset
                terms = {2 * p + axis: sign}
                if now >= edge or wish is None:
                    program.row(terms, min(edge, now) - offset)
                else:
                    short = program.column(0.0, math.inf, wish.price)
                    shorts.setdefault(thing.owner, []).append(short)
                    terms[short] = 1.0
                    program.row(terms, edge - offset)
