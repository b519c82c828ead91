"""Command line: make a starter board (Tiled map) of a city from the shared open metro data.

python -m tools.import_network --city london --area 51.48,-0.25,51.55,0.0 -o boards/src/mine.tmx
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from editor.importing.importer import build_board
from editor.importing.network_data import CITIES, ImportError_, default_data_dir
from editor.tmx_write import write_tmx


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.import_network", description=__doc__.splitlines()[0])
    parser.add_argument("--city", required=True, choices=CITIES)
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--stations", type=Path, help="a text file with one station name per line")
    where.add_argument("--area", help="bounding box LAT1,LON1,LAT2,LON2")
    parser.add_argument("-o", "--out", type=Path, required=True, help="the .tmx file to write")
    parser.add_argument("--data", type=Path, default=None, help=f"the open data folder (default {default_data_dir()})")
    parser.add_argument("--lines", help="comma separated regular expressions of the lines to use, e.g. 'U.*,S.*'")
    parser.add_argument("--name", help="the board's name (map property)")
    parser.add_argument("--min-distance", type=float, default=40.0, help="closest two stations may be, px")
    parser.add_argument("--power", type=float, default=0.6, help="centre magnification: 1 = none, 0.5 = strong")
    args = parser.parse_args(argv)
    config: dict = {"city": args.city, "projection": {"min_distance": args.min_distance, "power": args.power}}
    if args.name:
        config["name"] = args.name
    if args.lines:
        config["lines"] = [item.strip() for item in args.lines.split(",") if item.strip()]
    try:
        if args.stations:
            try:
                text = args.stations.read_text(encoding="utf-8")
            except OSError as error:
                raise ImportError_(f"cannot read station list {args.stations}: {error.strerror or error}") from None
            config["stations"] = [line.strip() for line in text.splitlines() if line.strip() and line[0] != "#"]
        else:
            try:
                config["area"] = [float(v) for v in args.area.split(",")]
            except ValueError:
                raise ImportError_(f"--area wants four numbers LAT1,LON1,LAT2,LON2, not {args.area!r}") from None
            if len(config["area"]) != 4:
                raise ImportError_(f"--area wants four numbers LAT1,LON1,LAT2,LON2, not {args.area!r}")
        board = build_board(config, args.data)
        write_tmx(board, args.out)
    except ImportError_ as error:
        print(f"import_network: {error}", file=sys.stderr)
        return 2
    stations = sum(1 for n in board.nodes if not n.waypoint)
    print(f"wrote {args.out}: {stations} stations, {len(board.links)} links")
    return 0


if __name__ == "__main__":
    sys.exit(main())
