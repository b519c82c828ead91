"""Small bus-tour boards built in code, so each rule's test shows exactly the board it needs."""

from __future__ import annotations

from game.bus.board import BusBoard, District, Place, Route, Ticket


def board(places: list[str], routes: list[tuple[str, str, int, str]], tickets: list[tuple[str, str, int]],
          districts: list[tuple[str, int, list[str]]] = (), twins: list[tuple[int, int]] = ()) -> BusBoard:  # type: ignore[assignment]
    """A board from names: routes (a, b, spaces, colour), tickets (a, b, value), districts (name, value,
    places), twins (route index pairs of a double route)."""
    index = {name: i for i, name in enumerate(places)}
    twin_of = {a: b for a, b in twins} | {b: a for a, b in twins}
    return BusBoard(
        "Test", 1000.0, 600.0,
        tuple(Place(i, name, 100.0 * i, 100.0) for i, name in enumerate(places)),
        tuple(Route(k, index[a], index[b], n, colour, twin_of.get(k)) for k, (a, b, n, colour) in enumerate(routes)),
        tuple(District(name, value, tuple(index[p] for p in members)) for name, value, members in districts),
        tuple(Ticket(k, index[a], index[b], value) for k, (a, b, value) in enumerate(tickets)),
    )


def town() -> BusBoard:
    """Eight places in a ring with a chord, every colour and grey, two double routes, two districts,
    ten tickets: enough for whole games of 2–4 players."""
    places = ["Abbey", "Bank", "Circus", "Docks", "Exchange", "Fields", "Gate", "Heath"]
    routes = [("Abbey", "Bank", 1, "orange"), ("Bank", "Circus", 2, "yellow"), ("Circus", "Docks", 3, "pink"),
              ("Docks", "Exchange", 4, "green"), ("Exchange", "Fields", 2, "blue"), ("Fields", "Gate", 3, "black"),
              ("Gate", "Heath", 1, "grey"), ("Heath", "Abbey", 2, "grey"), ("Abbey", "Bank", 1, "blue"),
              ("Circus", "Gate", 4, "orange"), ("Bank", "Fields", 3, "pink"), ("Docks", "Heath", 2, "black"),
              ("Exchange", "Fields", 2, "yellow"), ("Abbey", "Exchange", 4, "grey"), ("Circus", "Heath", 3, "green")]
    tickets = [("Abbey", "Docks", 6), ("Bank", "Gate", 5), ("Circus", "Fields", 7), ("Heath", "Exchange", 6),
               ("Abbey", "Fields", 5), ("Docks", "Gate", 6), ("Bank", "Heath", 3), ("Circus", "Exchange", 8),
               ("Abbey", "Gate", 3), ("Docks", "Fields", 6)]
    districts = [("City", 2, ["Abbey", "Bank"]), ("East", 3, ["Docks", "Exchange", "Fields"])]
    return board(places, routes, tickets, districts, twins=[(0, 8), (4, 12)])
