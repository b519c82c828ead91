"""Hints on request: what the normal computer player would do next, worked out off the window's thread.

A hint is decided the way a computer's turn is, by the "normal" bot on an `Observation` of the game (so it
never sees the pile's order), but on a worker thread: a look-ahead of a few tenths of a second must not
stall the frames. The advice is tied to the state version it was asked for; any change to the game makes
it stale, and it is forgotten. Its reasons are the hover preview's, read off a game rebuilt from the
observation (`sample_state`), so two games that differ only in what is hidden give the same hint.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.bots.registry import make_bot
from game.rules.actions import Action, PlaceTrack
from game.rules.observation import Observation, observe
from game.rules.reasons import Reason
from game.rules.state import GameState
from game.ui.table.background import PendingAnswer

HINT_BOT = "normal"
HINT_SEED = 0  # a fresh bot each time, always with this seed: the same position always gets the same hint

@dataclass(frozen=True)
class Hint:
    """The suggested action and, for a placement, what it would earn (as the hover preview says it)."""

    action: Action
    points: int = 0
    tokens: int = 0
    reasons: tuple[Reason, ...] = ()

    @property
    def link(self) -> int | None:
        return self.action.link if isinstance(self.action, PlaceTrack) else None

    @property
    def line(self) -> str | None:
        return self.action.line if isinstance(self.action, PlaceTrack) else None


def suggest(observation: Observation) -> Hint:
    """The normal bot's next action on this observation, with the preview of a placement."""
    action = make_bot(HINT_BOT, HINT_SEED).choose(observation)
    if not isinstance(action, PlaceTrack):
        return Hint(action)
    outcome = observation.sample_state().preview(action)
    return Hint(action, outcome.points, outcome.branch_tokens, tuple(outcome.reasons))


class HintAdvisor:
    """One table's hint: asked for a state version, ready when the worker is done, dropped when stale."""

    def __init__(self) -> None:
        self.hint: Hint | None = None
        self._pending: PendingAnswer[Hint] = PendingAnswer()

    @property
    def thinking(self) -> bool:
        return self._pending.thinking

    @property
    def status(self) -> str:
        """"" (none), "thinking" or "shown": what the turn panel's button shows."""
        return "shown" if self.hint is not None else "thinking" if self.thinking else ""

    def ask(self, state: GameState, version: int) -> None:
        """Start working out a hint for `state` (at `version`); asking again for the same version does nothing."""
        self._pending.ask(version, suggest, observe(state))

    def poll(self, version: int) -> Hint | None:
        """Collect a finished hint if it is still for `version`; the hint on show, if any."""
        found = self._pending.take(version)
        if found is not None:
            self.hint = found
        return self.hint

    def wait(self, timeout: float | None = None) -> None:
        """Block until the advice being worked out is ready (for tests and tools; the window never waits)."""
        self._pending.wait(timeout)

    def forget(self) -> None:
        """The game changed or the person declined: no hint, and a late answer is thrown away."""
        self._pending.forget()
        self.hint = None
