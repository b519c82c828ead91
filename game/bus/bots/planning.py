"""What a bus-tour bot works out from its observation: the routes its tickets still need, the colours
those routes ask for, and what a claim or a ticket is worth to it."""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable

from game.bus.board import COLOURS, GREY, BusBoard
from game.bus.rules.actions import WILD
from game.bus.rules.observation import BusObservation
from game.bus.rules.scoring import Network


def open_routes(obs: BusObservation) -> set[int]:
    """Routes this seat could still claim one day: free, and not closed by the double-route rules."""
    found = set()
    two = len(obs.seats) == 2
    mine = set(obs.seats[obs.me].routes)
    for route in obs.board.routes:
        if route.index in obs.claimed:
            continue
        if route.twin is not None and route.twin in obs.claimed and (two or route.twin in mine):
            continue
        found.add(route.index)
    return found


def cheapest_path(board: BusBoard, a: int, b: int, mine: set[int], free: set[int]) -> list[int] | None:
    """The routes of the cheapest way from a to b: own routes cost nothing, free ones their spaces."""
    best = {a: 0.0}
    came: dict[int, tuple[int, int]] = {}
    heap = [(0.0, a)]
    while heap:
        d, v = heapq.heappop(heap)
        if v == b:
            path = []
            while v != a:
                v, k = came[v]
                path.append(k)
            return path
        if d > best.get(v, math.inf):
            continue
        for k in board.routes_at[v]:
            if k in mine:
                cost = 0.0
            elif k in free:
                cost = board.routes[k].spaces + 0.01
            else:
                continue
            u = board.routes[k].other_end(v)
            if d + cost < best.get(u, math.inf):
                best[u] = d + cost
                came[u] = (v, k)
                heapq.heappush(heap, (d + cost, u))
    return None


def needed_routes(obs: BusObservation, tickets: Iterable[int]) -> dict[int, float]:
    """Each free route on the cheapest way to finish each of the tickets, weighted by the tickets' value."""
    board = obs.board
    mine = set(obs.seats[obs.me].routes)
    free = open_routes(obs)
    network = Network(board, mine)
    wanted: dict[int, float] = {}
    for t in tickets:
        ticket = board.tickets[t]
        if network.joined(ticket.a, ticket.b):
            continue
        path = cheapest_path(board, ticket.a, ticket.b, mine, free)
        for k in path or ():
            if k not in mine:
                wanted[k] = wanted.get(k, 0.0) + ticket.value
    return wanted


def ticket_cost(obs: BusObservation, ticket: int) -> float | None:
    """Spaces still to claim for a ticket (0: done already); None when it can no longer be done."""
    board = obs.board
    mine = set(obs.seats[obs.me].routes)
    t = board.tickets[ticket]
    path = cheapest_path(board, t.a, t.b, mine, open_routes(obs))
    if path is None:
        return None
    return sum(board.routes[k].spaces for k in path if k not in mine)


def colour_needs(obs: BusObservation, routes: dict[int, float]) -> Counter[str]:
    """How many cards of each colour the wanted routes ask for beyond the hand (grey: the best-held colour)."""
    need: Counter[str] = Counter()
    hand = obs.hand
    for k in routes:
        route = obs.board.routes[k]
        colour = route.colour if route.colour != GREY else max(COLOURS, key=lambda c: (hand[c], c))
        need[colour] += route.spaces
    return Counter({c: n - hand[c] for c, n in need.items() if n > hand[c]})


def thrifty(payments: list[tuple[str, ...]]) -> tuple[str, ...]:
    """The payment that spends the fewest wilds."""
    return min(payments, key=lambda pay: (pay.count(WILD), pay))
