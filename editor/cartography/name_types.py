"""The plain data name placement takes and gives: stations to name, what names must keep clear of, results.

Coordinates are board pixels, y downwards, as in `network.py`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from editor.cartography.network import Box, Point
from game.board.label_spec import LabelSpec

Measure = Callable[[str], tuple[float, float]]  # one line of text at the board's label size -> (width, height)
Progress = Callable[[float], None]  # the fraction of the work done, 0 to 1

MAX_REACH = 30.0  # a name's box keeps within this many px of its station's centre (its nearest point)


@dataclass(frozen=True, slots=True)
class NameStation:
    """A station whose name is to be placed.

    `index` is the station's node index on the board (results are keyed by it). `radius` is its disc's.
    `fixed` is a placement a designer set by hand: it is kept whatever it hits (and reported if it hits).
    """

    index: int
    name: str
    x: float
    y: float
    radius: float
    fixed: LabelSpec | None = None


@dataclass(frozen=True, slots=True)
class Disc:
    """A node's disc names must not cover: a waypoint, or any node. `name` is said in reports."""

    x: float
    y: float
    radius: float
    name: str = ""


@dataclass(frozen=True, slots=True)
class TrackLine:
    """A link's drawn path; names keep `half_width` clear of its centre line. `name` is said in reports."""

    path: tuple[Point, ...]
    half_width: float
    name: str = ""


@dataclass(frozen=True, slots=True)
class IconBox:
    """A symbol drawn on the board (landmark, destination, connection...) that names must not cover."""

    box: Box
    name: str = ""


@dataclass(frozen=True, slots=True)
class NameObstacles:
    """What names keep clear of besides each other.

    `discs` may list every node; a disc centred on a named station is that station's own and is taken from
    the `NameStation` instead, so listing it twice does no harm.
    """

    discs: tuple[Disc, ...] = ()
    tracks: tuple[TrackLine, ...] = ()
    icons: tuple[IconBox, ...] = ()


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
