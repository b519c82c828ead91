"""Balance figures of the bus tour's board from games between normal bots (docs/bus-board.md).

python -m tools.bus_balance [--games N] [--players P] [--routes]

Per colour: the share of its spaces claimed and the points its claims made; per ticket: how often it was
kept and how often finished; with --routes, how often each route was claimed. A colour or a ticket far from
the others is a board to change.
"""

from __future__ import annotations

import argparse
from collections import Counter

from game.bus.board import bus_board_for
from game.bus.simulate import play_bus_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--routes", action="store_true", help="also each route's claims per game")
    args = parser.parse_args(argv)
    board = bus_board_for("london_bus")
    assert board is not None
    offered: Counter[str] = Counter()
    claimed: Counter[str] = Counter()
    routes: Counter[int] = Counter()
    kept: Counter[int] = Counter()
    done: Counter[int] = Counter()
    for route in board.routes:
        offered[route.colour] += route.spaces
    for seed in range(1, args.games + 1):
        state = play_bus_game(board, ["normal"] * args.players, seed)
        routes.update(state.claimed)
        for k in state.claimed:
            claimed[board.routes[k].colour] += board.routes[k].spaces
        for result in state.results:
            kept.update(result.tickets_done + result.tickets_failed)
            done.update(result.tickets_done)
    print("| colour | spaces on the board | share claimed per game |")
    print("|---|---|---|")
    for colour in sorted(offered):
        print(f"| {colour} | {offered[colour]} | {100 * claimed[colour] / (offered[colour] * args.games):.0f} % |")
    print()
    print("| ticket | value | kept (games) | finished when kept |")
    print("|---|---|---|---|")
    for ticket in board.tickets:
        a, b = board.places[ticket.a].name, board.places[ticket.b].name
        rate = f"{100 * done[ticket.index] / kept[ticket.index]:.0f} %" if kept[ticket.index] else "—"
        print(f"| {a} – {b} | {ticket.value} | {kept[ticket.index]} | {rate} |")
    if args.routes:
        print()
        print("| route | colour | spaces | claimed per game |")
        print("|---|---|---|---|")
        for route in sorted(board.routes, key=lambda r: (r.colour, -routes[r.index], r.index)):
            a, b = board.places[route.a].name, board.places[route.b].name
            print(f"| {a} – {b} | {route.colour} | {route.spaces} | {routes[route.index] / args.games:.2f} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
