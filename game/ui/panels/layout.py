"""How the play screen shares the window: the map, the side panel at its right, the card strip under it.

The panels grow with the window and with the players' text size; the map takes what is left, and the board
is fitted to it. Grown panels shrink the map, and so every station name with it; on a small screen the
names are already as large as the board's clear scale lets every name be (labels.sure_name_scale), so
the largest text size drew them smaller than the default one. The text size must make names bigger, never
smaller: the panels grow only as far as the board's names keep the size they have at the default text size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from game.ui import style
from game.ui.board.camera import Camera
from game.ui.board.labels import sure_name_scale
from game.ui.panels.cards import strip_height

Rect = tuple[float, float, float, float]

SIDEBAR = 420  # the side panel's width at the design size
DEFAULT_TEXT = 1.0  # the text size the names are compared with


def sidebar_width(width: int, ui_scale: float | None = None) -> int:
    """The table's width: grows with the window and the text size (or the panels' scale given), but leaves
    the board most of the screen."""
    scale = style.ui_scale() if ui_scale is None else ui_scale
    return max(min(300, width // 3), min(max(1, round(SIDEBAR * scale)), int(width * 0.38)))


@dataclass(frozen=True)
class Panels:
    """The side panel's width and the card strip's height, in pixels."""

    sidebar: int
    strip: int


def map_area(size: tuple[int, int], panels: Panels) -> Rect:
    """Where the map goes: the window less the side panel and the strip."""
    w, h = size
    return (0, 0, max(10, w - panels.sidebar), max(10, h - panels.strip))


def name_px(size: tuple[int, int], panels: Panels, bounds: Rect, label_px: float, text_scale: float) -> float:
    """How high a board's station names are drawn, fitted to the map these panels leave (as labels.name_scale
    sizes them on the play screen)."""
    zoom = Camera(bounds, map_area(size, panels)).fit_scale
    return label_px * zoom * sure_name_scale(label_px, zoom, text_scale, size[1])


def panels_for(size: tuple[int, int], bounds: Rect | None = None, label_px: float = 0.0) -> Panels:
    """The panels for a window, and for a board (its fitted bounds and name size) if one is shown: as big as
    the text size asks, or as much bigger than the default text size's as keeps the names from shrinking.
    The strip grows first (a board as wide as the map loses nothing to it), then the side panel."""
    w, h = size
    wanted = Panels(sidebar_width(w), strip_height(h))
    if bounds is None:
        return wanted
    plain = style.ui_scale(DEFAULT_TEXT)
    base = Panels(sidebar_width(w, plain), strip_height(h, plain))
    least = name_px(size, base, bounds, label_px, DEFAULT_TEXT)
    chosen = style.text_scale()

    def keeps(panels: Panels) -> bool:
        return name_px(size, panels, bounds, label_px, chosen) >= least * (1 - 1e-9)

    if keeps(wanted):
        return wanted
    strip = _largest(base.strip, wanted.strip, lambda value: keeps(Panels(base.sidebar, value)))
    return Panels(_largest(base.sidebar, wanted.sidebar, lambda value: keeps(Panels(value, strip))), strip)


def _largest(low: int, high: int, fits: Callable[[int], bool]) -> int:
    """The largest size from `low` to `high` that fits, `low` if none above it does (a bisection: the names
    only shrink as a panel grows)."""
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low
