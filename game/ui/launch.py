"""Opening the window: parse the options, choose the first screen, run."""

from __future__ import annotations

import sys

from game.board.loader import builtin_boards
from game.ui.app import App
from game.ui.options import LaunchOptions, parse_options
from game.ui.table.setup import GameSetup, Seat
from game.ui.text import tr

SHOW_PLAYERS = 4


def default_board(options: LaunchOptions) -> str | None:
    if options.board:
        return options.board
    boards = builtin_boards()
    return "london" if "london" in boards else (boards[0] if boards else None)


def first_scene(app: App) -> None:
    """Push the screen the options ask for."""
    from game.ui.scenes.menu import MenuScene
    from game.ui.scenes.play import PlayScene
    from game.ui.scenes.show import start_show

    options = app.options
    kind = options.first_scene
    board = default_board(options)
    if kind == "menu" or board is None:
        app.push(MenuScene(app))
        return
    players = options.players or SHOW_PLAYERS
    if kind == "show":
        start_show(app, board if options.board else None, players, options.seed)
    else:
        seats = [Seat("person", tr("menu.seat.default_name", number=i + 1)) for i in range(players)]
        app.push(PlayScene(app, GameSetup(board, seats, options.seed)))


def run(argv: list[str]) -> int:
    options = parse_options(argv)
    app = App(options)
    first_scene(app)
    try:
        return app.run()
    finally:
        import pygame

        pygame.quit()


if __name__ == "__main__":
    sys.exit(run(sys.argv[1:]))
