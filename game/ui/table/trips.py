"""Which of the passenger's trips this turn is due now ("trip 1 of 2: to an express destination").

When the face-up cards show both kinds he travels twice, first to an express destination, then on to a
standard one (rules §5; New York: two standard trips). A new player who saw him move twice did not know
why, so the route panel, the log and the first-game tip say which trip it is. It is worked out from the
game state alone, so it survives Continue: the trips made are the route choices at the end of the engine's
action log, the trips still due are `pending_moves`.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.actions import ChooseRoute
from game.rules.state import GameState


@dataclass(frozen=True, slots=True)
class Trip:
    """Trip `number` of `total` this turn, to a destination of `kind`; `kinds` are every trip's, in order."""

    number: int
    total: int
    kind: str
    kinds: tuple[str, ...]

    @property
    def several(self) -> bool:
        """More than one trip this turn: only then is there anything to explain."""
        return self.total > 1

    @property
    def express_then_standard(self) -> bool:
        """Both kinds on display: an express trip first, then a standard one."""
        return self.kinds == ("express", "standard")


def trips_made(state: GameState) -> tuple[str, ...]:
    """The kinds of the trips made this turn, in order: the route choices that end the engine's log (none
    before the passenger's phase). A station holds cards of one kind, so his destination's is the trip's."""
    made: list[str] = []
    for action in reversed(state.log):
        if not isinstance(action, ChooseRoute):
            break
        made.append(state.board.nodes[action.destination].destination)
    return tuple(reversed(made))


def current_trip(state: GameState) -> Trip | None:
    """The trip due now, while the passenger waits for his route; None at any other time."""
    if state.phase != "passenger" or not state.pending_moves:
        return None
    made = trips_made(state)
    kinds = made + tuple(state.pending_moves)
    return Trip(len(made) + 1, len(kinds), state.pending_moves[0], kinds)
