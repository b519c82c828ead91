"""The plain data name placement takes and gives: stations to name, what names must keep clear of, results.

Coordinates are board pixels, y downwards, as in `network.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from editor.cartography.network import Box
from game.board.label_spec import LabelSpec

Measure = Callable[[str], tuple[float, float]]  # one line of text at the board's label size -> (width, height)
Progress = Callable[[float], None]  # the fraction of the work done, 0 to 1

@dataclass(frozen=True, slots=True)
class PlacedName:
    """A station's chosen placement: the spec to write in the TMX, its lines, and its box at scale 1."""

    index: int
    spec: LabelSpec
    lines: tuple[str, ...]
    box: Box


@dataclass(frozen=True, slots=True)
class UnplacedName:
    """A station whose name could not be placed cleanly: where it was put anyway and what it hits there."""

    index: int
    name: str
    spec: LabelSpec
    hits: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class NamePlacement:
    """Every station's placement (keyed by node index) and the ones still in trouble at `clear_scale`.

    `stats` are figures for benches and logs (counts, seconds, energies along the way); nothing depends on them.
    """

    names: dict[int, PlacedName]
    unresolved: tuple[UnplacedName, ...]
    label_px: float
    gap: float
    clear_scale: float
    stats: dict[str, float] = field(default_factory=dict)
