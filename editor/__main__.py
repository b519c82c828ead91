"""`python -m editor [FILE.tmx]`: open the board editor, on a file or on a new board."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m editor", description="Underground board editor")
    parser.add_argument("file", nargs="?", type=Path, help="a Tiled board source (.tmx); created on first save")
    parser.add_argument("--size", default="1600x900", help="window size WIDTHxHEIGHT (default 1600x900)")
    args = parser.parse_args(argv)
    try:
        width, height = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print(f"editor: --size wants WIDTHxHEIGHT, not {args.size!r}", file=sys.stderr)
        return 2
    from editor import text
    from editor.app import EditorApp
    from game.persist.settings import load_settings

    text.localize(load_settings().settings.language)  # the language chosen in the game's settings

    app = EditorApp(args.file, size=(max(1100, width), max(640, height)))
    app.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
