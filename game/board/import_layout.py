"""Place stations on the board: a centre-magnifying projection, then push apart what is too close.

Real positions crowd the centre of every city (where the game is played most) and leave the suburbs
empty; a radial power law r' = R·(r/R)^p with p < 1 spreads the middle out like a fisheye. The relaxation
then keeps every pair of stations, and every station and a link not its own, a minimum distance apart.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

Point = tuple[float, float]


def local_xy(lat: float, lon: float, centre: Point) -> Point:
    """Kilometres east and south of the centre (screen y grows downwards)."""
    lat0, lon0 = centre
    x = (lon - lon0) * 111.32 * math.cos(math.radians(lat0))
    y = -(lat - lat0) * 110.57
    return x, y


class Projection:
    """Latitude/longitude to board pixels: fisheye around `centre`, then fitted into the board's box."""

    def __init__(self, points: Iterable[Point], centre: Point | None, power: float, size: Point,
                 margin: float, max_stretch: float = 1.35, rotate: float = 0.0) -> None:
        latlons = list(points)
        if not latlons:
            raise ValueError("nothing to project")
        if centre is None:
            centre = (sum(p[0] for p in latlons) / len(latlons), sum(p[1] for p in latlons) / len(latlons))
        self.centre = centre
        self.power = power
        self.cos, self.sin = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))
        local = [self._turn(local_xy(lat, lon, centre)) for lat, lon in latlons]
        self.radius = max(math.hypot(x, y) for x, y in local) or 1.0
        warped = [self._warp(p) for p in local]
        xs, ys = [p[0] for p in warped], [p[1] for p in warped]
        width, height = size
        span_x = max(max(xs) - min(xs), 1e-9)
        span_y = max(max(ys) - min(ys), 1e-9)
        sx = (width - 2 * margin) / span_x
        sy = (height - 2 * margin) / span_y
        # Fill the 16:9 board, but do not squash the city by more than max_stretch.
        small = min(sx, sy)
        self.sx, self.sy = min(sx, small * max_stretch), min(sy, small * max_stretch)
        self.ox = width / 2 - self.sx * (max(xs) + min(xs)) / 2
        self.oy = height / 2 - self.sy * (max(ys) + min(ys)) / 2

    def _turn(self, p: Point) -> Point:
        """Clockwise on the board by `rotate` degrees: Manhattan lies better across a wide board."""
        return p[0] * self.cos - p[1] * self.sin, p[0] * self.sin + p[1] * self.cos

    def _warp(self, p: Point) -> Point:
        x, y = p
        r = math.hypot(x, y)
        if r == 0:
            return 0.0, 0.0
        scale = self.radius * (r / self.radius) ** self.power / r
        return x * scale, y * scale

    def __call__(self, lat: float, lon: float) -> Point:
        x, y = self._warp(self._turn(local_xy(lat, lon, self.centre)))
        return self.ox + self.sx * x, self.oy + self.sy * y


def relax(positions: dict[str, Point], links: list[tuple[str, str]], min_distance: float, size: Point,
          margin: float, fixed: Iterable[str] = (), iterations: int = 400, link_clearance: float = 0.0,
          ) -> dict[str, Point]:
    """Push stations apart until no two are closer than `min_distance` (and none sits on a foreign link).

    A weak pull back to the projected position keeps the geography; `fixed` stations never move.
    Deterministic: the same input gives the same output.
    """
    names = sorted(positions)
    pos = {n: [positions[n][0], positions[n][1]] for n in names}
    home = dict(positions)
    pinned = set(fixed)
    width, height = size
    target = min_distance * 1.04
    for step in range(iterations):
        worst = 0.0
        moves = {n: [0.0, 0.0] for n in names}
        for i, a in enumerate(names):
            ax, ay = pos[a]
            for b in names[i + 1:]:
                dx, dy = pos[b][0] - ax, pos[b][1] - ay
                d = math.hypot(dx, dy)
                if d >= target:
                    continue
                worst = max(worst, target - d)
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.618, 1.18  # identical points: a fixed, arbitrary direction
                push = (target - d) / 2
                ux, uy = dx / d, dy / d
                moves[a][0] -= ux * push
                moves[a][1] -= uy * push
                moves[b][0] += ux * push
                moves[b][1] += uy * push
        if link_clearance > 0:
            worst = max(worst, _clear_links(pos, links, link_clearance, moves))
        for n in names:
            if n in pinned:
                continue
            mx, my = moves[n]
            pull = 0.02 if step < iterations * 0.8 else 0.0
            x = pos[n][0] + 0.5 * mx + pull * (home[n][0] - pos[n][0])
            y = pos[n][1] + 0.5 * my + pull * (home[n][1] - pos[n][1])
            pos[n] = [min(max(x, margin), width - margin), min(max(y, margin), height - margin)]
        if worst < 0.01 and step > 10:
            break
    return {n: (round(p[0], 1), round(p[1], 1)) for n, p in pos.items()}


def _clear_links(pos: dict[str, list[float]], links: list[tuple[str, str]], clearance: float,
                 moves: dict[str, list[float]]) -> float:
    """Nudge a station off a link that passes over it but does not end at it."""
    worst = 0.0
    for a, b in links:
        ax, ay = pos[a]
        bx, by = pos[b]
        vx, vy = bx - ax, by - ay
        length2 = vx * vx + vy * vy
        if length2 < 1e-9:
            continue
        for n, p in pos.items():
            if n in (a, b):
                continue
            if not (min(ax, bx) - clearance <= p[0] <= max(ax, bx) + clearance):
                continue
            if not (min(ay, by) - clearance <= p[1] <= max(ay, by) + clearance):
                continue
            t = ((p[0] - ax) * vx + (p[1] - ay) * vy) / length2
            if t <= 0.05 or t >= 0.95:
                continue
            cx, cy = ax + t * vx, ay + t * vy
            dx, dy = p[0] - cx, p[1] - cy
            d = math.hypot(dx, dy)
            if d >= clearance:
                continue
            worst = max(worst, clearance - d)
            if d < 1e-6:
                dx, dy, d = -vy, vx, math.sqrt(length2)
            push = clearance - d
            moves[n][0] += dx / d * push * 0.6
            moves[n][1] += dy / d * push * 0.6
            for end in (a, b):  # the link gives way a little too
                moves[end][0] -= dx / d * push * 0.2
                moves[end][1] -= dy / d * push * 0.2
    return worst


def carry(points: list[Point], before: dict[str, Point], after: dict[str, Point], k: int = 4) -> list[Point]:
    """Move decoration points with the stations around them (inverse-distance weighted displacement)."""
    anchors = [(before[n], (after[n][0] - before[n][0], after[n][1] - before[n][1])) for n in sorted(before)]
    moved = []
    for px, py in points:
        nearest = sorted(anchors, key=lambda a: (a[0][0] - px) ** 2 + (a[0][1] - py) ** 2)[:k]
        total = wx = wy = 0.0
        for (ax, ay), (dx, dy) in nearest:
            w = 1.0 / (math.hypot(ax - px, ay - py) + 20.0) ** 2
            total += w
            wx += w * dx
            wy += w * dy
        moved.append((round(px + wx / total, 1), round(py + wy / total, 1)) if total else (px, py))
    return moved


def min_spacing(positions: dict[str, Point]) -> float:
    """The smallest distance between two stations."""
    items = list(positions.values())
    best = math.inf
    for i, (ax, ay) in enumerate(items):
        for bx, by in items[i + 1:]:
            best = min(best, math.hypot(ax - bx, ay - by))
    return best


def offset_polyline(points: list[Point], half_width: float) -> list[Point]:
    """A river drawn as a centreline becomes a polygon `2·half_width` wide."""
    if len(points) < 2:
        return list(points)
    left, right = [], []
    for i, (x, y) in enumerate(points):
        px, py = points[max(i - 1, 0)]
        nx, ny = points[min(i + 1, len(points) - 1)]
        dx, dy = nx - px, ny - py
        d = math.hypot(dx, dy) or 1.0
        ox, oy = -dy / d * half_width, dx / d * half_width
        left.append((round(x + ox, 1), round(y + oy, 1)))
        right.append((round(x - ox, 1), round(y - oy, 1)))
    return left + list(reversed(right))


def convex_hull(points: list[Point]) -> list[Point]:
    """Andrew's monotone chain, counter-clockwise, without repeating the first point."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts

    def cross(o: Point, a: Point, b: Point) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[Point] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[Point] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def padded_blob(points: list[Point], pad: float, sides: int = 10) -> list[Point]:
    """A rounded polygon around some stations: the hull of small polygons around each of them."""
    ring = []
    for x, y in points:
        for i in range(sides):
            angle = 2 * math.pi * i / sides
            ring.append((x + pad * math.cos(angle), y + pad * math.sin(angle)))
    return [(round(x, 1), round(y, 1)) for x, y in convex_hull(ring)]


def segment_intersection(p1: Point, p2: Point, q1: Point, q2: Point) -> tuple[float, Point] | None:
    """Where segment p1–p2 crosses q1–q2: (fraction along p, point), or None."""
    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
    sx, sy = q2[0] - q1[0], q2[1] - q1[1]
    denom = rx * sy - ry * sx
    if abs(denom) < 1e-12:
        return None
    qpx, qpy = q1[0] - p1[0], q1[1] - p1[1]
    t = (qpx * sy - qpy * sx) / denom
    u = (qpx * ry - qpy * rx) / denom
    if 0 <= t <= 1 and 0 <= u <= 1:
        return t, (p1[0] + t * rx, p1[1] + t * ry)
    return None


def point_in_polygon(point: Point, polygon: list[Point]) -> bool:
    """Even-odd rule."""
    x, y = point
    inside = False
    j = len(polygon) - 1
    for i, (xi, yi) in enumerate(polygon):
        xj, yj = polygon[j]
        if (yi > y) != (yj > y) and x < (xj - xi) * (y - yi) / (yj - yi) + xi:
            inside = not inside
        j = i
    return inside
