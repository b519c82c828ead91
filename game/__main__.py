"""`python -m game`, installed as `underground`: one command line, one error boundary.

Without a command the game window opens; `route`, `score`, `compile`, `simulate` and `bench` are the
headless commands (game/cli.py). Whatever the user gets wrong ends as one line and exit code 2
(game/boundary.py).
"""

from __future__ import annotations

import sys
from argparse import Namespace
from collections.abc import Sequence

from game import boundary, command_line


def main(argv: Sequence[str] | None = None, prog: str = "underground") -> int:
    """The entry point; `prog` is the name the usage lines show (the installed script's by default)."""
    return boundary.guard(lambda: run(command_line.parse(argv, prog)))


def run(args: Namespace) -> int:
    if args.command is None:
        from game.ui.launch import run as open_window

        return open_window(command_line.launch_options(args))
    from game.cli import run_command

    return run_command(args)


if __name__ == "__main__":
    sys.exit(main(prog="python -m game"))
