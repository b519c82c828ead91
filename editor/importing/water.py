"""Rivers and parks on a starter board: projected like the stations, cut to the board, bent off the stations,
and carried along as the spacing pass moved them; a river with crossings puts water symbols on the links
over it."""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

from editor.importing.layout import (
    Point,
    carry,
    clear_river,
    clip_polyline,
    offset_polyline,
    segment_intersection,
)
from editor.importing.network_data import ImportError_, load_rivers
from editor.importing.projection import Projection
from editor.importing.starter import StarterBoard, StarterLink, StarterNode, pair
from game.geometry import length

SHORTEST_RIVER = 16.0  # half-widths: a piece of river cut shorter than this by the board's edge is left out (a
# tenth of the board's width: pieces of 96 and 118 px drawn in a corner read as blobs, not rivers)
RIVER_CLEARANCE = 12.0  # board px between a river's bank and a station, unless the projection says otherwise


def rivers_of(config: dict[str, Any], data_dir: Path | None) -> list[dict[str, Any]]:
    """The board's rivers: the configuration's, a course it leaves out taken from the city's river of that
    name; without any in the configuration, every river the city has, cut to the board (drawn only: no water
    symbols)."""
    if "rivers" not in config:
        return [{**river, "cut": True} for river in load_rivers(config.get("city", ""), data_dir)]
    rivers = [dict(river) for river in config["rivers"]]
    if any("points" not in river for river in rivers):
        traced = {river["name"]: river for river in load_rivers(config.get("city", ""), data_dir)}
        for river in rivers:
            if "points" not in river:
                if river.get("name") not in traced:
                    known = ", ".join(traced) or "none"
                    raise ImportError_(f"rivers: no traced river {river.get('name')!r} (known: {known})")
                river.update({**traced[river["name"]], **river})
    return rivers


def decorate(board: StarterBoard, config: dict[str, Any], rivers: list[dict[str, Any]], projection: Projection,
              projected: dict[str, Point], positions: dict[str, Point]) -> None:
    """Rivers and parks, projected like the stations, cut to the board and carried along by the spacing pass.

    A river with `crossings` turns every link over it into station–water symbol(s)–station.
    """
    stations = [(n.x, n.y) for n in board.nodes if not n.waypoint]
    clear = float(config.get("projection", {}).get("river_clearance", RIVER_CLEARANCE))
    crossings: dict[str, tuple[str, str, float]] = {}
    lines: list[tuple[list[Point], float]] = []
    for river in rivers:
        course = [projection(lat, lon) for lat, lon in river["points"]]
        half = float(river.get("width", 24)) / 2
        cut = bool(river.get("cut"))
        for piece in clip_polyline(course, board.width, board.height) if cut else [course]:
            if cut and length(piece) < SHORTEST_RIVER * half:
                continue  # the river only clips a corner of the board: a blob, not a river
            line = carry(piece, projected, positions)
            if clear > 0:
                line = clear_river(line, half + clear, stations)
            if cut:  # carried off the board by the stations near the edge: back onto it
                line = [(min(max(x, 0.0), board.width), min(max(y, 0.0), board.height)) for x, y in line]
            lines.append((line, half))
            board.decorations.append(("water", offset_polyline(line, half), ""))
            if river.get("crossings"):
                crossings |= _cross(board, line, river.get("name", "river"), config.get("double_water", []))
    if clear > 0 and crossings:
        _spread_waypoints(board, crossings, lines)
    for shape in config.get("polygons", []):
        points = carry([projection(lat, lon) for lat, lon in shape["points"]], projected, positions)
        board.decorations.append((shape.get("kind", "water"), points, shape.get("name", "")))


def _cross(board: StarterBoard, river: list[Point], river_name: str,
           doubles: list[list[str]]) -> dict[str, tuple[str, str, float]]:
    """Split the links over a river at the water; returns each new waypoint's link ends and fraction."""
    made: dict[str, tuple[str, str, float]] = {}
    by_name = {n.name: n for n in board.nodes}
    double = {pair(a, b) for a, b in doubles}
    count = sum(1 for n in board.nodes if n.waypoint)
    kept: list[StarterLink] = []
    for link in board.links:
        a, b = by_name[link.a], by_name[link.b]
        hit = None
        if not (a.waypoint or b.waypoint):
            for p, q in itertools.pairwise(river):
                hit = hit or segment_intersection((a.x, a.y), (b.x, b.y), p, q)
        if hit is None:
            kept.append(link)
            continue
        symbols = 2 if pair(link.a, link.b) in double else 1
        t = hit[0]
        fractions = [t] if symbols == 1 else [max(0.2, t - 0.14), min(0.8, t + 0.14)]
        chain = [link.a]
        for f in fractions:
            count += 1
            name = f"{river_name} water {count}"
            board.nodes.append(StarterNode(name, round(a.x + f * (b.x - a.x), 1), round(a.y + f * (b.y - a.y), 1),
                                           waypoint=True, properties={"water": True}))
            by_name[name] = board.nodes[-1]
            made[name] = (link.a, link.b, f)
            chain.append(name)
        chain.append(link.b)
        for u, v in itertools.pairwise(chain):
            kept.append(StarterLink(u, v, link.spaces, link.lines))
    board.links = kept
    return made


def _spread_waypoints(board: StarterBoard, crossings: dict[str, tuple[str, str, float]],
                      rivers: list[tuple[list[Point], float]]) -> None:
    """Slide each water symbol along its link, staying on the water, away from other symbols and links.

    Two links that cross the river side by side would otherwise put their symbols on top of each other.
    """
    by_name = {n.name: n for n in board.nodes}
    for name in sorted(crossings, key=lambda w: int(w.rsplit(" ", 1)[1])):
        a_name, b_name, f0 = crossings[name]
        a, b, node = by_name[a_name], by_name[b_name], by_name[name]
        own = {link_end for link in board.links if name in (link.a, link.b) for link_end in (link.a, link.b)}
        segments = [((by_name[k.a].x, by_name[k.a].y), (by_name[k.b].x, by_name[k.b].y)) for k in board.links
                    if k.a not in own and k.b not in own]
        others = [(n.x, n.y) for n in board.nodes if n.name not in own and n.name != name]
        best: tuple[float, Point] | None = None
        for k in range(-12, 13):
            f = min(0.85, max(0.15, f0 + k * 0.025))
            p = (a.x + f * (b.x - a.x), a.y + f * (b.y - a.y))
            wet = min((_segment_distance(p, u, v) - half for line, half in rivers
                       for u, v in itertools.pairwise(line)), default=0.0)  # below zero: on the water
            room = min([math.dist(p, o) for o in others] + [_segment_distance(p, u, v) * 1.5 for u, v in segments]
                       + [60.0])
            cost = -room + abs(k) * 0.4 + max(0.0, wet + 5) * 4
            if best is None or cost < best[0] - 1e-9:
                best = (cost, p)
        assert best is not None
        node.x, node.y = round(best[1][0], 1), round(best[1][1], 1)


def _segment_distance(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    denom = dx * dx + dy * dy
    t = 0.0 if denom == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / denom))
    return math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy))
