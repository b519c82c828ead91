"""How much room a station name takes, from the name font's advance table: pure Python, same everywhere.

The compiler puts every name's box into the board file (docs/contracts.md §1b) and the authoring tools
place names by those boxes, so both must measure text the same way on every machine. The table is written
from the font file by `python -m tools.font_metrics`; widths ignore kerning, which only ever makes the
measured line a little wider than the drawn one, never narrower.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from game import resources

# Station names are set in a condensed face, as on printed metro maps: the same height as the game's Lato
# at about seven eighths of its width, so more names find a place clear of the track in a crowded centre.
NAME_FONT = "NotoSans-CondensedMedium.ttf"
LINE_HEIGHT = 1.15  # a line's box, in em: capitals with accents to descenders, and a little leading


@dataclass(frozen=True)
class TextMetrics:
    """Advance widths of one font in 1/`units` em."""

    units: int
    advances: dict[str, int]
    fallback: int
    ascender: int

    def width(self, text: str, px: float) -> float:
        """The width of one line of `text` set at `px` pixels per em."""
        advances, fallback = self.advances, self.fallback
        return sum(advances.get(char, fallback) for char in text) * px / self.units

    def size(self, text: str, px: float) -> tuple[float, float]:
        """(width, height) of one line's box."""
        return self.width(text, px), LINE_HEIGHT * px

    def block(self, lines: tuple[str, ...], px: float) -> tuple[float, float]:
        """(width, height) of the box around several lines set one under the other."""
        width = max((self.width(line, px) for line in lines), default=0.0)
        return width, LINE_HEIGHT * max(len(lines), 1) * px

    def baseline(self, px: float) -> float:
        """A line's baseline below the top of its box (the leading shared above and below)."""
        return (self.ascender / self.units + (LINE_HEIGHT - 1.0) / 2) * px


@cache
def name_metrics(font_file: str = NAME_FONT) -> TextMetrics:
    """The table of a font in assets/fonts (the station-name font unless another is named)."""
    path = resources.font(Path(font_file).with_suffix(".metrics.json").name)
    data = json.loads(path.read_text(encoding="utf-8"))
    return TextMetrics(units=int(data["units_per_em"]), advances={str(k): int(v) for k, v in data["advances"].items()},
                       fallback=int(data["fallback"]), ascender=int(data["ascender"]))
