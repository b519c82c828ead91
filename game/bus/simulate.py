"""Whole bus-tour games between computer players: `simulate --board london_bus` (contracts §2), the
bench and the balance figures of docs/bus-board.md."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.bus.board import BusBoard
from game.bus.bots.players import make_bus_bot
from game.bus.rules.observation import observe
from game.bus.rules.state import MAX_PLAYERS, MIN_PLAYERS, BusState, new_game

MAX_STEPS = 20_000  # a game always ends (the last round, or a round of passes); this only guards a bug


def play_bus_game(board: BusBoard, kinds: list[str], seed: int) -> BusState:
    """One game to the end; seat i is played by a bot of kind kinds[i], seeded from the game seed."""
    state = new_game(board, len(kinds), seed)
    bots = [make_bus_bot(kind, seed * 101 + seat) for seat, kind in enumerate(kinds)]
    for _ in range(MAX_STEPS):
        if state.phase == "over":
            return state
        state.apply(bots[state.current].choose(observe(state)))
    raise RuntimeError(f"a bus-tour game of seed {seed} did not end in {MAX_STEPS} steps")


def game_line(board: BusBoard, state: BusState, kinds: list[str], game: int, seed: int) -> dict[str, Any]:
    """One game's JSON line (contracts §2: simulate on the bus-tour board)."""
    players = []
    for seat, result in enumerate(state.results):
        players.append({
            "bot": kinds[seat], "route_points": result.route_points,
            "tickets_done": [board.tickets[t].value for t in result.tickets_done],
            "tickets_failed": [board.tickets[t].value for t in result.tickets_failed],
            "districts": result.district_points, "buses_left": state.players[seat].buses, "score": result.total,
        })
    return {"game": game, "seed": seed, "players": players, "winner": state.winners()}


def run_bus_games(board: BusBoard, players: int, kinds: list[str], games: int, seed: int,
                  rotate: bool) -> Iterator[dict[str, Any]]:
    """One line per game, then the summary line (the Underground's shape)."""
    from game.simulate import seat_kinds

    if games < 1:
        raise ValueError("--games must be at least 1")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"the bus tour is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    for kind in set(kinds):
        make_bus_bot(kind)  # an unknown kind fails before any game is played
    seat_kinds(kinds, players, 0, rotate)
    wins = dict.fromkeys(kinds, 0)
    totals = dict.fromkeys(kinds, 0)
    seats_played = dict.fromkeys(kinds, 0)
    for game in range(games):
        seated = seat_kinds(kinds, players, game, rotate)
        state = play_bus_game(board, seated, seed + game)
        for seat, kind in enumerate(seated):
            totals[kind] += state.scores()[seat]
            seats_played[kind] += 1
        for seat in state.winners():
            wins[seated[seat]] += 1
        yield game_line(board, state, seated, game + 1, seed + game)
    yield {"summary": {
        "games": games, "wins": wins,
        "mean_score": {kind: round(totals[kind] / seats_played[kind], 2) for kind in totals},
    }}
