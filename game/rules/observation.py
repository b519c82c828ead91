"""What one seat may know of a game: its information state, a type of its own (as in OpenSpiel).

Everything on the table is public: the board, every track, every line and seat, the face-up cards, the
passenger, the action log. Hidden are the draw pile's order and the setup seed. An `Observation` holds
the public part and, of the pile, only what a person can work out: how many cards are left and which
(every card of the board, minus those face up, minus those the passenger has visited, read off the log),
sorted, so their order is gone. It has no pile and no seed to leak. Bots decide on an observation; to
look ahead they ask it for a determinised game (`sample_state`) whose pile is those unseen cards in an
order of their own choosing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from game.board.model import Board
from game.rules.actions import Action
from game.rules.players import PlayerState
from game.rules.state import GameState

Card = tuple[int, str]  # (station, kind)


@dataclass(frozen=True, slots=True)
class LineView:
    """One line as everyone sees it."""

    owner: int
    tokens_left: int
    degree: Mapping[int, int]  # node -> this line's tracks touching it, in the order the line reached them
    loop_scored: frozenset[int]  # stations this line has scored by a loop


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat as everyone sees it: lines, points, branch tokens, landmark tiles, turns played."""

    lines: tuple[str, ...]
    points: int
    branch_tokens: int
    landmarks: Mapping[str, int]
    turns: int


@dataclass(frozen=True, slots=True)
class Observation:
    """The game as seat `seat` sees it. Read-only; equal for two games that differ only in what is hidden."""

    board: Board
    seat: int  # the observer
    current: int  # the seat to act
    phase: str
    turn: int
    actions_left: int
    pending_moves: tuple[str, ...]  # kinds of the passenger moves still due this turn
    players: tuple[SeatView, ...]
    lines: Mapping[str, LineView]
    tracks: tuple[tuple[str, ...], ...]  # per link, the lines on it in the order they were laid
    face_up: tuple[Card, ...]
    passenger: int | None
    connection_tiles: Mapping[int, str]
    landmark_stacks: Mapping[int, tuple[str, int]]
    discards: int
    end_triggered: bool
    winners: tuple[int, ...]
    undoable: int
    log: tuple[Action, ...]
    unseen: tuple[Card, ...]  # the cards not yet seen, as a multiset in board order (never the pile's order)
    legal_actions: tuple[Action, ...]  # what the seat to act may do now, in the engine's order

    @property
    def deck_size(self) -> int:
        return len(self.unseen)

    @property
    def player_count(self) -> int:
        return len(self.players)

    def sample_state(self, rng: random.Random | None = None) -> GameState:
        """A game consistent with this observation, for look-ahead: the one sanctioned way to get a state.

        Its pile is the unseen cards shuffled by `rng` (in board order without one), its seed is 0, and it
        cannot undo (the turn's start is not part of what a seat sees). Dict orders follow the real game,
        so rules queries on it give exactly what they give on the game itself.
        """
        players = [
            PlayerState(list(s.lines), s.points, s.branch_tokens, dict(s.landmarks), s.turns) for s in self.players
        ]
        state = GameState(self.board, 0, players)
        for name, view in self.lines.items():
            line = state.lines[name]
            line.tokens_left = view.tokens_left
            line.degree = dict(view.degree)
            line.loop_scored = set(view.loop_scored)
        state.tracks = list(map(list, self.tracks))
        pile = list(self.unseen)
        if rng is not None:
            rng.shuffle(pile)
        state.deck = pile
        state.face_up = list(self.face_up)
        state.discards = self.discards
        state.passenger = self.passenger
        state.connection_tiles = dict(self.connection_tiles)
        state.landmark_stacks = dict(self.landmark_stacks)
        state.current = self.current
        state.actions_left = self.actions_left
        state.turn = self.turn
        state.phase = self.phase
        state.pending_moves = list(self.pending_moves)
        state.end_triggered = self.end_triggered
        state.winners = list(self.winners)
        state.log = list(self.log)
        state.undoable = 0
        return state


def observe(state: GameState, seat: int | None = None) -> Observation:
    """What `seat` (by default the seat to act) may know of `state`: everything but the pile's order and the seed."""
    return Observation(
        board=state.board,
        seat=state.current if seat is None else seat,
        current=state.current,
        phase=state.phase,
        turn=state.turn,
        actions_left=state.actions_left,
        pending_moves=tuple(state.pending_moves),
        players=tuple(
            SeatView(tuple(p.lines), p.points, p.branch_tokens, MappingProxyType(dict(p.landmarks)), p.turns)
            for p in state.players
        ),
        lines=MappingProxyType({
            name: LineView(s.owner, s.tokens_left, MappingProxyType(dict(s.degree)), frozenset(s.loop_scored))
            for name, s in state.lines.items()
        }),
        tracks=tuple(map(tuple, state.tracks)),
        face_up=tuple(state.face_up),
        passenger=state.passenger,
        connection_tiles=MappingProxyType(dict(state.connection_tiles)),
        landmark_stacks=MappingProxyType(dict(state.landmark_stacks)),
        discards=state.discards,
        end_triggered=state.end_triggered,
        winners=tuple(state.winners),
        undoable=state.undoable,
        log=tuple(state.log),
        unseen=tuple(sorted(state.deck)),  # the multiset only: sorted, its order is gone
        legal_actions=tuple(state.legal_actions()),
    )
