"""Destination pins (board/pins.py): straight up when nothing is above the station, else leaning off the
names, and never over towards another station, where the pin would read as that station's."""

from __future__ import annotations

import math

import pytest

from game.board.loader import load_board
from game.board.model import Board
from game.ui.board.labels import BoardNames, name_scale
from game.ui.board.metrics import BoardMetrics
from game.ui.board.pins import PinShape, head_radius, lean_for, pin_shape

BOARDS = ["london", "london_classic", "berlin", "newyork"]
FIT_1080 = 0.775  # about the fitted zoom of a shipped board on a 1080-line screen
# Pins that still hide a name, per board: where every lean covers a name, a disc, leaves the board or reads as
# a neighbour's (New York's 125 St and 72 St). Measured on the boards of session 37: 7 before a head counted by
# its square (Barons Court, Holborn, Gleisdreieck and four in New York), 2 since. A ceiling.
HIDDEN_AT_MOST = {"london": 0, "london_classic": 0, "berlin": 0, "newyork": 2}


def _pins(board: Board) -> tuple[BoardNames, dict[int, PinShape], dict[int, PinShape], float]:
    names, metrics = BoardNames(board), BoardMetrics(board)
    scale = name_scale(board.label_px, FIT_1080)
    chosen, upright = {}, {}
    for index in names.stations():
        head = head_radius(metrics.radius[index], FIT_1080)
        node = board.nodes[index]
        chosen[index] = lean_for(board, names, index, head, scale, metrics.radius)
        upright[index] = pin_shape(node.x, node.y, metrics.radius[index], head, 0.0)
    return names, chosen, upright, scale


def _covers(names: BoardNames, pin: PinShape, scale: float) -> bool:
    x, y = pin.head
    return any(bx - pin.radius < x < bx + bw + pin.radius and by - pin.radius < y < by + bh + pin.radius
               for bx, by, bw, bh in (names.box(i, scale) for i in names.stations()))


@pytest.mark.parametrize("name", BOARDS)
def test_pins_stand_straight_where_nothing_is_above_and_lean_where_a_name_is(name: str) -> None:
    board = load_board(name)
    names, chosen, upright, scale = _pins(board)
    hidden_upright = [i for i in chosen if _covers(names, upright[i], scale)]
    hidden_now = [i for i in chosen if _covers(names, chosen[i], scale)]
    assert len(hidden_upright) >= 20  # the set-up: an upright pin hides a name at many stations
    assert len(hidden_now) <= HIDDEN_AT_MOST[name], [board.nodes[i].name for i in hidden_now]
    needless = [board.nodes[i].name for i in chosen if chosen[i].lean and not _covers(names, upright[i], scale)
                and not _astray(board, i, upright[i])]
    assert len(needless) <= len(chosen) // 10, needless


def _astray(board: Board, index: int, pin: PinShape) -> bool:
    node = board.nodes[index]
    own = math.dist(pin.head, (node.x, node.y))
    return any(math.dist(pin.head, (o.x, o.y)) < own for o in board.nodes if o.index != index and not o.waypoint)


@pytest.mark.parametrize("name", BOARDS)
def test_no_pin_leans_over_towards_another_station(name: str) -> None:
    board = load_board(name)
    _, chosen, _, _ = _pins(board)
    astray = [board.nodes[i].name for i, pin in chosen.items() if _astray(board, i, pin)]
    assert len(astray) <= 1, astray
