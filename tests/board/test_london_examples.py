"""rules §8's rulebook examples replayed on our London board, as far as its geometry matches.

docs/rulebook-examples.md says what differs from the printed board and why.
"""

from __future__ import annotations

from collections import deque
from itertools import pairwise

import pytest

from game.board.loader import load_board
from game.board.model import Board
from game.rules.actions import ChooseRoute, PlaceTrack, TakeBranch
from game.rules.sandbox import SandboxPlacement, sandbox_place, sandbox_state
from game.rules.state import GameState
from tests.rules.words import words


@pytest.fixture(scope="module")
def london() -> Board:
    return load_board("london")


def shortest(board: Board, origin: str, target: str, avoid: set[str]) -> list[str]:
    """Stations of a fewest-link path on the board, around the stations named in `avoid`."""
    start, goal = board.index_of[origin], board.index_of[target]
    came_from = {start: start}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for _, other in board.neighbours[node]:
            if other not in came_from and board.nodes[other].name not in avoid:
                came_from[other] = node
                queue.append(other)
    path = [goal]
    while path[-1] != start:
        path.append(came_from[path[-1]])
    return [board.nodes[n].name for n in reversed(path)]


def lay(state: GameState, line: str, stations: list[str]) -> None:
    for a, b in pairwise(stations):
        sandbox_place(state, SandboxPlacement(line, a, b))


def test_goldhawk_road_passenger(london: Board):
    red = ["Shepherd's Bush", "Notting Hill Gate", "Lancaster Gate", "Marble Arch", "Bond Street", "Oxford Circus",
           "Tottenham Court Road"]
    orange = ["Bond Street", "Baker Street", "Great Portland Street"]
    green = ["Tottenham Court Road", "Goodge Street", "Warren Street", "Euston", "King's Cross St. Pancras",
             "Great Portland Street"]
    blue = shortest(london, "Hammersmith", "Piccadilly Circus",
                    avoid={"Goldhawk Road", "Shepherd's Bush", *red, "Oxford Circus", "Charing Cross",
                           "Leicester Square", "Turnham Green"})
    state = sandbox_state(london, [["red", "blue"], ["orange", "purple"], ["green"]])
    for line, stations in (("red", red), ("orange", orange), ("green", green), ("blue", blue),
                           ("purple", ["Piccadilly Circus", "Leicester Square"])):
        lay(state, line, stations)
    for player in state.players:
        player.points = 0
    at = london.index_of
    state.passenger = at["Goldhawk Road"]
    state.face_up = [(at["Leicester Square"], "express"), (at["Oxford Circus"], "express"),
                     (at["Turnham Green"], "express"), (at["Great Portland Street"], "standard")]
    state.current, state.actions_left = 0, 1
    state.apply(TakeBranch())

    express = state.passenger_options()
    assert (express.walked, express.lines) == (1, 1)
    assert [(london.nodes[o.destination].name, o.lines) for o in express.options] == [("Oxford Circus", ("red",))]
    assert [london.nodes[n].name for n in express.options[0].path][:2] == ["Goldhawk Road", "Shepherd's Bush"]
    state.apply(state.legal_actions()[0])
    assert state.players[0].points == 1

    standard = state.passenger_options()
    assert (standard.walked, standard.lines) == (0, 2)
    assert {o.lines for o in standard.options} == {("orange", "red"), ("green", "red")}
    state.apply(ChooseRoute(at["Great Portland Street"], ("orange", "red")))
    assert [p.points for p in state.players] == [2, 1, 0]


def test_branch_example(london: Board):
    state = sandbox_state(london, [["orange", "red"], ["blue"]])
    lay(state, "orange", ["Acton Town", "Turnham Green", "Hammersmith", "Goldhawk Road", "Shepherd's Bush",
                          "Notting Hill Gate", "High Street Kensington"])
    lay(state, "red", ["Baker Street", "Paddington"])
    player = state.players[0]
    player.points = player.branch_tokens = 0
    state.current, state.actions_left = 0, 4
    first = state.apply(PlaceTrack("orange", london.link("Acton Town", "Ealing Broadway").index))[0]
    assert (first.points, first.branch_tokens, words(first)) == (2, 1, ("terminus: Ealing Broadway",))
    state.apply(TakeBranch())
    third = state.apply(PlaceTrack("orange", london.link("Notting Hill Gate", "Paddington").index))[0]
    assert (third.paid, third.points, words(third)) == (2, 1, ("railway station: Paddington",))
    fourth = state.apply(PlaceTrack("red", london.link("Paddington", "Marylebone").index))[0]
    assert (fourth.points, words(fourth)) == (1, ("railway station: Marylebone",))
    assert (player.points, player.branch_tokens) == (4, 0)


def test_loop_example(london: Board):
    state = sandbox_state(london, [["green"], ["red"]], tiles={"King's Cross St. Pancras": "parks",
                                                                "Victoria": "parks"})
    lay(state, "green", ["Charing Cross", "Leicester Square", "Tottenham Court Road", "Goodge Street", "Warren Street",
                         "Euston", "King's Cross St. Pancras", "Great Portland Street", "Baker Street", "Bond Street"])
    state.players[0].points = 0
    example = [("Bond Street", "Green Park"), ("Green Park", "Victoria"), ("Victoria", "Westminster"),
               ("Westminster", "Charing Cross")]
    events = [sandbox_place(state, SandboxPlacement("green", a, b)) for a, b in example]
    # Our Victoria is also a railway station (it is one in London): 1 more than the rulebook's 3.
    assert [e.points for e in events[:3]] == [0, 4, 0]
    assert words(events[1]) == ("railway station: Victoria", "connection pair: parks")
    inside = {london.nodes[n].name for n in state.lines["green"].loop_scored}
    assert inside == {"Oxford Circus", "Piccadilly Circus", "Regent's Park"}
    assert events[3].points == len(inside)
