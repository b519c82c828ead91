"""The transport cards (docs/bus-rules.md "Material", "Set-up", "Draw transport cards"): the deck, the
face-up display of five with its three-wilds redeal, and the discards shuffled back into an empty deck.

Every shuffle is drawn from the game's seed and a count of shuffles so far, so a game is its seed and its
actions, and the state stays plain JSON.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from game.bus.board import COLOURS
from game.bus.rules.actions import WILD
from game.bus.rules.events import BusEvent

WILDS = 8
PER_COLOUR = 6
DISPLAY = 5
REDEAL_AT = 3  # this many face-up wilds or more: all five are discarded and five new ones dealt


def full_deck() -> list[str]:
    return [WILD] * WILDS + [colour for colour in COLOURS for _ in range(PER_COLOUR)]


@dataclass
class CardTable:
    """Deck (top first), display (None: an empty slot), discards, and how many shuffles were made."""

    seed: int
    deck: list[str] = field(default_factory=list)
    display: list[str | None] = field(default_factory=lambda: [None] * DISPLAY)
    discards: list[str] = field(default_factory=list)
    shuffles: int = 0

    def shuffled(self, cards: list[str]) -> list[str]:
        self.shuffles += 1
        order = sorted(cards)
        random.Random(f"bus:{self.seed}:{self.shuffles}").shuffle(order)
        return order

    def can_draw_blind(self) -> bool:
        return bool(self.deck or self.discards)

    def draw(self, events: list[BusEvent]) -> str | None:
        """The top card of the deck (the discards shuffled in when it is empty); None when there is none."""
        if not self.deck and self.discards:
            self.deck, self.discards = self.shuffled(self.discards), []
            events.append(BusEvent("deck_reshuffled", count=len(self.deck)))
        return self.deck.pop(0) if self.deck else None

    def take(self, slot: int, events: list[BusEvent]) -> str:
        """The face-up card in `slot`, its place refilled from the deck and the three-wilds rule kept."""
        card = self.display[slot]
        assert card is not None
        self.display[slot] = self.draw(events)
        self.keep_display(events)
        return card

    def keep_display(self, events: list[BusEvent]) -> None:
        """While 3 or more face-up cards are wild, discard all five and deal five new ones. Ruling: when the
        cards left cannot make a display with fewer, it stays as it is."""
        for _ in range(20):
            if sum(1 for c in self.display if c == WILD) < REDEAL_AT:
                return
            in_play = [c for c in self.display if c is not None] + self.deck + self.discards
            if sum(1 for c in in_play if c != WILD) < DISPLAY - REDEAL_AT + 1 or len(in_play) <= DISPLAY:
                return
            self.discards.extend(c for c in self.display if c is not None)
            self.display = [self.draw(events) for _ in range(DISPLAY)]
            events.append(BusEvent("display_redealt", cards=tuple(c or "" for c in self.display)))

    def counts(self) -> Counter[str]:
        return Counter(self.deck) + Counter(self.discards) + Counter(c for c in self.display if c is not None)

    def to_json(self) -> dict[str, Any]:
        return {"seed": self.seed, "deck": list(self.deck), "display": list(self.display),
                "discards": list(self.discards), "shuffles": self.shuffles}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardTable:
        return cls(int(data["seed"]), [str(c) for c in data["deck"]],
                   [None if c is None else str(c) for c in data["display"]], [str(c) for c in data["discards"]],
                   int(data["shuffles"]))
