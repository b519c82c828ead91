"""Where the title of an area is written: a district's (cluster's) name, a park's or a river's.

Titles used to sit at a fixed point (the top of a district's outline, the middle of a park), where they
often ran under station names, discs and track: "BROOKLYN" under Clark St. A printed map writes them in
the clearest open space of the area, so this picks, from a grid of spots inside the outline, the one whose
text box covers the least of the station names, discs and track beds, nearest the middle on a tie. A
title of several words may also be set on two lines ("LOWER" over "MANHATTAN"), which fits between names
where one long line cannot; one line wins unless two clear something. Computed once per board and size the
names are drawn at, in board px, for the largest the title is drawn at (the text shrinks about its centre
when zoomed in, so a spot clear at that size stays clear).

A title must never hide a station: its disc (with a margin) and its name (as drawn where the title is: grown
at larger text sizes) weigh far more than anything else, and the title stays inside the map the view fits;
with no spot clear of them it is left out. A park's or water's title, painted under the track, stays within
two heights of its area and weighs a track crossing more (through its middle more still); where the track
still cuts through its middle (`Covered.cuts_middle`) the painter leaves it out. A title beside its area is
never across water from it (a small Manhattan district's title was written in New Jersey).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from game import geometry
from game.board.legibility import name_obstacles
from game.board.model import Board
from game.board.name_clearance import crosses_water
from game.geometry import Box, box_point_distance, box_segment_distance
from game.ui import style

Point = tuple[float, float]

GRID = 11  # spots across and down the area's bounding box (and a title's height round it)
REFINED = 3  # the clearest grid spots looked at again...
FINE = 3  # ...in steps of a third of a grid cell, across a cell round each
HIDDEN = 100.0  # a title over a station's disc or name: taken only when no spot is clear
NAME_WEIGHT = 10.0  # and more for more of the name covered: two texts on top of each other
DISC_WEIGHT = 3.0
TRACK_WEIGHT = 1.5  # per link segment crossed by a district's title, drawn over the track with a halo...
UNDER_TRACK_WEIGHT = 20.0  # ...a park's or water's is painted under it and cut: worse than sitting beside
# its area, and twice that through the middle half of its width (an end clipped at this size is often
# clear at the play screen's, where the title is smaller on the map)
OUTSIDE_COST = 1.0  # a title beside its area rather than in it, plus a little per title height away
CLEARANCE = 0.25  # of a title's height, kept off discs: a disc is drawn at least 5.5 px wide (names have halos)
HALO = 0.12  # of a district title's height, its halo on either side (static_layer draws it so)
MEASURE_PX = 100  # the size the title's own font is measured at, then scaled
NEAR = 2.0  # title heights a title may sit beside its area
TWO_LINES_COST = 1.0  # a title broken onto two lines reads a little less at once than one line


def title_box(centre: Point, size: tuple[float, float]) -> Box:
    return (centre[0] - size[0] / 2, centre[1] - size[1] / 2, size[0], size[1])


def title_size(text: str, height: float, capitals: bool) -> tuple[float, float]:
    """The box (board px) a title `height` board px high takes, measured in the face it is drawn in (bold
    capitals with a halo, or italic), not the narrower station-name face."""
    if capitals:
        width = style.font(MEASURE_PX, "bold").size(text.upper())[0] / MEASURE_PX + 2 * HALO
    else:
        width = style.font(MEASURE_PX, "italic").size(text)[0] / MEASURE_PX
    return (width * height, height)


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
    return (max((title_size(line, height, capitals)[0] for line in lines), default=0.0), height * len(lines))


@dataclass(frozen=True)
class TitleSpot:
    """Where a title is written: the centre of its box, and its lines (none: the title is left out)."""

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

    def cuts_middle(self, box: Box) -> bool:
        """Whether a link's bed crosses the middle half of a title in `box` (one painted under the track)."""
        return not self.clear_of_track(_middle_half(box))

    def clear_of_track(self, box: Box) -> bool:
        """Whether no link's bed touches the box: a title painted under the track shows whole."""
        return not any(box_segment_distance(box, ax, ay, bx, by) < half for ((ax, ay), (bx, by)), half in self.tracks)

    def cost(self, box: Box, margin: float = 0.0, under_track: bool = False) -> float:
        """How much of the map a title in `box` would hide: names it overlaps (more for more of their area)
        and discs it comes within `margin` of, each far beyond anything else, and link segments it crosses
        (far more when the title is painted under the track)."""
        x, y, w, h = box
        area = max(1.0, w * h)
        cost = 0.0
        for nx, ny, nw, nh in self.names:
            dx = min(x + w, nx + nw) - max(x, nx)
            dy = min(y + h, ny + nh) - max(y, ny)
            if dx > 0 and dy > 0:
                cost += HIDDEN + NAME_WEIGHT * dx * dy / area
        for cx, cy, radius in self.discs:
            if box_point_distance(box, cx, cy) < radius + margin:
                cost += HIDDEN + DISC_WEIGHT
        middle = _middle_half(box)
        for ((ax, ay), (bx, by)), half in self.tracks:
            if box_segment_distance(box, ax, ay, bx, by) < half:
                if not under_track:
                    cost += TRACK_WEIGHT
                else:
                    cost += UNDER_TRACK_WEIGHT * (2 if box_segment_distance(middle, ax, ay, bx, by) < half else 1)
        return cost


def _middle_half(box: Box) -> Box:
    """The middle half of a title's box, across: where a cut leaves no word to read."""
    x, y, w, h = box
    return (x + w / 4, y, w / 2, h)


class AreaTitles:
    """The clear spot of each area's title on one board, found once and kept."""

    def __init__(self, board: Board, sheet: Box, name_boxes: Sequence[Box], drawn_boxes: Sequence[Box] = ()) -> None:
        """`sheet` is the part of the board the view fits (BoardMetrics.fitted): past it a title may fall off
        the screen. `name_boxes` are the names at the clear scale, `drawn_boxes` as the names are drawn where
        the titles will be (grown at larger text sizes, or to stay readable in a small window)."""
        obstacles = name_obstacles(board)
        discs = tuple((d.x, d.y, d.radius) for d in obstacles.discs)
        self.covered = Covered(tuple(name_boxes) + tuple(drawn_boxes), discs,
                               tuple((segment, t.half_width) for t in obstacles.tracks
                                     for segment in zip(t.path, t.path[1:], strict=False)))
        self.sheet = sheet
        self.water = obstacles.water
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
                centre, cost = self._best(list(outline), size, fallback if not extra else None, not capitals)
                cost += extra * TWO_LINES_COST
                if cost < best_cost:
                    best, best_cost = TitleSpot(centre, lines), cost
            if best_cost >= HIDDEN:  # no spot clear of every station and name: better no title than one over them
                best = TitleSpot(best.centre, ())
            self._spots[key] = best
        return self._spots[key]

    def _best(self, outline: list[Point], size: tuple[float, float], fallback: Point | None,
              under_track: bool) -> tuple[Point, float]:
        """The clearest centre for a title box of `size`, and what it covers (`fallback`, if any, unless
        beaten; with none, a cost beyond any spot's when no spot fits on the map). A title may sit just
        outside its area; a district's, when nothing there is clear of the stations, up to its width away
        (a park's name that far from its park would name nothing)."""
        best, best_cost = self._search(outline, size, fallback, under_track, NEAR * size[1])
        if best_cost >= HIDDEN and not under_track:
            best, best_cost = self._search(outline, size, fallback, under_track, size[0] + size[1])
        return best, best_cost

    def _search(self, outline: list[Point], size: tuple[float, float], fallback: Point | None,
                under_track: bool, beyond: float) -> tuple[Point, float]:
        """`_best` over a grid reaching `beyond` board px past the area's bounding box."""
        x, y, w, h = geometry.inflate_box(geometry.bounding_rect(outline), beyond)
        anchor = fallback if fallback is not None else (x + w / 2, y + h / 2)
        left, top = min(x, anchor[0]) - size[0], min(y, anchor[1]) - size[1]
        right, bottom = max(x + w, anchor[0]) + size[0], max(y + h, anchor[1]) + size[1]
        near = self.covered.within((left, top, right - left, bottom - top))
        best, best_cost = anchor, math.inf
        if fallback is not None:
            best_cost = self._cost(near, outline, fallback, size, under_track) + 0.5  # the old spot, unless beaten
        coarse = [(x + w * (i + 0.5) / GRID, y + h * (j + 0.5) / GRID) for i in range(GRID) for j in range(GRID)]
        tried = sorted((cost, centre) for centre in coarse
                       if (cost := self._cost(near, outline, centre, size, under_track)) < math.inf)
        # The grid is coarse: round the few clearest spots, look again in finer steps.
        step_x, step_y = w / GRID / FINE, h / GRID / FINE
        reach = FINE // 2
        for _, (cx, cy) in tried[:REFINED]:
            for i in range(-reach, reach + 1):
                for j in range(-reach, reach + 1):
                    centre = (cx + i * step_x, cy + j * step_y)
                    tried.append((self._cost(near, outline, centre, size, under_track), centre))
        for cost, centre in tried:
            if cost < best_cost:
                best, best_cost = centre, cost
        return best, best_cost

    def _cost(self, near: Covered, outline: list[Point], centre: Point, size: tuple[float, float],
              under_track: bool) -> float:
        """What a title centred here hides, plus its distance outside the area (inf off the map the view
        fits, and for a park's or water's title further than `NEAR` heights from it: it would name nothing)."""
        box = title_box(centre, size)
        if not geometry.box_inside(box, self.sheet):
            return math.inf
        cost = near.cost(box, CLEARANCE * size[1], under_track)
        if not geometry.point_in_polygon(centre, outline):
            away = geometry.polygon_boundary_distance(centre, outline) / size[1]
            if (under_track and away > NEAR) or self._across_water(centre, outline):
                return math.inf
            cost += OUTSIDE_COST + away
        return cost

    def _across_water(self, centre: Point, outline: list[Point]) -> bool:
        """Whether the way from a title beside its area to the nearest point of the area crosses water."""
        nearest = min((geometry.project_on_segment(centre, a, b) for a, b in pairwise((*outline, outline[0]))),
                      key=lambda found: found[1])[0]
        return crosses_water(self.water, nearest, centre)
