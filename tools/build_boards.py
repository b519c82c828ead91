"""The shipped boards: Tiled source (boards/src) → compiled board file (boards), and how a source is made.

python -m tools.build_boards [NAME …]                  compile the sources into the board files
python -m tools.build_boards --regenerate [NAME …]     make the sources again from their configurations
python -m tools.build_boards --check | --search [NAME …] [--data DIR]

A shipped board's source is the Tiled map in boards/src, and it is what ships: the plain build compiles it,
byte for byte the same every time. A source was first made from its configuration, tools/board_configs/NAME.json
(`--regenerate`), which holds the hand decisions the importer takes: the station list, merged names, links,
termini, destinations. Boards come out as metro maps (the pipeline the editor's Tidy layout runs);
`"layout": "geographic"` in a configuration keeps the importer's geographic positions. A configuration may say
`"extends": "london"`: it starts from that board's configuration (but its `"finish"`, which belongs to the base's
own map), its other keys replace the base's, and `append` adds to the base's lists. The sources were then
finished by hand as a designer finishes a map in the editor or Tiled (the four boards'
rivers drawn in straight and 45° runs, session 53), and that work is in the source only: `--regenerate`
keeps the source it replaces in out/replaced-sources/, so none of it is lost.

The layout is a local search, and a small change of its start gives another, equally valid map whose board
check may differ by a few dozen lines. `"map": {"seed": 2, "crossing_room": 0.6}` names the map a board
ships (`MapChoice`); `--search` builds each choice of `SEARCH` and prints its board check, best first,
writing nothing, so the choice is measured, not guessed. `--check` makes the board from its configuration
and prints its board check beside the shipped board's, writing nothing.

`"names_inside": true` has the name placer weigh how far a name stands out past the map (London's: at fit, every
name on the screen is drawn smaller for one standing out; New York's map reads worse with it, so it is a board's
choice). `"finish": [["Broadway–Lafayette St", -40, -40]]` finishes that map by hand: each station moved by (dx, dy)
board px, in turn, its links drawn again and the names near it placed again
(`editor.importing.schematic.step_by_hand`), where a name the layout judged alike with its neighbours is
worth a trade to the designer. A step the map cannot take fails the build and says why.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from itertools import product
from pathlib import Path
from typing import Any

from editor.document.tmx import Document
from editor.importing.importer import build_board
from editor.importing.network_data import ImportError_
from editor.tmx_write import tmx_bytes
from game import resources
from game.board.legibility import Figures, figures
from game.board.model import Board
from game.files import write_atomically

CONFIGS = Path(__file__).resolve().parent / "board_configs"
BOARDS = resources.path("boards")  # the product's own folder (boards/ in a clone links to it)
SOURCES = BOARDS / "src"
REPLACED = Path(__file__).resolve().parents[1] / "out" / "replaced-sources"  # outside the product's data


def load_config(name: str, seen: tuple[str, ...] = ()) -> dict[str, Any]:
    """A board's configuration with its base (if any) folded in."""
    if name in seen:
        raise ImportError_(f"configuration {name!r} extends itself")
    path = CONFIGS / f"{name}.json"
    try:
        config = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ImportError_(f"no configuration {path}") from None
    base_name = config.pop("extends", None)
    if base_name is None:
        return config
    merged = load_config(base_name, (*seen, name))
    merged.pop("finish", None)  # steps chosen on the base's own map: this configuration ships another
    appends = config.pop("append", {})
    merged.update(config)
    for key, items in appends.items():
        if isinstance(items, dict):
            merged[key] = {**merged.get(key, {}), **items}
        else:
            merged[key] = [*merged.get(key, []), *items]
    return merged


def board_names() -> list[str]:
    return sorted(path.stem for path in CONFIGS.glob("*.json"))


@dataclass(frozen=True)
class MapChoice:
    """Which of the equally valid metro maps a board ships (`editor.importing.schematic.lay_out`)."""

    seed: int = 0
    crossing_room: float = 1.0

    @classmethod
    def of(cls, config: dict[str, Any]) -> MapChoice:
        choice = config.get("map", {})
        return cls(int(choice.get("seed", 0)), float(choice.get("crossing_room", 1.0)))


SEARCH = tuple(MapChoice(seed, room) for room, seed in product((1.0, 0.8, 0.6, 0.3), range(4)))


def metro_source(name: str, data_dir: Path | None, choice: MapChoice | None = None) -> tuple[Path, bytes]:
    """A board's Tiled source, laid out as its configuration (or `choice`) says, and where it is kept."""
    config = load_config(name)
    board = build_board(config, data_dir)
    source = SOURCES / f"{config.get('file', name)}.tmx"
    if config.get("layout", "schematic") != "schematic":  # "geographic": where the city has its stations
        return source, tmx_bytes(board)
    from editor.cartography.metro_map import StepRefused
    from editor.importing.schematic import lay_out, step_by_hand

    shipped = choice is None
    choice = MapChoice.of(config) if choice is None else choice
    doc = Document.from_bytes(tmx_bytes(board), source)
    inside = bool(config.get("names_inside", False))
    lay_out(doc, thorough=True, seed=choice.seed, crossing_room=choice.crossing_room,  # octilinear, named
            two_steps=True, names_inside=inside)
    if shipped and config.get("finish"):  # steps chosen by looking at this map: another choice has other ones
        try:
            step_by_hand(doc, [(str(name), float(dx), float(dy)) for name, dx, dy in config["finish"]], choice.seed,
                         inside)
        except (StepRefused, TypeError, ValueError) as error:
            raise ImportError_(f'"finish": {error}') from None
    return source, doc.to_bytes()


def compile_source(name: str) -> list[str]:
    """Compile one shipped source into its board file; returns its problems (errors first), warnings only
    when it compiled."""
    from game.board.tmx.compiler import compile_tmx, write_board_atomically

    file = load_config(name).get("file", name)
    result = compile_tmx(SOURCES / f"{file}.tmx")
    problems = [p.line() for p in (*result.errors, *result.warnings)]
    if result.board is None:
        return problems
    write_board_atomically(result.board, BOARDS / f"{file}.json")
    return [p for p in problems if p.startswith("warning")]


def regenerate(name: str, data_dir: Path | None) -> list[str]:
    """Make one board's source again from its configuration and compile it. The source it replaces, with any
    finishing by hand, is kept in `REPLACED`."""
    source, data = metro_source(name, data_dir)
    if source.exists():
        REPLACED.mkdir(parents=True, exist_ok=True)
        write_atomically(REPLACED / source.name, source.read_bytes())
        print(f"{name}: the source it replaces is kept as {REPLACED / source.name}")
    write_atomically(source, data)
    return compile_source(name)


def check(name: str, data_dir: Path | None) -> str:
    """The board as its configuration makes it, against the shipped one: each one's board check, as a line."""
    from game.board.loader import load_board

    _choice, _rank, made = measure(name, data_dir, MapChoice.of(load_config(name)))
    shipped = load_board(name)
    found = figures(shipped)
    line = _figures_line(shipped, found, _score(shipped, found))
    return f"{name}: made from its configuration: {made}; shipped: {line}"


def measure(name: str, data_dir: Path | None, choice: MapChoice) -> tuple[MapChoice, tuple[int, ...], str]:
    """One choice's board, compiled in memory: its board check, worst first (layout guarantees broken, names
    over names or stations, then every line), and the figures as a line."""
    from game.board.tmx.compiler import compile_tmx_bytes

    source, data = metro_source(name, data_dir, choice)
    board = compile_tmx_bytes(data, str(source), source.parent).board
    if board is None:
        return choice, (1 << 30,), "does not compile"
    found = figures(board)
    score = _score(board, found)
    return choice, score, _figures_line(board, found, score)


def _score(board: Board, found: Figures) -> tuple[int, ...]:
    """A board check, worst first: stations too close or under a link's bed, names over a name or station,
    then every name problem and link on a link."""
    from game.board.legibility import beds_over, covering, name_obstacles, name_problems

    covered = covering(name_problems(board))
    under = found.too_close + len(beds_over([(link.a, link.b) for link in board.links], name_obstacles(board)))
    return under, covered, found.name_problems + found.links_along


def _figures_line(board: Board, found: Figures, score: tuple[int, ...]) -> str:
    """The board check as a line a maintainer reads (`score` its `_score`, worked out once)."""
    from game.board.legibility import stations_in_water

    under, covering, _ = score
    return (f"{found.name_problems} name problems ({covering} over a name or station), {found.links_along} links "
            f"on links, {under} stations too close or under a link's bed, "
            f"{len(stations_in_water(board))} stations the water reaches")


def search(name: str, data_dir: Path | None) -> MapChoice:
    """Every choice of `SEARCH` measured (as many at once as the machine has cores), best first."""
    with ProcessPoolExecutor(max_workers=os.cpu_count() or 1) as pool:
        results = list(pool.map(measure, [name] * len(SEARCH), [data_dir] * len(SEARCH), SEARCH))
    results.sort(key=lambda result: result[1])
    current = MapChoice.of(load_config(name))
    for choice, _rank, line in results:
        mark = "  (shipped)" if choice == current else ""
        print(f'{name}: "map": {{"seed": {choice.seed}, "crossing_room": {choice.crossing_room}}}: {line}{mark}')
    return results[0][0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build_boards", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"boards (default: all of {', '.join(board_names())})")
    parser.add_argument("--data", type=Path, default=None, help="the open data folder (default: game/data/network)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--regenerate", action="store_true",
                      help="make the sources again from their configurations (the replaced ones are kept)")
    what.add_argument("--check", action="store_true",
                      help="make each board from its configuration, compare it with the shipped one, write nothing")
    what.add_argument("--search", action="store_true",
                      help="measure every map choice of each board (best first), write nothing")
    args = parser.parse_args(argv)
    names = args.names or board_names()
    if args.search:
        for name in names:
            search(name, args.data)
        return 0
    failed = False
    for name in names:
        try:
            if args.check:
                print(check(name, args.data))
                continue
            problems = regenerate(name, args.data) if args.regenerate else compile_source(name)
        except ImportError_ as error:
            print(f"{name}: {error}", file=sys.stderr)
            failed = True
            continue
        errors = [p for p in problems if not p.startswith("warning")]
        for problem in problems:
            print(f"{name}: {problem}", file=sys.stderr)
        failed = failed or bool(errors)
        print(f"{name}: {'FAILED' if errors else 'ok'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
