"""The bus tour's computer players (docs/bots.md "Bus tour"). Each decides on an observation only.

- random: any legal action (the bench's whole-game figure).
- easy: claims a route when it can (any, preferring its tickets' routes), else draws blind; keeps every
  ticket it is dealt and never asks for more.
- normal: plans — keeps the tickets it can finish, claims the routes on its tickets' cheapest ways
  (longest first, sparing wilds), takes the face-up colours those routes need, draws new tickets when
  its own are done and buses remain, and in the last turns spends buses on the longest routes it can.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from game.bus.bots.planning import colour_needs, needed_routes, thrifty, ticket_cost
from game.bus.rules.actions import WILD, BusAction, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets
from game.bus.rules.observation import BusObservation
from game.bus.rules.scoring import route_points


class BusBot(Protocol):
    def choose(self, obs: BusObservation) -> BusAction: ...


class RandomBusBot:
    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: BusObservation) -> BusAction:
        return self.rng.choice(obs.legal)


def _claims(obs: BusObservation) -> dict[int, list[tuple[str, ...]]]:
    found: dict[int, list[tuple[str, ...]]] = {}
    for action in obs.legal:
        if isinstance(action, ClaimRoute):
            found.setdefault(action.route, []).append(action.cards)
    return found


class EasyBusBot:
    """Claims whatever it can, else draws blind; keeps all its tickets."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: BusObservation) -> BusAction:
        keep = [a for a in obs.legal if isinstance(a, KeepTickets)]
        if keep:
            return max(keep, key=lambda a: len(a.keep))
        claims = _claims(obs)
        if claims:
            wanted = needed_routes(obs, obs.tickets)
            route = max(claims, key=lambda k: (k in wanted, self.rng.random()))
            return ClaimRoute(route, self.rng.choice(claims[route]))
        if DrawBlind() in obs.legal:
            return DrawBlind()
        return self.rng.choice(obs.legal)


class NormalBusBot:
    """Plans around its tickets (see the module's notes)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: BusObservation) -> BusAction:
        keep = [a for a in obs.legal if isinstance(a, KeepTickets)]
        if keep:
            return self._keep(obs, keep)
        buses = obs.seats[obs.me].buses
        claims = _claims(obs)
        wanted = needed_routes(obs, obs.tickets)
        ending = obs.turns_left is not None or min(s.buses for s in obs.seats) <= 5
        on_plan = [k for k in claims if k in wanted]
        if on_plan:
            best = max(on_plan, key=lambda k: (obs.board.routes[k].spaces, wanted[k], -k))
            return ClaimRoute(best, thrifty(claims[best]))
        if claims and (not wanted or ending or buses <= 4):
            best = max(claims, key=lambda k: (route_points(obs.board.routes[k].spaces), -k))
            return ClaimRoute(best, thrifty(claims[best]))
        if obs.phase == "turn" and not wanted and DrawTickets() in obs.legal and buses >= 10 and not ending:
            return DrawTickets()
        return self._draw(obs, wanted)

    def _draw(self, obs: BusObservation, wanted: dict[int, float]) -> BusAction:
        need = colour_needs(obs, wanted)
        face_up = {a.slot: obs.display[a.slot] for a in obs.legal if isinstance(a, DrawFaceUp)}
        useful = [slot for slot, card in face_up.items() if card != WILD and need[card or ""] > 0]
        if useful:
            return DrawFaceUp(max(useful, key=lambda s: (need[face_up[s] or ""], -s)))
        wild = [slot for slot, card in face_up.items() if card == WILD]
        if wild and obs.phase == "turn" and sum(need.values()) >= 4:
            return DrawFaceUp(wild[0])
        if DrawBlind() in obs.legal:
            return DrawBlind()
        return obs.legal[0]

    def _keep(self, obs: BusObservation, options: list[KeepTickets]) -> KeepTickets:
        """The tickets worth keeping: those it can still finish with the buses it has, cheapest first."""
        offer = obs.offer
        buses = obs.seats[obs.me].buses
        held = sum(ticket_cost(obs, t) or 0 for t in obs.tickets)
        scored = []
        for i, t in enumerate(offer):
            cost = ticket_cost(obs, t)
            value = obs.board.tickets[t].value
            scored.append((math_inf_if_none(cost), -value, i))
        scored.sort()
        keep = [scored[0][2]]
        budget = buses - held - scored[0][0]
        for cost, _, i in scored[1:]:
            if cost <= budget - 3:
                keep.append(i)
                budget -= cost
        choice = KeepTickets(tuple(sorted(keep)))
        return choice if choice in options else options[0]


def math_inf_if_none(value: float | None) -> float:
    return float("inf") if value is None else value


BUS_BOTS: dict[str, Callable[[int], BusBot]] = {
    "random": RandomBusBot,
    "easy": EasyBusBot,
    "normal": NormalBusBot,
}


def make_bus_bot(kind: str, seed: int = 0) -> BusBot:
    try:
        return BUS_BOTS[kind](seed)
    except KeyError:
        raise ValueError(f"unknown bus-tour bot {kind!r} (known: {', '.join(sorted(BUS_BOTS))})") from None
