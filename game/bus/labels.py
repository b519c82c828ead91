"""Where a bus-tour place's name goes: the `label` property's text (a side such as `NE`, `S+8`, or an offset
`@12,-30`, written as for the Underground's stations: game/board/label_spec.py) and the box it puts the name
in, measured with the game's own font tables, so the compiler, the board's build and the screen agree; and
where a district's value badge goes (clear of the routes, places and names).

A bus-tour name is drawn on one line (the table centres it in its box), so a split (`NE/2`) is refused.
"""

from __future__ import annotations

import functools
import math
from itertools import pairwise

from game.board.label_spec import SIDES, LabelSpec, gap_for, label_box, line_sizes, parse_label
from game.board.text_metrics import name_metrics
from game.bus.board import BusBoard, District
from game.bus.measures import BADGE_RADIUS, PLACE_RADIUS, ROUTE_HALF, TWIN_REACH
from game.geometry import point_segment_distance

DEFAULT_LABEL = "E"

Box = tuple[float, float, float, float]

__all__ = ["DEFAULT_LABEL", "SIDES", "Box", "badge_spot", "badge_spots", "label_spec", "name_box"]


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




def badge_spot(board: BusBoard, district: District) -> tuple[float, float]:
    """Where a district's value badge goes: the spot nearest the middle of its places that is clear of every
    drawn route, place and name (rings of spots around the middle, nearest first); the clearest spot seen if
    none is clear. Worked out from the board each time, never stored: the same board gives the same spot."""
    places = [board.places[i] for i in district.places]
    cx, cy = sum(p.x for p in places) / len(places), sum(p.y for p in places) / len(places)
    lines = []
    for route in board.routes:
        a, b = board.places[route.a], board.places[route.b]
        points = list(route.path) if len(route.path) >= 2 else [(a.x, a.y), (b.x, b.y)]
        reach = TWIN_REACH if route.twin is not None else ROUTE_HALF
        lines += [(p, q, reach) for p, q in pairwise(points)]
    boxes = [p.label for p in board.places if p.label is not None]

    def clearance(x: float, y: float) -> float:
        gaps = [point_segment_distance(p[0], p[1], q[0], q[1], x, y) - reach for p, q, reach in lines]
        gaps += [math.hypot(p.x - x, p.y - y) - PLACE_RADIUS for p in board.places]
        gaps += [max(bx - x, x - bx - bw, by - y, y - by - bh, 0.0) if not (bx <= x <= bx + bw and by <= y <= by + bh)
                 else -1.0 for bx, by, bw, bh in boxes]
        gaps += [x, y, board.width - x, board.height - y]
        return min(gaps) - BADGE_RADIUS

    spots = [(cx, cy)] + [(cx + r * math.cos(2 * math.pi * k / 16), cy + r * math.sin(2 * math.pi * k / 16))
                          for r in (25.0, 40.0, 55.0, 70.0, 85.0, 100.0) for k in range(16)]
    best = max(spots, key=lambda s: clearance(*s))
    return next((s for s in spots if clearance(*s) >= 2.0), best)


@functools.lru_cache(maxsize=8)
def badge_spots(board: BusBoard) -> tuple[tuple[float, float], ...]:
    """Every district's badge spot, worked out once per board (a screen asks at every fit)."""
    return tuple(badge_spot(board, district) for district in board.districts)
