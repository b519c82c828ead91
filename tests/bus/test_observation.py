"""What a bus-tour seat may know (docs/bus-rules.md "Undo and what is hidden"): two games that differ only in
what this seat cannot see give it the same observation and the same bot moves; a sampled state answers the
rules as the game does and keeps every card and ticket."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from game.bus.bots.players import make_bus_bot
from game.bus.rules.actions import DrawTickets, KeepTickets
from game.bus.rules.cards import full_deck
from game.bus.rules.observation import observe
from game.bus.rules.state import BusState, new_game
from tests.bus.boards import town

BOARD = town()


def position(players: int, seed: int, steps: int) -> BusState:
    """A game after some random legal steps."""
    state = new_game(BOARD, players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.phase == "over":
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def scrambled(state: BusState, seat: int, rng: random.Random) -> BusState:
    """The same game with everything `seat` cannot see dealt again: the deck's order, the other hands (same
    sizes), the other players' tickets and the ticket pile (same sizes)."""
    other = state.clone()
    hidden_cards = list(other.cards.deck)
    others = [p for s, p in enumerate(other.players) if s != seat]
    for player in others:
        hidden_cards += list(player.hand.elements())
    rng.shuffle(hidden_cards)
    for player in others:
        size = sum(player.hand.values())
        player.hand = Counter(hidden_cards[:size])
        del hidden_cards[:size]
    other.cards.deck = hidden_cards
    theirs = state.current != seat  # the offer is this seat's to see; anybody else's is not
    hidden_tickets = list(other.ticket_pile) + (list(other.offer) if theirs else [])
    for player in others:
        hidden_tickets += player.tickets
    rng.shuffle(hidden_tickets)
    if theirs:
        other.offer = hidden_tickets[: len(other.offer)]
        del hidden_tickets[: len(other.offer)]
    for player in others:
        size = len(player.tickets)
        player.tickets = hidden_tickets[:size]
        del hidden_tickets[:size]
    other.ticket_pile = hidden_tickets
    return other


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(0, 5_000), st.integers(0, 120))
def test_what_a_seat_cannot_see_changes_nothing_it_is_shown(players: int, seed: int, steps: int) -> None:
    state = position(players, seed, steps)
    seat = state.current
    other = scrambled(state, seat, random.Random(seed + 1))
    assert observe(other, seat) == observe(state, seat)
    secret = {"blind", "tickets_drawn", "tickets_kept"}
    for event in observe(state, seat).log:
        if event.kind in secret and event.player != seat:
            assert event.colour is None and event.tickets == ()
    if state.phase != "over":
        for kind in ("easy", "normal"):
            assert make_bus_bot(kind, 5).choose(observe(other)) == make_bus_bot(kind, 5).choose(observe(state))


@settings(max_examples=30, deadline=None)
@given(st.integers(2, 4), st.integers(0, 5_000), st.integers(0, 120), st.integers(0, 100))
def test_a_sampled_state_answers_the_rules_as_the_game_does(players: int, seed: int, steps: int, draw: int) -> None:
    state = position(players, seed, steps)
    seat = state.current
    obs = observe(state, seat)
    sample = obs.sample_state(random.Random(draw))
    assert sample.players[seat].hand == state.players[seat].hand
    assert sample.players[seat].tickets == state.players[seat].tickets
    assert [sum(p.hand.values()) for p in sample.players] == [sum(p.hand.values()) for p in state.players]
    assert [len(p.tickets) for p in sample.players] == [len(p.tickets) for p in state.players]
    cards = sum((p.hand for p in sample.players), Counter()) + sample.cards.counts()
    assert cards == Counter(full_deck())
    tickets = [t for p in sample.players for t in p.tickets] + sample.ticket_pile + sample.offer
    assert sorted(tickets) == list(range(len(BOARD.tickets)))
    assert sample.legal_actions() == state.legal_actions() == list(obs.legal)
    assert observe(sample, seat).seats == obs.seats and observe(sample, seat).display == obs.display


def test_the_others_see_how_many_tickets_were_drawn_and_returned_not_which() -> None:
    state = new_game(BOARD, 2, 3)
    while state.phase == "choose_tickets":
        state.apply(state.legal_actions()[-1])
    drawer, watcher = state.current, 1 - state.current
    state.apply(DrawTickets())
    state.apply(KeepTickets((1,)))
    seen = {e.kind: e for e in observe(state, watcher).log if e.player == drawer and e.kind.startswith("tickets")}
    assert seen["tickets_drawn"].count == 2 and seen["tickets_kept"].count == 1
    assert seen["tickets_drawn"].tickets == () and seen["tickets_kept"].tickets == ()
    own = {e.kind: e for e in observe(state, drawer).log if e.player == drawer and e.kind.startswith("tickets")}
    assert len(own["tickets_drawn"].tickets) == 2 and len(own["tickets_kept"].tickets) == 1
