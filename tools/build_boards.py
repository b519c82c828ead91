"""Rebuild the shipped boards: configuration → Tiled source (boards/src) → compiled board file (boards).

python -m tools.build_boards [NAME …] [--data DIR] [--check]

Every hand decision about a shipped board lives in tools/board_configs/NAME.json, so the sources can be
regenerated at any time and come out the same. Boards come out as metro maps (the pipeline the editor's
Tidy layout runs); `"layout": "geographic"` in a configuration keeps the importer's geographic positions.
A configuration may say `"extends": "london"`: it starts from that board's configuration, its other keys
replace the base's, and `append` adds to the base's lists.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from editor.document.tmx import Document
from editor.importing.importer import build_board
from editor.importing.network_data import ImportError_
from editor.tmx_write import tmx_bytes, write_tmx
from game import resources
from game.files import write_atomically

CONFIGS = Path(__file__).resolve().parent / "board_configs"
BOARDS = resources.path("boards")  # the product's own folder (boards/ in a clone links to it)
SOURCES = BOARDS / "src"


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


def build(name: str, data_dir: Path | None, check: bool = False) -> list[str]:
    """Regenerate one board; returns its problems (errors first), empty when it compiled cleanly."""
    from game.board.tmx.compiler import compile_tmx, write_board_atomically

    config = load_config(name)
    board = build_board(config, data_dir)
    source = SOURCES / f"{config.get('file', name)}.tmx"
    if config.get("layout", "schematic") == "schematic":  # "geographic": where the city has its stations
        from editor.importing.schematic import lay_out

        doc = Document.from_bytes(tmx_bytes(board), source)
        lay_out(doc, thorough=True)  # the metro map: octilinear layout, names placed
        write_atomically(source, doc.to_bytes())  # generated: no .bak
    else:
        write_tmx(board, source)
    result = compile_tmx(source)
    problems = [f"{p.severity}: {p}" for p in result.errors] + [f"warning: {p}" for p in result.warnings]
    if result.board is not None and not check:
        write_board_atomically(result.board, BOARDS / f"{config.get('file', name)}.json")
    return problems if result.board is None else [p for p in problems if p.startswith("warning")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.build_boards", description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help=f"boards to build (default: all of {', '.join(board_names())})")
    parser.add_argument("--data", type=Path, default=None, help="the open data folder (default: game/data/network)")
    parser.add_argument("--check", action="store_true", help="regenerate and compile the sources, write no board file")
    args = parser.parse_args(argv)
    failed = False
    for name in args.names or board_names():
        try:
            problems = build(name, args.data, args.check)
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
