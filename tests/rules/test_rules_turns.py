"""rules §1 setup, §3 turns, §5 the passenger, §6 the end, §7 the classic variant."""

from __future__ import annotations

from itertools import pairwise

import pytest

from game.i18n import explain
from game.rules.actions import ChooseRoute, PlaceTrack, TakeBranch
from game.rules.state import new_game
from tests.rules.boards import grid_board, make_board

GRID = grid_board()


def spend_actions(state) -> None:
    """Take branch tokens until the active player's actions are spent (never into the next turn)."""
    seat, turn = state.current, state.turn
    while state.phase == "actions" and (state.current, state.turn) == (seat, turn):
        state.apply(TakeBranch())


@pytest.mark.parametrize(("players", "lines_each"), [(2, 4), (3, 3), (4, 2), (5, 2)])
def test_each_seat_gets_lines_with_the_same_token_total(players, lines_each):
    state = new_game(GRID, players, seed=1)
    assert all(len(p.lines) == lines_each for p in state.players)
    totals = {sum(GRID.settings.line_tokens[line] for line in p.lines) for p in state.players}
    assert len(totals) == 1
    owned = [line for p in state.players for line in p.lines]
    assert len(set(owned)) == len(owned)


def test_setup_is_deterministic_from_the_seed_and_shows_four_cards():
    one, again, other = new_game(GRID, 3, seed=11), new_game(GRID, 3, seed=11), new_game(GRID, 3, seed=12)
    assert one.to_json() == again.to_json()
    assert one.deck != other.deck
    assert len(one.face_up) == 4
    assert sorted(one.deck + one.face_up) == sorted(GRID.deck)
    assert one.passenger == GRID.start
    assert all(p.points == 0 and p.branch_tokens == 0 for p in one.players)


@pytest.mark.parametrize(("players", "first_round"), [
    (2, [3, 5]), (3, [3, 4, 5]), (4, [3, 4, 4, 5]), (5, [3, 4, 4, 4, 5]),
])
def test_the_first_round_gives_three_to_the_first_and_five_to_the_last(players, first_round):
    state = new_game(GRID, players, seed=2)
    state.deck *= 6  # enough cards that the game lasts two rounds
    seen = []
    for _ in range(players * 2):
        seen.append(state.actions_left)
        spend_actions(state)
        while state.phase == "passenger":
            state.apply(state.legal_actions()[0])
    assert seen == first_round + [4] * players


def test_the_passenger_moves_only_after_the_last_action_and_the_turn_passes_on():
    state = new_game(GRID, 2, seed=3)
    assert state.phase == "actions" and state.current == 0
    spend_actions(state)
    assert state.phase == "passenger"
    with pytest.raises(ValueError) as refused:
        state.apply(TakeBranch())
    assert "passenger must move first" in explain(refused.value.refusal)
    while state.phase == "passenger":
        state.apply(state.legal_actions()[0])
    assert state.current == 1 and state.actions_left == 5


# A line of stations with destinations; every link has one space, so walking is cheap to block.
LINE = make_board(
    {"Home": (0, 0, "start"), "X1": (100, 0, "express"), "S1": (200, 0, "standard"), "S2": (300, 0, "standard"),
     "X2": (0, 100, "express"), "Far": (400, 0, "standard")},
    [("Home", "X1"), ("X1", "S1"), ("S1", "S2"), ("Home", "X2"), ("S2", "Far")],
)


def passenger_state(face_up, board=LINE, players=2):
    state = new_game(board, players, seed=4)
    state.face_up = [(board.index_of[name], kind) for name, kind in face_up]
    state.deck = [(board.nodes[-1].index, "standard")] * 10
    return state


def test_with_both_kinds_on_display_the_passenger_goes_express_then_standard():
    state = passenger_state([("X1", "express"), ("S1", "standard"), ("S2", "standard"), ("X2", "express")])
    spend_actions(state)
    assert state.pending_moves == ["express", "standard"]
    first = state.legal_actions()
    assert {a.destination for a in first} == {LINE.index_of["X1"], LINE.index_of["X2"]}  # a tie: 1 walk each
    events = state.apply(ChooseRoute(LINE.index_of["X1"], ()))
    assert events[0].kind == "passenger" and state.passenger == LINE.index_of["X1"]
    assert [a.destination for a in state.legal_actions()] == [LINE.index_of["S1"]]  # from X1 now
    state.apply(state.legal_actions()[0])
    assert state.current == 1
    assert len(state.face_up) == 4 and state.discards == 2  # refilled to four
    assert (LINE.index_of["X1"], "express") not in state.face_up


def test_with_one_kind_on_display_the_passenger_makes_one_move():
    state = passenger_state([("S1", "standard"), ("S2", "standard"), ("Far", "standard")])
    spend_actions(state)
    assert state.pending_moves == ["standard"]
    state.apply(state.legal_actions()[0])
    assert state.current == 1


def test_new_york_always_makes_two_standard_moves_and_a_double_card_means_standing_still():
    board = make_board(
        {"GC": (0, 0, "start"), "A": (100, 0, "standard cards=2"), "B": (200, 0, "standard")},
        [("GC", "A"), ("A", "B")], ruleset="newyork")
    state = passenger_state([("A", "standard"), ("A", "standard"), ("B", "standard")], board=board)
    state.deck = [(board.index_of["B"], "standard")] * 5
    spend_actions(state)
    assert state.pending_moves == ["standard", "standard"]
    state.apply(ChooseRoute(board.index_of["A"], ()))
    options = state.passenger_options()
    assert (options.walked, options.lines) == (0, 0)
    assert [(o.destination, o.path) for o in options.options] == [(board.index_of["A"], (board.index_of["A"],))]
    state.apply(state.legal_actions()[0])
    assert state.current == 1


def test_each_line_ridden_scores_its_owner_one_point_however_far():
    state = passenger_state([("Far", "standard")])
    red, blue = state.players[0].lines[0], state.players[1].lines[0]
    state.tracks[LINE.link("Home", "X1").index].append(red)
    state.tracks[LINE.link("X1", "S1").index].append(red)
    state.tracks[LINE.link("S1", "S2").index].append(blue)
    state.tracks[LINE.link("S2", "Far").index].append(blue)
    for line, names in ((red, ("Home", "X1", "S1")), (blue, ("S1", "S2", "Far"))):
        for name in names:
            degree = state.lines[line].degree
            degree[LINE.index_of[name]] = degree.get(LINE.index_of[name], 0) + 1
    spend_actions(state)
    routes = state.passenger_options()
    assert (routes.walked, routes.lines) == (0, 2)
    events = state.apply(state.legal_actions()[0])
    scores = {e.player: e.points for e in events if e.kind == "score"}
    assert scores == {0: 1, 1: 1}
    path = next(e.path for e in events if e.kind == "passenger")
    assert [LINE.nodes[n].name for n in path] == ["Home", "X1", "S1", "S2", "Far"]


def lay(state, line: str, names: tuple[str, ...]) -> None:
    """Put `line` on the links between consecutive stations of `names` (set-up only: nothing scores)."""
    degree = state.lines[line].degree
    for a, b in pairwise(names):
        state.tracks[LINE.link(a, b).index].append(line)
        for name in (a, b):
            degree[LINE.index_of[name]] = degree.get(LINE.index_of[name], 0) + 1


def ride_scores(state) -> dict[int, int]:
    spend_actions(state)
    events = state.apply(state.legal_actions()[0])
    return {e.player: e.points for e in events if e.kind == "score"}


def test_an_owner_with_two_lines_ridden_scores_two():
    """rules §5: each distinct line ridden gives its owner 1 point, so two of one owner's lines give 2."""
    state = passenger_state([("Far", "standard")])
    red, blue = state.players[0].lines[:2]
    green = state.players[1].lines[0]
    lay(state, red, ("Home", "X1", "S1"))
    lay(state, blue, ("S1", "S2"))
    lay(state, green, ("S2", "Far"))
    assert ride_scores(state) == {0: 2, 1: 1}
    assert state.players[0].points == 2 and state.players[1].points == 1


def test_one_line_ridden_over_several_links_scores_one():
    state = passenger_state([("Far", "standard")])
    red = state.players[0].lines[0]
    lay(state, red, ("Home", "X1", "S1", "S2", "Far"))
    assert ride_scores(state) == {0: 1}
    assert state.players[0].points == 1 and state.players[1].points == 0


def test_the_game_ends_when_the_last_seat_finishes_after_the_deck_runs_out():
    state = passenger_state([("S1", "standard")], players=3)
    state.deck = []  # the refill after this turn finds the draw pile empty
    spend_actions(state)
    state.apply(state.legal_actions()[0])
    assert state.end_triggered and state.phase == "actions" and state.current == 1
    for _ in range(2):
        spend_actions(state)
        while state.phase == "passenger":
            state.apply(state.legal_actions()[0])
    assert state.phase == "over"
    assert [p.turns for p in state.players] == [1, 1, 1]


def test_when_the_last_seat_triggers_the_end_the_game_ends_at_once():
    state = passenger_state([("S1", "standard")], players=2)
    state.current = 1
    state.turn = 1
    state.actions_left = 2
    state.deck = []
    spend_actions(state)
    state.apply(state.legal_actions()[0])
    assert state.phase == "over"


def test_without_face_up_cards_a_turn_is_four_actions_only():
    state = passenger_state([], players=2)
    state.deck = []
    spend_actions(state)
    assert state.current == 1 and state.phase == "actions"


def test_ties_go_to_branch_tokens_then_are_shared():
    state = passenger_state([("S1", "standard")], players=3)
    state.deck = []
    for p, (points, tokens) in zip(state.players, [(5, 1), (5, 2), (3, 9)], strict=True):
        p.points, p.branch_tokens = points, tokens
    state.current, state.turn, state.actions_left = 2, 2, 1
    state.face_up = []
    state.apply(TakeBranch())
    assert state.phase == "over" and state.winners == [1]
    state2 = passenger_state([], players=2)
    state2.deck = []
    for p in state2.players:
        p.points, p.branch_tokens = 4, 1
    state2.current, state2.turn, state2.actions_left = 1, 1, 0 + 1
    state2.players[1].branch_tokens = 0
    state2.apply(TakeBranch())  # the last seat's token brings it level: a shared victory
    assert state2.winners == [0, 1]


def test_berlin_scores_three_per_tile_of_the_type_held_most_at_the_end():
    board = make_board({"S": (0, 0, "start standard"), "L": (100, 0, "landmarks=2")}, [("S", "L")],
                       ruleset="berlin")
    state = new_game(board, 2, seed=1)
    state.players[0].landmarks = {"museum": 2, "gate": 1}
    state.players[1].landmarks = {"tower": 1}
    state.deck, state.face_up = [], []
    state.current, state.turn, state.actions_left = 1, 1, 1
    events = state.apply(TakeBranch())
    assert [(e.player, e.points) for e in events if e.kind == "score"] == [(0, 6), (1, 3)]


def test_classic_variant_equal_actions_start_points_and_passenger_removed():
    board = make_board(
        {"Home": (0, 0, "start"), "A": (100, 0, "standard"), "B": (200, 0, "express")},
        [("Home", "A"), ("A", "B")], ruleset="london",
        first_round="equal", start_points=(0, 1, 2, 3, 4), passenger_after_deck=False)
    state = new_game(board, 3, seed=1)
    assert [p.points for p in state.players] == [0, 1, 2]
    assert state.actions_left == 4
    assert state.deck == []  # two cards only: both face up at once
    spend_actions(state)
    while state.phase == "passenger":
        state.apply(state.legal_actions()[0])
    assert state.end_triggered and state.passenger is None
    spend_actions(state)
    assert state.phase == "actions" and state.current == 2  # build-only turn: no passenger phase


def test_undo_takes_back_this_turns_actions_but_not_the_passenger_move():
    state = new_game(GRID, 2, seed=5)
    start = state.to_json()
    line = state.players[0].lines[0]
    state.apply(PlaceTrack(line, 0))
    state.apply(TakeBranch())
    assert state.undo() and state.undo()
    assert state.to_json() == start
    assert not state.undo()
    spend_actions(state)
    assert state.phase == "passenger" and state.can_undo()
    state.apply(state.legal_actions()[0])
    assert not state.can_undo()
