"""The last look by the letter: a name that breaks the cartography figure's rules moves where it keeps them.

The placer and the untangle judge names at the clear scale against each link's bed as drawn (the board check,
`game.board.legibility.name_problems`), which is stricter than the figure the boards are held to
(`figure_problems`: the usual text size, each link's centre line). Where the stricter check finds no clean
place for a name, they choose among places that all break it, and may choose one that breaks the figure too
(a long name on a crowded avenue nearer a neighbour's station than its own) while another place round the
same station keeps the figure. Here each such name takes, of the places that keep the figure (with every
other name where it stands, or with up to MOVED_TOO names it meets moved too), the one that reads best at the
clear scale, unless that costs more than SLACK there. No name is moved into a place that breaks the figure, so
no name that kept it is put out of it.

Measured on 15 fresh imports of 46 to 127 stations (2026-11-25): lines breaking the figure 53 -> 39, lines of
the board check at the clear scale 329 -> 339; with no limit on the price, 29 and 374.

The rules judged in the layout's stages are the figure's but one: a link's centre line through a name (the
figure's check saw none until session 54, `geometry.segment_near_box` finding nothing nearer than a width of
0). A name over a link is over its bed too, which the clear scale weighs already. Judged in every stage
(session 54), the bench's Manhattan kept 6 names breaking the figure, not 17, but its layout moved so that its
river was no longer redrawn in straight and 45° runs, and the import took a quarter longer. So the lines are
judged (`lines`) only by the finished map's last look, on the layout as saved (`pipeline._off_the_lines`),
where no station moves: on 31 fresh imports (2026-11-29) lines breaking the figure 351 -> 228, names in
trouble at the clear scale 570 -> 560, at no time measured on a Manhattan import. The names left over a line
mostly have no place round their station clear of the lines, or only one that a neighbour's name holds which
has no other: a step of a station's, not a name's, frees them.

Nor does a name move onto the water or across it from its station (`_wetter`): no rule of the figure, but the
lines' look first put 4 more names there on those imports.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from itertools import combinations, product

from editor.cartography.names.candidates import Placed, away_steps, layouts_of, places_round
from editor.cartography.names.types import Measure, PlacedName
from editor.cartography.names.untangle import Untangler, text_over_text
from editor.cartography.network import Frame
from game.board.label_spec import LabelSpec, gap_for
from game.board.name_clearance import CELL, NameObstacles, NameScene, NameStation, word_spaced
from game.geometry import Box, SpatialGrid, box_point_distance

# What a move may cost at the largest text size (`untangle.READ_WEIGHT`: a link crossed 1, a station covered 3)
# for keeping the figure at the usual one: the issue asks the board to stay clear at the largest size too, and
# a name that fits between a station and a link at the usual size may cover both when grown.
SLACK = 2.0
MOVED_TOO = 2  # names a place may meet that are moved along with it
PAIR_KEEP = 12  # of each name moved along, its places (best read first) tried


def by_the_letter(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                  names: Mapping[int, PlacedName], measure: Measure, *, label_px: float,
                  clear_scale: float, lines: bool = False) -> dict[int, PlacedName]:
    """The names, each that breaks the figure's rules moved to a place that keeps them where there is one;
    with `lines`, every rule of the figure, the links' centre lines too (the finished map's last look)."""
    return Letter(stations, obstacles, frame, names, measure, label_px, clear_scale, lines).run()


def figure_breakers(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                    names: Mapping[int, PlacedName], measure: Measure, *, label_px: float,
                    clear_scale: float, lines: bool = False) -> dict[int, frozenset[int]]:
    """The stations whose names break the figure's rules where they stand (station indices), each with the
    stations its name covers or is nearer to (none where it breaks another rule: a terminus bar, a name, the
    edge)."""
    letter = Letter(stations, obstacles, frame, names, measure, label_px, clear_scale, lines)
    return {letter.stations[pos].index: letter.rivals(pos, placed[1])
            for pos, (_spec, placed) in letter.current.items() if letter._breaks_figure(pos, placed, ())}


def has_figure_place(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame, pos: int,
                     measure: Measure, *, label_px: float, clear_scale: float, lines: bool = False) -> bool:
    """Whether the name of the station at `pos` has a place round it that keeps the figure, other names aside
    (with `lines`, clear of the links' centre lines too)."""
    figure = _figure_scene(stations, obstacles, frame, lines)
    gap = gap_for(label_px)
    places = places_round(figure, pos, layouts_of(stations[pos], measure), away_steps(label_px, gap), measure, gap,
                          clear_scale)
    return any(next(iter(figure.breaks(pos, placed[1])), None) is None for _spec, placed in places)


def _figure_scene(stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                  lines: bool = False) -> NameScene:
    """The board as the rules judged here see it: everything but the links, or with `lines` each link's
    centre line as the figure's check sees it (see the notes)."""
    return NameScene(stations, obstacles.as_lines() if lines else replace(obstacles, tracks=()), frame)


class Letter(Untangler):
    """The last look by the letter (see the notes); the last look at names read as one (apart.py) builds on it."""

    def __init__(self, stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame,
                 names: Mapping[int, PlacedName], measure: Measure, label_px: float, clear_scale: float,
                 lines: bool = False) -> None:
        super().__init__(stations, obstacles, frame, names, measure, label_px, clear_scale)
        self.label_px = label_px
        self.strict = self.scene
        self.figure = _figure_scene(self.stations, obstacles, frame, lines)
        # Each name's boxes as placed and as moved since: a superset to look among, never emptied (the
        # grid has no removal); `current` says which box is a name's now.
        self.grids: dict[int, SpatialGrid[int]] = {1: SpatialGrid(CELL), 2: SpatialGrid(CELL)}
        for pos, (spec, placed) in self.current.items():
            self._file(pos, spec, placed)

    def run(self) -> dict[int, PlacedName]:
        for pos in sorted(self.current):
            if self.stations[pos].fixed is not None or not self._breaks_figure(pos, self.current[pos][1], ()):
                continue
            self._mend(pos)
        return self.names

    def _breaks_figure(self, pos: int, placed: Placed, skip: Sequence[int]) -> bool:
        """Whether the place breaks the figure's rules judged here: its box at the usual size against the
        stations, the terminus bars, the board and the other names where they stand (but those of `skip`)."""
        box = placed[1]
        if self._breaks_but_names(pos, box):
            return True
        spacing = self.figure.spacing
        return any(self.figure.names_meet(box, self.current[q][1][1]) for q in self._near(box, spacing, 1)
                   if q != pos and q not in skip)

    def rivals(self, pos: int, box: Box) -> frozenset[int]:
        """The stations (indices) the box of station `pos`'s name covers or is nearer to than its own."""
        found = set()
        for kind, name in self.figure.breaks(pos, box):
            if kind in ("station", "nearer"):
                rival = min((s for s in self.stations if s.name == name),
                            key=lambda s: box_point_distance(box, s.x, s.y), default=None)
                if rival is not None:
                    found.add(rival.index)
        return frozenset(found)

    def _breaks_but_names(self, pos: int, box: Box) -> bool:
        """Whether the box breaks a figure rule other than meeting a name (the checks stop at the first)."""
        return next(iter(self.figure.breaks(pos, box)), None) is not None

    def _wetter(self, pos: int, placed: Placed) -> bool:
        """Whether the place is on the water or across it from its station where the name's place now is not:
        no rule of the figure, but a reader takes such a name for the far bank's (measured on 31 imports, the
        last look by the lines put 4 more names there)."""
        return self.figure.across_water(pos, placed[1]) and not self.figure.across_water(pos, self.current[pos][1][1])

    def _near(self, box: Box, spacing: float, which: int) -> list[int]:
        """The names whose box (at the usual size, 1, or the clear scale, 2) may meet `box`, in order."""
        return sorted(set(self.grids[which].near(word_spaced(box, spacing))))

    def _price(self, pos: int, spec: LabelSpec, placed: Placed, skip: Sequence[int]) -> float:
        """How well the place reads at the clear scale (as the untangle weighs it), the other names but `skip`
        where they stand."""
        others = [q for q in self._near(placed[2], self.strict.spacing, 2) if q != pos and q not in skip]
        return self._read_cost(pos, spec, placed, others)

    def _places(self, pos: int) -> list[tuple[LabelSpec, Placed]]:
        return self.places(pos)  # a place's boxes are the station's, whichever scene judges them

    def _keeping(self, pos: int, skip: Sequence[int],
                 places: Sequence[tuple[LabelSpec, Placed]]) -> list[tuple[float, LabelSpec, Placed]]:
        """Of the station's `places`, those that keep the figure (the names of `skip` aside), best read first."""
        kept = [(self._price(pos, spec, placed, skip), spec, placed) for spec, placed in places
                if not self._breaks_figure(pos, placed, skip) and not self._wetter(pos, placed)]
        return sorted(kept, key=lambda option: option[0])

    def _mend(self, pos: int) -> None:
        """Move the name to the place that keeps the figure and reads best; where every place breaks it, to
        one that only meets other names (at most MOVED_TOO), with those moved where they keep it too."""
        now = self._price(pos, *self.current[pos], ())
        places = self._places(pos)
        options = self._keeping(pos, (), places)
        if options:
            if options[0][0] <= now + SLACK:
                self._move(pos, options[0][1], options[0][2])
            return
        best: tuple[float, list[tuple[int, LabelSpec, Placed]]] | None = None
        for spec, placed in places:
            box = placed[1]
            if self._breaks_but_names(pos, box) or self._wetter(pos, placed):
                continue
            met = [q for q in self._near(box, self.figure.spacing, 1)
                   if q != pos and self.figure.names_meet(box, self.current[q][1][1])]
            if len(met) > MOVED_TOO or any(self.stations[q].fixed is not None for q in met):
                continue
            group = (pos, *met)
            choices = []
            for q in met:
                theirs = [(cost + text_over_text(placed, their, self.strict.spacing), their_spec, their)
                          for cost, their_spec, their in self._keeping(q, group, self._places(q))
                          if not self.figure.names_meet(box, their[1])]
                choices.append(theirs[:PAIR_KEEP])
            mine = self._price(pos, spec, placed, group)
            limit = now + sum(self._price(q, *self.current[q], (pos,)) for q in met) + SLACK
            for combo in product(*choices):
                if any(self.figure.names_meet(a[2][1], b[2][1]) for a, b in combinations(combo, 2)):
                    continue
                cost = mine + sum(c for c, _, _ in combo)
                cost += sum(text_over_text(a[2], b[2], self.strict.spacing) for a, b in combinations(combo, 2))
                if cost <= limit and (best is None or cost < best[0]):
                    best = (cost, [(pos, spec, placed), *((q, c[1], c[2]) for q, c in zip(met, combo, strict=True))])
        if best is not None:
            for q, spec, placed in best[1]:
                self._move(q, spec, placed)

    def _file(self, pos: int, spec: LabelSpec, placed: Placed) -> None:
        self.current[pos] = (spec, placed)
        self.grids[1].add(placed[1], pos)
        self.grids[2].add(placed[2], pos)

    def _move(self, pos: int, spec: LabelSpec, placed: Placed) -> None:
        self._file(pos, spec, placed)
        index = self.stations[pos].index
        self.names[index] = PlacedName(index, spec, placed[0], placed[1])

