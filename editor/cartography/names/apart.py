"""The finished map's last look at names that read as one: two set one over the other, one is set elsewhere.

Two stations' names set one above the other, lined up and close, read as one name of two lines
(`game.board.name_stacking`: players read London's Canning Town over Limehouse as one station). The placer
and the untangle see no such doubt: their conflicts are names that meet, on one row. Weighed as a conflict in
the placer, the survey's 31 fresh imports came out with 67 such pairs, not 81, but with 15 more lines breaking
the figure and 22 more names on the water (session 57, not taken): the placement then chose worse elsewhere.
Here, on the finished map, where no station moves any more, a name of each such pair (the one not level with
its station first) takes the place round its station that keeps the figure (the links' centre lines too, as
the last look by the letter judges), is no wetter, stands over or under no other name so, and reads best at the
clear scale, unless that costs more than the letter's SLACK there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from editor.cartography.names.candidates import Placed
from editor.cartography.names.letter import SLACK, Letter
from editor.cartography.names.types import Measure, PlacedName
from editor.cartography.network import Frame
from game.board.name_clearance import NameObstacles, NameStation
from game.board.name_stacking import STACK_GAP_EM, level_with, read_as_one, stacked
from game.geometry import Box


def set_apart(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
              names: Mapping[int, PlacedName], measure: Measure, *, label_px: float,
              clear_scale: float) -> dict[int, PlacedName]:
    """The names, one of each pair that reads as one moved where it parts them and keeps the figure."""
    return _Apart(stations, obstacles, frame, names, measure, label_px, clear_scale).run()


class _Apart(Letter):
    def __init__(self, stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                 names: Mapping[int, PlacedName], measure: Measure, label_px: float, clear_scale: float) -> None:
        super().__init__(stations, obstacles, frame, names, measure, label_px, clear_scale, lines=True)
        self.stack_gap = STACK_GAP_EM * label_px

    def run(self) -> dict[int, PlacedName]:
        for upper, lower in self._pairs():
            if not self._read_as_one(upper, lower):
                continue  # parted already, by a name moved for another pair
            first, second = (lower, upper) if self._level(upper) else (upper, lower)
            for pos in (first, second):
                if self.stations[pos].fixed is None and self._move_apart(pos):
                    break
        return self.names

    def _pairs(self) -> list[tuple[int, int]]:
        placed = sorted(self.current)
        boxes = [self.current[pos][1][1] for pos in placed]
        points = [(self.stations[pos].x, self.stations[pos].y) for pos in placed]
        return [(placed[a], placed[b]) for a, b in read_as_one(boxes, points, self.label_px)]

    def _level(self, pos: int, box: Box | None = None) -> bool:
        station = self.stations[pos]
        return level_with(self.current[pos][1][1] if box is None else box, (station.x, station.y))

    def _read_as_one(self, pos: int, other: int, box: Box | None = None) -> bool:
        mine = self.current[pos][1][1] if box is None else box
        theirs = self.current[other][1][1]
        return stacked(mine, theirs, self.stack_gap) and not (self._level(pos, mine) and self._level(other))

    def _stacks(self, pos: int, placed: Placed) -> bool:
        """Whether the place sets station `pos`'s name over or under another so that the two read as one."""
        return any(self._read_as_one(pos, other, placed[1]) for other in self.current if other != pos)

    def _move_apart(self, pos: int) -> bool:
        """Move the name to the best read place that keeps the figure and parts it from every other, if any
        costs no more than SLACK more at the clear scale than where it stands."""
        now = self._price(pos, *self.current[pos], ())
        options = [option for option in self._keeping(pos, (), self._places(pos)) if not self._stacks(pos, option[2])]
        if not options or options[0][0] > now + SLACK:
            return False
        self._move(pos, options[0][1], options[0][2])
        return True
