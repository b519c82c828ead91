"""rules §8: the rulebooks' worked examples, rebuilt on small boards of the same shape."""

from __future__ import annotations

from itertools import pairwise

from game.rules.actions import ChooseRoute, PlaceTrack, TakeBranch
from game.rules.sandbox import SandboxPlacement, sandbox_place, sandbox_state
from game.rules.state import GameState
from tests.rules.boards import make_board
from tests.rules.words import words

# ----- Goldhawk Road passenger (2nd edition, "Déplacer le passager") -----

GOLDHAWK = make_board(
    {
        "Goldhawk Road": (0, 300, "start"),
        "Shepherd's Bush": (0, 200, ""),
        "Notting Hill Gate": (100, 200, ""),
        "Bond Street": (200, 200, ""),
        "Oxford Circus": (300, 200, "express"),
        "Tottenham Court Road": (400, 200, ""),
        "Baker Street": (200, 100, ""),
        "Warren Street": (400, 100, ""),
        "Great Portland Street": (300, 50, "standard"),
        "Hammersmith": (0, 400, ""),
        "Turnham Green": (-100, 400, "express"),
        "Earl's Court": (200, 400, ""),
        "Piccadilly Circus": (350, 350, ""),
        "Leicester Square": (400, 300, "express"),
    },
    [
        ("Goldhawk Road", "Shepherd's Bush"), ("Goldhawk Road", "Hammersmith"), ("Hammersmith", "Turnham Green"),
        ("Shepherd's Bush", "Notting Hill Gate"), ("Notting Hill Gate", "Bond Street"),
        ("Bond Street", "Oxford Circus"),
        ("Oxford Circus", "Tottenham Court Road"), ("Bond Street", "Baker Street"),
        ("Baker Street", "Great Portland Street"), ("Tottenham Court Road", "Warren Street"),
        ("Warren Street", "Great Portland Street"), ("Hammersmith", "Earl's Court"),
        ("Earl's Court", "Piccadilly Circus"), ("Piccadilly Circus", "Leicester Square"),
    ],
    ruleset="london",
)
GOLDHAWK_LINES = {
    "red": ["Shepherd's Bush", "Notting Hill Gate", "Bond Street", "Oxford Circus", "Tottenham Court Road"],
    "orange": ["Bond Street", "Baker Street", "Great Portland Street"],
    "green": ["Tottenham Court Road", "Warren Street", "Great Portland Street"],
    "blue": ["Hammersmith", "Earl's Court", "Piccadilly Circus"],
    "purple": ["Piccadilly Circus", "Leicester Square"],
}


def goldhawk_state() -> GameState:
    state = sandbox_state(GOLDHAWK, [["red", "blue"], ["orange", "purple"], ["green"]])
    for line, stations in GOLDHAWK_LINES.items():
        for a, b in pairwise(stations):
            sandbox_place(state, SandboxPlacement(line, a, b))
    for player in state.players:
        player.points = 0
    at = GOLDHAWK.index_of
    state.passenger = at["Goldhawk Road"]
    state.face_up = [(at["Leicester Square"], "express"), (at["Oxford Circus"], "express"),
                     (at["Turnham Green"], "express"), (at["Great Portland Street"], "standard")]
    state.current, state.actions_left = 0, 1
    return state


def test_goldhawk_road_passenger_goes_to_oxford_circus_then_the_active_player_chooses():
    state = goldhawk_state()
    at = GOLDHAWK.index_of
    state.apply(TakeBranch())  # the last action of the turn: now the passenger moves
    express = state.passenger_options()
    # Leicester Square: 1 walk + 2 lines; Turnham Green: 2 walks; Oxford Circus: 1 walk + red.
    assert (express.walked, express.lines) == (1, 1)
    assert [(o.destination, o.lines) for o in express.options] == [(at["Oxford Circus"], ("red",))]
    assert [GOLDHAWK.nodes[n].name for n in express.options[0].path] == [
        "Goldhawk Road", "Shepherd's Bush", "Notting Hill Gate", "Bond Street", "Oxford Circus"]
    events = state.apply(state.legal_actions()[0])
    assert [(e.player, e.points) for e in events if e.kind == "score"] == [(0, 1)]  # red scores 1

    standard = state.passenger_options()
    assert (standard.walked, standard.lines) == (0, 2)
    assert {(o.destination, o.lines) for o in standard.options} == {
        (at["Great Portland Street"], ("orange", "red")),
        (at["Great Portland Street"], ("green", "red")),
    }
    state.apply(ChooseRoute(at["Great Portland Street"], ("green", "red")))  # the active player's choice
    assert [p.points for p in state.players] == [2, 0, 1]


# ----- Branch example: orange to Ealing Broadway, a token, a branch to Paddington, red to Marylebone -----

WEST = make_board(
    {
        "Ealing Broadway": (0, 100, "terminus"), "Acton": (100, 100, ""), "Shepherd's Bush": (200, 100, ""),
        "Notting Hill Gate": (300, 100, "start"), "Bayswater": (400, 100, ""), "Paddington": (300, 0, "railway"),
        "Marylebone": (400, 0, "railway"), "Edgware Road": (200, 0, ""),
    },
    [("Ealing Broadway", "Acton"), ("Acton", "Shepherd's Bush"), ("Shepherd's Bush", "Notting Hill Gate"),
     ("Notting Hill Gate", "Bayswater"), ("Notting Hill Gate", "Paddington"), ("Paddington", "Marylebone"),
     ("Edgware Road", "Paddington")],
    ruleset="london",
)


def test_branch_example_terminus_token_then_paid_branch_then_red_railway():
    state = sandbox_state(WEST, [["orange", "red"], ["blue"]])
    for line, a, b in [("orange", "Acton", "Shepherd's Bush"), ("orange", "Shepherd's Bush", "Notting Hill Gate"),
                       ("orange", "Notting Hill Gate", "Bayswater"), ("red", "Edgware Road", "Paddington")]:
        sandbox_place(state, SandboxPlacement(line, a, b))
    player = state.players[0]
    player.points = 0
    player.branch_tokens = 0
    state.current, state.actions_left = 0, 4
    link = WEST.link
    first = state.apply(PlaceTrack("orange", link("Acton", "Ealing Broadway").index))[0]
    assert (first.points, first.branch_tokens) == (2, 1)
    state.apply(TakeBranch())
    assert player.branch_tokens == 2
    third = state.apply(PlaceTrack("orange", link("Notting Hill Gate", "Paddington").index))[0]
    assert (third.paid, third.points, words(third)) == (2, 1, ("railway station: Paddington",))
    assert player.branch_tokens == 0
    fourth = state.apply(PlaceTrack("red", link("Paddington", "Marylebone").index))[0]
    assert (fourth.points, words(fourth)) == (1, ("railway station: Marylebone",))
    assert player.points == 4


# ----- Loop example: green round to Charing Cross, a connection pair on the way, Holborn not twice -----

CENTRE = make_board(
    {
        "Bond Street": (0, 100, "start"), "Baker Street": (0, 0, ""),
        "King's Cross St. Pancras": (150, 0, "connection"),
        "Angel": (300, 50, ""), "Bank": (300, 250, ""), "Farringdon": (200, 200, ""),
        "Charing Cross": (200, 250, ""), "Westminster": (150, 350, ""), "Victoria": (0, 350, "connection"),
        "Green Park": (50, 250, ""), "Holborn": (250, 120, ""),
        "Oxford Circus": (80, 150, ""), "Tottenham Court Road": (140, 130, ""), "Leicester Square": (170, 200, ""),
        "Piccadilly Circus": (120, 220, ""), "Outside": (400, 400, ""),
    },
    [("Charing Cross", "Bank"), ("Bank", "Farringdon"), ("Farringdon", "King's Cross St. Pancras"),
     ("King's Cross St. Pancras", "Angel"), ("Angel", "Bank"), ("King's Cross St. Pancras", "Baker Street"),
     ("Baker Street", "Bond Street"), ("Bond Street", "Green Park"), ("Green Park", "Victoria"),
     ("Victoria", "Westminster"), ("Westminster", "Charing Cross"), ("Bank", "Outside")],
    ruleset="london",
)


def test_loop_example_connection_pair_then_four_stations_inside_and_holborn_not_again():
    state = sandbox_state(CENTRE, [["green"], ["red"]], tiles={"King's Cross St. Pancras": "parks",
                                                                "Victoria": "parks"})
    state.players[0].branch_tokens = 2
    earlier = [("Charing Cross", "Bank"), ("Bank", "Farringdon"), ("Farringdon", "King's Cross St. Pancras"),
               ("King's Cross St. Pancras", "Angel"), ("Angel", "Bank"),  # an earlier loop round Holborn
               ("King's Cross St. Pancras", "Baker Street"), ("Baker Street", "Bond Street")]
    events = [sandbox_place(state, SandboxPlacement("green", a, b)) for a, b in earlier]
    assert words(events[4]) == ("loop around 1 station",)  # Holborn, scored by that earlier loop
    state.players[0].points = 0
    example = [("Bond Street", "Green Park"), ("Green Park", "Victoria"), ("Victoria", "Westminster"),
               ("Westminster", "Charing Cross")]
    events = [sandbox_place(state, SandboxPlacement("green", a, b)) for a, b in example]
    assert [e.points for e in events] == [0, 3, 0, 4]
    assert words(events[1]) == ("connection pair: parks",)
    inside = {CENTRE.nodes[n].name for n in state.lines["green"].loop_scored}
    assert inside == {"Holborn", "Oxford Circus", "Tottenham Court Road", "Leicester Square", "Piccadilly Circus"}

