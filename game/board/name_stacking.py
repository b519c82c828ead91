"""Two stations' names set one above the other read as one name of two lines.

`names_meet` (name_clearance.py) holds two names on one row apart, or they read as one ("Canning" "Town");
this is the same doubt a row apart: "Canning Town" set just above "Limehouse", the two lined up, reads as one
station called "Canning Town Limehouse", or the reader cannot tell which of the two stations below is whose
(players found London's Gloucester Road over Knightsbridge, Charing Cross over Southwark and Canning Town over
Limehouse, Berlin's Bayrischer Platz over Kleistpark and New York's 34 St–Herald Sq over 14 St–6 Av so at
1280×720, session 57). A printed map sets names in a column only beside their stations, each level with its
own disc, as a column of stations down a line; then the row says whose each is.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.geometry import Box, Point

STACK_GAP_EM = 0.6  # names closer than this a row apart (in name heights) read as one, as on one row
STACK_SHARE = 0.5  # ...when they share at least this much of the narrower one's width


def level_with(box: Box, point: Point) -> bool:
    """Whether the station at `point` stands level with its name: its centre within the name's rows."""
    return box[1] <= point[1] <= box[1] + box[3]


def stacked(box: Box, other: Box, gap: float) -> bool:
    """True when one box stands over the other less than `gap` apart, sharing at least STACK_SHARE of the
    narrower one's width."""
    x, y, w, h = box
    ox, oy, ow, oh = other
    apart = max(oy - (y + h), y - (oy + oh))
    if apart < 0 or apart >= gap:
        return False  # side by side (overlapping boxes are `names_meet`'s), or far enough apart
    shared = min(x + w, ox + ow) - max(x, ox)
    return shared >= STACK_SHARE * min(w, ow)


def read_as_one(boxes: Sequence[Box], points: Sequence[Point], label_px: float) -> list[tuple[int, int]]:
    """The pairs of names (by position in `boxes`, each named for the station at the same position of
    `points`) set one over the other so that they read as one: stacked, unless each is level with its own
    station. The upper name first."""
    gap = STACK_GAP_EM * label_px
    order = sorted(range(len(boxes)), key=lambda k: boxes[k][1])
    found = []
    for n, upper in enumerate(order):
        bottom = boxes[upper][1] + boxes[upper][3]
        for lower in order[n + 1:]:
            if boxes[lower][1] >= bottom + gap:
                break  # sorted by top: every later name starts further down still
            if two_read_as_one(boxes[upper], points[upper], boxes[lower], points[lower], label_px):
                found.append((upper, lower))
    return found


def two_read_as_one(box: Box, point: Point, other: Box, other_point: Point, label_px: float) -> bool:
    """Whether two names (each with its station's centre) read as one: stacked, unless each is level with its
    own station (`read_as_one` for one pair: a name being dragged, judged against the others)."""
    return stacked(box, other, STACK_GAP_EM * label_px) and not (level_with(box, point)
                                                                 and level_with(other, other_point))
