"""What one seat holds: its lines, points, branch tokens, landmark tiles and the turns it has had."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class PlayerState:
    lines: list[str]
    points: int = 0
    branch_tokens: int = 0
    landmarks: dict[str, int] = field(default_factory=dict)  # landmark tiles held, by type
    turns: int = 0

    def copy(self) -> PlayerState:
        return PlayerState(list(self.lines), self.points, self.branch_tokens, dict(self.landmarks), self.turns)
