"""`python -m game`: the headless commands go to the CLI, anything else opens the window."""

from __future__ import annotations

import sys

HEADLESS = ("route", "score", "compile", "simulate", "bench")


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args and args[0] in HEADLESS:
        from game.cli import main as cli_main

        return cli_main(args)
    from game.ui.launch import run

    return run(args)


if __name__ == "__main__":
    sys.exit(main())
