"""The window's command-line options (SPEC §3): what to preselect, and the test hooks."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LaunchOptions:
    show: bool = False
    board: str | None = None
    players: int | None = None
    fullscreen: bool = False
    lang: str | None = None  # None: the language saved in the settings
    seed: int | None = None
    frames: int | None = None
    screenshot: Path | None = None
    scene: str | None = None  # menu | play | show: which screen to open (default: menu, or show with --frames)
    size: tuple[int, int] = (1600, 900)
    windowed: bool = False  # --windowed: never full screen, whatever the settings or --show say

    @property
    def first_scene(self) -> str:
        if self.scene:
            return self.scene
        if self.show or self.frames is not None:
            return "show"
        return "menu"


def _players(text: str) -> int:
    value = int(text)
    if not 2 <= value <= 5:
        raise argparse.ArgumentTypeError("a game is for 2 to 5 players")
    return value


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError("size is WIDTHxHEIGHT, e.g. 1920x1080") from None
    if w < 320 or h < 240:
        raise argparse.ArgumentTypeError("the window must be at least 320x240")
    return (w, h)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game", description="On the Underground, for couch play.")
    p.add_argument("--show", action="store_true", help="start the self-running show mode")
    p.add_argument("--board", help="board to preselect: a built-in name, a .json board file or a .tmx source")
    p.add_argument("--players", type=_players, help="number of players to preselect (2-5)")
    p.add_argument("--fullscreen", action="store_true", help="open full screen (F11 toggles)")
    p.add_argument("--windowed", action="store_true", help="open in a window (--show alone opens full screen)")
    p.add_argument("--lang", default=None, choices=("en", "de", "fr"),
                   help="interface language for this run (default: the one chosen in the settings)")
    p.add_argument("--seed", type=int, help="seed for the shuffles, for a repeatable game")
    p.add_argument("--frames", type=int, help="run this many frames, then stop (with --screenshot: for tests)")
    p.add_argument("--screenshot", type=Path, help="save the last frame to this PNG file")
    p.add_argument("--scene", choices=("menu", "play", "show"), help="open this screen first")
    p.add_argument("--size", type=_size, help="window size, WIDTHxHEIGHT (default 1600x900)")
    return p


def parse_options(argv: list[str]) -> LaunchOptions:
    """Parse the window options; argparse exits with code 2 and one line on a bad option."""
    args = parser().parse_args(argv)
    if args.frames is not None and args.frames < 1:
        parser().error("--frames must be at least 1")
    # A show runs on a hall's screen: full screen unless a window size (or --windowed) says otherwise.
    fullscreen = args.fullscreen or (args.show and args.size is None and not args.windowed)
    return LaunchOptions(show=args.show, board=args.board, players=args.players, fullscreen=fullscreen,
                         lang=args.lang, seed=args.seed, frames=args.frames, screenshot=args.screenshot,
                         scene=args.scene, size=args.size or (1600, 900), windowed=args.windowed)
