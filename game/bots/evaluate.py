"""How much a turn's outcome is worth to the seat that plays it.

A plan is judged at the moment its last action is laid: the points its placements scored, the branch
tokens it holds, the passenger's moves at the end of the turn (exact: the face-up cards are known, the
bot breaks ties in its own favour), and a few terms for what the network will be worth later.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots.passenger import (
    INFINITY,
    MovesResult,
    line_gains,
    moves_value,
    route_table,
    turn_passenger_value,
)
from game.rules.observation import Card
from game.rules.state import GameState, move_kinds

TIE_BREAK = 0.01  # a branch token's worth at the very end: it only breaks ties


@dataclass(frozen=True)
class Weights:
    """The price of each part of a position, in points."""

    build: float = 0.3  # per token laid: every line needs length to earn later
    token: float = 0.45  # per branch token while the player cannot yet afford a branch
    spare_token: float = 0.05  # per branch token beyond that
    passenger: float = 1.0  # this turn's passenger moves
    future: float = 0.0  # the next turn's passenger moves, averaged over sampled refills
    ends: float = 0.0  # per open end of an own line that can still grow
    blocked: float = 0.0  # per own line with tokens left that can no longer grow from an end
    reach: float = 0.0  # the mean share of trips from where the passenger may be to every card not yet taken


@dataclass
class Progress:
    """What the plan has done so far this turn (the state under trial does not track it)."""

    points: int = 0
    tokens: int = 0
    placed: int = 0


class Evaluator:
    """Scores positions for one seat; `samples` are possible refills drawn from the unseen cards only."""

    def __init__(
        self, weights: Weights, samples: list[list[Card]] | None = None, unseen: list[Card] | None = None
    ) -> None:
        self.weights = weights
        self.samples = samples or []
        self.unseen = unseen or []

    @staticmethod
    def last_turn(state: GameState) -> bool:
        """Once the pile has run out, each seat has one turn left: only points count then."""
        return state.end_triggered

    def token_value(self, state: GameState, tokens: int) -> float:
        if self.last_turn(state):
            return TIE_BREAK * tokens
        need = state.board.settings.branch_cost
        return min(tokens, need) * self.weights.token + max(0, tokens - need) * self.weights.spare_token

    def quick(self, state: GameState, seat: int, progress: Progress) -> float:
        """The value without the look past this turn: what guides the search."""
        w = self.weights
        value = progress.points + w.passenger * turn_passenger_value(state, seat).value
        if self.last_turn(state):
            return value + self.token_value(state, progress.tokens)
        value += w.build * progress.placed + self.token_value(state, progress.tokens)
        if w.ends or w.blocked:
            value += self.shape(state, seat)
        return value

    def full(self, state: GameState, seat: int, progress: Progress) -> float:
        """`quick` plus the next turn's passenger moves over the sampled refills."""
        value = self.quick(state, seat, progress)
        if self.last_turn(state):
            return value
        gains = line_gains(state, seat)
        now = turn_passenger_value(state, seat, gains)
        if self.weights.future and self.samples:
            value += self.weights.future * self.future(state, gains, now, seat)
        if self.weights.reach:
            value += self.weights.reach * self.reach(state, gains, now)
        return value

    def reach(self, state: GameState, gains: dict[str, float], now: MovesResult) -> float:
        """How well the network serves the trips still to come, each trip's tied routes averaged.

        The trips start where the passenger stops after this turn and at the cards left on display, and
        end at every card still to come: the passenger's likely travels for the rest of the game.
        """
        cards = [station for station, _ in now.face_up] + [station for station, _ in self.unseen]
        sources = list(dict.fromkeys([now.end, *(station for station, _ in now.face_up)]))
        total, count = 0.0, 0
        line_nodes = state.line_nodes()
        for source in sources:
            if source is None:
                continue
            table = route_table(state.board, state.tracks, line_nodes, source, gains)
            for station in cards:
                if station != source and table.dist[station] < INFINITY:
                    total += table.best[station] + table.worst[station]
                    count += 1
        return total / (2 * count) if count else 0.0

    def future(self, state: GameState, gains: dict[str, float], now: MovesResult, seat: int) -> float:
        """The passenger's next moves after this turn's, on this network, chosen by the next seat."""
        face_up = list(now.face_up)
        missing = state.board.settings.face_up - len(face_up)
        chooser_max = (state.current + 1) % state.player_count == seat
        total = 0.0
        for sample in self.samples:
            shown = tuple(face_up + sample[:missing])
            kinds = move_kinds(shown, state.board.settings.single_kind_moves)
            total += moves_value(state, now.end, shown, kinds, gains, chooser_max).value
        return total / len(self.samples)

    def shape(self, state: GameState, seat: int) -> float:
        """Open ends that can still grow are worth a little; a line stuck with tokens in hand costs."""
        board = state.board
        tracks = state.tracks
        value = 0.0
        for line in state.players[seat].lines:
            line_state = state.lines[line]
            if not line_state.degree or line_state.tokens_left <= 0:
                continue
            open_ends = 0
            for node, degree in line_state.degree.items():
                if degree != 1:
                    continue
                if any(
                    line not in tracks[link] and len(tracks[link]) < board.links[link].spaces
                    and not line_state.degree.get(other)
                    for link, other in board.neighbours[node]
                ):
                    open_ends += 1
            value += self.weights.ends * open_ends
            if not open_ends:
                value -= self.weights.blocked
        return value
