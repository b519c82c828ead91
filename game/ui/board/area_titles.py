"""Where the title of an area is written: a district's (cluster's) name, a park's or a river's.

Titles used to sit at a fixed point (the top of a district's outline, the middle of a park), where they
often ran under station names, discs and track: "BROOKLYN" under Clark St. A printed map writes them in
the clearest open space of the area, so this picks, from a grid of spots inside the outline, the one whose
text box covers the least of the station names, discs and track beds, nearest the middle on a tie. A
title of several words may also be set on two lines ("LOWER" over "MANHATTAN"), which fits between names
where one long line cannot; one line wins unless two clear something. Computed once per board, in board
px, for the largest the title is drawn at (the text shrinks about its centre when zoomed in, so a spot
clear at that size stays clear).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from game import geometry
from game.board.legibility import name_obstacles
from game.board.model import Board
from game.board.text_metrics import name_metrics
from game.geometry import Box, box_point_distance, box_segment_distance

Point = tuple[float, float]

GRID = 11  # spots across and down the area's bounding box (and a title's height round it)
REFINED = 3  # the clearest grid spots looked at again...
FINE = 3  # ...in steps of a third of a grid cell, across a cell round each
NAME_WEIGHT = 10.0  # a title over a station name is the worst: two texts on top of each other
DISC_WEIGHT = 3.0
TRACK_WEIGHT = 1.5  # per link segment crossed: the track is drawn over the title
OUTSIDE_COST = 1.0  # a title beside its area rather than in it, plus a little per title height away
CAPS_WIDTH = 1.12  # a bold capital title is wider than the name font's mixed case measures
TWO_LINES_COST = 1.0  # a title broken onto two lines reads a little less at once than one line


def title_box(centre: Point, size: tuple[float, float]) -> Box:
    return (centre[0] - size[0] / 2, centre[1] - size[1] / 2, size[0], size[1])


def title_size(text: str, height: float, capitals: bool) -> tuple[float, float]:
    """The box (board px) a title `height` board px high takes."""
    width, _ = name_metrics().size(text.upper() if capitals else text, height)
    return (width * (CAPS_WIDTH if capitals else 1.0), height)


def title_layouts(text: str) -> list[tuple[str, ...]]:
    """The ways a title can be set: on one line, and for several words on two, broken at the space that
    makes the lines most even."""
    words = text.split()
    if len(words) < 2:
        return [(text,)]
    splits = [(" ".join(words[:k]), " ".join(words[k:])) for k in range(1, len(words))]
    return [(text,), min(splits, key=lambda lines: abs(len(lines[0]) - len(lines[1])))]


def lines_size(lines: Sequence[str], height: float, capitals: bool) -> tuple[float, float]:
    """The box (board px) of a title set in `lines`, each `height` board px high."""
    return (max(title_size(line, height, capitals)[0] for line in lines), height * len(lines))


@dataclass(frozen=True)
class TitleSpot:
    """Where a title is written: the centre of its box, and its lines."""

    centre: Point
    lines: tuple[str, ...]


Disc = tuple[float, float, float]
Track = tuple[tuple[Point, Point], float]  # a segment of a link and its bed's half width


@dataclass(frozen=True)
class Covered:
    """What a title must not cover: station name boxes, discs, link beds."""

    names: tuple[Box, ...]
    discs: tuple[Disc, ...]
    tracks: tuple[Track, ...]

    def within(self, region: Box) -> Covered:
        """Only what reaches into `region`: a title inside it can touch nothing else."""
        return Covered(tuple(b for b in self.names if geometry.boxes_overlap(b, region)),
                       tuple(d for d in self.discs if box_point_distance(region, d[0], d[1]) < d[2]),
                       tuple(t for t in self.tracks if box_segment_distance(region, *t[0][0], *t[0][1]) < t[1]))

    def cost(self, box: Box) -> float:
        """How much of the map a title in `box` would cover: overlapped names (more for more of their area),
        discs it covers and link segments it crosses."""
        x, y, w, h = box
        area = max(1.0, w * h)
        cost = 0.0
        for nx, ny, nw, nh in self.names:
            dx = min(x + w, nx + nw) - max(x, nx)
            dy = min(y + h, ny + nh) - max(y, ny)
            if dx > 0 and dy > 0:
                cost += NAME_WEIGHT * (1.0 + dx * dy / area)
        for cx, cy, radius in self.discs:
            if box_point_distance(box, cx, cy) < radius:
                cost += DISC_WEIGHT
        for ((ax, ay), (bx, by)), half in self.tracks:
            if box_segment_distance(box, ax, ay, bx, by) < half:
                cost += TRACK_WEIGHT
        return cost


class AreaTitles:
    """The clear spot of each area's title on one board, found once and kept."""

    def __init__(self, board: Board, name_boxes: Sequence[Box]) -> None:
        obstacles = name_obstacles(board)
        self.covered = Covered(tuple(name_boxes), tuple((d.x, d.y, d.radius) for d in obstacles.discs),
                               tuple((segment, t.half_width) for t in obstacles.tracks
                                     for segment in zip(t.path, t.path[1:], strict=False)))
        self.sheet = (0.0, 0.0, board.width, board.height)
        self._spots: dict[tuple[tuple[Point, ...], str, float, bool], TitleSpot] = {}

    def spot(self, outline: Sequence[Point], text: str, height: float, capitals: bool,
             fallback: Point) -> TitleSpot:
        """Where the title `text`, `height` board px a line, goes in the area `outline`, on one line or two
        (`fallback`, on one line, when nothing inside is clearer)."""
        key = (tuple(outline), text, height, capitals)
        if key not in self._spots:
            best = TitleSpot(fallback, (text,))
            best_cost = math.inf
            for extra, lines in enumerate(title_layouts(text)):
                size = lines_size(lines, height, capitals)
                centre, cost = self._best(list(outline), size, fallback if not extra else None)
                cost += extra * TWO_LINES_COST
                if cost < best_cost:
                    best, best_cost = TitleSpot(centre, lines), cost
            self._spots[key] = best
        return self._spots[key]

    def _best(self, outline: list[Point], size: tuple[float, float], fallback: Point | None) -> tuple[Point, float]:
        """The clearest centre for a title box of `size`, and what it covers (`fallback`, if any, unless
        beaten; with none, a cost beyond any spot's when no spot fits on the board)."""
        x, y, w, h = geometry.bounding_rect(outline)
        x, y, w, h = x - size[1], y - size[1], w + 2 * size[1], h + 2 * size[1]  # a title may sit just outside
        anchor = fallback if fallback is not None else (x + w / 2, y + h / 2)
        left, top = min(x, anchor[0]) - size[0], min(y, anchor[1]) - size[1]
        right, bottom = max(x + w, anchor[0]) + size[0], max(y + h, anchor[1]) + size[1]
        near = self.covered.within((left, top, right - left, bottom - top))
        best, best_cost = anchor, math.inf
        if fallback is not None:
            best_cost = near.cost(title_box(fallback, size)) + 0.5  # the old spot, unless beaten
        coarse = [(x + w * (i + 0.5) / GRID, y + h * (j + 0.5) / GRID) for i in range(GRID) for j in range(GRID)]
        tried = sorted((cost, centre) for centre in coarse
                       if (cost := self._cost(near, outline, centre, size)) < math.inf)
        # The grid is coarse: round the few clearest spots, look again in finer steps.
        step_x, step_y = w / GRID / FINE, h / GRID / FINE
        reach = FINE // 2
        for _, (cx, cy) in tried[:REFINED]:
            for i in range(-reach, reach + 1):
                for j in range(-reach, reach + 1):
                    centre = (cx + i * step_x, cy + j * step_y)
                    tried.append((self._cost(near, outline, centre, size), centre))
        for cost, centre in tried:
            if cost < best_cost:
                best, best_cost = centre, cost
        return best, best_cost

    def _cost(self, near: Covered, outline: list[Point], centre: Point, size: tuple[float, float]) -> float:
        """What a title centred here covers, plus its distance outside the area (inf off the board)."""
        box = title_box(centre, size)
        if not geometry.box_inside(box, self.sheet):
            return math.inf
        cost = near.cost(box)
        if not geometry.point_in_polygon(centre, outline):
            cost += OUTSIDE_COST + geometry.polygon_boundary_distance(centre, outline) / size[1]
        return cost
