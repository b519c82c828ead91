"""Computer players' moves worked out off the window's thread, while their pause plays.

A hard computer player looks ahead for up to four tenths of a second. Decided on the window's thread when its
pause ended, that froze the frame: a couch player saw the map stutter on computer turns (frames of 100 to 245
ms among 2 ms ones), and a show on a big screen would too. So the move is asked for as soon as the computer's
turn comes, on the hints' worker thread, and played when the pause is over and the answer is in. The bot is
asked exactly once for each state of the game, on the same observation as before, so a seeded game plays the
same moves; an answer for a state that has since changed is thrown away.
"""

from __future__ import annotations

from concurrent.futures import Future

from game.bots.base import Bot
from game.rules.actions import Action
from game.rules.observation import observe
from game.rules.state import GameState
from game.ui.table.hints import worker


class BotMoves:
    """One table's pending computer move: asked for a state version, taken when ready."""

    def __init__(self) -> None:
        self._asked: int | None = None
        self._future: Future[Action] | None = None

    def ask(self, bot: Bot, state: GameState, version: int) -> None:
        """Start working out `bot`'s move on `state` (at `version`); asking again for that version does nothing."""
        if self._asked == version:
            return
        self.forget()
        self._asked = version
        self._future = worker().submit(bot.choose, observe(state))

    def take(self, version: int, wait: bool = False) -> Action | None:
        """The move worked out for `version`, once it is ready (with `wait`, once it is: no pause to hide the
        work behind); None while the worker is still at it."""
        future = self._future
        if future is None or self._asked != version or not (wait or future.done()):
            return None
        self._future, self._asked = None, None
        return future.result()  # a bot's failure is a bug: it surfaces here, on the window's thread

    def forget(self) -> None:
        """The game changed under a pending move (an undo, a new game): its answer is thrown away."""
        if self._future is not None:
            self._future.cancel()
        self._future, self._asked = None, None
