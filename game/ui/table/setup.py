"""What the menu decides: the board and who sits at the table. Plain data the play screen starts from."""

from __future__ import annotations

from dataclasses import dataclass, field

SEAT_KINDS = ("person", "easy", "normal", "hard")  # a person, or a computer at one of three levels


@dataclass
class Seat:
    kind: str = "person"
    name: str = ""

    @property
    def is_computer(self) -> bool:
        return self.kind != "person"


@dataclass
class GameSetup:
    board: str
    seats: list[Seat] = field(default_factory=list)
    seed: int | None = None

    @property
    def players(self) -> int:
        return len(self.seats)
