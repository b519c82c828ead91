"""The drawn path through a list of nodes: what the passenger follows and what route previews draw."""

from __future__ import annotations

import itertools

from game.board.model import Board

Point = tuple[float, float]


def route_polyline(board: Board, path: tuple[int, ...]) -> list[Point]:
    """The links' drawn paths joined end to end, walked in the route's direction."""
    points: list[Point] = []
    for a, b in itertools.pairwise(path):
        link = board.links[board.link_between[(a, b)]]
        points.extend(link.path_from(a) if not points else link.path_from(a)[1:])
    if not points and path:
        node = board.nodes[path[0]]
        points = [(node.x, node.y)]
    return points


def route_links(board: Board, path: tuple[int, ...]) -> list[int]:
    """The links a route uses, in order."""
    return [board.links[board.link_between[(a, b)]].index for a, b in itertools.pairwise(path)]
