"""Names placed by label specs, checked: the boxes the specs give, held against the board's name rules.

The rules themselves (what a box may not touch) are the board's, in `game.board.name_clearance`, so the
placer, the compiler's board check and the editor's problems panel judge names the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from editor.cartography.names.types import Measure
from editor.cartography.network import Box, Frame
from game.board.label_spec import LabelSpec, gap_for, label_box, line_sizes, split_lines
from game.board.name_clearance import NameObstacles, NameStation, check_boxes


def name_box(station: NameStation, spec: LabelSpec, measure: Measure, gap: float,
             scale: float = 1.0) -> tuple[tuple[str, ...], Box]:
    """The lines a spec breaks the station's name into, and the box they cover at `scale`."""
    lines = split_lines(station.name, spec)
    return lines, label_box(station.x, station.y, station.radius, spec, line_sizes(lines, measure, station.lead),
                            gap, scale)


def check_names(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame, measure: Measure,
                specs: Mapping[int, LabelSpec], *, label_px: float, scale: float = 1.0,
                gap: float | None = None) -> list[str]:
    """Every violation of names placed by `specs` (keyed by station index) with text grown to `scale`."""
    gap = gap_for(label_px) if gap is None else gap
    boxes = {s.index: name_box(s, specs[s.index], measure, gap, scale)[1] for s in stations if s.index in specs}
    return check_boxes(stations, obstacles, frame, boxes)
