"""What lies under a point of the map: the hit test every tool that clicks on objects uses."""

from __future__ import annotations

import math

from editor.document.tmx import AREA_KINDS, LINE_KINDS, NODE_KINDS, Document, MapObject, Point
from game.geometry import nearest_segment, point_in_polygon


def pick(doc: Document, p: Point, radius: float, kinds: tuple[str, ...] | None = None) -> MapObject | None:
    """Nodes within `radius` first, then links (and routes) a little nearer, then the smallest area containing `p`."""
    objects = [o for o in doc.objects() if kinds is None or o.kind in kinds]
    nodes = [(math.dist(p, o.pos), o.id, o) for o in objects if o.kind in NODE_KINDS]
    near = [item for item in nodes if item[0] <= radius]
    if near:
        return min(near)[2]
    links = []
    for o in objects:
        if o.kind in LINE_KINDS and len(o.points) >= 2:
            _, d = nearest_segment(p, o.points)
            if d <= radius * 0.8:
                links.append((d, o.id, o))
    if links:
        return min(links)[2]
    areas = [(_area(o.points), o.id, o) for o in objects if o.kind in AREA_KINDS and point_in_polygon(p, o.points)]
    return min(areas)[2] if areas else None


def _area(points: list[Point]) -> float:
    total = 0.0
    for i in range(len(points)):
        x1, y1 = points[i]
        x2, y2 = points[(i + 1) % len(points)]
        total += x1 * y2 - x2 * y1
    return abs(total) / 2
