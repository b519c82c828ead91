"""What one seat may know of a bus-tour game: its own hand and tickets, and everything public.

Bots decide on this, never on the state (docs/architecture.md "Computer players"): no deck order, no other
hand, no other player's tickets, no ticket pile. Look-ahead runs on `sample_state(rng)`: the cards and
tickets this seat has not seen, dealt at random to where they could be.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from game.bus.board import BusBoard
from game.bus.rules.actions import BusAction
from game.bus.rules.cards import CardTable, full_deck
from game.bus.rules.events import BusEvent
from game.bus.rules.state import BusPlayer, BusState


@dataclass(frozen=True, slots=True)
class Seat:
    """What everyone sees of a player."""

    cards: int
    buses: int
    tickets: int
    route_points: int
    routes: tuple[int, ...]


@dataclass(frozen=True)
class BusObservation:
    board: BusBoard
    me: int
    current: int
    phase: str
    seats: tuple[Seat, ...]
    hand: Counter[str]
    tickets: tuple[int, ...]
    offer: tuple[int, ...]  # tickets on offer to me (empty unless I am choosing)
    display: tuple[str | None, ...]
    deck_size: int
    discards: tuple[str, ...]
    ticket_pile_size: int
    claimed: dict[int, int]
    turns_left: int | None
    legal: tuple[BusAction, ...]
    log: tuple[BusEvent, ...]

    def sample_state(self, rng: random.Random) -> BusState:
        """A state consistent with what this seat knows: unseen cards and tickets dealt at random."""
        unseen = Counter(full_deck())
        unseen.subtract(self.hand)
        unseen.subtract(Counter(c for c in self.display if c is not None))
        unseen.subtract(Counter(self.discards))
        cards = sorted((+unseen).elements())
        rng.shuffle(cards)
        known_tickets = set(self.tickets) | set(self.offer)
        tickets = [t.index for t in self.board.tickets if t.index not in known_tickets]
        rng.shuffle(tickets)
        players = []
        for seat, public in enumerate(self.seats):
            if seat == self.me:
                hand, mine = Counter(self.hand), list(self.tickets)
            else:
                hand = Counter(cards[: public.cards])
                del cards[: public.cards]
                mine = tickets[: public.tickets]
                del tickets[: public.tickets]
            players.append(BusPlayer(hand, mine, public.buses, public.route_points, list(public.routes)))
        table = CardTable(rng.randrange(1 << 30), cards[: self.deck_size], list(self.display), list(self.discards))
        return BusState(self.board, table.seed, players, table, tickets[: self.ticket_pile_size], 0, self.current,
                        self.phase, list(self.offer), dict(self.claimed), self.turns_left)


def observe(state: BusState, seat: int | None = None) -> BusObservation:
    """The game as `seat` (by default the player to act) may see it."""
    me = state.current if seat is None else seat
    seats = tuple(Seat(sum(p.hand.values()), p.buses, len(p.tickets), p.route_points, tuple(p.routes))
                  for p in state.players)
    mine = me == state.current
    log = tuple(e if e.player == me else e.public() for e in state.log)
    return BusObservation(
        state.board, me, state.current, state.phase, seats, Counter(state.players[me].hand),
        tuple(state.players[me].tickets), tuple(state.offer) if mine else (), tuple(state.cards.display),
        len(state.cards.deck), tuple(state.cards.discards), len(state.ticket_pile), dict(state.claimed),
        state.turns_left, tuple(state.legal_actions()) if mine else (), log)
