"""The bus tour's game state and its rules (docs/bus-rules.md): plain data, `legal_actions()`, `apply()`,
`undo()` of a step that showed nothing hidden, `clone()` and a JSON round trip.

Phases: "choose_tickets" (set-up: each player in turn keeps 1 or 2 of the 2 tickets dealt), "turn" (one
of three actions), "second_card" (the second card of a draw), "keep_tickets" (after drawing tickets),
"over". All randomness comes from the seed: the first player, the ticket order, and every card shuffle.
"""

from __future__ import annotations

import copy
import random
from collections import Counter
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

from game.bus.board import COLOURS, GREY, BusBoard
from game.bus.rules.actions import (
    WILD,
    BusAction,
    ClaimRoute,
    DrawBlind,
    DrawFaceUp,
    DrawTickets,
    KeepTickets,
    Pass,
    action_from_json,
    action_to_json,
)
from game.bus.rules.cards import CardTable, full_deck
from game.bus.rules.events import BusEvent, event_from_json
from game.bus.rules.scoring import FinalScore, final_score, ranks, route_points
from game.rules.refusals import IllegalAction, Refusal

BUSES = 17
DEAL = 2  # transport cards dealt to each player
TICKETS_DEALT = 2
LAST_ROUND_AT = 2  # a player ending a turn with this many buses or fewer starts the last round
MIN_PLAYERS, MAX_PLAYERS = 2, 4


@dataclass
class BusPlayer:
    hand: Counter[str] = field(default_factory=Counter)
    tickets: list[int] = field(default_factory=list)
    buses: int = BUSES
    route_points: int = 0
    routes: list[int] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"hand": dict(sorted(self.hand.items())), "tickets": list(self.tickets), "buses": self.buses,
                "route_points": self.route_points, "routes": list(self.routes)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> BusPlayer:
        return cls(Counter({str(k): int(v) for k, v in data["hand"].items()}), [int(t) for t in data["tickets"]],
                   int(data["buses"]), int(data["route_points"]), [int(r) for r in data["routes"]])


@dataclass
class BusState:
    board: BusBoard
    seed: int
    players: list[BusPlayer]
    cards: CardTable
    ticket_pile: list[int]  # top first
    first: int
    current: int
    phase: str = "choose_tickets"
    offer: list[int] = field(default_factory=list)  # tickets drawn, waiting to be kept
    claimed: dict[int, int] = field(default_factory=dict)  # route → seat
    turns_left: int | None = None  # after the last round began: turns still to play
    passes: int = 0  # passes in a row (nobody able to act)
    log: list[BusEvent] = field(default_factory=list)
    history: list[tuple[BusAction, Any]] = field(default_factory=list)  # undoable steps: (action, snapshot)
    results: list[FinalScore] = field(default_factory=list)

    # ----- what may be done -----

    def legal_actions(self) -> list[BusAction]:
        if self.phase == "over":
            return []
        if self.phase in ("choose_tickets", "keep_tickets"):
            n = len(self.offer)
            least = 1
            return [KeepTickets(keep) for size in range(least, n + 1) for keep in combinations(range(n), size)]
        if self.phase == "second_card":
            found: list[BusAction] = [DrawFaceUp(s) for s, c in enumerate(self.cards.display)
                                      if c is not None and c != WILD]
            return found + ([DrawBlind()] if self.cards.can_draw_blind() else [])
        found = [DrawFaceUp(s) for s, c in enumerate(self.cards.display) if c is not None]
        if self.cards.can_draw_blind():
            found.append(DrawBlind())
        for route in self.board.routes:
            if self.why_not_route(route.index) is None:
                found.extend(ClaimRoute(route.index, pay) for pay in self.payments(route.index))
        if self.ticket_pile:
            found.append(DrawTickets())
        return found or [Pass()]

    def why_not_route(self, route_id: int) -> Refusal | None:
        """Why the current player may not claim this route, whatever the cards (None: they may)."""
        if not 0 <= route_id < len(self.board.routes):
            return Refusal.of("bus.unknown_route", route=route_id)
        route = self.board.routes[route_id]
        if route_id in self.claimed:
            return Refusal.of("bus.route_taken")
        if route.twin is not None and route.twin in self.claimed:
            if self.claimed[route.twin] == self.current:
                return Refusal.of("bus.both_of_double")
            if len(self.players) == 2:
                return Refusal.of("bus.double_closed_two_players")
        if self.players[self.current].buses < route.spaces:
            return Refusal.of("bus.not_enough_buses", need=route.spaces, have=self.players[self.current].buses)
        return None

    def payments(self, route_id: int) -> list[tuple[str, ...]]:
        """Every distinct set of cards from the current hand that pays for the route: its colour (any one
        colour for grey) with wilds standing in for any of them."""
        route = self.board.routes[route_id]
        hand = self.players[self.current].hand
        colours = COLOURS if route.colour == GREY else (route.colour,)
        found: set[tuple[str, ...]] = set()
        for colour in colours:
            for wilds in range(route.spaces + 1):
                plain = route.spaces - wilds
                if hand[WILD] >= wilds and hand[colour] >= plain:
                    found.add(tuple(sorted([colour] * plain + [WILD] * wilds)))
        return sorted(found)

    def why_illegal(self, action: BusAction) -> Refusal | None:
        """Which rule refuses the action now (None: it is legal), checked directly rather than by listing
        every legal action, so bots and screens can ask often."""
        if self.phase == "over":
            return Refusal.of("game_over")
        choosing = self.phase in ("choose_tickets", "keep_tickets")
        if isinstance(action, KeepTickets):
            if not choosing:
                return Refusal.of("bus.not_now", phase=self.phase)
            keep = action.keep
            if not keep or len(set(keep)) != len(keep) or not all(0 <= i < len(self.offer) for i in keep):
                return Refusal.of("bus.keep_a_ticket")
            return None
        if choosing:
            return Refusal.of("bus.choose_tickets_first")
        if isinstance(action, DrawFaceUp):
            if not 0 <= action.slot < len(self.cards.display) or self.cards.display[action.slot] is None:
                return Refusal.of("bus.no_card_there")
            if self.phase == "second_card" and self.cards.display[action.slot] == WILD:
                return Refusal.of("bus.no_second_wild")
            return None
        if isinstance(action, DrawBlind):
            return None if self.cards.can_draw_blind() else Refusal.of("bus.deck_empty")
        if self.phase == "second_card":
            return Refusal.of("bus.finish_draw")
        if isinstance(action, ClaimRoute):
            refusal = self.why_not_route(action.route)
            if refusal is None and tuple(sorted(action.cards)) not in self.payments(action.route):
                route = self.board.routes[action.route]
                return Refusal.of("bus.wrong_cards", spaces=route.spaces)
            return refusal
        if isinstance(action, DrawTickets):
            return None if self.ticket_pile else Refusal.of("bus.no_tickets_left")
        if isinstance(action, Pass):
            return None if self.legal_actions() == [Pass()] else Refusal.of("bus.can_act")
        return Refusal.of("bus.not_now", phase=self.phase)

    # ----- doing it -----

    def apply(self, action: BusAction) -> list[BusEvent]:
        """Carry out a legal action; IllegalAction (state unchanged) otherwise."""
        refusal = self.why_illegal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        snapshot = self._snapshot()
        events: list[BusEvent] = []
        revealed = self._do(action, events)
        self.history = [] if revealed else [(action, snapshot)]  # only the last step, and only if it hid nothing
        self.log.extend(events)
        return events

    def can_undo(self) -> bool:
        return bool(self.history) and self.phase != "over"

    def undo(self) -> BusAction:
        """Take back the last step if it showed nothing hidden (a claim, a ticket choice); ValueError if not."""
        if not self.can_undo():
            raise ValueError("nothing to undo: the last step showed a hidden card or ticket")
        action, snapshot = self.history.pop()
        self._restore(snapshot)
        return action

    def _do(self, action: BusAction, events: list[BusEvent]) -> bool:
        """The action's effect; True when it showed a hidden card or ticket (no undo past it)."""
        me = self.players[self.current]
        if not isinstance(action, Pass):
            self.passes = 0  # any action breaks a round of passes
        if isinstance(action, KeepTickets):
            kept = [self.offer[i] for i in action.keep]
            returned = [t for i, t in enumerate(self.offer) if i not in action.keep]
            me.tickets.extend(kept)
            self.ticket_pile.extend(returned)
            self.offer = []
            events.append(BusEvent("tickets_kept", self.current, tickets=tuple(kept), count=len(returned),
                                   private=True))
            if self.phase == "choose_tickets":
                self._next_chooser(events)
            else:
                self._end_turn(events)
            return False
        if isinstance(action, DrawTickets):
            self.offer = self.ticket_pile[:TICKETS_DEALT]
            del self.ticket_pile[:TICKETS_DEALT]
            self.phase = "keep_tickets"
            events.append(BusEvent("tickets_drawn", self.current, tickets=tuple(self.offer), count=len(self.offer),
                                   private=True))  # how many is public, which ones are not
            return True
        if isinstance(action, ClaimRoute):
            route = self.board.routes[action.route]
            me.hand.subtract(Counter(action.cards))
            me.hand = +me.hand
            self.cards.discards.extend(action.cards)
            me.buses -= route.spaces
            me.routes.append(route.index)
            self.claimed[route.index] = self.current
            points = route_points(route.spaces)
            me.route_points += points
            events.append(BusEvent("claim", self.current, points, route=route.index, cards=action.cards))
            self._end_turn(events)
            return False
        if isinstance(action, Pass):
            events.append(BusEvent("pass", self.current))
            self.passes += 1
            if self.passes >= len(self.players):  # ruling: a whole round in which nobody could act ends the game
                self._finish(events)
            else:
                self._end_turn(events)
            return False
        first = self.phase == "turn"
        if isinstance(action, DrawFaceUp):
            card = self.cards.take(action.slot, events)
            events.insert(0, BusEvent("face_up", self.current, slot=action.slot, colour=card))
        else:
            drawn = self.cards.draw(events)
            assert drawn is not None
            card = drawn
            events.append(BusEvent("blind", self.current, colour=card, private=True))
        me.hand[card] += 1
        face_up_wild = isinstance(action, DrawFaceUp) and card == WILD
        if first and not face_up_wild:
            self.phase = "second_card"
            if not self.legal_actions():  # ruling: no second card to be had, the draw ends with one
                self._end_turn(events)
        else:
            self._end_turn(events)
        return True

    def _next_chooser(self, events: list[BusEvent]) -> None:
        """Set-up: the next player chooses tickets, until everyone has; then the first player's turn."""
        nxt = (self.current + 1) % len(self.players)
        if nxt == self.first:
            self.current, self.phase = self.first, "turn"
            events.append(BusEvent("turn", self.current))
            return
        self.current = nxt
        self._offer_tickets()

    def _offer_tickets(self) -> None:
        self.offer = self.ticket_pile[:TICKETS_DEALT]
        del self.ticket_pile[:TICKETS_DEALT]

    def _end_turn(self, events: list[BusEvent]) -> None:
        me = self.players[self.current]
        if self.turns_left is not None:
            self.turns_left -= 1
            if self.turns_left <= 0:
                self._finish(events)
                return
        elif me.buses <= LAST_ROUND_AT:
            self.turns_left = len(self.players)  # everyone, this player included, has one more turn
            events.append(BusEvent("last_round", self.current, count=me.buses))
        self.current = (self.current + 1) % len(self.players)
        self.phase = "turn"
        events.append(BusEvent("turn", self.current))

    def _finish(self, events: list[BusEvent]) -> None:
        self.phase = "over"
        self.history.clear()
        self.results = [final_score(self.board, p.routes, p.tickets, p.route_points) for p in self.players]
        for seat, result in enumerate(self.results):
            for t in result.tickets_done:
                events.append(BusEvent("ticket_scored", seat, self.board.tickets[t].value, tickets=(t,), done=True))
            for t in result.tickets_failed:
                events.append(BusEvent("ticket_scored", seat, -self.board.tickets[t].value, tickets=(t,)))
            for district in self.board.districts:
                if district.name in result.districts:
                    events.append(BusEvent("district_scored", seat, district.value, district=district.name))
        places = ranks(self.results)
        events.append(BusEvent("game_over", winners=tuple(s for s, p in enumerate(places) if p == 1),
                               totals=tuple(r.total for r in self.results), places=tuple(places)))

    # ----- reading it -----

    def scores(self) -> list[int]:
        """Points so far: route points during the game, the final totals once it is over."""
        if self.results:
            return [r.total for r in self.results]
        return [p.route_points for p in self.players]

    def winners(self) -> list[int]:
        if not self.results:
            return []
        places = ranks(self.results)
        return [s for s, p in enumerate(places) if p == 1]

    def clone(self) -> BusState:
        twin = copy.copy(self)
        twin.players = copy.deepcopy(self.players)
        twin.cards = copy.deepcopy(self.cards)
        twin.ticket_pile, twin.offer = list(self.ticket_pile), list(self.offer)
        twin.claimed, twin.log, twin.history = dict(self.claimed), list(self.log), list(self.history)
        twin.results = list(self.results)
        return twin

    def _snapshot(self) -> dict[str, Any]:
        return self.to_json(with_log=False)

    def _restore(self, snapshot: dict[str, Any]) -> None:
        other = state_from_json(self.board, snapshot)
        for name in ("players", "cards", "ticket_pile", "first", "current", "phase", "offer", "claimed",
                     "turns_left", "passes", "results"):
            setattr(self, name, getattr(other, name))
        self.log = self.log[: snapshot["log_length"]]

    def to_json(self, with_log: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": "bus", "seed": self.seed, "players": [p.to_json() for p in self.players],
            "cards": self.cards.to_json(), "ticket_pile": list(self.ticket_pile), "first": self.first,
            "current": self.current, "phase": self.phase, "offer": list(self.offer),
            "claimed": [[r, s] for r, s in sorted(self.claimed.items())], "turns_left": self.turns_left,
            "passes": self.passes,
            "log_length": len(self.log),
        }
        if with_log:
            data["log"] = [e.to_json() for e in self.log]
            data["history"] = [[action_to_json(a), snap] for a, snap in self.history]
        return data


def new_game(board: BusBoard, players: int, seed: int) -> BusState:
    """Set-up (docs/bus-rules.md "Set-up"): 17 buses each, 2 cards dealt, 5 face up, 2 tickets to choose
    from; the first player drawn by lot."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"the bus tour is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if len(board.tickets) < TICKETS_DEALT * players:
        raise ValueError(f"the board has {len(board.tickets)} tickets, too few for {players} players")
    rng = random.Random(f"bus-setup:{seed}")
    cards = CardTable(seed)
    cards.deck = cards.shuffled(full_deck())
    events: list[BusEvent] = []
    seats = [BusPlayer() for _ in range(players)]
    for seat in seats:
        for _ in range(DEAL):
            card = cards.draw(events)
            assert card is not None
            seat.hand[card] += 1
    cards.display = [cards.draw(events) for _ in range(5)]
    cards.keep_display(events)
    pile = list(range(len(board.tickets)))
    rng.shuffle(pile)
    first = rng.randrange(players)
    state = BusState(board, seed, seats, cards, pile, first, first)
    state._offer_tickets()
    state.log.extend(events)
    return state


def state_from_json(board: BusBoard, data: dict[str, Any]) -> BusState:
    """A state back from `to_json` (ValueError/KeyError/TypeError for a malformed one)."""
    state = BusState(board, int(data["seed"]), [BusPlayer.from_json(p) for p in data["players"]],
                     CardTable.from_json(data["cards"]), [int(t) for t in data["ticket_pile"]], int(data["first"]),
                     int(data["current"]), str(data["phase"]), [int(t) for t in data["offer"]],
                     {int(r): int(s) for r, s in data["claimed"]},
                     None if data["turns_left"] is None else int(data["turns_left"]), int(data.get("passes", 0)))
    if state.phase == "over":
        state.results = [final_score(board, p.routes, p.tickets, p.route_points) for p in state.players]
    state.history = [(action_from_json(a), snap) for a, snap in data.get("history", [])]
    state.log = [event_from_json(e) for e in data.get("log", [])]
    return state
