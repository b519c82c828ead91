"""The lit legal spaces of a turn, painted into the board between the built tracks and the stations.

A lit space must never pass for track. Track is a solid band in its line's colour; a lit space is hollow:
a ring in the one highlight colour no line has (`style.OPTION`), outlined in ink, with the empty space
showing through. A space that costs branch tokens carries a small dark dot in its hollow (the count is in
the hover preview), not a badge that would cover the map. Because the marks are painted under the
stations' layer, station discs and names stay on top of them, exactly as they do over built track.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from game import geometry
from game.ui import style
from game.ui.board import symbols
from game.ui.board.metrics import BoardMetrics
from game.ui.panels.widgets import branch_icon

Point = tuple[float, float]
MANY_SPACES = 40  # a first token may go anywhere: past this many spaces the marks are quieter
ICON_RADIUS = 6.0  # pixels: from this size a cost dot shows the branch token's fork


@dataclass(frozen=True)
class SpaceMarks:
    """What to light: (link, slot, branch-token cost) for every legal space; equal marks paint the same."""

    spaces: tuple[tuple[int, int, int], ...]

    @property
    def many(self) -> bool:
        return len(self.spaces) > MANY_SPACES


def slot_half(metrics: BoardMetrics, scale: float) -> float:
    """Half a track's width on screen at `scale` (the width built track is painted at)."""
    return max(2.5, metrics.slot_width / 2 * scale * 1.12)


def paint_marks(surface: pygame.Surface, marks: SpaceMarks, metrics: BoardMetrics, scale: float,
                to_px: Callable[[Sequence[Point]], list[Point]]) -> int:
    """Paint every lit space hollow (costly ones with a dot); returns how many were painted."""
    half = slot_half(metrics, scale)
    edge = max(1.0, half * 0.3)
    outer = half * (1.2 if marks.many else 1.45)
    hole = max(1.0, half * 0.42)
    ring = style.mix(style.OPTION, style.PAPER, 0.35) if marks.many else style.OPTION
    painted = 0
    dots: list[Point] = []
    for link, slot, cost in marks.spaces:
        paths = metrics.slot_paths[link] if link < len(metrics.slot_paths) else ()
        if not paths:
            continue
        path = to_px(paths[min(slot, len(paths) - 1)])
        if len(path) < 2:
            continue
        if not marks.many:
            symbols.polygon(surface, style.OPTION_EDGE, geometry.band(path, outer + edge, -outer - edge))
        symbols.polygon(surface, ring, geometry.band(path, outer, -outer))
        symbols.polygon(surface, style.SLOT, geometry.band(path, hole, -hole))
        painted += 1
        if cost:
            dots.append(geometry.point_along(path, 0.5))
    radius = max(3.0, half * 1.15)
    for centre in dots:  # big enough, the dot is a branch token's icon; at a glance it is a dark dot
        symbols.disc(surface, style.HALO, centre, radius + max(1.0, half * 0.3))
        if radius >= ICON_RADIUS:
            branch_icon(surface, centre, radius)
        else:
            symbols.disc(surface, style.INK, centre, radius)
    return painted


def hovered_space(surface: pygame.Surface, path: list[Point], line: str, half: float) -> None:
    """The space under the mouse (or a controller's cursor): the track it would become, in a gold rim."""
    if len(path) < 2:
        return
    symbols.polygon(surface, style.INK, geometry.band(path, half * 1.9, -half * 1.9))
    symbols.polygon(surface, style.GOLD, geometry.band(path, half * 1.45, -half * 1.45))
    symbols.polygon(surface, style.line_edge(line), geometry.band(path, half, -half))
    symbols.polygon(surface, style.line_colour(line), geometry.band(path, half * 0.72, -half * 0.72))
