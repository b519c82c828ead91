"""Push apart what the projection (projection.py) put too close: every pair of stations, and every station
and a link not its own, a minimum distance apart.

The pushes of one round are worked out as arrays and added up in the order the plain loops over pairs and
links would add them (`numpy.bincount` adds in input order), so a board comes out the same to the last bit
as it did from those loops, hundreds of rounds faster.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import numpy as np
import numpy.typing as npt

from game.geometry import Point

Floats = npt.NDArray[np.float64]
Indices = npt.NDArray[np.intp]
Pushes = tuple[float, Indices, Floats, Floats]  # the worst overlap, and whom each push moves by how much

NEAR_ENOUGH = 1.0 + 1e-9  # squared distances only pick the pairs worth an exact distance
IDENTICAL = (1.0, 0.618, 1.18)  # two stations on one point part in a fixed, arbitrary direction (dx, dy, d)


def relax(positions: dict[str, Point], links: list[tuple[str, str]], min_distance: float, size: Point,
          margin: float, fixed: Iterable[str] = (), iterations: int = 400, link_clearance: float = 0.0,
          wider: dict[tuple[str, str], float] | None = None) -> dict[str, Point]:
    """Push stations apart until no two are closer than `min_distance` (and none sits on a foreign link).

    A weak pull back to the projected position keeps the geography; `fixed` stations never move.
    `wider` adds to the clearance of some links (a link of several track spaces is drawn wider).
    Deterministic: the same input gives the same output.
    """
    names = sorted(positions)
    index = {n: k for k, n in enumerate(names)}
    pinned = set(fixed)
    free = np.array([n not in pinned for n in names], dtype=bool)
    x = np.array([positions[n][0] for n in names], dtype=float)
    y = np.array([positions[n][1] for n in names], dtype=float)
    home_x, home_y = x.copy(), y.copy()
    ends = _link_ends(links, index, link_clearance, wider)
    width, height = size
    target = min_distance * 1.04
    for step in range(iterations):
        worst, who, wx, wy = pair_pushes(x, y, target)
        if link_clearance > 0:
            link_worst, link_who, link_x, link_y = link_pushes(x, y, *ends)
            worst = max(worst, link_worst)
            who, wx, wy = np.concatenate((who, link_who)), np.concatenate((wx, link_x)), np.concatenate((wy, link_y))
        move_x = np.bincount(who, wx, len(names))
        move_y = np.bincount(who, wy, len(names))
        pull = 0.02 if step < iterations * 0.8 else 0.0
        new_x = x + 0.5 * move_x + pull * (home_x - x)
        new_y = y + 0.5 * move_y + pull * (home_y - y)
        x = np.where(free, np.minimum(np.maximum(new_x, margin), width - margin), x)
        y = np.where(free, np.minimum(np.maximum(new_y, margin), height - margin), y)
        if worst < 0.01 and step > 10:
            break
    return {n: (round(float(x[k]), 1), round(float(y[k]), 1)) for k, n in enumerate(names)}


def _link_ends(links: list[tuple[str, str]], index: dict[str, int], base: float,
               wider: dict[tuple[str, str], float] | None) -> tuple[Indices, Indices, Floats]:
    """Each link's two stations and the clearance it keeps."""
    return (np.array([index[a] for a, _ in links], dtype=np.intp),
            np.array([index[b] for _, b in links], dtype=np.intp),
            np.array([base + (wider or {}).get(link, 0.0) for link in links], dtype=float))


def hypot(dx: Floats, dy: Floats) -> Floats:
    """`math.hypot` of each pair, which numpy's hypot misses by a bit in about one case in two hundred: enough
    for a crowd of stations to part another way. Taken only where a squared distance says it matters."""
    return np.array([math.hypot(a, b) for a, b in zip(dx.tolist(), dy.tolist(), strict=True)], dtype=float)


def pair_pushes(x: Floats, y: Floats, target: float) -> Pushes:
    """Each pair of stations closer than `target` pushed apart, half the shortfall each, pair by pair (i < j)."""
    first, second = np.triu_indices(len(x), 1)
    dx, dy = x[second] - x[first], y[second] - y[first]
    near = dx * dx + dy * dy < target * target * NEAR_ENOUGH
    first, second, dx, dy = first[near], second[near], dx[near], dy[near]
    d = hypot(dx, dy)
    close = d < target
    first, second, dx, dy, d = first[close], second[close], dx[close], dy[close], d[close]
    worst = float((target - d).max(initial=0.0))
    same = d < 1e-6
    dx, dy = np.where(same, IDENTICAL[0], dx), np.where(same, IDENTICAL[1], dy)
    d = np.where(same, IDENTICAL[2], d)
    push = (target - d) / 2
    ux, uy = dx / d * push, dy / d * push
    who = np.stack((first, second), 1).ravel()
    return worst, who, np.stack((-ux, ux), 1).ravel(), np.stack((-uy, uy), 1).ravel()


def link_pushes(x: Floats, y: Floats, a: Indices, b: Indices, clearance: Floats) -> Pushes:
    """Each station within `clearance` of the middle of a link not its own nudged off it, and the link's ends
    a little the other way (link by link, the stations in index order)."""
    ax, ay, bx, by = x[a], y[a], x[b], y[b]
    near = ((x[None, :] >= (np.minimum(ax, bx) - clearance)[:, None])
            & (x[None, :] <= (np.maximum(ax, bx) + clearance)[:, None])
            & (y[None, :] >= (np.minimum(ay, by) - clearance)[:, None])
            & (y[None, :] <= (np.maximum(ay, by) + clearance)[:, None]))
    link, station = np.nonzero(near)
    vx, vy = bx[link] - ax[link], by[link] - ay[link]
    length2 = vx * vx + vy * vy
    keep = (station != a[link]) & (station != b[link]) & (length2 >= 1e-9)
    link, station, vx, vy, length2 = link[keep], station[keep], vx[keep], vy[keep], length2[keep]
    t = ((x[station] - ax[link]) * vx + (y[station] - ay[link]) * vy) / length2
    dx, dy = x[station] - (ax[link] + t * vx), y[station] - (ay[link] + t * vy)
    reach = clearance[link]
    near = (t > 0.05) & (t < 0.95) & (dx * dx + dy * dy < reach * reach * NEAR_ENOUGH)
    link, station, vx, vy, length2, dx, dy, reach = (v[near] for v in (link, station, vx, vy, length2, dx, dy, reach))
    d = hypot(dx, dy)
    hit = d < reach
    link, station, vx, vy, length2, dx, dy, d, reach = (
        v[hit] for v in (link, station, vx, vy, length2, dx, dy, d, reach))
    worst = float((reach - d).max(initial=0.0))
    on_it = d < 1e-6  # right on the link: off it square to the link
    dx, dy = np.where(on_it, -vy, dx), np.where(on_it, vx, dy)
    d = np.where(on_it, np.sqrt(length2), d)
    push = reach - d
    px, py = dx / d * push, dy / d * push
    who = np.stack((station, a[link], b[link]), 1).ravel()
    return (worst, who, np.stack((px * 0.6, -(px * 0.2), -(px * 0.2)), 1).ravel(),
            np.stack((py * 0.6, -(py * 0.2), -(py * 0.2)), 1).ravel())


def clear_links(pos: dict[str, list[float]], links: list[tuple[str, str]], base: float,
                moves: dict[str, list[float]], wider: dict[tuple[str, str], float] | None = None) -> float:
    """`link_pushes` on stations kept by name: adds the pushes to `moves`; the worst overlap."""
    names = list(pos)
    index = {n: k for k, n in enumerate(names)}
    x = np.array([pos[n][0] for n in names], dtype=float)
    y = np.array([pos[n][1] for n in names], dtype=float)
    worst, who, wx, wy = link_pushes(x, y, *_link_ends(links, index, base, wider))
    for k, dx, dy in zip(who.tolist(), wx.tolist(), wy.tolist(), strict=True):
        moves[names[k]][0] += dx
        moves[names[k]][1] += dy
    return worst
