"""Whole games between computer players (the `simulate` command, tournaments, show mode)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from game.board.model import Board
from game.bots.registry import make_bot
from game.rules.observation import observe
from game.rules.state import GameState, new_game


def play_game(board: Board, kinds: list[str], seed: int) -> GameState:
    """One game to the end; seat i is played by a bot of kind kinds[i], seeded from the game seed."""
    state = new_game(board, len(kinds), seed)
    bots = [make_bot(kind, seed * 101 + seat) for seat, kind in enumerate(kinds)]
    while state.phase != "over":
        state.apply(bots[state.current].choose(observe(state)))
    return state


def seat_kinds(kinds: list[str], players: int, game: int, rotate: bool) -> list[str]:
    """Which bot sits where in game number `game` (0-based)."""
    if len(kinds) == 1:
        kinds = kinds * players
    if len(kinds) != players:
        raise ValueError(f"--bots names {len(kinds)} bots for {players} players (give one, or one per seat)")
    if rotate:
        shift = game % players
        kinds = kinds[shift:] + kinds[:shift]
    return kinds


def run_games(
    board: Board, players: int, kinds: list[str], games: int, seed: int, rotate: bool
) -> Iterator[dict[str, Any]]:
    """One JSON-ready line per game, then the summary line (contracts §2)."""
    if games < 1:
        raise ValueError("--games must be at least 1")
    for kind in set(kinds):
        make_bot(kind)  # an unknown kind fails before any game is played
    seat_kinds(kinds, players, 0, rotate)
    wins = {kind: 0 for kind in kinds}
    totals = {kind: 0 for kind in kinds}
    seats_played = {kind: 0 for kind in kinds}
    for game in range(games):
        seated = seat_kinds(kinds, players, game, rotate)
        state = play_game(board, seated, seed + game)
        scores = [player.points for player in state.players]
        for seat, kind in enumerate(seated):
            totals[kind] += scores[seat]
            seats_played[kind] += 1
        for seat in state.winners:
            wins[seated[seat]] += 1
        yield {
            "game": game + 1, "seed": seed + game, "seats": seated, "scores": scores,
            "branch_tokens": [player.branch_tokens for player in state.players],
            "winners": [seated[seat] for seat in state.winners], "winner_seats": state.winners,
            "turns": state.turn + 1,
        }
    yield {"summary": {
        "games": games, "wins": wins,
        "mean_score": {kind: round(totals[kind] / seats_played[kind], 2) for kind in totals},
    }}
