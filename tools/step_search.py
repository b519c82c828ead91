"""Station steps that take a shipped board's names off the links: `python -m tools.step_search NAME [--slack N]`.

A name over a link's centre line (the figure's check, `legibility.figure_problems`) where no place round its
station is clear of every line is freed only by moving stations, and a printed map's designer moves them by
hand. This search does it as a designer in the editor would (`schematic.step_by_hand`: the station moved, its
links drawn again the least bent straight-or-45° way, the names near it placed again), and judges each step by
every board check on the compiled board. For each such name, in turn:

1. single steps of its movers (its station, the crossed link's ends, its six nearest neighbours within
   NEIGHBOURHOOD px), 8 ways by each of `sizes`;
2. a mover and a station it links to moved together (the link between them kept as it is drawn); with
   `--chains`, also a mover with two stations it links to (a run of three);
3. where neither frees the name, the `beam` best single steps (fewest figure lines, then clear-scale lines)
   each followed by a second single step.

A step is kept where the figure has fewer lines and no other check is worse: names in trouble at the clear scale
no more than `slack` over the board as it stood, and none more of them over a name or a station (a name that
only touches a link's bed at the clear scale still reads; one drawn over another's does not), no more names on
the water, stations in it, links hiding it, links on links or through stations, no stations too close, and at
least 98 % of link length octilinear. Of the steps kept for a name, the fewest lines wins, then the fewest at
the clear scale, then the shortest. Found steps are taken before the next name is searched. Session 56 took
London classic's last line off this way, two of London's three and three of Berlin's four (1300 to 3000 steps
judged a name, three to eighteen minutes each here).
The steps print as a board configuration's `"finish"` list; `--out` writes the stepped source (never the
shipped one: a designer looks first, then copies it over and rebuilds).

With `--stacked` the search mends names that read as one (`legibility.names_read_as_one`) where no place round
either station parts them (`tools/name_search.py`): each pair's movers are its two stations and their nearest
neighbours, and a step is kept where fewer pairs read as one, no more names break the figure and nothing else
is worse, as above.
"""

from __future__ import annotations

import argparse
import json
import math
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from editor.cartography.metro_map import StepRefused
from editor.document.tmx import Document
from editor.importing.schematic import step_by_hand
from game.board import legibility
from game.board.model import Board
from game.board.tmx.compiler import compile_tmx_bytes
from game.files import write_atomically
from tools.build_boards import SOURCES, MapChoice, load_config

WAYS = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1))
NEIGHBOURHOOD = 200.0  # board px: nearer neighbours may give a name room, further ones hardly
CROSSING = re.compile(r"name of (.+?) crosses a link \((.+)\)$")
Step = tuple[str, float, float]  # a station's name, dx, dy in board px
# The checks no step may worsen at all.
HELD = ("covering", "stacked", "stacked_clear", "across", "wet", "hiding", "along", "through", "close")


@dataclass(frozen=True)
class Checks:
    """A board's checks, as the search compares them."""

    figure: int  # names over a link's centre line (and any other figure problem)
    clear: int  # names in trouble at the clear scale
    covering: int  # of those, names over a name, a station or an icon (`legibility.covering`)
    stacked: int  # pairs of names set one over the other that read as one (`legibility.names_read_as_one`)
    stacked_clear: int  # ...with the text at the clear scale (as 1280×720 draws it)
    across: int  # names on the water or across it from their station
    wet: int  # stations the water reaches
    hiding: int  # links drawn along the water
    along: int  # links drawn on links they share no station with
    through: int  # links through stations
    close: int  # stations too close
    octilinear: float

    def worse_than(self, base: Checks, slack: int) -> bool:
        """Whether a step costs the map anything but up to `slack` lines at the clear scale."""
        return (self.clear > base.clear + slack
                or any(getattr(self, check) > getattr(base, check) for check in HELD)
                or self.octilinear < min(0.98, base.octilinear))


@dataclass(frozen=True)
class Judged:
    """A source, its compiled board, its checks and its figure lines."""

    data: bytes
    board: Board
    checks: Checks
    lines: tuple[str, ...]


class Search:
    """One board's source, stepped as its configuration's map (seed, names inside) steps it."""

    def __init__(self, name: str, source: Path | None = None, slack: int = 0, sizes: Sequence[int] = (16, 32, 48),
                 beam: int = 4, chains: bool = False, goal: str = "figure") -> None:
        config = load_config(name)
        self.path = SOURCES / f"{config.get('file', name)}.tmx"  # where the board's files are found
        self.seed = MapChoice.of(config).seed
        self.inside = bool(config.get("names_inside", False))
        self.slack, self.beam, self.chains, self.goal = slack, beam, chains, goal
        self.steps = [(dx * size, dy * size) for size in sizes for dx, dy in WAYS]
        self.now = self.judged((source or self.path).read_bytes())
        self.tried = 0

    def judged(self, data: bytes) -> Judged:
        board = compile_tmx_bytes(data, str(self.path), self.path.parent).board
        if board is None:
            raise ValueError(f"{self.path.name} does not compile")
        lines = legibility.figure_problems(board)
        clear = legibility.name_problems(board)
        checks = Checks(len(lines), len(clear), legibility.covering(clear), len(legibility.names_read_as_one(board)),
                        len(legibility.pairs_read_as_one(board, scale=legibility.CLEAR_SCALE)),
                        len(legibility.names_across_water(board)),
                        len(legibility.stations_in_water(board)), len(legibility.links_along_water(board)),
                        len(legibility.links_along_links(board)), len(legibility.links_through_stations(board)),
                        len(legibility.stations_too_close(board)), legibility.octilinear_share(board))
        return Judged(data, board, checks, tuple(lines))

    def stepped(self, steps: Sequence[Step]) -> Judged | None:
        """The board as it stands with `steps` taken in turn, or None where one is refused."""
        self.tried += 1
        doc = Document.from_bytes(self.now.data, self.path)
        try:
            step_by_hand(doc, steps, seed=self.seed, names_inside=self.inside)
        except StepRefused:
            return None
        return self.judged(doc.to_bytes())

    def names_over_lines(self) -> list[tuple[str, str]]:
        """Each name over a link's centre line on the board as it stands, with the link it crosses."""
        return [(found.group(1), found.group(2)) for line in self.now.lines if (found := CROSSING.match(line))]

    def targets(self) -> list[tuple[str, list[str]]]:
        """What the goal asks to mend on the board as it stands, each with its movers: each name over a link's
        centre line (its station, the crossed link's ends, its nearest neighbours), or each pair of names that
        read as one (`--stacked`: the two stations, then the nearest neighbours of each)."""
        if self.goal == "stacked":
            pairs = [(a.name, b.name) for a, b in legibility.pairs_read_as_one(self.now.board)]
            return [(f"{a} over {b}", list(dict.fromkeys([a, b, *self._near(a), *self._near(b)]))) for a, b in pairs]
        return [(name, self.movers(name, link)) for name, link in self.names_over_lines()]

    def movers(self, name: str, link: str) -> list[str]:
        """The name's station, the crossed link's ends, then its nearest neighbours."""
        stations = {node.name for node in self.now.board.nodes if not node.waypoint}
        ends = [other for other in stations if other != name and
                (link.startswith(f"{other}–") or link.endswith(f"–{other}"))]
        return list(dict.fromkeys([name, *ends, *self._near(name)]))

    def _near(self, name: str) -> list[str]:
        """The station's six nearest neighbours within NEIGHBOURHOOD px."""
        stations = {node.name: node for node in self.now.board.nodes if not node.waypoint}
        me = stations[name]
        near = sorted((math.dist((node.x, node.y), (me.x, me.y)), other) for other, node in stations.items()
                      if other != name)
        return [other for d, other in near[:6] if d < NEIGHBOURHOOD]

    def mended(self, outcome: Judged) -> bool:
        """Whether the goal has fewer lines on `outcome` than on the board as it stands (and, for names that read
        as one, no more names over the lines)."""
        checks, now = outcome.checks, self.now.checks
        if self.goal == "stacked":
            return checks.stacked < now.stacked and checks.figure <= now.figure
        return checks.figure < now.figure

    def linked(self, station: str) -> list[str]:
        """The stations the station's links lead to."""
        board = self.now.board
        return sorted({board.nodes[other].name for _link, other in board.neighbours[board.index_of[station]]
                       if not board.nodes[other].waypoint})

    def free(self, movers: Sequence[str]) -> tuple[list[Step], Judged] | None:
        """The best steps of `movers` found for one thing the goal asks to mend (see the notes), or None. A
        single step that mends it at no cost at the clear scale ends the search."""
        best: tuple[tuple[float, ...], list[Step], Judged] | None = None
        singles: list[tuple[tuple[int, int, int], list[Step]]] = []

        def judge(steps: list[Step], outcome: Judged | None) -> None:
            nonlocal best
            if outcome is None or outcome.checks.worse_than(self.now.checks, self.slack):
                return
            key = (*self._rank(outcome), sum(abs(dx) + abs(dy) for _s, dx, dy in steps))
            if self.mended(outcome) and (best is None or key < best[0]):
                best = (key, steps, outcome)

        for steps in self._singles(movers):
            outcome = self.stepped(steps)
            judge(steps, outcome)
            if outcome is not None and not outcome.checks.worse_than(self.now.checks, self.slack):
                singles.append((self._rank(outcome), steps))
        if best is not None and best[2].checks.clear <= self.now.checks.clear:
            return best[1], best[2]
        for steps in self._together(movers):
            judge(steps, self.stepped(steps) or self.stepped(steps[::-1]))
        if best is None:
            for _key, first in sorted(singles)[:self.beam]:
                for steps in self._singles([mover for mover in movers if mover != first[0][0]]):
                    judge(first + steps, self.stepped(first + steps))
        return None if best is None else (best[1], best[2])

    def _rank(self, outcome: Judged) -> tuple[int, int, int]:
        """The goal's lines, the figure's and the clear scale's: fewest first."""
        checks = outcome.checks
        return (checks.stacked if self.goal == "stacked" else checks.figure, checks.figure, checks.clear)

    def _singles(self, movers: Sequence[str]) -> Iterator[list[Step]]:
        for mover in movers:
            for dx, dy in self.steps:
                yield [(mover, dx, dy)]

    def _together(self, movers: Sequence[str]) -> Iterator[list[Step]]:
        """A mover with a station it links to; with `chains`, with two (a run of three stations)."""
        for mover in movers:
            linked = self.linked(mover)
            groups = [[mover, other] for other in linked]
            if self.chains:
                groups += [[one, mover, other] for k, one in enumerate(linked) for other in linked[k + 1:]]
            for group in groups:
                for dx, dy in self.steps:
                    yield [(station, dx, dy) for station in group]

    def run(self, only: Sequence[str] = ()) -> Iterator[tuple[str, list[Step] | None]]:
        """Each thing the goal asks to mend searched in turn, with the steps taken for it (None: none found)."""
        done: set[str] = set()
        while True:
            todo = [(key, movers) for key, movers in self.targets()
                    if key not in done and (not only or any(name in only for name in movers[:2]))]
            if not todo:
                return
            key, movers = todo[0]
            done.add(key)
            found = self.free(movers)
            if found is not None:
                self.now = found[1]
            yield key, None if found is None else found[0]


def board_arguments(tool: str, about: str | None, names: str, change: str) -> argparse.ArgumentParser:
    """A search's command line as far as the searches share it (`about` its notes): the board, the stations
    (`names` says which), the source to start from and the slack a `change` may cost at the clear scale."""
    parser = argparse.ArgumentParser(prog=f"python -m tools.{tool}", description=about,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("board", help="a shipped board's configuration name (london, berlin, …)")
    parser.add_argument("names", nargs="*", metavar="STATION", help=names)
    parser.add_argument("--source", type=Path, help="start from this TMX (default the shipped source)")
    parser.add_argument("--slack", type=int, default=0, help=f"lines at the clear scale a {change} may cost")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = board_arguments("step_search", __doc__, "only these stations' names (default all)", "step")
    parser.add_argument("--sizes", default="16,32,48", help="step lengths in board px (default 16,32,48)")
    parser.add_argument("--beam", type=int, default=4, help="single steps tried with a second (default 4)")
    parser.add_argument("--chains", action="store_true", help="also move a station with two it links to")
    parser.add_argument("--stacked", action="store_true",
                        help="mend names that read as one (legibility.names_read_as_one), not names over links")
    parser.add_argument("--out", type=Path, help="write the stepped source here")
    args = parser.parse_args(argv)
    sizes = [int(size) for size in args.sizes.split(",")]
    search = Search(args.board, args.source, args.slack, sizes, args.beam, args.chains,
                    "stacked" if args.stacked else "figure")
    print(f"start: {search.now.checks}", flush=True)
    taken: list[Step] = []
    for name, steps in search.run(args.names):
        print(f"{name}: {json.dumps(steps, ensure_ascii=False) if steps else 'nothing'} ({search.tried} judged)",
              flush=True)
        taken += steps or []
        if steps and args.out is not None:
            write_atomically(args.out, search.now.data)
    print(f"end: {search.now.checks}")
    print(f'"finish": {json.dumps([[name, dx, dy] for name, dx, dy in taken], ensure_ascii=False)}')
    return 0


if __name__ == "__main__":
    sys.exit(main())
