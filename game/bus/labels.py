"""Where a bus-tour place's name goes: a box on one of eight sides of its place, measured with the game's
own font tables, so the compiler, the board's build and the screen agree on it."""

from __future__ import annotations

from game.board.text_metrics import name_metrics

SIDES: dict[str, tuple[int, int]] = {"E": (1, 0), "W": (-1, 0), "N": (0, -1), "S": (0, 1), "NE": (1, -1),
                                     "NW": (-1, -1), "SE": (1, 1), "SW": (-1, 1)}
PLACE_RADIUS = 15.0  # board px: the place's disc
GAP = 6.0  # between the disc and its name

Box = tuple[float, float, float, float]


def name_box(x: float, y: float, name: str, side: str, px: float) -> Box:
    """The box (left, top, width, height) of a place's name on `side` of it, at `px` board pixels."""
    w, h = name_metrics().size(name, px)
    dx, dy = SIDES[side]
    reach = PLACE_RADIUS + GAP
    cx = x + dx * (reach + w / 2) if dx else x
    cy = y + dy * (reach + h / 2) if dy else y
    return (round(cx - w / 2, 2), round(cy - h / 2, 2), round(w, 2), round(h, 2))
