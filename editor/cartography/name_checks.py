"""The board check for names: every way a placed name breaks the contract, one readable line each.

Used by the placer to say which names it could not place cleanly, by tests, and by the lead's board check
and the editor's problems panel. Checks are exact (no clearance added): touching is allowed, overlapping
is not, and a name must be strictly nearer its own station than any other.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from editor.cartography.name_geometry import Grid, boxes_overlap
from editor.cartography.name_scene import CELL, NameScene
from editor.cartography.name_types import Measure, NameObstacles, NameStation
from editor.cartography.network import Box, Frame
from game.board.label_spec import LabelSpec, gap_for, label_box, split_lines


def name_box(station: NameStation, spec: LabelSpec, measure: Measure, gap: float,
             scale: float = 1.0) -> tuple[tuple[str, ...], Box]:
    """The lines a spec breaks the station's name into, and the box they cover at `scale`."""
    lines = split_lines(station.name, spec)
    return lines, label_box(station.x, station.y, station.radius, spec, tuple(measure(line) for line in lines),
                            gap, scale)


def problems_by_station(scene: NameScene, boxes: Mapping[int, Box]) -> dict[int, list[str]]:
    """Each station's problems (keyed by position in `scene.stations`); an overlap is listed under both names.

    `boxes` is keyed by position too; a station with no box is reported as such.
    """
    found: dict[int, list[str]] = {pos: [] for pos in range(len(scene.stations))}
    grid: Grid[int] = Grid(CELL)
    for pos, station in enumerate(scene.stations):
        box = boxes.get(pos)
        if box is None:
            found[pos].append(f"name of {station.name} has no place")
            continue
        found[pos].extend(scene.hits(pos, box))
        for other in grid.near(box):
            if boxes_overlap(box, boxes[other]):
                message = f"name of {scene.stations[other].name} overlaps name of {station.name}"
                found[other].append(message)
                found[pos].append(message)
        grid.add(box, pos)
    return found


def _ordered(found: dict[int, list[str]]) -> list[str]:
    seen: dict[str, None] = {}
    for pos in sorted(found):
        for message in found[pos]:
            seen[message] = None
    return list(seen)


def check_boxes(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                boxes: Mapping[int, Box]) -> list[str]:
    """Every violation among name boxes already worked out (a compiled board's `label` boxes), keyed by index."""
    by_pos = {pos: boxes[s.index] for pos, s in enumerate(stations) if s.index in boxes}
    return _ordered(problems_by_station(NameScene(stations, obstacles, frame), by_pos))


def check_names(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame, measure: Measure,
                specs: Mapping[int, LabelSpec], *, label_px: float, scale: float = 1.0,
                gap: float | None = None) -> list[str]:
    """Every violation of names placed by `specs` (keyed by station index) with text grown to `scale`."""
    gap = gap_for(label_px) if gap is None else gap
    boxes = {s.index: name_box(s, specs[s.index], measure, gap, scale)[1] for s in stations if s.index in specs}
    return check_boxes(stations, obstacles, frame, boxes)
