"""Place stations on the board once the relaxation (relaxation.py) has pushed apart what the projection put
too close: the pass that makes room for names gives each a free side; rivers are carried and cleared with
the stations.
"""

from __future__ import annotations

import itertools
import math

from editor.importing.relaxation import IDENTICAL, clear_links
from game.geometry import Point, clip_segment, convex_hull


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


RIVER_DRIFT = 4.0  # clearances a river's course may drift off its traced course while it clears the stations


def clear_river(line: list[Point], clearance: float, stations: list[Point], step: float = 18.0,
                iterations: int = 40) -> list[Point]:
    """Bend a river's centreline off the stations: none closer than `clearance` to it, the course kept smooth."""
    if len(line) < 2:
        return list(line)
    dense: list[Point] = [line[0]]
    for p, q in itertools.pairwise(line):
        n = max(1, math.ceil(math.dist(p, q) / step))
        dense += [(p[0] + (q[0] - p[0]) * k / n, p[1] + (q[1] - p[1]) * k / n) for k in range(1, n + 1)]
    pts = [list(p) for p in dense]
    reach = clearance * RIVER_DRIFT  # stations further than this from the course never meet it
    stations = [(sx, sy) for sx, sy in stations
                if any(abs(sx - x) < reach and abs(sy - y) < reach for x, y in dense)]
    for _ in range(iterations):
        for i in range(1, len(pts) - 1):
            tx, ty = pts[i + 1][0] - pts[i - 1][0], pts[i + 1][1] - pts[i - 1][1]
            t = math.hypot(tx, ty) or 1.0
            nx, ny = -ty / t, tx / t
            for sx, sy in stations:
                dx, dy = pts[i][0] - sx, pts[i][1] - sy
                d = math.hypot(dx, dy)
                if d >= clearance:
                    continue
                side = dx * nx + dy * ny  # move across the river's course, away from the station
                sign = 1.0 if side >= 0 else -1.0
                push = (clearance - d) * 0.5
                pts[i][0] += nx * sign * push
                pts[i][1] += ny * sign * push
        smooth = [p[:] for p in pts]
        for i in range(1, len(pts) - 1):
            smooth[i] = [0.5 * pts[i][0] + 0.25 * (pts[i - 1][0] + pts[i + 1][0]),
                         0.5 * pts[i][1] + 0.25 * (pts[i - 1][1] + pts[i + 1][1])]
        pts = smooth
    # Thin the course again: keep a point where it turns or every few steps.
    kept = [pts[0]]
    for i in range(1, len(pts) - 1):
        (ax, ay), (bx, by), (cx, cy) = kept[-1], pts[i], pts[i + 1]
        turn = abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) / ((math.hypot(bx - ax, by - ay) or 1.0)
                                                                  * (math.hypot(cx - bx, cy - by) or 1.0))
        if turn > 0.06 or math.hypot(bx - ax, by - ay) > step * 4:
            kept.append(pts[i])
    kept.append(pts[-1])
    return [(round(x, 1), round(y, 1)) for x, y in kept]


def min_spacing(positions: dict[str, Point]) -> float:
    """The smallest distance between two stations."""
    items = list(positions.values())
    best = math.inf
    for i, (ax, ay) in enumerate(items):
        for bx, by in items[i + 1:]:
            best = min(best, math.hypot(ax - bx, ay - by))
    return best


def clip_polyline(points: list[Point], width: float, height: float) -> list[list[Point]]:
    """The pieces of a line inside the board (0..width × 0..height), cut where it crosses the edge: a river
    traced across a whole city runs off the board of one district."""
    pieces: list[list[Point]] = []
    current: list[Point] = []
    for p, q in itertools.pairwise(points):
        cut = _clip_segment(p, q, width, height)
        if cut is None:
            if current:
                pieces.append(current)
                current = []
            continue
        a, b = cut
        if current and current[-1] != a:
            pieces.append(current)
            current = []
        if not current:
            current = [a]
        current.append(b)
        if b != q:  # left the board
            pieces.append(current)
            current = []
    if current:
        pieces.append(current)
    return [piece for piece in pieces if len(set(piece)) > 1]  # a corner touched is no piece


def _clip_segment(p: Point, q: Point, width: float, height: float) -> tuple[Point, Point] | None:
    """The part of segment p–q inside the board, or None."""
    stretch = clip_segment(p[0], p[1], q[0], q[1], (0.0, 0.0, width, height))
    if stretch is None:
        return None
    t0, t1 = stretch
    dx, dy = q[0] - p[0], q[1] - p[1]
    start = p if t0 == 0.0 else (round(p[0] + t0 * dx, 1), round(p[1] + t0 * dy, 1))
    end = q if t1 == 1.0 else (round(p[0] + t1 * dx, 1), round(p[1] + t1 * dy, 1))
    return start, end


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


# ----- room for the names -----

# Where a name may go, as the game tries them: right, left, the four diagonals, above, below.
LABEL_SIDES: tuple[Point, ...] = ((1, 0), (-1, 0), (1, -1), (1, 1), (-1, -1), (-1, 1), (0, -1), (0, 1))
EM_PER_CHAR = 0.5  # mean width of a character of the board font, in ems
Box = tuple[float, float, float, float]


def label_box(centre: Point, side: Point, width: float, height: float, gap: float) -> Box:
    """A name's box beside a station, the way the game anchors it: touching the station's side `side`."""
    dx, dy = side
    d = math.hypot(dx, dy)
    ax, ay = centre[0] + dx / d * gap, centre[1] + dy / d * gap
    x0 = ax if dx > 0 else ax - width if dx < 0 else ax - width / 2
    y0 = ay if dy > 0 else ay - height if dy < 0 else ay - height / 2
    return (x0, y0, x0 + width, y0 + height)


def _box_disc_push(box: Box, centre: Point, radius: float) -> Point | None:
    """The shortest move of a disc out of a box (None when they do not touch)."""
    x0, y0, x1, y1 = box
    cx, cy = centre
    if cx + radius <= x0 or cx - radius >= x1 or cy + radius <= y0 or cy - radius >= y1:
        return None
    qx, qy = min(max(cx, x0), x1), min(max(cy, y0), y1)
    d = math.hypot(cx - qx, cy - qy)
    if d >= radius:
        return None
    moves = [(x0 - (cx + radius), 0.0), (x1 - (cx - radius), 0.0), (0.0, y0 - (cy + radius)), (0.0, y1 - (cy - radius))]
    return min(moves, key=lambda m: abs(m[0]) + abs(m[1]))


def _box_overlap(a: Box, b: Box) -> Point | None:
    """The shortest move of box b off box a (None when they do not overlap)."""
    w = min(a[2], b[2]) - max(a[0], b[0])
    h = min(a[3], b[3]) - max(a[1], b[1])
    if w <= 0 or h <= 0:
        return None
    if w < h:
        return (w if (b[0] + b[2]) > (a[0] + a[2]) else -w, 0.0)
    return (0.0, h if (b[1] + b[3]) > (a[1] + a[3]) else -h)


def _segment_hits_box(p: Point, q: Point, box: Box) -> bool:
    """Whether a segment passes through a box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = box
    return clip_segment(p[0], p[1], q[0], q[1], (x0, y0, x1 - x0, y1 - y0)) is not None


def _median_link(pos: dict[str, list[float]], links: list[tuple[str, str]]) -> float:
    lengths = sorted(math.hypot(pos[a][0] - pos[b][0], pos[a][1] - pos[b][1]) for a, b in links)
    return lengths[len(lengths) // 2] if lengths else 60.0


def make_room_for_names(positions: dict[str, Point], links: list[tuple[str, str]], importance: list[str],
                        min_distance: float, size: Point, margin: float, name_em: float = 0.16,
                        iterations: int = 160, link_clearance: float = 0.0,
                        wider: dict[tuple[str, str], float] | None = None) -> dict[str, Point]:
    """Give every station a free side for its name: choose a side per station, then push away what is in it.

    The name's height is `name_em` of the median link length (as the game draws it) and its width is
    estimated from its length. Sides are chosen greedily in `importance` order, as the game does; a station
    whose chosen box holds another station or another name moves apart from it. The spacing and link
    rules of `relax` keep holding, and the geography is pulled back to weakly. Deterministic.
    """
    names = sorted(positions)
    order = [n for n in importance if n in positions] + [n for n in names if n not in set(importance)]
    pos = {n: [positions[n][0], positions[n][1]] for n in names}
    home = dict(positions)
    width, height = size
    target = min_distance * 1.04
    side: dict[str, Point] = {}
    near: dict[str, list[str]] = {}
    em = name_em * _median_link(pos, links)
    for step in range(iterations):
        if step % 8 == 0:
            em = name_em * _median_link(pos, links)
            reach = max(len(n) for n in names) * EM_PER_CHAR * em + min_distance * 2
            near = {n: [o for o in names if o != n and abs(pos[o][0] - pos[n][0]) < reach
                        and abs(pos[o][1] - pos[n][1]) < reach] for n in names}
            side = _choose_sides(pos, links, order, near, em, side)
        radius = em * 0.75  # a station's disc with its ring, in the name's units
        gap = radius * 0.9
        moves = {n: [0.0, 0.0] for n in names}
        boxes = {n: label_box((pos[n][0], pos[n][1]), side[n], len(n) * EM_PER_CHAR * em, em, gap) for n in names}
        for n in names:
            for o in near[n]:
                push = _box_disc_push(boxes[n], (pos[o][0], pos[o][1]), radius * 1.15)
                if push is not None:
                    moves[o][0] += push[0] * 0.5
                    moves[o][1] += push[1] * 0.5
                    moves[n][0] -= push[0] * 0.5
                    moves[n][1] -= push[1] * 0.5
                if o > n:
                    overlap = _box_overlap(boxes[n], boxes[o])
                    if overlap is not None:
                        moves[o][0] += overlap[0] * 0.3
                        moves[o][1] += overlap[1] * 0.3
                        moves[n][0] -= overlap[0] * 0.3
                        moves[n][1] -= overlap[1] * 0.3
                    dx, dy = pos[o][0] - pos[n][0], pos[o][1] - pos[n][1]
                    d = math.hypot(dx, dy)
                    if d < target:
                        if d < 1e-6:
                            dx, dy, d = IDENTICAL
                        push_d = (target - d) / 2
                        moves[n][0] -= dx / d * push_d
                        moves[n][1] -= dy / d * push_d
                        moves[o][0] += dx / d * push_d
                        moves[o][1] += dy / d * push_d
        if link_clearance > 0:
            clear_links(pos, links, link_clearance, moves, wider)
        for n in names:
            mx, my = moves[n]
            x = pos[n][0] + 0.4 * mx + 0.01 * (home[n][0] - pos[n][0])
            y = pos[n][1] + 0.4 * my + 0.01 * (home[n][1] - pos[n][1])
            pos[n] = [min(max(x, margin), width - margin), min(max(y, margin), height - margin)]
    return {n: (round(p[0], 1), round(p[1], 1)) for n, p in pos.items()}


def _choose_sides(pos: dict[str, list[float]], links: list[tuple[str, str]], order: list[str],
                  near: dict[str, list[str]], em: float, previous: dict[str, Point]) -> dict[str, Point]:
    """Each station's best side for its name, most important first: few stations, names and links in it."""
    radius = em * 0.75
    gap = radius * 0.9
    at: dict[str, list[tuple[str, str]]] = {n: [] for n in pos}
    for a, b in links:
        at[a].append((a, b))
        at[b].append((a, b))
    chosen: dict[str, Box] = {}
    sides: dict[str, Point] = {}
    for n in order:
        centre = (pos[n][0], pos[n][1])
        w = len(n) * EM_PER_CHAR * em
        nearby_links = {link for o in (n, *near[n]) for link in at[o]}
        best: tuple[float, Point, Box] | None = None
        for rank, candidate in enumerate(LABEL_SIDES):
            box = label_box(centre, candidate, w, em, gap)
            cost = rank * 0.6 - (1.0 if previous.get(n) == candidate else 0.0)
            for o in near[n]:
                if _box_disc_push(box, (pos[o][0], pos[o][1]), radius * 1.15) is not None:
                    cost += 40
                other = chosen.get(o)
                if other is not None and _box_overlap(other, box) is not None:
                    cost += 40
            for a, b in nearby_links:
                if _segment_hits_box((pos[a][0], pos[a][1]), (pos[b][0], pos[b][1]), box):
                    cost += 4
            if best is None or cost < best[0]:
                best = (cost, candidate, box)
        assert best is not None
        sides[n] = best[1]
        chosen[n] = best[2]
    return sides
