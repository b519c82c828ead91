"""What one line holds on the board: its owner, its tokens in hand, where it runs and what its loops scored.

It sits below the state, the placement rules and scoring, so all three can read it without importing
one another; `trial_track` lays a token for a look-ahead on exactly these records.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from game.board.model import Board


@dataclass
class LineState:
    owner: int
    tokens_left: int
    degree: dict[int, int] = field(default_factory=dict)  # node -> this line's tracks touching it
    loop_scored: set[int] = field(default_factory=set)  # stations this line has scored by a loop

    def copy(self) -> LineState:
        return LineState(self.owner, self.tokens_left, dict(self.degree), set(self.loop_scored))


@contextmanager
def trial_track(
    board: Board, tracks: Sequence[list[str]], line_state: LineState, line: str, link: int
) -> Iterator[None]:
    """Lay a track only for a look-ahead (no scoring, no log), and take it up again afterwards."""
    ends = (board.links[link].a, board.links[link].b)
    tracks[link].append(line)
    line_state.tokens_left -= 1
    for node in ends:
        line_state.degree[node] = line_state.degree.get(node, 0) + 1
    try:
        yield
    finally:
        for node in ends:
            line_state.degree[node] -= 1
            if not line_state.degree[node]:
                del line_state.degree[node]
        line_state.tokens_left += 1
        tracks[link].pop()
