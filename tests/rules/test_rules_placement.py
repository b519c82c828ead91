"""rules §4: where a track token may go and what it costs."""

from __future__ import annotations

import pytest

from game.i18n import explain
from game.rules.actions import PlaceTrack, TakeBranch
from game.rules.sandbox import SandboxPlacement, sandbox_place, sandbox_state
from game.rules.state import IllegalAction, new_game
from tests.rules.boards import make_board

# A—B—C—D—E in a row, F hanging off C, G off A, and a chord B–D; every link has 2 spaces.
ROW = make_board(
    {"A": (0, 0, "start"), "B": (100, 0, ""), "C": (200, 0, ""), "D": (300, 0, ""), "E": (400, 0, "terminus"),
     "F": (200, 100, ""), "G": (0, 100, ""), "H": (400, 100, "")},
    [("A", "B", 2), ("B", "C", 2), ("C", "D", 2), ("D", "E", 2), ("C", "F", 2), ("A", "G", 2), ("B", "D", 2),
     ("E", "H", 2)],
)


def state_with(*placements: tuple[str, str, str], branch_tokens: int = 0):
    state = sandbox_state(ROW, [["red", "blue"], ["green", "yellow"]])
    for line, a, b in placements:
        sandbox_place(state, SandboxPlacement(line, a, b))
    state.current = 0
    state.players[0].branch_tokens = branch_tokens
    return state


def cost(state, line: str, a: str, b: str):
    """The placement's cost, or why it is refused in the English words the CLI prints."""
    reason = state.why_illegal(PlaceTrack(line, ROW.link(a, b).index))
    if reason is not None:
        return explain(reason)
    return dict((action.link, c) for action, c in state.legal_placements() if action.line == line)[
        ROW.link(a, b).index
    ]


def test_first_token_of_a_colour_goes_on_any_empty_space():
    state = state_with()
    red = {action.link for action, c in state.legal_placements() if action.line == "red"}
    assert red == {link.index for link in ROW.links}


def test_later_tokens_extend_an_end_for_free():
    state = state_with(("red", "B", "C"))
    assert cost(state, "red", "A", "B") == 0
    assert cost(state, "red", "C", "D") == 0
    assert cost(state, "red", "C", "F") == 0  # C is an end: one red track


def test_a_token_that_does_not_touch_the_line_is_refused():
    state = state_with(("red", "B", "C"))
    assert "must touch the red line" in cost(state, "red", "D", "E")


def test_touching_the_line_away_from_an_end_costs_two_branch_tokens():
    state = state_with(("red", "A", "B"), ("red", "B", "C"), ("red", "C", "D"), branch_tokens=2)
    assert cost(state, "red", "C", "F") == 2  # C has two red tracks: not an end
    state.apply(PlaceTrack("red", ROW.link("C", "F").index))
    assert state.players[0].branch_tokens == 0


def test_branching_without_two_tokens_is_refused_with_the_count():
    state = state_with(("red", "A", "B"), ("red", "B", "C"), ("red", "C", "D"), branch_tokens=1)
    assert "it needs 2, you have 1" in cost(state, "red", "C", "F")
    red_links = {action.link for action, _ in state.legal_placements() if action.line == "red"}
    assert ROW.link("C", "F").index not in red_links
    assert ROW.link("D", "E").index in red_links


def test_branch_tokens_taken_earlier_in_the_same_turn_may_be_spent():
    state = state_with(("red", "A", "B"), ("red", "B", "C"), ("red", "C", "D"))
    state.actions_left = 3
    branch = PlaceTrack("red", ROW.link("C", "F").index)
    assert state.why_illegal(branch) is not None
    state.apply(TakeBranch())
    state.apply(TakeBranch())
    assert state.why_illegal(branch) is None
    state.apply(branch)
    assert state.players[0].branch_tokens == 0


def test_a_loop_closed_from_an_end_is_free():
    state = state_with(("red", "B", "C"), ("red", "C", "D"), ("red", "D", "E"))
    assert cost(state, "red", "B", "D") == 0  # from the end B back onto D, which the line passes through
    state.apply(PlaceTrack("red", ROW.link("B", "D").index))
    assert state.players[0].branch_tokens == 0
    assert state.lines["red"].degree[ROW.index_of["D"]] == 3


def test_building_on_from_the_join_point_is_branching():
    state = state_with(("red", "B", "C"), ("red", "C", "D"), ("red", "D", "E"), ("red", "B", "D"), branch_tokens=2)
    assert cost(state, "red", "A", "B") == 2  # B now carries two red tracks
    assert cost(state, "red", "E", "H") == 0  # E is still an end


def test_a_chord_between_two_stations_the_line_passes_through_is_a_paid_branch():
    # Red runs A–B–C–D–E; B and D are on the line and neither is an end: the chord B–D costs 2 tokens.
    state = state_with(("red", "A", "B"), ("red", "B", "C"), ("red", "C", "D"), ("red", "D", "E"), branch_tokens=2)
    assert cost(state, "red", "B", "D") == 2
    state.apply(PlaceTrack("red", ROW.link("B", "D").index))
    assert state.players[0].branch_tokens == 0
    assert state.lines["red"].degree[ROW.index_of["B"]] == 3
    assert state.lines["red"].degree[ROW.index_of["D"]] == 3


def test_a_chord_without_two_branch_tokens_is_refused_with_the_count():
    state = state_with(("red", "A", "B"), ("red", "B", "C"), ("red", "C", "D"), ("red", "D", "E"), branch_tokens=1)
    assert "it needs 2, you have 1" in cost(state, "red", "B", "D")
    red_links = {action.link for action, _ in state.legal_placements() if action.line == "red"}
    assert ROW.link("B", "D").index not in red_links
    with pytest.raises(IllegalAction):
        state.apply(PlaceTrack("red", ROW.link("B", "D").index))
    assert state.players[0].branch_tokens == 1


def test_a_single_closed_loop_has_no_ends():
    state = state_with(("red", "B", "C"), ("red", "C", "D"), ("red", "B", "D"))
    assert all(degree == 2 for degree in state.lines["red"].degree.values())
    assert [a for a, _ in state.legal_placements() if a.line == "red"] == []
    state.players[0].branch_tokens = 2
    assert {c for a, c in state.legal_placements() if a.line == "red"} == {2}


def test_one_line_never_takes_two_spaces_of_the_same_link():
    state = state_with(("red", "B", "C"))
    assert "already runs on this link" in cost(state, "red", "B", "C")


def test_a_full_link_takes_no_more_tokens():
    state = state_with(("red", "B", "C"), ("green", "B", "C"))
    assert "every space of this link is taken" in cost(state, "blue", "B", "C")


def test_a_terminus_does_not_stop_a_line():
    state = state_with(("red", "D", "E"))
    assert cost(state, "red", "E", "H") == 0


def test_a_player_places_only_their_own_lines():
    state = state_with()
    assert "belongs to another player" in cost(state, "green", "A", "B")


def test_no_tokens_left_no_placement_and_taking_a_branch_token_is_always_legal():
    state = state_with(("red", "A", "B"))
    state.lines["red"].tokens_left = 0
    assert "no red tokens left" in cost(state, "red", "B", "C")
    state.lines["blue"].tokens_left = 0
    state.phase = "actions"
    assert state.legal_actions() == [TakeBranch()]


def test_an_illegal_action_changes_nothing():
    state = state_with(("red", "B", "C"))
    before = state.to_json()
    with pytest.raises(IllegalAction) as refused:
        state.apply(PlaceTrack("red", ROW.link("D", "E").index))
    assert "must touch" in explain(refused.value.refusal)
    assert state.to_json() == before


# ----- New York: track over water is finished in the turn it is begun -----

WATER = make_board(
    {"Manhattan": (0, 0, "start standard"), "W1": (100, 0, "waypoint water"), "W2": (200, 0, "waypoint water"),
     "Brooklyn": (300, 0, "standard"), "Queens": (0, 100, "standard")},
    [("Manhattan", "W1"), ("W1", "W2"), ("W2", "Brooklyn"), ("Manhattan", "Queens")],
    ruleset="newyork",
)


def water_state(actions_left: int):
    state = new_game(WATER, 2, seed=3)
    state.current = 0
    state.actions_left = actions_left
    return state, state.players[0].lines[0]


def test_a_crossing_begun_must_be_finished_in_the_same_turn():
    state, line = water_state(actions_left=2)
    onto_water = PlaceTrack(line, WATER.link("Manhattan", "W1").index)
    assert "across water" in explain(state.why_illegal(onto_water))  # needs 3 placements, only 2 actions
    state, line = water_state(actions_left=3)
    assert state.why_illegal(onto_water) is None
    state.apply(onto_water)
    assert "across water" in explain(state.why_illegal(TakeBranch()))  # the crossing must go on
    state.apply(PlaceTrack(line, WATER.link("W1", "W2").index))
    assert TakeBranch() not in state.legal_actions()
    state.apply(PlaceTrack(line, WATER.link("W2", "Brooklyn").index))
    degree = state.lines[line].degree
    assert degree[WATER.index_of["W1"]] == degree[WATER.index_of["W2"]] == 2  # no line ends on water


def test_a_crossing_fits_in_a_turn_with_actions_to_spare():
    state, line = water_state(actions_left=4)
    state.apply(PlaceTrack(line, WATER.link("Manhattan", "W1").index))
    assert state.why_illegal(TakeBranch()) is None  # 2 placements still fit in 3 actions
