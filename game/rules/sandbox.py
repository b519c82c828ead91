"""Sandbox scoring (the `score` command): placements applied by their owners, ignoring turn order.

It goes through the very same `apply` as a real game, so the points it reports are the game's points;
only the turn structure is suspended (the owner becomes the active player with actions to spare).
"""

from __future__ import annotations

from dataclasses import dataclass

from game.board.model import Board, BoardError
from game.rules.actions import PlaceTrack
from game.rules.events import Event
from game.rules.players import PlayerState
from game.rules.refusals import IllegalAction, Refusal
from game.rules.state import GameState

SANDBOX_ACTIONS = 1 << 30  # never runs out, so the passenger never moves


@dataclass(frozen=True)
class SandboxPlacement:
    line: str
    a: str
    b: str


def sandbox_state(board: Board, seats: list[list[str]], tiles: dict[str, str] | None = None) -> GameState:
    """A state with the given lines per seat and, optionally, fixed connection or landmark tiles.

    Without `tiles`, connection stations and landmark stacks are left empty (nothing random happens).
    """
    owned = [line for lines in seats for line in lines]
    unknown = [line for line in owned if line not in board.settings.line_tokens]
    if unknown:
        raise BoardError(f"unknown line colour {unknown[0]!r} (known: {', '.join(board.settings.line_tokens)})")
    if len(set(owned)) != len(owned):
        raise BoardError("a line belongs to two players")
    state = GameState(board, seed=0, players=[PlayerState(list(lines)) for lines in seats])
    for station_name, tile in (tiles or {}).items():
        node = board.node(station_name)
        if node.connection:
            if tile not in board.settings.connection_symbols:
                raise BoardError(f"{tile!r} is not a connection symbol of this board")
            state.connection_tiles[node.index] = tile
        elif node.landmarks:
            if tile not in board.settings.landmark_types:
                raise BoardError(f"{tile!r} is not a landmark type of this board")
            state.landmark_stacks[node.index] = (tile, node.landmarks)
        else:
            raise BoardError(f"{station_name!r} is neither a connection nor a landmark station")
    state.passenger = None
    state.actions_left = SANDBOX_ACTIONS
    return state


def sandbox_place(state: GameState, placement: SandboxPlacement) -> Event:
    """Apply one placement as its owner; IllegalAction names the rule it breaks."""
    board = state.board
    link = board.link(placement.a, placement.b)
    if placement.line not in state.lines:
        raise IllegalAction(Refusal.of("unowned_line", line=placement.line))
    state.current = state.owner_of(placement.line)
    state.actions_left = SANDBOX_ACTIONS
    events = state.apply(PlaceTrack(placement.line, link.index))
    return events[0]
