"""The one command line of `python -m game`, installed as `underground` (contracts §2–3).

Playing is the default: the window's options belong to the program itself (`underground --board london
--players 3`), and the headless commands are sub-commands (`underground simulate --board berlin`), so
`--help` shows both. Usage and messages name the program as the user typed it. Nothing here imports
pygame: the headless commands must run without opening a window.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any, NoReturn

from game.boundary import UserError
from game.ui.options import LaunchOptions

DISTRIBUTION = "underground"
DEFAULT_SIZE = LaunchOptions.size  # the window's own default, said once
MIN_SIZE = (320, 240)
MAX_SIZE = (7680, 4320)  # 8K UHD: anything larger is a typo, and SDL would try to make it
COMMANDS = ("route", "score", "compile", "simulate", "bench")


class Parser(argparse.ArgumentParser):
    """argparse, but a usage mistake is raised as one line (the boundary reports it with exit code 2)."""

    window_options: dict[str, str]  # dest: option, of the options that only the game window takes

    def error(self, message: str) -> NoReturn:
        raise UserError(f"{self.prog}: {message} (see {self.prog} --help)")


def version() -> str:
    """The installed version, from the package metadata; a clone that was never installed has none."""
    try:
        return metadata.version(DISTRIBUTION)
    except metadata.PackageNotFoundError:
        return "unknown (not installed)"


# ----- values -----


def players(text: str) -> int:
    value = integer(text)
    if not 2 <= value <= 5:
        raise argparse.ArgumentTypeError("a game is for 2 to 5 players")
    return value


def integer(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def positive(text: str) -> int:
    value = integer(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def wxh(size: tuple[int, int]) -> str:
    return f"{size[0]}x{size[1]}"


def window_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT between 320x240 and 7680x4320."""
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("size is WIDTHxHEIGHT, e.g. 1920x1080") from None
    if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {wxh(MIN_SIZE)}")
    if w > MAX_SIZE[0] or h > MAX_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window can be at most {wxh(MAX_SIZE)}")
    return (w, h)


def png_file(text: str) -> Path:
    """Where to save a screenshot: refused now if it is a folder, not after the frames have run."""
    path = Path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file name such as shot.png")
    return path


# ----- the parser -----


def build(prog: str) -> Parser:
    """The whole command line; `prog` is how the user called it (`underground` or `python -m game`)."""
    usage = f"{prog} [--board BOARD] [--players N] [--show] [--continue] [option …]\n       {prog} COMMAND …"
    parser = Parser(prog=prog, usage=usage, description="On the Underground for couch play. Without a command it "
                    "opens the game: the menu, or what the options below ask for.",
                    epilog=f"'{prog} COMMAND --help' tells more about a command.")
    parser.add_argument("--version", action="version", version=f"%(prog)s {version()}")
    play = parser.add_argument_group("playing (without a command)")
    parser.window_options = {}

    def window(*flags: str, **details: Any) -> None:
        action = play.add_argument(*flags, **details)
        parser.window_options[action.dest] = flags[0]

    window("--show", action="store_true", help="start the self-running show mode (full screen)")
    window("--replay", type=Path, metavar="FILE.json",
           help="show mode plays back this saved game (an autosave, say), looping, instead of new games")
    window("--continue", dest="resume", action="store_true",
           help="open the last saved game directly (the menu says why if it cannot be resumed)")
    window("--board", dest="play_board", metavar="BOARD",
           help="board to preselect: a built-in name, a .json board file or a .tmx source")
    window("--players", dest="play_players", metavar="N", type=players,
           help="number of players to preselect (2-5)")
    window("--fullscreen", action="store_true", help="open full screen (F11 toggles)")
    window("--windowed", action="store_true", help="open in a window (--show alone opens full screen)")
    window("--size", type=window_size, metavar="WxH",
           help=f"window size, from {wxh(MIN_SIZE)} to {wxh(MAX_SIZE)} (default {wxh(DEFAULT_SIZE)})")
    window("--lang", choices=("en", "de", "fr"),
           help="interface language for this run (default: the one chosen in the settings)")
    window("--seed", dest="play_seed", metavar="N", type=integer,
           help="seed for the shuffles, for a repeatable game")
    window("--frames", type=positive, metavar="N", help="run this many frames of show mode, then stop")
    window("--screenshot", type=png_file, metavar="FILE.png", help="save the last frame to this file")
    window("--scene", choices=("menu", "play", "show"), help=argparse.SUPPRESS)  # tests: first screen
    _commands(parser.add_subparsers(dest="command", title="commands", metavar="COMMAND", prog=prog))
    return parser


def _commands(sub: argparse._SubParsersAction[Parser]) -> None:
    route = sub.add_parser("route", help="the passenger's options for his next move (JSON in, JSON out)")
    route.add_argument("position", help="POSITION.json, or - for standard input")
    score = sub.add_parser("score", help="sandbox scoring of placements (JSON in, JSON out)")
    score.add_argument("scenario", help="SCENARIO.json, or - for standard input")
    comp = sub.add_parser("compile", help="compile a Tiled board source into a board file")
    comp.add_argument("source", help="SRC.tmx")
    comp.add_argument("-o", "--output", metavar="OUT.json", help="board file to write (default: next to the source)")
    comp.add_argument("--check", action="store_true", help="only validate; write nothing")
    sim = sub.add_parser("simulate", help="whole games between computer players, one JSON line each")
    sim.add_argument("--board", default="london", help="a built-in name, a .json board file or a .tmx source")
    sim.add_argument("--players", type=players, default=2, help="2-5 (default 2)")
    sim.add_argument("--bots", default=None, help="bot kinds, one for all seats or one per seat (default: greedy;"
                     " normal on a bus-tour board)")
    sim.add_argument("--games", type=positive, default=1)
    sim.add_argument("--seed", type=integer, default=1)
    sim.add_argument("--rotate-seats", action="store_true", help="rotate the bots through the seats")
    bench = sub.add_parser("bench", help="the performance figures of contracts §4, measured on this machine")
    bench.add_argument("--json", action="store_true", help="print the rows as JSON")


def parse(argv: Sequence[str] | None, prog: str) -> argparse.Namespace:
    """Parse the command line; a window option given with a command is a mistake, not silently dropped."""
    parser = build(prog)
    args = parser.parse_args(argv)
    if args.command is not None:
        for dest, option in parser.window_options.items():
            if getattr(args, dest) != parser.get_default(dest):
                parser.error(f"{option} is an option of the game window, not of '{args.command}'")
    return args


def launch_options(args: argparse.Namespace) -> LaunchOptions:
    """The window's options from a parsed command line without a command."""
    # A show runs on a hall's screen: full screen unless a window size (or --windowed) says otherwise.
    show = args.show or args.replay is not None
    fullscreen = args.fullscreen or (show and args.size is None and not args.windowed)
    return LaunchOptions(show=show, board=args.play_board, players=args.play_players, fullscreen=fullscreen,
                         lang=args.lang, seed=args.play_seed, frames=args.frames, screenshot=args.screenshot,
                         scene=args.scene, size=args.size or DEFAULT_SIZE, windowed=args.windowed,
                         resume=args.resume, replay=args.replay)


def parse_options(argv: Sequence[str], prog: str = "underground") -> LaunchOptions:
    """The window's options alone (tests and tools open the window with them)."""
    args = parse(argv, prog)
    if args.command is not None:
        raise UserError(f"{prog}: '{args.command}' is a command, not an option of the game window")
    return launch_options(args)
