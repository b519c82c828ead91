"""Rivers, parks and cluster outlines carried along with the layout, every place kept on its side.

Each outline point moves by a distance-weighted blend of how the places (and crossing points) near it
moved, so the Thames still runs between the north and south banks' stations. Where that blend leaves a
place on the wrong side (a river bank between two stations that moved apart unevenly), the outline is
nudged locally: a narrow inlet from the nearest bank wraps around the place, which flips that place's
side and no other's (places are at least a grid pitch apart; the inlet is a fraction of that).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from editor.cartography.network import Area, Point
from editor.cartography.polygon import points_in_polygon
from game.geometry import project_on_segment

INLET_POINTS = 10
CLEARANCE = 0.3  # of a pitch: how far an outline is kept from a place (a station circle is not cut)
EDGE = 0.5  # px: a point this near the board's edge is on it


def carry_points(points: Sequence[Point], before: Sequence[Point], after: Sequence[Point]) -> list[Point]:
    """Move points as the control points moved (inverse-distance weighted displacement, power 3); a point on a
    control point moves with it. Worked out as arrays, the sums taken in the control points' order (as a loop
    adds them: the same numbers to the last bit)."""
    if not points:
        return []
    xy = np.asarray(points, dtype=float).reshape(-1, 2)
    old = np.asarray(before, dtype=float).reshape(-1, 2)
    shift = np.asarray(after, dtype=float).reshape(-1, 2) - old
    if not len(old):
        raise ZeroDivisionError("no control points to carry the points with")
    d2 = (xy[:, 0:1] - old[None, :, 0]) ** 2 + (xy[:, 1:2] - old[None, :, 1]) ** 2
    on = d2 < 1e-12
    with np.errstate(divide="ignore", invalid="ignore"):  # a point on a control point: taken from `on` below
        w = 1.0 / (d2 * np.sqrt(d2))
        total = np.cumsum(w, axis=1)[:, -1]
        wx = np.cumsum(w * shift[None, :, 0], axis=1)[:, -1]
        wy = np.cumsum(w * shift[None, :, 1], axis=1)[:, -1]
    moved = []
    for k, (x, y) in enumerate(xy.tolist()):
        if on[k].any():
            first = int(on[k].argmax())
            moved.append((x + float(after[first][0]) - float(before[first][0]),
                          y + float(after[first][1]) - float(before[first][1])))
        else:
            moved.append((x + float(wx[k]) / float(total[k]), y + float(wy[k]) / float(total[k])))
    return moved


def _clear_places(polygon: list[Point], places: Sequence[Point], radius: float) -> list[Point]:
    """The outline pushed off every place: points closer than `radius` move straight away from it.

    The carried outline would otherwise run through station circles; pushing away from a place never
    moves the outline across it, so its side is kept (keep_sides checks anyway)."""
    if len(polygon) < 3 or radius <= 0:
        return polygon
    dense: list[Point] = []
    for i, (x0, y0) in enumerate(polygon):  # short enough pieces that a dent follows the circle
        x1, y1 = polygon[(i + 1) % len(polygon)]
        pieces = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / (radius / 2)))
        dense += [(x0 + (x1 - x0) * k / pieces, y0 + (y1 - y0) * k / pieces) for k in range(pieces)]
    cell = radius
    buckets: dict[tuple[int, int], list[Point]] = {}
    for p in places:
        buckets.setdefault((math.floor(p[0] / cell), math.floor(p[1] / cell)), []).append(p)
    pushed = []
    for x, y in dense:
        cx, cy = math.floor(x / cell), math.floor(y / cell)
        near = [p for dx in (-1, 0, 1) for dy in (-1, 0, 1) for p in buckets.get((cx + dx, cy + dy), ())]
        for px, py in near:
            d = math.hypot(x - px, y - py)
            if 1e-9 < d < radius:
                x, y = px + (x - px) * radius / d, py + (y - py) * radius / d
        pushed.append((x, y))
    return _drop_straight(pushed)


def _drop_straight(polygon: list[Point]) -> list[Point]:
    """Points where the outline runs straight on are dropped again (the subdivision added many)."""
    kept = []
    n = len(polygon)
    for i, (x, y) in enumerate(polygon):
        (ax, ay), (bx, by) = polygon[i - 1], polygon[(i + 1) % n]
        if abs((x - ax) * (by - y) - (y - ay) * (bx - x)) > 1e-6:
            kept.append((x, y))
    return kept if len(kept) >= 3 else polygon


def _smooth(polygon: list[Point], fixed: Sequence[bool] = ()) -> list[Point]:
    """One round of Chaikin corner cutting: the carried outline loses the kinks the uneven displacement
    puts in it (a river should flow, not zig-zag). Sides are checked and repaired afterwards anyway. A
    `fixed` corner is kept as it is (where a river runs off the board: cut, its mouth would end inside)."""
    if len(polygon) < 3:
        return polygon
    smooth: list[Point] = []
    for i, (x0, y0) in enumerate(polygon):
        if i < len(fixed) and fixed[i]:
            smooth.append((x0, y0))
        x1, y1 = polygon[(i + 1) % len(polygon)]
        smooth.append((0.75 * x0 + 0.25 * x1, 0.75 * y0 + 0.25 * y1))
        smooth.append((0.25 * x0 + 0.75 * x1, 0.25 * y0 + 0.75 * y1))
    return smooth


def _inlet(polygon: list[Point], place: Point, reach: float) -> list[Point]:
    """The polygon with a narrow inlet (or outlet) from its nearest boundary point around `place`."""
    best = (math.inf, 0, (0.0, 0.0))
    n = len(polygon)
    for i in range(n):
        q, _ = project_on_segment(place, polygon[i - 1], polygon[i])
        d = math.hypot(q[0] - place[0], q[1] - place[1])
        if d < best[0]:
            best = (d, i, q)
    d, i, q = best
    a_prev, a_next = polygon[i - 1], polygon[i]
    seg = math.hypot(a_next[0] - a_prev[0], a_next[1] - a_prev[1]) or 1.0
    tx, ty = (a_next[0] - a_prev[0]) / seg, (a_next[1] - a_prev[1]) / seg
    radius = max(min(reach, 0.6 * d), 1e-3)
    width = min(1.0, radius / 4)
    q_in = (q[0] - width * tx, q[1] - width * ty)
    q_out = (q[0] + width * tx, q[1] + width * ty)
    ax, ay = (place[0] - q[0]) / (d or 1.0), (place[1] - q[1]) / (d or 1.0)
    phi = math.atan2(-ay, -ax)
    delta = math.asin(min(1.0, width / radius))
    plus = (math.cos(phi + delta), math.sin(phi + delta))
    side_in = ax * (q_in[1] - q[1]) - ay * (q_in[0] - q[0])
    side_plus = ax * plus[1] - ay * plus[0]
    sign = 1.0 if (side_in > 0) == (side_plus > 0) else -1.0
    ring = []
    for j in range(INLET_POINTS + 1):
        angle = phi + sign * (delta + j * (2 * math.pi - 2 * delta) / INLET_POINTS)
        ring.append((place[0] + radius * math.cos(angle), place[1] + radius * math.sin(angle)))
    return [*polygon[:i], q_in, *ring, q_out, *polygon[i:]]


def keep_sides(polygon: list[Point], places: Sequence[Point], inside: Sequence[bool], reach: float) -> list[Point]:
    """Nudge the polygon until each place is inside exactly when `inside` says so (bounded effort)."""
    for _ in range(2 * len(places) + 2):
        wrong = next((i for i, now in enumerate(points_in_polygon(places, polygon)) if now != inside[i]), None)
        if wrong is None:
            break
        polygon = _inlet(polygon, places[wrong], reach)
    return polygon


def carry_areas(
    areas: Sequence[Area],
    places_before: Sequence[Point],
    places_after: Sequence[Point],
    extra_before: Sequence[Point],
    extra_after: Sequence[Point],
    pitch: float,
    board: Point | None = None,
) -> tuple[Area, ...]:
    """Every area carried to the new layout, each place kept inside/outside it exactly as before. Water
    that ran off the `board` (its width and height) still does: carried with the stations near it, a
    river's mouth drifted inside the board and the river ended in the middle of the map, or became a lake."""
    before = [*places_before, *extra_before]
    after = [*places_after, *extra_after]
    carried = []
    for area in areas:
        polygon = carry_points(area.points, before, after)
        off_board: list[bool] = []
        if area.kind == "water" and board is not None:
            polygon = [kept_off_board(old, new, board) for old, new in zip(area.points, polygon, strict=True)]
            off_board = [_off_board(p, board) for p in area.points]
        if area.kind != "cluster":
            polygon = _smooth(polygon, off_board)
        polygon = _clear_places(polygon, places_after, CLEARANCE * pitch)
        inside = points_in_polygon(places_before, area.points)
        if len(polygon) >= 3:
            polygon = keep_sides(polygon, places_after, inside, 0.3 * pitch)
        carried.append(Area(area.kind, tuple(polygon), area.name))
    return tuple(carried)


def kept_off_board(old: Point, new: Point, board: Point) -> Point:
    """A moved point of water that lay on or past an edge of the board stays there, along that edge's axis
    (a river runs off the map; carried or scaled with the stations, its mouth would drift inside)."""
    width, height = board
    return (old[0] if _at_edge(old[0], width) else new[0], old[1] if _at_edge(old[1], height) else new[1])


def _off_board(point: Point, board: Point) -> bool:
    """Whether a point lies on or past an edge of the board."""
    return _at_edge(point[0], board[0]) or _at_edge(point[1], board[1])


def _at_edge(value: float, size: float) -> bool:
    """Whether a coordinate lies on or past either edge of the board along its axis (`size` long)."""
    return value <= EDGE or value >= size - EDGE
