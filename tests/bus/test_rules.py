"""Every rule and ruling of docs/bus-rules.md, each in the test its paragraph names."""

from __future__ import annotations

from collections import Counter

import pytest

from game.bus.board import COLOURS
from game.bus.rules.actions import (
    WILD,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
)
from game.bus.rules.cards import full_deck
from game.bus.rules.events import BusEvent, event_from_json
from game.bus.rules.observation import observe
from game.bus.rules.scoring import FinalScore, ranks, route_points
from game.bus.rules.state import BusState, new_game
from game.rules.refusals import IllegalAction
from tests.bus.boards import board, town


def started(players: int = 2, seed: int = 1) -> BusState:
    """A game past the set-up ticket choice (each player kept both tickets)."""
    state = new_game(town(), players, seed)
    while state.phase == "choose_tickets":
        state.apply(KeepTickets((0, 1)))
    return state


def give(state: BusState, seat: int, **cards: int) -> None:
    state.players[seat].hand = Counter(cards)


def claim_for(state: BusState, route: int) -> ClaimRoute:
    return ClaimRoute(route, state.payments(route)[0])


# ----- material and set-up -----

def test_the_deck_is_8_wilds_and_6_of_each_colour() -> None:
    deck = Counter(full_deck())
    assert deck[WILD] == 8 and all(deck[c] == 6 for c in COLOURS) and sum(deck.values()) == 44
    state = new_game(town(), 3, 5)
    in_hands = sum((p.hand for p in state.players), Counter())
    assert in_hands + state.cards.counts() == deck


def test_set_up_deals_two_cards_and_five_face_up() -> None:
    state = new_game(town(), 4, 2)
    assert all(sum(p.hand.values()) == 2 and p.buses == 17 for p in state.players)
    assert state.scores() == [0, 0, 0, 0]
    assert len(state.cards.display) == 5 and None not in state.cards.display


def test_three_face_up_wilds_are_redealt() -> None:
    for seed in range(200):
        state = new_game(town(), 2, seed)
        assert sum(1 for c in state.cards.display if c == WILD) < 3
    state = started()
    state.cards.deck = [WILD, "orange", "blue", "green", "pink", "black", *state.cards.deck]
    state.cards.display = [WILD, WILD, "yellow", "orange", "blue"]
    events = state.apply(DrawFaceUp(2))  # the refill is the deck's top wild: three face-up wilds
    assert any(e.kind == "display_redealt" for e in events)
    assert sum(1 for c in state.cards.display if c == WILD) < 3


def test_a_display_that_cannot_be_fixed_stays() -> None:
    state = started()
    for p in state.players:
        p.hand = Counter()
    state.cards.deck, state.cards.discards = [WILD], []
    state.cards.display = [WILD, WILD, "orange", "blue", WILD]
    state.cards.keep_display([])  # only three plain cards and four wilds left: no display has fewer than 3
    assert state.cards.display == [WILD, WILD, "orange", "blue", WILD]


def test_set_up_tickets_keep_one_or_two() -> None:
    state = new_game(town(), 3, 4)
    assert state.phase == "choose_tickets" and len(state.offer) == 2
    assert set(state.legal_actions()) == {KeepTickets((0,)), KeepTickets((1,)), KeepTickets((0, 1))}
    with pytest.raises(IllegalAction):
        state.apply(KeepTickets(()))
    offered = list(state.offer)
    state.apply(KeepTickets((1,)))
    assert state.players[state.first].tickets == [offered[1]]
    assert state.ticket_pile[-1] == offered[0]  # under the pile
    while state.phase == "choose_tickets":
        state.apply(KeepTickets((0,)))
    assert state.phase == "turn" and state.current == state.first
    assert all(len(p.tickets) == 1 for p in state.players)


def test_the_first_player_is_drawn_by_lot() -> None:
    firsts = {new_game(town(), 4, seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    assert new_game(town(), 4, 7).first == new_game(town(), 4, 7).first


# ----- drawing cards -----

def test_drawing_two_cards_is_one_turn() -> None:
    state = started()
    me = state.current
    before = sum(state.players[me].hand.values())
    state.cards.display = ["orange", "blue", "green", "pink", "black"]
    state.apply(DrawFaceUp(0))
    assert state.phase == "second_card" and state.current == me
    assert state.cards.display[0] is not None  # refilled at once
    state.apply(DrawBlind())
    assert sum(state.players[me].hand.values()) == before + 2 and state.current != me


def test_a_face_up_wild_first_ends_the_draw() -> None:
    state = started()
    me = state.current
    state.cards.display = [WILD, "blue", "green", "pink", "black"]
    state.apply(DrawFaceUp(0))
    assert state.current != me and state.players[me].hand[WILD] >= 1


def test_no_face_up_wild_as_the_second_card() -> None:
    state = started()
    state.cards.display = ["orange", "blue", "green", "pink", "black"]
    state.cards.deck.insert(0, WILD)
    state.apply(DrawFaceUp(0))  # refilled with the wild
    assert state.cards.display[0] == WILD and DrawFaceUp(0) not in state.legal_actions()
    refusal = state.why_illegal(DrawFaceUp(0))
    assert refusal is not None and refusal.key == "bus.no_second_wild"


def test_a_blind_wild_is_a_normal_draw() -> None:
    state = started()
    me = state.current
    state.cards.deck.insert(0, WILD)
    state.apply(DrawBlind())
    assert state.phase == "second_card" and state.current == me and state.players[me].hand[WILD] >= 1


def test_an_empty_deck_is_shuffled_from_the_discards() -> None:
    state = started()
    state.cards.discards = state.cards.deck[3:]
    state.cards.deck = state.cards.deck[:1]
    state.apply(DrawBlind())
    events = state.apply(DrawBlind())
    assert any(e.kind == "deck_reshuffled" for e in events)
    assert state.cards.discards == [] and state.cards.deck


def test_no_cards_left_to_draw() -> None:
    state = started()
    me = state.current
    state.cards.deck, state.cards.discards = [], []
    state.cards.display = ["orange", None, None, None, None]
    assert DrawBlind() not in state.legal_actions()
    state.apply(DrawFaceUp(0))  # the only card: the draw ends with it
    assert state.current != me
    assert not any(isinstance(a, (DrawBlind, DrawFaceUp)) for a in state.legal_actions())


# ----- claiming routes -----

def test_claiming_pays_the_colour_with_wilds() -> None:
    state = started()
    me = state.current
    give(state, me, pink=2, wild=2, orange=3)
    route = 2  # Circus–Docks, 3 pink
    assert set(state.payments(route)) == {("pink", "pink", WILD), ("pink", WILD, WILD)}
    with pytest.raises(IllegalAction) as refused:
        state.apply(ClaimRoute(route, ("orange", "orange", "orange")))
    assert refused.value.refusal.key == "bus.wrong_cards"
    state.apply(ClaimRoute(route, ("pink", "pink", WILD)))
    assert state.players[me].hand == Counter(wild=1, orange=3)
    assert state.claimed[route] == me and state.players[me].buses == 14
    assert state.cards.discards[-3:] == ["pink", "pink", WILD]


def test_grey_routes_take_any_one_colour() -> None:
    state = started()
    me = state.current
    give(state, me, orange=1, blue=1, wild=1)
    route = 7  # Heath–Abbey, 2 grey
    assert set(state.payments(route)) == {("orange", WILD), ("blue", WILD)}
    with pytest.raises(IllegalAction):
        state.apply(ClaimRoute(route, ("blue", "orange")))  # two colours do not make a grey route


def test_a_claim_needs_enough_buses() -> None:
    state = started()
    me = state.current
    give(state, me, green=4)
    state.players[me].buses = 3
    refusal = state.why_illegal(ClaimRoute(3, ("green",) * 4))
    assert refusal is not None and refusal.key == "bus.not_enough_buses"


def test_route_points_by_length() -> None:
    assert [route_points(n) for n in (1, 2, 3, 4)] == [1, 2, 4, 7]
    state = started()
    me = state.current
    give(state, me, green=4)
    events = state.apply(ClaimRoute(3, ("green",) * 4))
    assert [e.points for e in events if e.kind == "claim"] == [7] and state.scores()[me] == 7


def draw_turn(state: BusState) -> None:
    """The player to act draws two cards blind."""
    state.apply(DrawBlind())
    if state.phase == "second_card":
        state.apply(DrawBlind())


def test_no_player_claims_both_routes_of_a_double() -> None:
    state = started(3)
    me = state.current
    give(state, me, orange=1, blue=1)
    state.apply(ClaimRoute(0, ("orange",)))
    draw_turn(state)
    draw_turn(state)
    assert state.current == me
    give(state, me, blue=1)
    refusal = state.why_illegal(ClaimRoute(8, ("blue",)))
    assert refusal is not None and refusal.key == "bus.both_of_double"


def test_with_two_players_a_double_route_closes() -> None:
    state = started(2)
    give(state, state.current, orange=1)
    state.apply(ClaimRoute(0, ("orange",)))
    give(state, state.current, blue=1)
    refusal = state.why_illegal(ClaimRoute(8, ("blue",)))
    assert refusal is not None and refusal.key == "bus.double_closed_two_players"


def test_with_three_players_both_routes_are_used() -> None:
    state = started(3)
    first = state.current
    give(state, first, orange=1)
    state.apply(ClaimRoute(0, ("orange",)))
    give(state, state.current, blue=1)
    state.apply(ClaimRoute(8, ("blue",)))
    assert state.claimed[0] == first and state.claimed[8] == (first + 1) % 3


# ----- tickets -----

def test_drawing_tickets_keeps_at_least_one() -> None:
    state = started()
    me = state.current
    pile = list(state.ticket_pile)
    state.apply(DrawTickets())
    assert state.phase == "keep_tickets" and state.offer == pile[:2]
    with pytest.raises(IllegalAction):
        state.apply(KeepTickets(()))
    state.apply(KeepTickets((0,)))
    assert state.players[me].tickets[-1] == pile[0] and state.ticket_pile[-1] == pile[1]
    assert state.current != me


def test_the_last_ticket() -> None:
    state = started()
    state.ticket_pile = state.ticket_pile[:1]
    state.apply(DrawTickets())
    assert len(state.offer) == 1 and state.legal_actions() == [KeepTickets((0,))]
    state.apply(KeepTickets((0,)))
    assert state.ticket_pile == [] and DrawTickets() not in state.legal_actions()


# ----- passing and the end -----

def test_a_player_who_cannot_act_passes() -> None:
    state = started()
    state.cards.deck, state.cards.discards, state.cards.display = [], [], [None] * 5
    state.ticket_pile = []
    give(state, state.current)
    assert state.legal_actions() == [Pass()]
    with pytest.raises(IllegalAction):
        started().apply(Pass())  # with something to do, no pass


def test_a_round_of_passes_ends_the_game() -> None:
    state = started(3)
    state.cards.deck, state.cards.discards, state.cards.display = [], [], [None] * 5
    state.ticket_pile = []
    for p in state.players:
        p.hand = Counter()
    for _ in range(3):
        state.apply(Pass())
    assert state.phase == "over"


def test_the_last_round() -> None:
    state = started(3)
    trigger = state.current
    state.players[trigger].buses = 5
    give(state, trigger, green=4)
    events = state.apply(ClaimRoute(3, ("green",) * 4))  # down to 1 bus
    assert any(e.kind == "last_round" for e in events) and state.turns_left == 3
    turns = 0
    while state.phase != "over":
        action = DrawBlind() if DrawBlind() in state.legal_actions() else state.legal_actions()[0]
        state.apply(action)
        if state.phase == "second_card":
            state.apply(DrawBlind())
        turns += 1
    assert turns == 3  # the two others and the trigger player once more


def test_tickets_score_by_own_chain() -> None:
    b = board(["A", "B", "C", "D"], [("A", "B", 1, "orange"), ("B", "C", 1, "blue"), ("C", "D", 1, "green")],
              [("A", "C", 5), ("A", "D", 9), ("B", "D", 1), ("A", "B", 1)])
    state = new_game(b, 2, 0)
    state.players[0].tickets, state.players[1].tickets = [0, 1], []
    state.players[0].routes, state.players[1].routes = [0, 1], [2]
    state._finish([])
    result = state.results[0]
    assert result.tickets_done == (0,) and result.tickets_failed == (1,) and result.ticket_points == 5 - 9


def test_districts_score_for_each_player() -> None:
    b = board(["A", "B", "C", "D"], [("A", "B", 1, "orange"), ("B", "C", 1, "blue"), ("A", "B", 1, "pink"),
                                     ("B", "C", 1, "grey"), ("C", "D", 1, "black")],
              [("A", "D", 3)] * 6, [("Trio", 3, ["A", "B", "C"]), ("Pair", 2, ["C", "D"])], twins=[(0, 2), (1, 3)])
    state = new_game(b, 3, 0)
    state.players[0].routes = [0, 1]
    state.players[1].routes = [2, 3]
    state.players[2].routes = [0, 4]  # touches A, B, C, D but not as one connected set: no Trio
    state._finish([])
    assert [r.districts for r in state.results] == [("Trio",), ("Trio",), ("Pair",)]
    assert [r.district_points for r in state.results] == [3, 3, 2]


def test_ties_go_to_more_tickets_then_share() -> None:
    def score(points: int, done: int) -> FinalScore:
        return FinalScore(points, tuple(range(done)), (), (), 0, 0)

    assert ranks([score(20, 1), score(20, 2), score(19, 5)]) == [2, 1, 3]
    assert ranks([score(20, 2), score(20, 2), score(3, 0)]) == [1, 1, 3]


def test_the_end_tells_each_total_and_place() -> None:
    b = board(["A", "B", "C"], [("A", "B", 2, "orange"), ("B", "C", 1, "blue")],
              [("A", "B", 4), ("B", "C", 3), ("A", "C", 6), ("A", "B", 2), ("A", "C", 1), ("B", "C", 1)])
    state = new_game(b, 3, 0)
    state.players[0].routes, state.players[0].route_points, state.players[0].tickets = [0], 2, [0]
    state.players[1].routes, state.players[1].route_points, state.players[1].tickets = [1], 1, [1]
    state.players[2].tickets = [3]
    events: list[BusEvent] = []
    state._finish(events)
    end = events[-1]
    assert end.kind == "game_over"
    assert end.totals == (6, 4, -2) and end.places == (1, 2, 3) and end.winners == (0,)
    assert event_from_json(end.to_json()) == end


# ----- undo and what is hidden -----

def test_undo_takes_back_a_claim_not_a_draw() -> None:
    state = started()
    me = state.current
    give(state, me, green=4)
    before = state.to_json(with_log=False)
    state.apply(ClaimRoute(3, ("green",) * 4))
    assert state.can_undo()
    state.undo()
    assert state.to_json(with_log=False) == before and state.current == me
    state.apply(DrawBlind())
    assert not state.can_undo()
    with pytest.raises(ValueError):
        state.undo()


def test_the_observation_hides_other_hands_and_the_deck() -> None:
    a, b = started(seed=3), started(seed=3)
    other = (a.current + 1) % 2
    a.players[other].hand, b.players[other].hand = Counter(orange=3), Counter(blue=3)
    a.cards.deck = sorted(a.cards.deck)
    b.cards.deck = sorted(b.cards.deck, reverse=True)
    oa, ob = observe(a), observe(b)
    assert oa.seats == ob.seats and oa.hand == ob.hand and oa.display == ob.display
    assert not hasattr(oa, "deck") and oa.seats[other].cards == 3
    state = started(seed=4)
    drawer = state.current
    state.apply(DrawBlind())  # a private draw: the other seat sees that it happened, not the card
    watcher = 1 - drawer
    mine = [e for e in observe(state, drawer).log if e.kind == "blind" and e.player == drawer]
    theirs = [e for e in observe(state, watcher).log if e.kind == "blind" and e.player == drawer]
    assert len(mine) == len(theirs) == 1 and mine[0].colour is not None and theirs[0].colour is None



def test_an_action_between_passes_breaks_the_round_of_passes() -> None:
    """Ruling: only a whole round in which nobody could act ends the game; any action (here a claim) by a
    player between passes starts the count again."""
    state = started(3)
    state.cards.deck, state.cards.discards, state.cards.display = [], [], [None] * 5
    state.ticket_pile = []
    for p in state.players:
        p.hand = Counter()
    state.apply(Pass())  # the first player cannot act
    give(state, state.current, green=4)
    state.apply(claim_for(state, 3))  # the second claims Docks–Exchange
    assert state.passes == 0
