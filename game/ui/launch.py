"""Opening the window: parse the options, give the App its screens and layers, choose the first screen, run.

This is where the screens are put together: the App gets the scene catalog (scenes/catalog.py) for its
router and the default layers (layers.py); app.py itself imports neither.
"""

from __future__ import annotations

import sys

from game.board.loader import builtin_boards
from game.persist.settings import SettingsStore
from game.ui.app import App
from game.ui.layers import default_layers
from game.ui.options import LaunchOptions, parse_options
from game.ui.scenes.catalog import SCENES
from game.ui.table.setup import GameSetup, Seat
from game.ui.text import tr

SHOW_PLAYERS = 4


def open_app(options: LaunchOptions, store: SettingsStore | None = None) -> App:
    """The game window with every screen and the usual layers, as `python -m game` opens it."""
    return App(options, store, catalog=SCENES, layers=default_layers)


def default_board(options: LaunchOptions) -> str | None:
    if options.board:
        return options.board
    boards = builtin_boards()
    return "london" if "london" in boards else (boards[0] if boards else None)


def first_scene(app: App) -> None:
    """Open the screen the options ask for."""
    options = app.options
    kind = options.first_scene
    board = default_board(options)
    if kind == "menu" or board is None:
        app.router.push("menu")
        return
    players = options.players or SHOW_PLAYERS
    if kind == "show":
        app.router.go("show", board=board if options.board else None, players=players, seed=options.seed)
    else:
        seats = [Seat("person", tr("menu.seat.default_name", number=i + 1)) for i in range(players)]
        app.router.push("play", setup=GameSetup(board, seats, options.seed))


def run(argv: list[str]) -> int:
    options = parse_options(argv)
    app = open_app(options)
    first_scene(app)
    try:
        return app.run()
    finally:
        import pygame

        pygame.quit()


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
