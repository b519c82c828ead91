"""The pipeline's plain data: what to draw (`MapRequest`) and what comes out (`MetroMap`, `MapFigures`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from editor.cartography.names.types import PlacedName
from editor.cartography.network import Frame, Network, Schematic
from game.board.label_spec import LabelSpec
from game.board.legibility import CLEAR_SCALE

# Stations: a map this small gets the slow name steps even at a fresh import, where they cost about a second
# and leave fewer names in trouble (measured 2026-11-24: Brooklyn 46 stations 1 -> 0 names in trouble for
# 0.2 s more, Berlin Mitte 52: 3 -> 0 for 0.6 s, London zone 1 66: 7 -> 3 for 2.4 s; Paris 126: 14 -> 13
# for 2.4 s, which is not worth it).
THOROUGH_UP_TO = 80

Progress = Callable[[float], None]


@dataclass(frozen=True, slots=True)
class MapRequest:
    """What to draw: the network, the board, and what the game will draw beside each station's name.

    `spaces[k]` is track k's number of track spaces (1 if not given); `badges[i]` place i's feature
    badges in front of its name (railway, plus, one tile slot for a connection or landmark station);
    `labels` the name placements a designer fixed by hand, by place index (kept whatever they hit);
    `termini` the places the game draws a terminus bar at (names keep clear of it).
    Pinned places (`Place.pinned`) stay exactly where they are.
    """

    network: Network
    frame: Frame = field(default_factory=Frame)
    spaces: tuple[int, ...] = ()
    badges: tuple[int, ...] = ()
    labels: Mapping[int, LabelSpec] = field(default_factory=dict)
    label_px: float = 20.0
    termini: frozenset[int] = frozenset()
    clear_scale: float = CLEAR_SCALE  # the game's board check clears names at this scale
    seed: int = 0  # the name placer's; since names shape the layout, another seed is another map
    thorough: bool = False  # more time for better names whatever the size (the shipped boards' build)
    crossing_room: float = 1.0  # a crossing's share of the evened-out room (layout.schematic.schematize)
    # The climb's two-step chains (climb._repaired) cost a big map far more time (Berlin's build: 6 minutes of CPU
    # without, stopped at 45 with), so only the shipped boards' build asks for them, not a designer's thorough Tidy.
    two_steps: bool = False
    # Names keep to their station's bank of a river (`NameScene.across_water`). The pipeline's layout stages place
    # names without it and its last judgement with it: weighed all along, the water sent the bench's Manhattan
    # through 5 rounds of room for names, not 2 (7 s, not 3.8), for 4 names fewer in trouble.
    names_off_water: bool = True

    def takes_time_for_names(self) -> bool:
        """Whether the steps that place every name again for each try run (nudge.py, step_aside.py): when
        asked (`thorough`), and on a small map, where they are cheap."""
        return self.thorough or sum(1 for p in self.network.places if not p.waypoint) <= THOROUGH_UP_TO

    def track_spaces(self) -> tuple[int, ...]:
        return self.spaces or (1,) * len(self.network.tracks)

    def place_badges(self) -> tuple[int, ...]:
        return self.badges or (0,) * len(self.network.places)


@dataclass(frozen=True, slots=True)
class MapFigures:
    """How good the map is: for benches, the editor's status line and choosing between two maps."""

    stations: int
    octilinear_share: float  # of the total drawn link length
    min_spacing: float  # board px between the two closest places
    unresolved_names: int  # names breaking a rule at the clear scale
    names_breaking_figure: int  # names breaking the cartography figure (the usual size, links' centre lines)
    layout_problems: int  # broken layout guarantees (check_schematic)
    bends: int  # bends along all links' paths
    rounds: int  # layouts tried (names asked for more room this many times, plus one)
    seconds: float  # CPU seconds


@dataclass(frozen=True, slots=True)
class MetroMap:
    """The result: the layout, every station's placed name (at scale 1), the problems left, the figures.

    `layout_kept` says Tidy layout found no tidier layout than the board's own and placed the names only;
    `names_kept` says Place names found no placement that reads better than the names as they stand;
    `freed` are the places whose hand-placed names the new layout left in trouble, placed anew.
    """

    schematic: Schematic
    names: dict[int, PlacedName]
    problems: tuple[str, ...]
    figures: MapFigures
    unit: float  # the board unit the game will draw this layout with (median link length)
    layout_kept: bool = False
    freed: frozenset[int] = frozenset()
    names_kept: bool = False
