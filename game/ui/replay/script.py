"""A replay's script: the game's setup, its seed and every action, read off a finished session or a save.

The engine is deterministic from its seed, so a new game with the same board, seats and seed, given the
same actions in order, passes through every state the real game did. On screen each seat is "played" by a
`ScriptedBot` that hands the turn controller the next recorded action, so placements pulse and the
passenger glides exactly as in play. A save file is read the way Continue reads one (migrated from older
formats, checked in full); one that cannot be replayed raises `ReplayError` with a sentence for people.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from game.board.model import Board, BoardError
from game.files import JsonFileError
from game.persist import saves
from game.rules.actions import Action
from game.rules.observation import Observation
from game.rules.state import replay
from game.ui import text
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup


class ReplayError(ValueError):
    """A save that cannot be watched; `str(error)` says why, in the player's language."""


class ScriptedBot:
    """Plays a seat by reading the record: the action the game had at this point of its log."""

    name = "replay"

    def __init__(self, actions: tuple[Action, ...]) -> None:
        self.actions = actions

    def choose(self, observation: Observation) -> Action:
        return self.actions[len(observation.log)]


@dataclass(frozen=True)
class ReplayScript:
    """Everything a replay needs: the board, the seats, the seed and the actions in order."""

    board: Board
    setup: GameSetup
    seed: int
    actions: tuple[Action, ...]

    @classmethod
    def of(cls, session: GameSession) -> ReplayScript:
        """The script of a game played at this table (the end screen's "Watch the replay")."""
        state = session.state
        return cls(session.board, session.setup, state.seed, tuple(state.log))

    @classmethod
    def read(cls, path: Path) -> ReplayScript:
        """The script of a saved game; ReplayError (one sentence) if the file cannot be watched."""
        name = path.name
        try:
            data = saves.read(path)
            session = GameSession.from_save(data)
        except saves.NewerSave:
            raise ReplayError(text.tr("replay.problem.newer", file=name)) from None
        except JsonFileError as error:
            key = "replay.problem.unreadable" if error.unreadable else "replay.problem.broken"
            raise ReplayError(text.tr(key, file=name, reason=error.problem)) from None
        except BoardError as error:
            raise ReplayError(text.tr("replay.problem.board", file=name, reason=str(error))) from None
        except (ValueError, KeyError, TypeError, AttributeError, IndexError, RecursionError) as error:
            reason = str(error) or type(error).__name__
            raise ReplayError(text.tr("replay.problem.broken", file=name, reason=reason)) from None
        script = cls.of(session)
        if not script.actions:
            raise ReplayError(text.tr("replay.problem.empty", file=name))
        return script

    @property
    def length(self) -> int:
        return len(self.actions)

    def session(self) -> GameSession:
        """A new game at the start of the record, every seat played by the record."""
        session = GameSession(self.board, self.setup, None, self.seed)
        session.bots = {seat: ScriptedBot(self.actions) for seat in range(session.state.player_count)}
        return session

    def final_points(self) -> list[int]:
        """The scores the record ends with (what a replay must reach)."""
        return [p.points for p in replay(self.board, self.seed, self.setup.players, list(self.actions)).players]
