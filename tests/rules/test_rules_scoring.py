"""rules §2 and the loops of §4: what connecting stations scores, once per line per station."""

from __future__ import annotations

from game.rules.sandbox import SandboxPlacement, sandbox_place, sandbox_state
from game.rules.state import new_game
from tests.rules.boards import make_board
from tests.rules.words import words


def play(board, seats, placements, tiles=None):
    """Apply placements in the sandbox; return each placement's event and the state."""
    state = sandbox_state(board, seats, tiles)
    return place(state, placements), state


def place(state, placements):
    """Apply more placements in the sandbox; return each placement's event."""
    for line, _a, _b in placements:
        state.players[state.owner_of(line)].branch_tokens += 2  # branching is not what these tests are about
    events = [sandbox_place(state, SandboxPlacement(*p)) for p in placements]
    for line, _a, _b in placements:
        state.players[state.owner_of(line)].branch_tokens -= 2
    return events


FEATURES = make_board(
    {"Plain": (0, 0, "start"), "Rail": (100, 0, "railway"), "End": (200, 0, "terminus"),
     "Both": (100, 100, "railway terminus"), "Other": (0, 100, "")},
    [("Plain", "Rail", 3), ("Rail", "End", 3), ("Rail", "Both", 3), ("Plain", "Other", 3)],
)


def test_a_railway_station_scores_one_point_once_per_line():
    events, state = play(FEATURES, [["red", "blue"], ["green"]],
                         [("red", "Plain", "Rail"), ("red", "Rail", "End"), ("blue", "Plain", "Rail"),
                          ("green", "Rail", "End")])
    assert [e.points for e in events] == [1, 2, 1, 3]
    assert words(events[0]) == ("railway station: Rail",)
    assert words(events[1]) == ("terminus: End",)  # Rail is not scored again by red
    assert state.players[0].points == 4  # two lines of one player each take the railway bonus
    assert state.players[1].points == 3  # green connects Rail and End at once: both bonuses


def test_a_terminus_scores_two_points_and_a_branch_token():
    events, state = play(FEATURES, [["red"], ["green"]], [("red", "Rail", "End")])
    assert (events[0].points, events[0].branch_tokens) == (3, 1)
    assert state.players[0].branch_tokens == 1


def test_one_placement_can_trigger_several_bonuses():
    events, _ = play(FEATURES, [["red"], ["green"]], [("red", "Rail", "Both")])
    assert events[0].points == 1 + 1 + 2  # Rail railway, Both railway and terminus
    assert set(words(events[0])) == {"railway station: Rail", "railway station: Both", "terminus: Both"}


def test_bonus_points_can_be_turned_off_by_the_board():
    board = make_board({"A": (0, 0, "start"), "B": (100, 0, "railway terminus")}, [("A", "B")],
                       railway_points=0, terminus_points=5, terminus_branch_tokens=2)
    events, _ = play(board, [["red"], ["green"]], [("red", "A", "B")])
    assert (events[0].points, events[0].branch_tokens) == (5, 2)


# ----- London connection tiles -----

LONDON_LIKE = make_board(
    {"Start": (0, 0, "start"), "Park1": (100, 0, "connection"), "Mid": (200, 0, ""), "Park2": (300, 0, "connection"),
     "Shop1": (100, 100, "connection"), "Shop2": (200, 100, "connection")},
    [("Start", "Park1", 2), ("Park1", "Mid", 2), ("Mid", "Park2", 2), ("Park1", "Shop1", 2), ("Shop1", "Shop2", 2)],
    ruleset="london",
)
TILES = {"Park1": "parks", "Park2": "parks", "Shop1": "shops", "Shop2": "shops"}


def test_a_line_connecting_both_tiles_of_a_symbol_scores_three_once():
    events, state = play(LONDON_LIKE, [["red"], ["blue"]],
                         [("red", "Start", "Park1"), ("red", "Park1", "Mid"), ("red", "Mid", "Park2"),
                          ("blue", "Mid", "Park2"), ("blue", "Park1", "Mid")], TILES)
    assert [e.points for e in events] == [0, 0, 3, 0, 3]
    assert words(events[2]) == ("connection pair: parks",)
    assert state.players[0].points == state.players[1].points == 3


def test_a_link_joining_both_tiles_of_a_pair_scores_it_once():
    events, _ = play(LONDON_LIKE, [["red"], ["blue"]], [("red", "Shop1", "Shop2")], TILES)
    assert words(events[0]) == ("connection pair: shops",)
    assert events[0].points == 3


def test_setup_shuffles_the_connection_tiles_in_pairs_onto_the_connection_stations():
    tiles = new_game(LONDON_LIKE, 2, seed=5).connection_tiles
    assert sorted(tiles) == sorted(n.index for n in LONDON_LIKE.nodes if n.connection)
    assert sorted(tiles.values()) == ["monuments", "monuments", "restaurants", "restaurants"]
    assert any(new_game(LONDON_LIKE, 2, seed=s).connection_tiles != tiles for s in range(6, 12))


# ----- Berlin "+" stations and landmarks -----

BERLIN_LIKE = make_board(
    {"S": (0, 0, "start"), **{f"P{i}": (100 * i, 0, "plus") for i in range(1, 6)},
     **{f"L{i}": (100 * i, 100, f"landmarks={1 + i % 3}") for i in range(1, 7)}},
    [("S", "P1"), *[(f"P{i}", f"P{i + 1}") for i in range(1, 5)], ("S", "L1"),
     *[(f"L{i}", f"L{i + 1}") for i in range(1, 6)]],
    ruleset="berlin",
)


def test_plus_stations_score_from_the_table_then_nothing():
    placements = [("red", "S", "P1"), *[("red", f"P{i}", f"P{i + 1}") for i in range(1, 5)]]
    events, _ = play(BERLIN_LIKE, [["red"], ["blue"]], placements)
    assert [e.points for e in events] == [0, 2, 2, 4, 0]
    assert words(events[3]) == ("“+” station 4: P4",)


def test_the_plus_table_is_board_data():
    board = make_board({"S": (0, 0, "start plus"), "P": (100, 0, "plus")}, [("S", "P")], ruleset="berlin",
                       plus_table=(1, 5))
    events, _ = play(board, [["red"], ["blue"]], [("red", "S", "P")])
    assert events[0].points == 6


def test_landmark_tiles_are_taken_and_five_types_cash_in_for_ten():
    tiles = {"L1": "museum", "L2": "palace", "L3": "church", "L4": "tower", "L5": "gate", "L6": "museum"}
    placements = [("red", "S", "L1"), *[("red", f"L{i}", f"L{i + 1}") for i in range(1, 6)]]
    events, state = play(BERLIN_LIKE, [["red"], ["blue"]], placements, tiles)
    assert [e.tile for e in events] == ["museum", "palace", "church", "tower", "gate", "museum"]
    assert events[4].points == 10 and "landmark set of every type" in words(events[4])
    assert state.players[0].landmarks == {"museum": 1, "palace": 0, "church": 0, "tower": 0, "gate": 0}
    assert state.landmark_stacks[BERLIN_LIKE.index_of["L1"]] == ("museum", 1)  # L1 held 2: one left


def test_an_empty_landmark_stack_gives_nothing():
    board = make_board({"S": (0, 0, "start"), "L": (100, 0, "landmarks=1")}, [("S", "L", 2)], ruleset="berlin")
    events, state = play(board, [["red"], ["blue"]], [("red", "S", "L"), ("blue", "S", "L")], {"L": "gate"})
    assert [e.tile for e in events] == ["gate", None]
    assert state.players[1].landmarks == {}


def test_setup_deals_landmark_stacks_by_size_one_of_each_type_per_size_group():
    stations = {"S": (0, 0, "start")}
    sizes = [3] * 5 + [2] * 10 + [1] * 5
    stations.update({f"L{i}": (10 * i, 50, f"landmarks={size}") for i, size in enumerate(sizes)})
    board = make_board(stations, [("S", f"L{i}") for i in range(len(sizes))], ruleset="berlin")
    stacks = new_game(board, 3, seed=9).landmark_stacks
    per_type: dict[str, list[int]] = {}
    for kind, size in stacks.values():
        per_type.setdefault(kind, []).append(size)
    assert {kind: sorted(s, reverse=True) for kind, s in per_type.items()} == {
        kind: [3, 2, 2, 1] for kind in board.settings.landmark_types
    }


# ----- New York clusters and water symbols -----

NEW_YORK_LIKE = make_board(
    {"A1": (0, 0, "start"), "A2": (50, 0, ""), "B1": (100, 0, ""), "C1": (200, 0, ""), "D1": (300, 0, ""),
     "W1": (350, 0, "waypoint water"), "W2": (400, 0, "waypoint water"), "W3": (450, 0, "waypoint water"),
     "E": (500, 0, "")},
    [("A1", "A2"), ("A2", "B1"), ("B1", "C1"), ("C1", "D1"), ("D1", "W1"), ("W1", "W2"), ("W2", "W3"), ("W3", "E")],
    ruleset="newyork",
    clusters={"Alpha": ["A1", "A2"], "Beta": ["B1"], "Gamma": ["C1"], "Delta": ["D1"]},
)


def test_a_cluster_scores_one_point_per_other_cluster_the_line_reaches():
    placements = [("red", "A1", "A2"), ("red", "A2", "B1"), ("red", "B1", "C1"), ("red", "C1", "D1")]
    events, _ = play(NEW_YORK_LIKE, [["red"], ["blue"]], placements)
    assert [e.points for e in events] == [0, 1, 2, 3]
    assert words(events[3]) == ("cluster Delta: joins 3 other clusters",)


def test_the_third_water_symbol_scores_three():
    placements = [("red", "D1", "W1"), ("red", "W1", "W2"), ("red", "W2", "W3"), ("red", "W3", "E")]
    events, _ = play(NEW_YORK_LIKE, [["red"], ["blue"]], placements)
    assert [e.points for e in events] == [0, 0, 3, 0]
    assert words(events[2]) == ("water crossing symbol 3",)


# ----- London loops -----

# A ring of six stations around two inner stations, one more outside; drawn as a hexagon.
LOOP = make_board(
    {"N": (200, 0, "start"), "NE": (400, 100, ""), "SE": (400, 300, ""), "S": (200, 400, ""), "SW": (0, 300, ""),
     "NW": (0, 100, ""), "In1": (150, 200, ""), "In2": (250, 200, ""), "Out": (600, 200, "")},
    [("N", "NE", 2), ("NE", "SE", 2), ("SE", "S", 2), ("S", "SW", 2), ("SW", "NW", 2), ("NW", "N", 2),
     ("N", "In1", 2), ("In1", "S", 2), ("SE", "Out", 2)],
    ruleset="london",
)
RING = [("N", "NE"), ("NE", "SE"), ("SE", "S"), ("S", "SW"), ("SW", "NW"), ("NW", "N")]


def test_closing_a_loop_scores_every_station_strictly_inside():
    events, state = play(LOOP, [["red"], ["blue"]], [("red", a, b) for a, b in RING])
    assert [e.points for e in events] == [0, 0, 0, 0, 0, 2]
    assert words(events[-1]) == ("loop around 2 stations",)
    assert state.lines["red"].loop_scored == {LOOP.index_of["In1"], LOOP.index_of["In2"]}


def test_stations_the_line_connects_do_not_score_inside_its_loop():
    # Red runs N–In1–S, then round the west side back to N (a loop with nothing inside), then
    # branches N–NE–SE: that closes N–NE–SE–S–In1–N, around In2; In1 lies on red itself.
    placements = [("red", "N", "In1"), ("red", "In1", "S"), *[("red", a, b) for a, b in RING[2:] + RING[:2]]]
    events, _ = play(LOOP, [["red"], ["blue"]], placements)
    assert [e.points for e in events] == [0, 0, 0, 0, 0, 0, 0, 1]
    assert words(events[-1]) == ("loop around 1 station",)


def test_a_station_scores_once_per_line_but_again_for_another_line():
    placements = [("red", a, b) for a, b in RING] + [("blue", a, b) for a, b in RING]
    _, state = play(LOOP, [["red"], ["blue"]], placements)
    assert state.players[0].points == 2 and state.players[1].points == 2


# A U of red P1–P2–P3–P4–P5–P6 drawn round X; the chord P2–P5 closes the square P2–P3–P4–P5 around X.
CHORD = make_board(
    {"P1": (0, 100, "start"), "P2": (100, 100, ""), "P3": (100, 300, ""), "P4": (300, 300, ""),
     "P5": (300, 100, ""), "P6": (400, 100, ""), "X": (200, 200, ""), "Y": (200, 0, "")},
    [("P1", "P2"), ("P2", "P3"), ("P3", "P4"), ("P4", "P5"), ("P5", "P6"), ("P2", "P5"), ("P2", "Y")],
    ruleset="london",
)


def test_a_paid_chord_closes_a_loop_that_scores():
    u_shape = [("red", "P1", "P2"), ("red", "P2", "P3"), ("red", "P3", "P4"), ("red", "P4", "P5"), ("red", "P5", "P6")]
    _, state = play(CHORD, [["red"], ["blue"]], u_shape)
    state.players[0].branch_tokens = 2
    chord = sandbox_place(state, SandboxPlacement("red", "P2", "P5"))
    assert chord.paid == 2
    assert chord.points == 1
    assert words(chord) == ("loop around 1 station",)
    assert state.lines["red"].loop_scored == {CHORD.index_of["X"]}


# A ring A–B–C–D round In, inside a wider square A2–B2–C2–D2 that also holds Mid (outside the ring).
NESTED = make_board(
    {"A": (100, 100, "start"), "B": (300, 100, ""), "C": (300, 300, ""), "D": (100, 300, ""), "In": (200, 200, ""),
     "A2": (0, 0, ""), "B2": (500, 0, ""), "C2": (500, 500, ""), "D2": (0, 500, ""), "Mid": (400, 250, "")},
    [("A", "B", 2), ("B", "C", 2), ("C", "D", 2), ("D", "A", 2),
     ("A", "A2", 2), ("A2", "B2", 2), ("B2", "C2", 2), ("C2", "D2", 2), ("D2", "D", 2)],
    ruleset="london",
)
NESTED_RING = [("A", "B"), ("B", "C"), ("C", "D"), ("D", "A")]


def test_a_station_scored_by_an_earlier_loop_is_not_scored_again_by_a_later_one():
    """rules §4: a station scores at most once per line for the whole game, even when the loop is enlarged."""
    events, state = play(NESTED, [["red"], ["blue"]], [("red", a, b) for a, b in NESTED_RING])
    assert events[-1].points == 1  # the ring closes round In
    # From A (a paid branch: a closed ring has no ends) round the outside back to D: the new loop
    # encloses In again and Mid for the first time. Only Mid scores.
    wider = [("red", "A", "A2"), ("red", "A2", "B2"), ("red", "B2", "C2"), ("red", "C2", "D2"), ("red", "D2", "D")]
    events = place(state, wider)
    assert [e.points for e in events] == [0, 0, 0, 0, 1]
    assert words(events[-1]) == ("loop around 1 station",)
    assert state.lines["red"].loop_scored == {NESTED.index_of["In"], NESTED.index_of["Mid"]}
    assert state.players[0].points == 2


def test_another_line_enclosing_a_station_scores_it_again():
    events, state = play(NESTED, [["red"], ["blue"]], [("red", a, b) for a, b in NESTED_RING])
    events = place(state, [("blue", a, b) for a, b in NESTED_RING])
    assert events[-1].points == 1
    assert state.players[0].points == 1 and state.players[1].points == 1


def test_loops_are_a_board_setting():
    board = make_board({n: (n_x, n_y, f) for n, (n_x, n_y, f) in
                        {"N": (200, 0, "start"), "E": (400, 200, ""), "S": (200, 400, ""), "W": (0, 200, ""),
                         "C": (200, 200, "")}.items()},
                       [("N", "E"), ("E", "S"), ("S", "W"), ("W", "N"), ("N", "C")], ruleset="london", loops=False)
    events, _ = play(board, [["red"], ["blue"]], [("red", "N", "E"), ("red", "E", "S"), ("red", "S", "W"),
                                                  ("red", "W", "N")])
    assert sum(e.points for e in events) == 0
