"""`python -m editor import` (installed: `underground-editor import`): a starter board from open metro data.

The command-line face of the importer the editor's Import dialog and `tools/build_boards.py` use: the
same `build_board` and `write_tmx`, from the network data that ships inside the product. Bad input
raises (ImportError_ is a ValueError); the entry point's boundary reports it in one line, exit code 2.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from editor.document.problems import compile_document
from editor.document.tmx import Document
from editor.importing.importer import (
    FRESH_IMPORT,
    SHIPPED_CARDS,
    SHORT_GAME_CARDS,
    build_board,
    counted,
    destination_cards,
)
from editor.importing.network_data import CITIES, ImportError_
from editor.importing.to_document import parse_area, read_stations
from editor.tmx_write import tmx_bytes, write_tmx


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--city", required=True, choices=CITIES, type=str.lower)  # "Paris" is paris
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--area", metavar="LAT1,LON1,LAT2,LON2", help="a latitude/longitude box")
    where.add_argument("--stations", type=Path, metavar="FILE", help="a text file with one station name per line")
    parser.add_argument("-o", "--out", type=Path, required=True, metavar="OUT.tmx", help="the Tiled map to write")
    parser.add_argument("--data", type=Path, default=None, metavar="DIR",
                        help="another folder of open data (default: the one that ships with the game)")
    chosen = parser.add_mutually_exclusive_group()
    chosen.add_argument("--lines", help="comma separated regular expressions of the lines to use, e.g. 'U.*,S.*'"
                                        " (default: the city's metro lines, without trams or regional rail)")
    chosen.add_argument("--all-lines", action="store_true", help="every line in the data, trams and regional too")
    parser.add_argument("--name", help="the board's name (map property)")
    parser.add_argument("--min-distance", type=float, default=40.0, help="closest two stations may be, px")
    parser.add_argument("--power", type=float, default=None,
                        help="centre magnification: 1 = none, 0.5 = strong (default: what spreads the stations"
                             " most evenly, from 0.5 for a city crowded in its centre to 1 for an even one)")
    parser.add_argument("--force", action="store_true",
                        help="replace OUT.tmx if it is there already (the old file is kept as OUT.tmx.bak); "
                             "without it an existing board, perhaps edited by hand, is never written over")
    laid = parser.add_mutually_exclusive_group()
    laid.add_argument("--geographic", action="store_true",
                      help="keep the stations where the city has them (default: a schematic metro map with placed"
                           " names, as the editor's Tidy layout makes it)")
    laid.add_argument("--thorough", action="store_true",
                      help="take minutes, not seconds, for clearer names, as the shipped boards are built (the"
                           " editor's Ctrl+Shift+T); progress is shown on standard error")


def config_from(args: argparse.Namespace) -> dict[str, object]:
    """The importer's configuration (see editor/importing/importer.py) the options describe."""
    config: dict[str, object] = {"city": args.city, **FRESH_IMPORT,
                                 "projection": {"min_distance": args.min_distance,
                                                **({} if args.power is None else {"power": args.power})}}
    if args.name:
        config["name"] = args.name
    if args.lines:
        config["lines"] = [item.strip() for item in args.lines.split(",") if item.strip()]
    elif args.all_lines:
        config["lines"] = "all"
    if args.stations:
        config["stations"] = read_stations(args.stations)  # OSError: the boundary names the file
    else:
        try:
            area = parse_area(args.area)
        except ValueError:
            area = None
        if area is None:
            raise ImportError_(f"--area wants four numbers LAT1,LON1,LAT2,LON2, not {args.area!r}")
        config["area"] = area
    return config


def run(args: argparse.Namespace) -> int:
    """Build the starter board and write it; standard output says what was written, then, a line each, what a
    designer should know of it (crowded names and where to see them, rivers left out, a short game)."""
    if args.out.is_dir():
        raise ImportError_(f"{args.out} is a folder; give the map's file name, e.g. {args.out / 'board.tmx'}")
    if not args.out.parent.is_dir():  # a mistyped folder is refused, not created: nothing lands somewhere unseen
        raise ImportError_(f"no folder {args.out.parent}: make it first, or write the map into a folder that exists")
    if args.out.exists() and not args.force:  # a second import over a board edited since lost the edits
        raise ImportError_(f"{args.out} is there already (a board you may have edited): write the import to "
                           f"another file, or add --force to replace it (the old one is then kept as "
                           f"{args.out.name}.bak)")
    board = build_board(config_from(args), args.data)
    stations = sum(1 for node in board.nodes if not node.waypoint)
    layout = "geographic"
    notes: list[str] = []
    if args.geographic:
        write_tmx(board, args.out, backup=True)
    else:
        from editor.importing.schematic import lay_out  # the pipeline loads only when it is asked for

        doc = Document.from_bytes(tmx_bytes(board), args.out)
        rivers = {river.id: river.name for river in doc.of_kind("water")}
        progress = ProgressLine() if args.thorough else None
        result = lay_out(doc, progress, thorough=args.thorough)
        if progress is not None:
            progress(1.0)  # a climb that stops early leaves the line short of its end
        doc.save(args.out)  # once: a file that was there already is kept as .bak
        places = len(compile_document(doc).places_hard_to_read)  # counted as the editor's Problems panel counts
        layout = "schematic, every name placed" if not places else "schematic"
        if places:  # the list stops at a few: where to see every one
            crowded = crowded_names(result.problems, [n.name for n in board.nodes])
            notes += [f"{counted(places, 'place')} hard to read, as the editor's Problems panel lists them"
                      + (f"; crowded names first: {crowded}" if crowded else ""),
                      f"each is listed under Problems in the editor: python -m editor {args.out}"]
        if places:  # a second layout from this map: 4 of 10 crowded imports got a tidier one (lines 43 -> 24)
            notes.append("Tidy layout (Ctrl+T in the editor) lays it out again from this map in seconds and may "
                         "clear some" + ("" if args.thorough else "; --thorough takes minutes, not seconds, for "
                                                                  "clearer names"))
        notes += _rivers_left_out([name for object_id, name in rivers.items() if doc.get(object_id) is None])
    cards = destination_cards(board)
    if cards < SHORT_GAME_CARDS:
        notes.append(f"only {counted(cards, 'destination card')} (a shipped board has {SHIPPED_CARDS}), so the game"
                     " will be short: a bigger area or more stations gives a longer one")
    print(f"wrote {args.out}: {counted(stations, 'station')}, {counted(len(board.links), 'link')} ({layout})")
    for note in notes:
        print(f"  {note}")
    return 0


def _rivers_left_out(names: list[str]) -> list[str]:
    """What the message says of rivers the layout could not draw with every station on its own bank (the
    layout leaves them out: a river across the wrong stations misleads), so a designer knows to draw them."""
    if not names:
        return []
    unnamed = sum(1 for name in names if not name)
    named = ", ".join([name for name in names if name] + ([counted(unnamed, "river")] if unnamed else []))
    return [f"left out: {named} (no course the layout found keeps every station on its own bank: draw it with"
            " the editor's Water tool (R), or in Tiled)"]


class ProgressLine:
    """A thorough layout's progress on standard error, rewritten in place ("laying out: 42 %"), so a
    designer at a terminal sees minutes of work moving; nothing while the share stands still. Written to a
    file or a pipe (a log), a line of its own each tenth, not a carriage return each hundredth."""

    def __init__(self) -> None:
        self.shown = -1
        self.terminal = sys.stderr.isatty()

    def __call__(self, fraction: float) -> None:
        percent = int(100 * fraction)
        if not self.terminal:
            percent -= percent % 10
        if percent != self.shown:
            self.shown = percent
            if self.terminal:
                print(f"\rlaying out: {percent} %", end="\n" if percent >= 100 else "", file=sys.stderr,
                      flush=True)
            else:
                print(f"laying out: {percent} %", file=sys.stderr, flush=True)


def crowded_names(problems: Sequence[str], names: Sequence[str], most: int = 6) -> str:
    """The stations whose names the problem lines are about, in the lines' order, for the designer to look
    at first (each line is about the longest name it starts with: "Bank Street", not "Bank")."""
    longest_first = sorted(set(names), key=len, reverse=True)
    found: dict[str, None] = {}
    for line in problems:
        name = next((name for name in longest_first if line.startswith(f"name of {name} ")), None)
        if name is not None:
            found[name] = None
    shown = list(found)
    return ", ".join(shown[:most]) + (f" and {len(shown) - most} more" if len(shown) > most else "")
