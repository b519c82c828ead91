"""A guide for a name being dragged: what it breaks where it is now, judged as the board check will judge it
once it is dropped (the Problems panel, `game.board.legibility.problems`): its box with the text at the clear
scale, against the other names, the stations, the links' beds, the board's edge, the 30 px reach and the
nearest station; at the usual size, the water and the other names it would read as one with. Until then a
designer learnt only after the drop, from the status line, that the place was a bad one, and dragged again
blind. It also shows where the name would read clear: of the places the placer tries round the station (each
side, on one line or two, each distance out), the nearest on each side that breaks nothing, for the drag to
land on; in a dense map they were 25 to 36 of the 200 places a designer tried by hand.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from editor import text
from editor.cartography.names.candidates import away_steps, layouts_of
from editor.document.problems import compile_document, said_of
from editor.document.tmx import Document
from game.board.label_spec import LabelSpec, gap_for
from game.board.legibility import (
    CLEAR_SCALE,
    covers,
    name_box,
    name_boxes,
    name_obstacles,
    name_stations,
    on_water_words,
    stacked_words,
)
from game.board.model import Board
from game.board.name_clearance import NameScene, box_problems
from game.board.name_stacking import two_read_as_one
from game.board.text_metrics import name_metrics
from game.geometry import Box

BLOCKERS = ("station", "nearer", "link", "bar", "disc", "icon")  # what a name's place is spoilt by, named


@dataclass
class NameGuide:
    """The board as it stood when the drag began, and the dragged station's place in its name rules."""

    board: Board
    scene: NameScene
    pos: int  # the dragged station's position in `scene.stations`
    others: dict[int, Box]  # every other name's box at the clear scale, by position
    usual: dict[int, Box]  # every name's box at the usual size, by station index (names read as one there)
    others_usual: dict[int, Box]  # every other name's box at the usual size, by position
    clear: list[tuple[LabelSpec, Box]] | None = None  # `clear_places`, once asked

    @classmethod
    def of(cls, doc: Document, station_id: int) -> NameGuide | None:
        """The guide for the name of the station `station_id`; None where the board does not compile (its
        errors are the Problems panel's to tell) or the station is not one of its names (a compiled board's
        station names are one each: a second of a name is an error)."""
        board, station = compile_document(doc).board, doc.get(station_id)
        if not isinstance(board, Board) or station is None:
            return None
        stations = name_stations(board)
        pos = next((k for k, s in enumerate(stations) if s.name == station.name), None)
        if pos is None:
            return None
        grown, usual = name_boxes(board, stations, CLEAR_SCALE), name_boxes(board, stations)
        others = {k: grown[s.index] for k, s in enumerate(stations) if k != pos}
        others_usual = {k: usual[s.index] for k, s in enumerate(stations) if k != pos}
        return cls(board, NameScene(stations, name_obstacles(board), board), pos, others, usual, others_usual)

    def box(self, spec: LabelSpec) -> Box:
        """The name's box placed as `spec` says, at the usual size: the box the canvas draws it in."""
        return name_box(self.board.label_px, self.scene.stations[self.pos], spec)

    def clear_places(self) -> list[tuple[LabelSpec, Box]]:
        """The places the placer tries round the station where the name breaks nothing, the nearest on each
        side (on one line if that is clear), with its box at the usual size (as the canvas draws it); worked
        out once (a few hundredths of a second). Every clear distance and split of every side was a thicket of
        boxes round a station with room."""
        if self.clear is None:
            self.clear = []
            sides: set[str | None] = set()
            for spec in self._specs():  # each side's nearest clear place, on one line where one is clear
                if spec.side not in sides and not self._breaks(spec):
                    sides.add(spec.side)
                    self.clear.append((spec, self.box(spec)))
        return self.clear

    def in_the_way(self) -> str | None:
        """What spoils most of the places round the station (a station, a link, a neighbour's name), once there is
        no clear place: where the room must come from. A designer told only that there was no place tried a dozen
        steps of the station at random."""
        station, px = self.scene.stations[self.pos], self.board.label_px
        counts: Counter[str] = Counter()
        for spec in self._specs():
            box = name_box(px, station, spec, CLEAR_SCALE)
            spoilers = {what for kind, what in self.scene.breaks(self.pos, box) if kind in BLOCKERS and what}
            spoilers |= {self.scene.stations[k].name for k, at in self.others.items() if self.scene.names_meet(box, at)}
            counts.update(spoilers)
        return counts.most_common(1)[0][0] if counts else None

    def _specs(self) -> list[LabelSpec]:
        """Every place the placer tries round the station: each side, on one line or two, each distance out."""
        station, px = self.scene.stations[self.pos], self.board.label_px
        measure = name_metrics().size
        return [LabelSpec(side, away=away, split=split)
                for side, split in layouts_of(station, lambda text: measure(text, px))
                for away in away_steps(px, gap_for(px))]

    def _breaks(self, spec: LabelSpec) -> list[str]:
        """Everything the Problems panel will say of the name placed so (`legibility.problems`): the name rules
        at the clear scale, and at the usual size the water and the names it would read as one with (a guide
        that knew only the first rang green where the panel then found the name on the Spree, or set over
        Oranienburger Tor's)."""
        return self._rules(spec) + self._at_usual_size(spec)

    def _at_usual_size(self, spec: LabelSpec) -> list[str]:
        """The water and the names read as one, judged at the usual size as the panel judges them."""
        station, px = self.scene.stations[self.pos], self.board.label_px
        found = []
        box = self.box(spec)
        if self.scene.across_water(self.pos, box):
            found.append(on_water_words(station.name))
        boxes = {**self.usual, station.index: box}
        for other in self.scene.stations:
            at = boxes[other.index]
            if other is not station and two_read_as_one(box, (station.x, station.y), at, (other.x, other.y), px):
                upper, lower = (station, other) if box[1] <= at[1] else (other, station)
                found.append(stacked_words(upper, lower, boxes)[1])
        return found

    def problems(self, spec: LabelSpec) -> list[str]:
        """What the name breaks placed as `spec` says, in the editor's language ("its name crosses a link
        (Bank–Moorgate)"); empty where the board check will find it clear."""
        rules = self._rules(spec)
        found = sorted(rules + self._at_usual_size(spec), key=_hardest_first)
        name = self.scene.stations[self.pos].name
        at_one = set(box_problems(self.scene, self.pos, self.box(spec), self.others_usual))
        grown = {m for m in rules if m not in at_one}  # found only grown: the panel says so too
        return [said_of(m, name) + (f" {text.PROBLEM_GROWN}" if m in grown else "") for m in found]

    def _rules(self, spec: LabelSpec) -> list[str]:
        """The name rules' lines alone, at the clear scale (the water and names read as one are judged at the
        usual size already)."""
        station = self.scene.stations[self.pos]
        return box_problems(self.scene, self.pos, name_box(self.board.label_px, station, spec, CLEAR_SCALE),
                            self.others)


def _hardest_first(message: str) -> int:
    """A name over another name or a station is told before one over a line, and that before one a little far
    from its station: the status line has room for one, and a designer told "108 px from its station's ring"
    did not learn that the name lay on top of another."""
    if covers(message):
        return 0
    if " runs into " in message or " is nearer " in message or " leaves the board" in message or \
            " read as one" in message:
        return 1
    return 2 if " crosses a link" in message else 3
