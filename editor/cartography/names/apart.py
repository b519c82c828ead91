"""The finished map's last look at names that read as one: two set one over the other, one is set elsewhere.

Two stations' names set one above the other, lined up and close, read as one name of two lines
(`game.board.name_stacking`: players read London's Canning Town over Limehouse as one station). The placer
and the untangle see no such doubt: their conflicts are names that meet, on one row. Weighed as a conflict in
the placer, the survey's 31 fresh imports came out with 67 such pairs, not 81, but with 15 more lines breaking
the figure and 22 more names on the water (session 57, not taken): the placement then chose worse elsewhere.
Here, on the finished map, where no station moves any more, a name of each such pair (the one not level with
its station first) takes the place round its station that keeps the figure (the links' centre lines too, as
the last look by the letter judges), is no wetter, stands over or under no other name so, and reads best at the
clear scale, unless that costs more than the letter's SLACK there. Then the same for the pairs that read as one
only with the text grown to the clear scale, as 1280×720 draws the names at fit, where a place that reads no
worse at that scale is found, a name moved for those kept from every pair at either size. On the survey's 31
fresh imports (session 57): pairs at the usual size 81 -> 27, and at the clear scale 236 -> 188 with the
second look; lines breaking the figure 225 -> 225; lines of the board check at the clear scale 559 -> 578 ->
577 (a move for the pairs at the clear scale may cost nothing there: allowed the letter's SLACK, they
went to 68 for 54 more lines, and a small import that read clear at that scale no longer did).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from editor.cartography.names.candidates import Placed
from editor.cartography.names.letter import SLACK, Letter
from editor.cartography.names.types import Measure, PlacedName
from editor.cartography.network import Frame
from game.board.name_clearance import NameObstacles, NameStation
from game.board.name_stacking import STACK_GAP_EM, level_with, read_as_one, stacked
from game.geometry import Box


def set_apart(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
              names: Mapping[int, PlacedName], measure: Measure, *, label_px: float,
              clear_scale: float, only: Collection[int] | None = None, grown: bool = True) -> dict[int, PlacedName]:
    """The names, one of each pair that reads as one moved where it parts them and keeps the figure, at the
    usual size and (`grown`) at the clear scale; with `only`, none but those stations' names (indices) moves
    (a hand step's: the names elsewhere keep their places)."""
    return _Apart(stations, obstacles, frame, names, measure, label_px, clear_scale, only).run(grown)


class _Apart(Letter):
    def __init__(self, stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                 names: Mapping[int, PlacedName], measure: Measure, label_px: float, clear_scale: float,
                 only: Collection[int] | None = None) -> None:
        super().__init__(stations, obstacles, frame, names, measure, label_px, clear_scale, lines=True)
        self.only = None if only is None else frozenset(only)
        # A place's boxes (`Placed`): 1 at the usual text size, 2 at the clear scale, each with its gap.
        self.stack_gaps = {1: STACK_GAP_EM * label_px, 2: STACK_GAP_EM * label_px * clear_scale}

    def run(self, grown: bool = True) -> dict[int, PlacedName]:
        """The pairs at the usual size first, then (`grown`) those at the clear scale (as 1280×720 draws the
        names), a name moved for those kept from every pair at either size."""
        for which, kept, slack in ((1, (1,), SLACK), (2, (1, 2), 0.0))[:2 if grown else 1]:
            for upper, lower in self._pairs(which):
                if not self._read_as_one(upper, lower, which):
                    continue  # parted already, by a name moved for another pair
                first, second = (lower, upper) if self._level(upper, which) else (upper, lower)
                for pos in (first, second):
                    if self._movable(pos) and self._move_apart(pos, kept, slack):
                        break
        return self.names

    def _movable(self, pos: int) -> bool:
        station = self.stations[pos]
        return station.fixed is None and (self.only is None or station.index in self.only)

    def _box(self, pos: int, which: int) -> Box:
        return _size(self.current[pos][1], which)

    def _pairs(self, which: int) -> list[tuple[int, int]]:
        placed = sorted(self.current)
        boxes = [self._box(pos, which) for pos in placed]
        points = [(self.stations[pos].x, self.stations[pos].y) for pos in placed]
        text_px = self.label_px * (1.0 if which == 1 else self.clear_scale)
        return [(placed[a], placed[b]) for a, b in read_as_one(boxes, points, text_px)]

    def _level(self, pos: int, which: int, box: Box | None = None) -> bool:
        station = self.stations[pos]
        return level_with(self._box(pos, which) if box is None else box, (station.x, station.y))

    def _read_as_one(self, pos: int, other: int, which: int, box: Box | None = None) -> bool:
        mine = self._box(pos, which) if box is None else box
        theirs = self._box(other, which)
        return (stacked(mine, theirs, self.stack_gaps[which])
                and not (self._level(pos, which, mine) and self._level(other, which)))

    def _stacks(self, pos: int, placed: Placed, kept: tuple[int, ...]) -> bool:
        """Whether the place sets station `pos`'s name over or under another so that the two read as one, at
        any of the sizes `kept`."""
        return any(self._read_as_one(pos, other, which, _size(placed, which))
                   for which in kept for other in self.current if other != pos)

    def _move_apart(self, pos: int, kept: tuple[int, ...], slack: float) -> bool:
        """Move the name to the best read place that keeps the figure and parts it from every other at the sizes
        `kept`, if any costs no more than `slack` more at the clear scale than where it stands."""
        now = self._price(pos, *self.current[pos], ())
        options = [option for option in self._keeping(pos, (), self._places(pos))
                   if not self._stacks(pos, option[2], kept)]
        if not options or options[0][0] > now + slack:
            return False
        self._move(pos, options[0][1], options[0][2])
        return True


def _size(placed: Placed, which: int) -> Box:
    """A place's box at the usual size (1) or at the clear scale (2)."""
    return placed[1] if which == 1 else placed[2]
