"""Colour-blind marks on placed tracks: a dash pattern along each line, and its code in a small plate.

Eleven line colours cannot all be told apart by everyone (red and green, blue and purple, pink and
orange…). In colour-blind mode every track also carries its line's pattern (style.LINE_PATTERNS) and,
where the track is long enough on screen, the line's code (RD, BU… translated), so no rule depends on
seeing colour.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator, Sequence

import pygame

from game.ui import style, text
from game.ui.board import symbols

Point = tuple[float, float]

MIN_PLATE_TEXT = 10  # pixels: smaller than this, a code is noise, not a mark


def dash_segments(points: Sequence[Point], dash: float, gap: float) -> Iterator[tuple[Point, Point]]:
    """Pieces of a polyline `dash` long with `gap` between them (one whole piece when `gap` is 0)."""
    if dash <= 0 or len(points) < 2:
        return
    on, left = True, dash
    for a, b in itertools.pairwise(points):
        length = math.dist(a, b)
        if length <= 0:
            continue
        start = 0.0
        while start < length:
            step = min(left, length - start)
            t0, t1 = start / length, (start + step) / length
            if on:
                yield ((a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0),
                       (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1))
            start += step
            left -= step
            if left <= 1e-9:
                on = not on
                left = dash if on else gap
                if left <= 0:  # a solid pattern: keep drawing
                    on, left = True, dash


def ink_on(line: str) -> style.Colour:
    """Marks in a colour that stands out on the line's own colour."""
    return style.INK if sum(style.line_colour(line)) > 450 else style.HALO


def pattern(surface: pygame.Surface, path: Sequence[Point], line: str, half: float) -> bool:
    """The line's dash pattern along the middle of a track `2 * half` pixels wide; False for the plain line."""
    dash, gap = style.LINE_PATTERNS.get(line, (0.0, 0.0))
    if dash <= 0:
        return False
    width = 2 * half
    thickness = max(1.0, half * 0.55)
    colour = ink_on(line)
    for a, b in dash_segments(path, max(2.0, dash * width), gap * width):
        symbols.thick_line(surface, colour, a, b, thickness)
    return True


def plate(surface: pygame.Surface, path: Sequence[Point], line: str, half: float) -> bool:
    """The line's code on a small plate of its colour at the middle of the track, if the track has room."""
    size = max(style.px(MIN_PLATE_TEXT), round(half * 2.6))
    label = style.text(text.line_code(line), size, "black", ink_on(line))
    length = sum(math.dist(a, b) for a, b in itertools.pairwise(path))
    if length < label.get_width() * 2.2:
        return False
    centre = _middle(path, length)
    box = label.get_rect(center=(round(centre[0]), round(centre[1]))).inflate(max(4, size // 2), 2)
    pygame.draw.rect(surface, style.line_edge(line), box.inflate(2, 2), border_radius=max(2, box.height // 3))
    pygame.draw.rect(surface, style.line_colour(line), box, border_radius=max(2, box.height // 3))
    surface.blit(label, label.get_rect(center=box.center))
    return True


def _middle(path: Sequence[Point], length: float) -> Point:
    target = length / 2
    for a, b in itertools.pairwise(path):
        piece = math.dist(a, b)
        if piece >= target and piece > 0:
            t = target / piece
            return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)
        target -= piece
    return path[-1]
