"""What a bus-tour action did, for the screens to animate and the log to record.

Every point is carried by exactly one event (a claim's route points, and at the end each ticket and
district), so a game's events add up to its scores. An event that shows a hidden card or ticket is
`private` to its player: the public log and the other seats' observations see it without `colour` and
`tickets`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True, slots=True)
class BusEvent:
    # face_up, blind, display_redealt, deck_reshuffled, claim, tickets_drawn, tickets_kept, turn, pass,
    # last_round, ticket_scored, district_scored, game_over
    kind: str
    player: int | None = None
    points: int = 0
    route: int | None = None
    slot: int | None = None
    colour: str | None = None  # the card drawn (face-up: public; blind: private)
    cards: tuple[str, ...] = ()  # paid for a claim, or the new display
    tickets: tuple[int, ...] = ()  # ticket indices: drawn, kept, scored (private until the end)
    count: int = 0  # tickets drawn (tickets_drawn) or returned (tickets_kept), cards reshuffled
    district: str | None = None
    done: bool = False  # ticket_scored: fulfilled
    winners: tuple[int, ...] = ()
    private: bool = False
    totals: tuple[int, ...] = ()  # game_over: each seat's final score
    places: tuple[int, ...] = ()  # game_over: each seat's place, 1 = first (shared on a full tie)

    def public(self) -> BusEvent:
        """The event as the other seats see it: a private event's hidden card or tickets left out."""
        return replace(self, colour=None, tickets=()) if self.private else self

    def to_json(self) -> dict[str, Any]:
        data = {name: getattr(self, name) for name in self.__slots__}
        return {key: (list(value) if isinstance(value, tuple) else value)
                for key, value in data.items() if value not in (None, 0, (), "", False)} | {"kind": self.kind}


def event_from_json(data: Any) -> BusEvent:
    """An event back from `to_json` (TypeError/ValueError for a malformed one)."""
    if not isinstance(data, dict):
        raise ValueError("an event is an object")
    fields: dict[str, Any] = {k: (tuple(v) if isinstance(v, list) else v) for k, v in data.items()
                              if k in BusEvent.__slots__}
    return BusEvent(**fields)
