"""Events: what an action did, for the screens to animate and the log to record.

Every point a player gains is carried by exactly one event, so a game's events add up to its scores.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from game.rules.reasons import Reason


@dataclass(frozen=True, slots=True)
class Event:
    # place, branch, score, tile, passenger, refill, turn, end_triggered, passenger_removed, game_over
    kind: str
    player: int | None = None
    points: int = 0
    branch_tokens: int = 0  # gained by this event
    paid: int = 0  # branch tokens spent by this event
    reasons: tuple[Reason, ...] = ()
    line: str | None = None
    link: int | None = None
    station: int | None = None
    path: tuple[int, ...] = ()
    lines: tuple[str, ...] = ()
    tile: str | None = None
    winners: tuple[int, ...] = ()  # game_over: the winning seats

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__slots__}
        data["reasons"] = tuple(reason.to_json() for reason in self.reasons)
        return {key: (list(value) if isinstance(value, tuple) else value)
                for key, value in data.items() if value not in (None, 0, (), "")} | {"kind": self.kind}
