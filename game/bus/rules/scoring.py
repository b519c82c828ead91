"""Points of the bus tour (docs/bus-rules.md "End and scoring"): routes by length, tickets and districts by
a player's own network, the ranking with its tie rule. Pure functions of the board and who holds what."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from game.bus.board import BusBoard

ROUTE_POINTS = {1: 1, 2: 2, 3: 4, 4: 7}  # the table printed on the board


def route_points(spaces: int) -> int:
    return ROUTE_POINTS[spaces]


class Network:
    """A player's routes as connected parts (union-find over places)."""

    def __init__(self, board: BusBoard, routes: Iterable[int]) -> None:
        self.parent = list(range(len(board.places)))
        self.touched: set[int] = set()
        for k in routes:
            route = board.routes[k]
            self.touched.update((route.a, route.b))
            self._join(route.a, route.b)

    def _root(self, v: int) -> int:
        while self.parent[v] != v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v

    def _join(self, a: int, b: int) -> None:
        self.parent[self._root(a)] = self._root(b)

    def joined(self, a: int, b: int) -> bool:
        """Whether a continuous chain of the player's routes joins the two places."""
        return a in self.touched and b in self.touched and self._root(a) == self._root(b)

    def joins_all(self, places: Sequence[int]) -> bool:
        """Whether one connected set of the player's routes touches every one of the places."""
        return all(self.joined(places[0], p) for p in places) if places else False


@dataclass(frozen=True, slots=True)
class FinalScore:
    """One player's total, as the end screen and `simulate` show it."""

    route_points: int
    tickets_done: tuple[int, ...]  # ticket indices
    tickets_failed: tuple[int, ...]
    districts: tuple[str, ...]
    ticket_points: int
    district_points: int

    @property
    def total(self) -> int:
        return self.route_points + self.ticket_points + self.district_points


def final_score(board: BusBoard, routes: Iterable[int], tickets: Sequence[int], route_pts: int) -> FinalScore:
    network = Network(board, routes)
    done = tuple(t for t in tickets if network.joined(board.tickets[t].a, board.tickets[t].b))
    failed = tuple(t for t in tickets if t not in done)
    districts = tuple(d.name for d in board.districts if network.joins_all(d.places))
    ticket_points = sum(board.tickets[t].value for t in done) - sum(board.tickets[t].value for t in failed)
    district_points = sum(d.value for d in board.districts if d.name in districts)
    return FinalScore(route_pts, done, failed, districts, ticket_points, district_points)


def ranks(scores: Sequence[FinalScore]) -> list[int]:
    """Each player's place (1 = first): most points; a tie goes to more fulfilled tickets; still tied,
    the players share the place."""
    keys = [(s.total, len(s.tickets_done)) for s in scores]
    return [1 + sum(1 for other in keys if other > key) for key in keys]
