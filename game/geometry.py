"""Plane geometry for the whole product: the rules, the compiler, the authoring tools and the screens.

One even-odd test everywhere, so a cluster the compiler fills and a loop the rules score agree on
what is inside (points exactly on an edge are outside: they lie on the line itself). Parallel track spaces
are offset copies of a link's drawn path; animations walk along polylines.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from typing import Generic, TypeVar

Point = tuple[float, float]

MITER_LIMIT = 2.5


def point_in_polygon(point: Point, polygon: Sequence[Point]) -> bool:
    """Even-odd rule."""
    x, y = point
    inside = False
    count = len(polygon)
    j = count - 1
    for i in range(count):
        xi, yi = polygon[i]
        xj, yj = polygon[j]
        if (yi > y) != (yj > y):
            cross_x = xi + (y - yi) * (xj - xi) / (yj - yi)
            if x < cross_x:
                inside = not inside
        j = i
    return inside


def bounding_box(polygon: Sequence[Point]) -> tuple[float, float, float, float]:
    """The smallest upright rectangle around the points as two corners (x0, y0, x1, y1)."""
    xs = [p[0] for p in polygon]
    ys = [p[1] for p in polygon]
    return min(xs), min(ys), max(xs), max(ys)


def cross(o: Point, a: Point, b: Point) -> float:
    """The z of (a − o) × (b − o): which side of the line o→a the point b lies on."""
    return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])


def convex_hull(points: Sequence[Point]) -> list[Point]:
    """Andrew's monotone chain, counter-clockwise, without repeating the first point."""
    pts = sorted(set(points))
    if len(pts) <= 2:
        return pts
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


def _unit_normal(a: Point, b: Point) -> Point:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    return (-dy / length, dx / length)


def dedupe(points: Sequence[Point], epsilon: float = 1e-6) -> list[Point]:
    """Drop repeated points, which would give segments without a direction."""
    kept: list[Point] = []
    for point in points:
        if not kept or math.hypot(point[0] - kept[-1][0], point[1] - kept[-1][1]) > epsilon:
            kept.append(point)
    return kept


def offset_polyline(points: Sequence[Point], distance: float) -> list[Point]:
    """The polyline shifted sideways by `distance` (left of the direction of travel), mitred at bends.

    Parallel track spaces are offset copies of the link's drawn path, as on a Beck diagram.
    """
    pts = dedupe(points)
    if len(pts) < 2:
        return list(pts)
    normals = [_unit_normal(pts[i], pts[i + 1]) for i in range(len(pts) - 1)]
    out = [(pts[0][0] + normals[0][0] * distance, pts[0][1] + normals[0][1] * distance)]
    for i in range(1, len(pts) - 1):
        n0, n1 = normals[i - 1], normals[i]
        mx, my = n0[0] + n1[0], n0[1] + n1[1]
        length = math.hypot(mx, my)
        if length < 1e-9:  # a full turn back: keep the first normal
            mx, my, length = n0[0], n0[1], 1.0
        mx, my = mx / length, my / length
        cos_half = mx * n0[0] + my * n0[1]
        factor = 1.0 / max(cos_half, 1.0 / MITER_LIMIT)
        out.append((pts[i][0] + mx * distance * factor, pts[i][1] + my * distance * factor))
    out.append((pts[-1][0] + normals[-1][0] * distance, pts[-1][1] + normals[-1][1] * distance))
    return out


def band(points: Sequence[Point], left: float, right: float) -> list[Point]:
    """The polygon between two offsets of a polyline: a thick stroke with mitred bends."""
    return offset_polyline(points, left) + offset_polyline(points, right)[::-1]


def length(points: Sequence[Point]) -> float:
    """A polyline's length."""
    return sum(math.dist(points[i], points[i + 1]) for i in range(len(points) - 1))


def simplified(points: Sequence[Point], tolerance: float) -> list[Point]:
    """The polyline with every point dropped that lies within `tolerance` of the line the kept ones make
    (Douglas–Peucker): the few turns of a course traced every few hundred metres."""
    if len(points) < 3:
        return list(points)
    keep = [False] * len(points)
    keep[0] = keep[-1] = True
    spans = [(0, len(points) - 1)]  # a stack, not recursion: a carried river's thousands of points run deep
    while spans:
        first, last = spans.pop()
        if last - first < 2:
            continue
        far, index = max((segment_distance(points[i], points[first], points[last]), i) for i in range(first + 1, last))
        if far > tolerance:
            keep[index] = True
            spans += [(first, index), (index, last)]
    return [p for p, kept in zip(points, keep, strict=True) if kept]


def point_along(points: Sequence[Point], t: float) -> Point:
    """The point a fraction `t` (0–1) of the way along a polyline, for animations."""
    total = length(points)
    if total <= 0:
        return points[0]
    remaining = max(0.0, min(1.0, t)) * total
    for i in range(len(points) - 1):
        step = math.dist(points[i], points[i + 1])
        if remaining <= step and step > 0:
            f = remaining / step
            return (points[i][0] + (points[i + 1][0] - points[i][0]) * f,
                    points[i][1] + (points[i + 1][1] - points[i][1]) * f)
        remaining -= step
    return points[-1]


def trim(points: Sequence[Point], start: float, end: float) -> list[Point]:
    """The polyline with `start` cut off its beginning and `end` off its end (for ends inside stations)."""
    total = length(points)
    if start + end >= total:
        mid = point_along(points, (start / (start + end)) if start + end else 0.5)
        return [mid, mid]
    result: list[Point] = [point_along(points, start / total)]
    walked = 0.0
    for i in range(len(points) - 1):
        walked += math.dist(points[i], points[i + 1])
        if start < walked < total - end:
            result.append(points[i + 1])
    result.append(point_along(points, (total - end) / total))
    return result


def bounding_rect(points: Sequence[Point]) -> tuple[float, float, float, float]:
    """The smallest upright rectangle around the points as (x, y, width, height), as the screens use rects."""
    x0, y0, x1, y1 = bounding_box(points)
    return (x0, y0, x1 - x0, y1 - y0)


def centroid(points: Sequence[Point]) -> Point:
    """The area centroid of a polygon (the mean of its points when it has no area)."""
    area = 0.0
    cx = cy = 0.0
    n = len(points)
    for i in range(n):
        x0, y0 = points[i]
        x1, y1 = points[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-9:
        return (sum(p[0] for p in points) / n, sum(p[1] for p in points) / n)
    return (cx / (3 * area), cy / (3 * area))


def rounded_polygon(points: Sequence[Point], radius: float, steps: int = 4) -> list[Point]:
    """Corners cut into short arcs (Chaikin-like), so hulls and parks look drawn rather than plotted."""
    pts = dedupe(points)
    n = len(pts)
    if n < 3 or radius <= 0:
        return list(pts)
    out: list[Point] = []
    for i in range(n):
        prev, cur, nxt = pts[i - 1], pts[i], pts[(i + 1) % n]
        d0 = math.dist(prev, cur)
        d1 = math.dist(cur, nxt)
        r = min(radius, d0 / 2, d1 / 2)
        if r <= 0:
            out.append(cur)
            continue
        a = (cur[0] + (prev[0] - cur[0]) * r / d0, cur[1] + (prev[1] - cur[1]) * r / d0)
        b = (cur[0] + (nxt[0] - cur[0]) * r / d1, cur[1] + (nxt[1] - cur[1]) * r / d1)
        for k in range(steps + 1):  # quadratic Bézier a → cur → b
            t = k / steps
            out.append(((1 - t) ** 2 * a[0] + 2 * (1 - t) * t * cur[0] + t * t * b[0],
                        (1 - t) ** 2 * a[1] + 2 * (1 - t) * t * cur[1] + t * t * b[1]))
    return out


def inflate(points: Sequence[Point], amount: float) -> list[Point]:
    """Push a convex polygon's points out from its centroid (a margin around a cluster's stations)."""
    c = centroid(points)
    out = []
    for x, y in points:
        d = math.hypot(x - c[0], y - c[1]) or 1.0
        out.append((x + (x - c[0]) / d * amount, y + (y - c[1]) / d * amount))
    return out


def project_on_segment(p: Point, a: Point, b: Point) -> tuple[Point, float]:
    """The nearest point to `p` on segment a–b and its distance."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    q = (a[0] + t * dx, a[1] + t * dy)
    return q, math.dist(p, q)


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """The distance from `p` to segment a–b."""
    return point_segment_distance(a[0], a[1], b[0], b[1], p[0], p[1])


def nearest_segment(p: Point, path: Sequence[Point]) -> tuple[int, float]:
    """Index i of the segment path[i]–path[i+1] nearest to `p`, and the distance to it."""
    best, best_d = -1, math.inf
    for i in range(len(path) - 1):
        d = segment_distance(p, path[i], path[i + 1])
        if d < best_d:
            best, best_d = i, d
    return best, best_d


def mean_point(points: Sequence[Point]) -> Point:
    """The average of the points (the origin for none): where a group's handle goes."""
    if not points:
        return (0.0, 0.0)
    return (sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points))


def rect_contains(rect: tuple[float, float, float, float], p: Point) -> bool:
    """Whether `p` lies in the rectangle spanned by two corners (x0, y0, x1, y1), in any order."""
    x0, y0, x1, y1 = rect
    return min(x0, x1) <= p[0] <= max(x0, x1) and min(y0, y1) <= p[1] <= max(y0, y1)


# ----- directions and crossings (the schematic layout and its checks) -----

EPS = 1e-9


def angle_of(dx: float, dy: float) -> float:
    """The direction of (dx, dy) in [0, 2π), measured with y growing downwards (clockwise on screen)."""
    a = math.atan2(dy, dx)
    return a + 2 * math.pi if a < 0 else a


def heads_along(a: Point, b: Point, direction: Point, angle: float) -> bool:
    """Whether the segment ab runs within `angle` of the unit `direction`, either way along it (a track and a
    river's bank side by side). False for a segment of no length."""
    span = math.dist(a, b)
    return span > 1e-6 and abs((b[0] - a[0]) * direction[0] + (b[1] - a[1]) * direction[1]) >= math.cos(angle) * span


def angle_gap(a: float, b: float) -> float:
    """The unsigned difference of two directions, in [0, π]."""
    d = abs(a - b) % (2 * math.pi)
    return 2 * math.pi - d if d > math.pi else d


def line_parameters(p1: Point, p2: Point, q1: Point, q2: Point) -> tuple[float, float] | None:
    """Where the lines through p1p2 and q1q2 meet, as parameters (t along p, u along q: 0 at the first
    point, 1 at the second); None for parallel lines. Callers choose which ends count."""
    rx, ry = p2[0] - p1[0], p2[1] - p1[1]
    sx, sy = q2[0] - q1[0], q2[1] - q1[1]
    denom = rx * sy - ry * sx
    if abs(denom) < EPS:
        return None
    qpx, qpy = q1[0] - p1[0], q1[1] - p1[1]
    return (qpx * sy - qpy * sx) / denom, (qpx * ry - qpy * rx) / denom


def segment_intersection(p1: Point, p2: Point, q1: Point, q2: Point) -> tuple[float, float] | None:
    """Where segments p1p2 and q1q2 cross properly: the parameters (t along p, u along q), else None.

    "Properly" means at one interior point of both; touching at an end, or running collinear, is not a
    proper crossing (see `segments_touch` for the stricter test the checks need).
    """
    found = line_parameters(p1, p2, q1, q2)
    if found is not None and EPS < found[0] < 1 - EPS and EPS < found[1] < 1 - EPS:
        return found
    return None


def segments_touch(p1: Point, p2: Point, q1: Point, q2: Point, tol: float = 1e-6) -> bool:
    """Whether the closed segments p1p2 and q1q2 share any point (crossing, touching or overlapping)."""
    d1 = cross(q1, q2, p1)
    d2 = cross(q1, q2, p2)
    d3 = cross(p1, p2, q1)
    d4 = cross(p1, p2, q2)
    if ((d1 > tol and d2 < -tol) or (d1 < -tol and d2 > tol)) and (
        (d3 > tol and d4 < -tol) or (d3 < -tol and d4 > tol)
    ):
        return True
    return (
        segment_distance(p1, q1, q2) <= tol
        or segment_distance(p2, q1, q2) <= tol
        or segment_distance(q1, p1, p2) <= tol
        or segment_distance(q2, p1, p2) <= tol
    )


def segments_distance(p1: Point, p2: Point, q1: Point, q2: Point) -> float:
    """The distance between the closed segments p1p2 and q1q2: 0 where they share a point, else the least
    distance from an end of one to the other."""
    if segments_touch(p1, p2, q1, q2):
        return 0.0
    return min(segment_distance(p1, q1, q2), segment_distance(p2, q1, q2), segment_distance(q1, p1, p2),
               segment_distance(q2, p1, p2))


def polygon_boundary_distance(p: Point, polygon: Sequence[Point]) -> float:
    """The distance from p to the polygon's outline."""
    n = len(polygon)
    return min(segment_distance(p, polygon[i - 1], polygon[i]) for i in range(n)) if n else math.inf

# ----- boxes: (x, y, width, height), y downwards, as station names' boxes are -----

Box = tuple[float, float, float, float]
T = TypeVar("T")

def inflate_box(box: Box, pad: float) -> Box:
    """The box grown by `pad` on every side."""
    x, y, w, h = box
    return (x - pad, y - pad, w + 2 * pad, h + 2 * pad)


def box_point_distance(box: Box, px: float, py: float) -> float:
    """The distance from a point to the nearest point of the box (0 inside it)."""
    x, y, w, h = box
    dx = max(x - px, 0.0, px - x - w)
    dy = max(y - py, 0.0, py - y - h)
    return math.hypot(dx, dy)


def boxes_overlap(a: Box, b: Box) -> bool:
    """True when the boxes share some area; boxes that only touch along an edge do not overlap."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def box_inside(inner: Box, outer: Box) -> bool:
    """True when `inner` lies wholly within `outer` (touching its edges is inside)."""
    return (inner[0] >= outer[0] and inner[1] >= outer[1] and inner[0] + inner[2] <= outer[0] + outer[2]
            and inner[1] + inner[3] <= outer[1] + outer[3])


def point_segment_distance(ax: float, ay: float, bx: float, by: float, px: float, py: float) -> float:
    """The distance from point p to segment a–b, in plain numbers (hot loops call it)."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(ax + t * dx - px, ay + t * dy - py)


def clip_segment(ax: float, ay: float, bx: float, by: float, box: Box) -> tuple[float, float] | None:
    """Liang–Barsky clipping: the stretch (t0, t1) of segment a–b inside the (closed) box, or None."""
    x0, y0, w, h = box
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    for p, q in ((-dx, ax - x0), (dx, x0 + w - ax), (-dy, ay - y0), (dy, y0 + h - ay)):
        if p == 0:
            if q < 0:
                return None
        else:
            r = q / p
            if p < 0:
                t0 = max(t0, r)
            else:
                t1 = min(t1, r)
            if t0 > t1:
                return None
    return t0, t1


THROUGH = 1e-6  # px a line must pass inside a box's edge to run through it, not along it


def segment_near_box(box: Box, ax: float, ay: float, bx: float, by: float, distance: float) -> bool:
    """True when the segment a–b comes nearer the box than `distance` (cheap tests first). At a distance of 0
    (a line with no width, as the cartography figure measures a link's path) nothing is nearer than 0: it is
    True when the segment runs through the box, not along its edge."""
    if distance <= 0:
        return clip_segment(ax, ay, bx, by, inflate_box(box, -THROUGH)) is not None
    if clip_segment(ax, ay, bx, by, inflate_box(box, distance)) is None:
        return False
    return box_segment_distance(box, ax, ay, bx, by) < distance


def box_segment_distance(box: Box, ax: float, ay: float, bx: float, by: float) -> float:
    """The shortest distance between the segment a–b and the box (0 when the segment enters it)."""
    if clip_segment(ax, ay, bx, by, box) is not None:
        return 0.0
    x, y, w, h = box
    best = min(box_point_distance(box, ax, ay), box_point_distance(box, bx, by))
    for cx, cy in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        best = min(best, point_segment_distance(ax, ay, bx, by, cx, cy))
    return best


class SpatialGrid(Generic[T]):
    """A uniform grid of buckets: things are filed under every cell their bounding box touches."""

    def __init__(self, cell: float) -> None:
        self.cell = cell
        self.cells: dict[tuple[int, int], list[T]] = {}

    def _span(self, box: Box) -> tuple[int, int, int, int]:
        c = self.cell
        x, y, w, h = box
        return math.floor(x / c), math.floor((x + w) / c), math.floor(y / c), math.floor((y + h) / c)

    def add(self, box: Box, item: T) -> None:
        x0, x1, y0, y1 = self._span(box)
        cells = self.cells
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                cells.setdefault((gx, gy), []).append(item)

    def near(self, box: Box) -> Iterable[T]:
        """Everything filed in a cell the box touches, each once (in the order first met)."""
        x0, x1, y0, y1 = self._span(box)
        cells = self.cells
        if x0 == x1 and y0 == y1:
            return cells.get((x0, y0), ())
        seen: dict[T, None] = {}
        for gx in range(x0, x1 + 1):
            for gy in range(y0, y1 + 1):
                items = cells.get((gx, gy))
                if items:
                    seen.update(dict.fromkeys(items))
        return seen.keys()

    def around(self, box: Box) -> list[T]:
        """Everything filed in a cell the box touches; a thing filed in several of them comes several times
        (cheaper than `near` when a repeat costs nothing, or things are filed in one cell each)."""
        c = self.cell  # _span inlined: this is the hottest call of the name placement
        x, y, w, h = box
        y0, y1 = math.floor(y / c), math.floor((y + h) / c) + 1
        get = self.cells.get
        found: list[T] = []
        for gx in range(math.floor(x / c), math.floor((x + w) / c) + 1):
            for gy in range(y0, y1):
                items = get((gx, gy))
                if items:
                    found.extend(items)
        return found


def oriented_path(points: Sequence[Point], start: Point, end: Point) -> tuple[Point, ...]:
    """A link's drawn path running from `start` to `end`, its ends moved exactly onto the two nodes (a
    straight line when it has fewer than two points): what the compiled board draws."""
    if len(points) < 2:
        return (start, end)
    forward = math.dist(points[0], start) + math.dist(points[-1], end)
    backward = math.dist(points[0], end) + math.dist(points[-1], start)
    path = list(reversed(points)) if backward < forward else list(points)
    path[0], path[-1] = start, end
    return tuple(path)
