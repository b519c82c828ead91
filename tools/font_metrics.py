"""Write the advance-width table of the station-name font, so compiling a board needs no font engine.

The compiler measures every station name to put its box in the board file (docs/contracts.md §1b). A
table of advances read once from the font file makes that measurement pure Python and the same on every
machine, whatever FreeType version pygame happens to bundle. Run after changing the name font:

    python -m tools.font_metrics
"""

from __future__ import annotations

import argparse
import json
import os
from pathlib import Path

from game import resources
from game.board.text_metrics import NAME_FONT
from game.files import write_atomically

FONT = resources.font(NAME_FONT)
UNITS = 1000
# Latin with its supplements and extensions, general punctuation, the euro sign: every name in the
# shipped open data and any European city's.
RANGES = ((0x20, 0x250), (0x1E00, 0x1F00), (0x2000, 0x2070), (0x20AC, 0x20AD))


def measure_font(path: Path) -> dict[str, object]:
    """Advance widths (unkerned, in 1/1000 em) of every character the font has in RANGES."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame.freetype

    pygame.freetype.init()
    font = pygame.freetype.Font(str(path), UNITS)
    font.kerning = False
    advances: dict[str, int] = {}
    for low, high in RANGES:
        for code in range(low, high):
            char = chr(code)
            metrics = font.get_metrics(char, UNITS)
            if metrics and metrics[0] is not None:
                advances[char] = round(metrics[0][4])
    return {
        "font": path.name,
        "units_per_em": UNITS,
        "ascender": font.get_sized_ascender(UNITS),
        "descender": font.get_sized_descender(UNITS),
        "fallback": advances.get("0", UNITS // 2),
        "advances": advances,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--font", type=Path, default=FONT)
    args = parser.parse_args(argv)
    table = measure_font(args.font)
    out = args.font.with_suffix(".metrics.json")
    write_atomically(out, json.dumps(table, ensure_ascii=False, sort_keys=True, indent=0).encode("utf-8") + b"\n")
    print(f"{out}: {len(table['advances'])} characters")  # type: ignore[arg-type]
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
