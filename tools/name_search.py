"""Names set apart where two read as one: `python -m tools.name_search BOARD [STATION …] [--slack N]`.

Two stations' names set one over the other, lined up and close, read as one name of two lines
(`legibility.names_read_as_one`; players found London's Canning Town over Limehouse so). A designer parts them
by setting one of the two elsewhere round its station (the `label` property, as the editor's name drag or
Tiled sets it); this search does that for each such pair of a shipped board's source: every place round
either station (the placer's sides, on one line and two, at each distance out), each judged on the compiled
board by every board check (`step_search.Checks`). A place is kept where fewer pairs read as one, no more
names break the figure, and nothing else is worse than `slack` lines at the clear scale (names over names or
stations, on the water, links and stations as they stand all held). Of those kept, fewest pairs wins, then
fewest figure lines, then fewest at the clear scale, then the place the placer likes best. Where no place
round either station parts them, both are set elsewhere together (each one's TOGETHER places that cost least
alone). Found places are taken before the next pair is searched; `--out` writes the source so relabelled
(never the shipped one). With `--clear` the pairs are judged with the text at the clear scale, as 1280×720
draws the names at fit (those at the usual size held).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from itertools import product
from pathlib import Path

from editor.cartography.names.candidates import SIDE_COST, TWO_LINES_COST, away_steps
from editor.document.tmx import Document
from game.board import legibility
from game.board.label_spec import LabelSpec, format_label, gap_for, name_breaks
from game.files import write_atomically
from tools.step_search import Checks, Judged, Search, board_arguments

Label = tuple[str, str]  # a station's name and its `label` property's text
TOGETHER = 10  # where neither name alone parts them, each one's places that cost least tried with the other's


def places(name: str, label_px: float) -> Iterator[LabelSpec]:
    """Every place round a station the placer tries: each side, on one line and on two at each break, at each
    distance out, the placer's preferred first."""
    aways = away_steps(label_px, gap_for(label_px))
    specs = [LabelSpec(side, away=away, split=split) for side in SIDE_COST
             for split in range(len(name_breaks(name)) + 1) for away in aways]
    yield from sorted(specs, key=lambda spec: SIDE_COST[str(spec.side)] + (TWO_LINES_COST if spec.split else 0)
                      + spec.away / 100)


class NameSearch:
    """One board's source, its names relabelled in turn."""

    def __init__(self, search: Search, clear: bool = False) -> None:
        self.search = search
        self.clear = clear  # pairs judged with the text at the clear scale
        self.tried = 0

    def relabelled(self, labels: Sequence[Label]) -> Judged:
        """The board as it stands with each station's `label` property set."""
        self.tried += 1
        doc = Document.from_bytes(self.search.now.data, self.search.path)
        ids = {obj.name: obj.id for obj in doc.of_kind("station")}
        for name, label in labels:
            doc.set_property(ids[name], "label", label)
        return self.search.judged(doc.to_bytes())

    def pairs(self) -> list[tuple[str, str]]:
        """The pairs of stations whose names read as one on the board as it stands."""
        scale = legibility.CLEAR_SCALE if self.clear else 1.0
        return [(a.name, b.name) for a, b in legibility.pairs_read_as_one(self.search.now.board, scale=scale)]

    def part(self, pair: tuple[str, str]) -> tuple[list[Label], Judged] | None:
        """The best places found for the pair's names: one of them set elsewhere round its station, else both
        (each of the TOGETHER places that cost least on their own), or None."""
        label_px = self.search.now.board.label_px
        best: tuple[tuple[float, ...], list[Label], Judged] | None = None
        alone: dict[str, list[tuple[tuple[int, int], Label]]] = {name: [] for name in pair}
        tries = [(station, spec) for station in pair for spec in places(station, label_px)]
        for rank, (station, spec) in enumerate(tries):
            labels = [(station, format_label(spec))]
            outcome = self.relabelled(labels)
            best = self._better(best, rank, labels, outcome)
            if not outcome.checks.worse_than(self.search.now.checks, self.search.slack):
                alone[station].append(((outcome.checks.figure, outcome.checks.clear), labels[0]))
        if best is None:
            first, second = (sorted(alone[name])[:TOGETHER] for name in pair)
            for rank, ((_, one), (_, other)) in enumerate(product(first, second)):
                best = self._better(best, rank, [one, other], self.relabelled([one, other]))
        return None if best is None else (best[1], best[2])

    def _better(self, best: tuple[tuple[float, ...], list[Label], Judged] | None, rank: int, labels: list[Label],
                outcome: Judged) -> tuple[tuple[float, ...], list[Label], Judged] | None:
        """The better of the best so far and this outcome, if it parts names at no cost."""
        now, checks = self.search.now.checks, outcome.checks
        if (self._pairs(checks) >= self._pairs(now) or checks.figure > now.figure
                or checks.worse_than(now, self.search.slack)):
            return best
        key = (self._pairs(checks), checks.figure, checks.clear, rank)
        return (key, labels, outcome) if best is None or key < best[0] else best

    def _pairs(self, checks: Checks) -> int:
        return checks.stacked_clear if self.clear else checks.stacked

    def run(self, only: Sequence[str] = ()) -> Iterator[tuple[tuple[str, str], list[Label] | None]]:
        """Each pair searched in turn, with the place taken for it (None: none found)."""
        done: set[tuple[str, str]] = set()
        while True:
            todo = [pair for pair in self.pairs() if pair not in done and (not only or set(pair) & set(only))]
            if not todo:
                return
            done.add(todo[0])
            found = self.part(todo[0])
            if found is not None:
                self.search.now = found[1]
            yield todo[0], None if found is None else found[0]


def main(argv: list[str] | None = None) -> int:
    parser = board_arguments("name_search", __doc__, "only pairs with these stations (default all)", "place")
    parser.add_argument("--clear", action="store_true",
                        help="pairs judged with the text at the clear scale (as 1280x720 draws it), those at the "
                             "usual size held")
    parser.add_argument("--out", type=Path, help="write the relabelled source here")
    args = parser.parse_args(argv)
    search = NameSearch(Search(args.board, args.source, args.slack), args.clear)
    print(f"start: {search.search.now.checks}", flush=True)
    for pair, label in search.run(args.names):
        taken = "nothing" if label is None else ", ".join("=".join(one) for one in label)
        print(f"{' over '.join(pair)}: {taken} ({search.tried} judged)", flush=True)
        if label is not None and args.out is not None:
            write_atomically(args.out, search.search.now.data)
    print(f"end: {search.search.now.checks}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
