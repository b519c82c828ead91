"""Routing cases that once went wrong, kept so they stay right."""

from __future__ import annotations

from game.rules.routing import find_routes
from tests.rules.boards import make_board


def test_a_target_alighted_at_the_same_cost_as_a_walked_one_is_still_an_option():
    # P–Q is red; Q–A can be walked; P–R can be walked and R–B is blue.
    # A costs red + 1 walk; B costs 1 walk + blue: the same (1 walk, 1 line). Both are options.
    board = make_board(
        {"P": (0, 0, "start"), "Q": (100, 0, ""), "A": (200, 0, "standard"), "R": (0, 100, ""),
         "B": (0, 200, "standard")},
        [("P", "Q"), ("Q", "A"), ("P", "R"), ("R", "B")],
    )
    at = board.index_of
    tracks = [[] for _ in board.links]
    tracks[board.link("P", "Q").index].append("red")
    tracks[board.link("R", "B").index].append("blue")
    line_nodes = {"red": {at["P"], at["Q"]}, "blue": {at["R"], at["B"]}}
    result = find_routes(board, tracks, line_nodes, at["P"], {at["A"], at["B"]})
    assert (result.walked, result.lines) == (1, 1)
    assert {(o.destination, o.lines) for o in result.options} == {(at["A"], ("red",)), (at["B"], ("blue",))}
