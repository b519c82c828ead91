"""`python -m editor`, installed as `underground-editor`: open the board editor, or import a starter board.

    python -m editor [FILE.tmx] [--size WxH]        the editor, on a file or a new board ("open")
    python -m editor import --city C (--area … | --stations FILE) -o OUT.tmx

One parser with two commands; `open` is the default, so a file name alone opens it. Every mistake ends as
one line and exit code 2 through the game's boundary (game/boundary.py), as for `underground`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence
from pathlib import Path

from editor.importing.command import add_arguments
from editor.importing.command import run as import_board
from game import boundary
from game.command_line import Parser, version, window_size

COMMANDS = ("open", "import")
DEFAULT_SIZE = (1600, 900)
MIN_SIZE = (1100, 640)  # the tool bar and the side panel need this much


def build(prog: str) -> Parser:
    usage = f"{prog} [FILE.tmx] [--size WxH]\n       {prog} import --city CITY (--area … | --stations FILE) -o OUT.tmx"
    parser = Parser(prog=prog, usage=usage, description="Underground board editor. A file name alone opens it, "
                    "like 'open'.", epilog=f"'{prog} COMMAND --help' tells more about a command.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    sub = parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog=prog)
    edit = sub.add_parser("open", help="open the editor on a board source (the default command)")
    edit.add_argument("file", nargs="?", type=Path, metavar="FILE.tmx",
                      help="a Tiled board source; a new one is created on first save")
    edit.add_argument("--size", type=window_size, default=DEFAULT_SIZE, metavar="WxH",
                      help=f"window size (default {DEFAULT_SIZE[0]}x{DEFAULT_SIZE[1]})")
    add_arguments(sub.add_parser("import", help="make a starter board from open metro data (London, Berlin, "
                                 "New York, Paris)"))
    return parser


def parse(argv: Sequence[str] | None, prog: str) -> argparse.Namespace:
    """Parse the command line; anything that is not a command or a help/version request means `open`."""
    args = _joined_values(list(sys.argv[1:] if argv is None else argv))
    if not args or (args[0] not in COMMANDS and args[0] not in ("-h", "--help", "--version")):
        args.insert(0, "open")
    return build(prog).parse_args(args)


NEGATIVE_START = re.compile(r"-\d|-\.\d")  # a value such as "-0.22,51.49,…", which argparse takes for an option


def _joined_values(args: list[str]) -> list[str]:
    """`--area -0.22,…` as `--area=-0.22,…`: an area west of Greenwich starts with a minus, and argparse
    would answer "expected one argument" for what the user typed right."""
    joined: list[str] = []
    for arg in args:
        if joined and joined[-1] == "--area" and NEGATIVE_START.match(arg):
            joined[-1] = f"--area={arg}"
        else:
            joined.append(arg)
    return joined


def check_file(file: Path) -> None:
    """Refuse, before a window opens, a file the editor could neither open nor later save: one that exists
    but is no board source (a folder, unreadable, not TMX), or a new one whose folder is a file."""
    from editor.document.tmx import Document, DocumentError

    if file.suffix.lower() == ".json":  # the game's compiled board: Document.load said "not well-formed"
        raise boundary.UserError(f"{file}: the editor opens a board's Tiled source, a .tmx, not the .json the "
                                 "game plays (compiled from it; the shipped boards' sources are in "
                                 "game/data/boards/src/)")
    if not (file.exists() or file.is_symlink()):  # a new board, saved there later
        folder = next(parent for parent in file.absolute().parents if parent.exists())
        if not folder.is_dir():
            raise boundary.UserError(f"{file}: cannot be made, {folder} is not a folder")
        return
    try:
        Document.load(file)
    except DocumentError as error:  # say which file, once
        message = str(error)
        raise boundary.UserError(message if message.startswith(str(file)) else f"{file}: {message}") from None


def open_editor(file: Path | None, size: tuple[int, int]) -> int:
    """The editor's window, on `file` or on a new board."""
    if file is not None:
        check_file(file)
    from editor import text
    from editor.app import EditorApp
    from game.persist.settings import load_settings

    text.localize(load_settings().settings.language)  # the language chosen in the game's settings
    app = EditorApp(file, size=(max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1])))
    return app.run()


def run(args: argparse.Namespace) -> int:
    if args.command == "import":
        return import_board(args)
    return open_editor(args.file, args.size)


def main(argv: Sequence[str] | None = None, prog: str = "underground-editor") -> int:
    """The entry point; `prog` is the name the usage lines show (the installed script's by default)."""
    return boundary.guard(lambda: run(parse(argv, prog)))


if __name__ == "__main__":
    sys.exit(main(prog="python -m editor"))
