"""Where each place would like to be on the board: the input positions spread out like Beck's map.

A metro map is not to scale: the dense centre is blown up and the suburbs pulled in, so stations come out
roughly evenly spaced. We get that with a per-axis blend of the linear position and the rank of the
coordinate among all places. Each axis map is strictly increasing, so whatever was north of something
stays north of it and whatever was east stays east: the layout is a distortion, not a redrawing.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from editor.cartography.network import Point

RANK_SHARE = 0.55  # how much of the position comes from the rank (evenness) rather than the input (scale)


def _axis_warp(values: Sequence[float], rank_share: float, weights: Sequence[float]) -> list[float]:
    """Map values to [0, 1] by a monotone blend of their linear position and their (tie-averaged) rank, where
    each value's rank step is its weight: a heavier place takes more of the evened-out room."""
    n = len(values)
    lo, hi = min(values), max(values)
    span = hi - lo
    if n == 1 or span <= 0:
        return [0.5] * n
    order = sorted(range(n), key=lambda i: values[i])
    middles = []  # each place's middle on the line of all weights laid end to end, in sorted order
    laid = 0.0
    for i in order:
        middles.append(laid + weights[i] / 2)
        laid += weights[i]
    first, span_of_ranks = middles[0], max(middles[-1] - middles[0], 1e-9)
    rank = [0.0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and values[order[j + 1]] == values[order[i]]:
            j += 1
        tied = sum(middles[i:j + 1]) / (j + 1 - i)
        for k in range(i, j + 1):
            rank[order[k]] = (tied - first) / span_of_ranks
        i = j + 1
    return [(1 - rank_share) * (v - lo) / span + rank_share * r for v, r in zip(values, rank, strict=True)]


def spread(positions: Sequence[Point], rank_share: float = RANK_SHARE,
           weights: Sequence[float] | None = None) -> list[Point]:
    """The positions mapped into the unit square, dense areas enlarged, order along each axis kept.

    `weights` (1 each by default) are the places' shares of the evened-out room: a water symbol, which has
    no name, may take less of it than a station (`Network.waypoint_room`)."""
    weights = [1.0] * len(positions) if weights is None else weights
    xs = _axis_warp([p[0] for p in positions], rank_share, weights)
    ys = _axis_warp([p[1] for p in positions], rank_share, weights)
    return list(zip(xs, ys, strict=True))


def make_room(
    spots: list[tuple[float, float]],
    movable: Sequence[int],
    gap: Sequence[float],
    pulls: Sequence[tuple[int, int, float]],
    bounds: tuple[float, float, float, float],
    inset: Sequence[float],
    rounds: int = 40,
) -> list[tuple[float, float]]:
    """Push wished-for spots (grid units) apart until vertices i, j are about max(gap[i], gap[j]) apart,
    and the two ends of each (i, j, length) in `pulls` at least `length` apart, each i at least inset[i]
    inside `bounds` (a hub at the edge of the grid has no room for the ports that face outwards).

    A hub needs a ring of free grid nodes for its ports, and a chain of k stations needs k + 1 steps:
    this is the "enlarge the dense centre" half of Beck's distortion, done where it is needed. The push
    is along the line joining the two, so left/right and above/below relations mostly survive.
    """
    lo_x, lo_y, hi_x, hi_y = bounds

    def clamp(i: int, x: float, y: float) -> tuple[float, float]:
        m = min(inset[i], (hi_x - lo_x) / 4, (hi_y - lo_y) / 4)
        return (min(hi_x - m, max(lo_x + m, x)), min(hi_y - m, max(lo_y + m, y)))

    pos = {i: clamp(i, *spots[i]) for i in movable}
    reach = max([*gap, 1.0])
    for _ in range(rounds):
        moves: dict[int, list[float]] = {i: [0.0, 0.0] for i in pos}
        buckets: dict[tuple[int, int], list[int]] = {}
        for i, (x, y) in pos.items():
            buckets.setdefault((int(x // reach), int(y // reach)), []).append(i)
        worst = 0.0
        for (bx, by), members in buckets.items():
            near = [j for dx in (-1, 0, 1) for dy in (-1, 0, 1) for j in buckets.get((bx + dx, by + dy), ())]
            for i in members:
                xi, yi = pos[i]
                for j in near:
                    if j <= i:
                        continue
                    xj, yj = pos[j]
                    want = max(gap[i], gap[j])
                    d = ((xi - xj) ** 2 + (yi - yj) ** 2) ** 0.5
                    if d < want:
                        worst = max(worst, want - d)
                        _push(moves, i, j, xi - xj, yi - yj, d, want, i + j)
        for i, j, length in pulls:
            if i in pos and j in pos:
                (xi, yi), (xj, yj) = pos[i], pos[j]
                d = ((xi - xj) ** 2 + (yi - yj) ** 2) ** 0.5
                if d < length:
                    worst = max(worst, length - d)
                    _push(moves, i, j, xi - xj, yi - yj, d, length, i * 31 + j)
        if worst < 0.05:
            break
        for i, (mx, my) in moves.items():
            x, y = pos[i]
            pos[i] = clamp(i, x + 0.5 * mx, y + 0.5 * my)
    result = list(spots)
    for i, p in pos.items():
        result[i] = p
    return result


def _push(
    moves: dict[int, list[float]], i: int, j: int, dx: float, dy: float, d: float, want: float, salt: int
) -> None:
    """Move i and j apart by half the shortfall each (in a fixed direction if they coincide)."""
    if d < 1e-9:
        angle = (salt * 2.399963) % (2 * math.pi)
        dx, dy, d = math.cos(angle), math.sin(angle), 1.0
    share = (want - d) / 2 / d
    moves[i][0] += dx * share
    moves[i][1] += dy * share
    moves[j][0] -= dx * share
    moves[j][1] -= dy * share
