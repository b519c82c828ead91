"""Where a bus-tour place's name goes: the `label` property's text (a side such as `NE`, `S+8`, or an offset
`@12,-30`, written as for the Underground's stations: game/board/label_spec.py) and the box it puts the name
in, measured with the game's own font tables, so the compiler, the board's build and the screen agree.

A bus-tour name is drawn on one line (the table centres it in its box), so a split (`NE/2`) is refused.
"""

from __future__ import annotations

from game.board.label_spec import SIDES, LabelSpec, gap_for, label_box, line_sizes, parse_label
from game.board.text_metrics import name_metrics

PLACE_RADIUS = 15.0  # board px: the place's disc (game/ui/bus/map_view.py draws it this size)
DEFAULT_LABEL = "E"

Box = tuple[float, float, float, float]

__all__ = ["DEFAULT_LABEL", "PLACE_RADIUS", "SIDES", "Box", "label_spec", "name_box"]


def label_spec(text: str) -> LabelSpec:
    """The spec a place's `label` property describes; ValueError saying what is wrong with bad text."""
    spec = parse_label(text or DEFAULT_LABEL)
    if spec.split:
        raise ValueError(f"label {text.strip()!r}: a bus-tour place's name stays on one line (leave out '/')")
    return spec


def name_box(x: float, y: float, name: str, label: str | LabelSpec, px: float) -> Box:
    """The box (left, top, width, height) of a place's name placed by `label`, at `px` board pixels."""
    spec = label if isinstance(label, LabelSpec) else label_spec(label)
    metrics = name_metrics()
    sizes = line_sizes((name,), lambda text: metrics.size(text, px))
    left, top, w, h = label_box(x, y, PLACE_RADIUS, spec, sizes, gap_for(px))
    return (round(left, 2), round(top, 2), round(w, 2), round(h, 2))
