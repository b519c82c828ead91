"""The bus-tour board check: what makes a board that compiles hard to read or to play, as the table draws it.

Warnings (the board still compiles): a name over another name, a place or a route as drawn (20 px wide, a
double route's two rows side by side), a name off the board, routes crossing, a route passing through a
place, places crowding one another, a place in the water, a drawn path that does not start and end at its
places, a network in pieces. An error: a ticket whose places no routes join (nobody could ever finish it).
The build of our own board (tools/build_bus_board.py) places names with the same measures.
"""

from __future__ import annotations

import math
from itertools import combinations, pairwise

from game.board.tmx.problems import Reporter
from game.board.tmx.raw import RawObject
from game.bus.board import BusBoard, Route, shortest_spaces
from game.bus.labels import Box
from game.bus.measures import PLACE_CLEAR, PLACE_RADIUS, ROUTE_HALF, TWIN_SHIFT
from game.geometry import (
    box_point_distance,
    boxes_overlap,
    point_in_polygon,
    point_segment_distance,
    segment_intersection,
    segment_near_box,
    trim,
)

MIN_PLACE_GAP = 60.0  # board px between two places' centres: closer, their discs and names crowd

Point = tuple[float, float]


def centre_line(board: BusBoard, route: Route) -> list[Point]:
    """The line a route is drawn along: its path, or straight between its places."""
    if len(route.path) >= 2:
        return list(route.path)
    a, b = board.places[route.a], board.places[route.b]
    return [(a.x, a.y), (b.x, b.y)]


def drawn_bands(board: BusBoard) -> list[tuple[Route, list[Point], float]]:
    """Each route (a double route once) as drawn: its line clear of the discs, and how far it reaches sideways."""
    bands = []
    for route in board.routes:
        if route.twin is not None and route.twin < route.index:
            continue
        reach = ROUTE_HALF + (TWIN_SHIFT if route.twin is not None else 0.0)
        bands.append((route, trim(centre_line(board, route), PLACE_CLEAR, PLACE_CLEAR), reach))
    return bands


def under_route(box: Box, line: list[Point], reach: float) -> bool:
    return any(segment_near_box(box, p[0], p[1], q[0], q[1], reach) for p, q in pairwise(line))


def check_board(board: BusBoard, place_objs: list[RawObject], route_objs: list[RawObject],
                ticket_objs: list[RawObject], report: Reporter) -> None:
    _names(board, place_objs, report)
    _routes(board, place_objs, route_objs, report)
    _places(board, place_objs, report)
    _network(board, place_objs, ticket_objs, report)


def _names(board: BusBoard, place_objs: list[RawObject], report: Reporter) -> None:
    bands = drawn_bands(board)
    for place in board.places:
        box = place.label
        if box is None:
            continue
        obj = place_objs[place.index]
        for other in board.places[place.index + 1:]:
            if other.label is not None and boxes_overlap(box, other.label):
                report.warn(obj, f"its name overlaps the name of {other.name}")
        for other in board.places:
            if other.index != place.index and box_point_distance(box, other.x, other.y) < PLACE_RADIUS:
                report.warn(obj, f"its name lies over the place {other.name}")
        for route, line, reach in bands:
            if under_route(box, line, reach):
                ends = f"{board.places[route.a].name} – {board.places[route.b].name}"
                report.warn(obj, f"its name lies over the route {ends} (move it with the label property)")
        x, y, w, h = box
        if x < 0 or y < 0 or x + w > board.width or y + h > board.height:
            report.warn(obj, "its name runs off the board")


def _routes(board: BusBoard, place_objs: list[RawObject], route_objs: list[RawObject], report: Reporter) -> None:
    lines = [centre_line(board, route) for route in board.routes]
    for route, line in zip(board.routes, lines, strict=False):
        obj = route_objs[route.index]
        a, b = board.places[route.a], board.places[route.b]
        if route.path:
            starts = {math.dist(line[0], (p.x, p.y)) <= PLACE_RADIUS for p in (a, b)}
            ends = {math.dist(line[-1], (p.x, p.y)) <= PLACE_RADIUS for p in (a, b)}
            if not (any(starts) and any(ends)):
                report.warn(obj, f"its drawn path does not start and end at {a.name} and {b.name}")
        for place in board.places:
            if place.index in (route.a, route.b):
                continue
            if any(point_segment_distance(p[0], p[1], q[0], q[1], place.x, place.y) < PLACE_RADIUS + ROUTE_HALF
                   for p, q in pairwise(line)):
                report.warn(obj, f"it passes through {place.name}")
    for first, second in combinations(board.routes, 2):
        if {first.a, first.b} & {second.a, second.b}:
            continue  # routes sharing a place meet there; a double route's rows too
        one, two = lines[first.index], lines[second.index]
        if any(segment_intersection(p, q, r, s) is not None
               for p, q in pairwise(one) for r, s in pairwise(two)):
            other = f"{board.places[second.a].name} – {board.places[second.b].name}"
            report.warn(route_objs[first.index], f"it crosses the route {other}")


def _places(board: BusBoard, place_objs: list[RawObject], report: Reporter) -> None:
    for place, other in combinations(board.places, 2):
        gap = math.dist((place.x, place.y), (other.x, other.y))
        if gap < MIN_PLACE_GAP:
            report.warn(place_objs[place.index], f"it is {gap:.0f} px from {other.name} (keep places at least "
                                                 f"{MIN_PLACE_GAP:g} px apart)")
    water = [d.points for d in board.decorations if d.kind == "water" and len(d.points) >= 3]
    for place in board.places:
        if any(point_in_polygon((place.x, place.y), outline) for outline in water):
            report.warn(place_objs[place.index], "it stands in the water")


def _network(board: BusBoard, place_objs: list[RawObject], ticket_objs: list[RawObject], report: Reporter) -> None:
    pieces = _pieces(board)
    main = max(pieces, key=len) if pieces else set()
    for place in board.places:
        if not board.routes_at[place.index]:
            report.warn(place_objs[place.index], "no route reaches it")
        elif place.index not in main:
            report.warn(place_objs[place.index], "the network is in pieces: no routes join it to "
                                                 f"{board.places[min(main)].name}")
    for ticket in board.tickets:
        if shortest_spaces(board, ticket.a, ticket.b) is None:
            report.error(ticket_objs[ticket.index], f"no routes join {board.places[ticket.a].name} and "
                                                    f"{board.places[ticket.b].name}: nobody could finish the ticket")


def _pieces(board: BusBoard) -> list[set[int]]:
    """The places in groups that routes join (a place with no route is a group of its own)."""
    seen: set[int] = set()
    pieces = []
    for start in range(len(board.places)):
        if start in seen:
            continue
        piece, todo = {start}, [start]
        while todo:
            here = todo.pop()
            for k in board.routes_at[here]:
                there = board.routes[k].other_end(here)
                if there not in piece:
                    piece.add(there)
                    todo.append(there)
        seen |= piece
        pieces.append(piece)
    return pieces
