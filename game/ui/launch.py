"""Opening the window: give the App its screens and layers, choose the first screen, run.

This is where the screens are put together: the App gets the scene catalog (scenes/catalog.py) for its
router and the default layers (layers.py); app.py itself imports neither.
"""

from __future__ import annotations

from game.board.loader import builtin_boards, load_board
from game.bus.catalogue import is_bus_board, load_bus_board
from game.bus.rules.state import MAX_PLAYERS as BUS_MAX_PLAYERS
from game.persist import saves
from game.persist.settings import SettingsStore
from game.ui.app import App
from game.ui.layers import default_layers
from game.ui.options import LaunchOptions
from game.ui.replay.script import ReplayScript
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
    if options.resume and not options.scene:
        saved = saves.has_autosave()
        app.router.push("menu")  # reading the saves sets a bad one aside, and the menu says why
        if not app.router.replace("resume") and not saved:  # no game it can resume: the menu stays
            app.notice = app.notice or tr("save.none")
        return
    if kind == "menu" or board is None:
        app.router.push("menu")
        return
    players = options.players or SHOW_PLAYERS
    if is_bus_board(board):  # the second game, the London bus tour: its own show and table, 2 to 4 players
        count = min(players, BUS_MAX_PLAYERS)
        if kind == "show":
            app.router.go("bus_show", after=default_board(LaunchOptions()) or "", players=count)
        else:
            seats = [Seat("person", tr("menu.seat.default_name", number=i + 1)) for i in range(count)]
            app.router.push("bus", board=board, seats=seats, seed=options.seed or 0)
        return
    if kind == "show":
        app.router.go("show", board=board if options.board else None, players=players, seed=options.seed,
                      replay=options.replay)
    else:
        seats = [Seat("person") for _ in range(players)]  # "Player 1"…, said in the language of the moment
        app.router.push("play", setup=GameSetup(board, seats, options.seed))


def run(options: LaunchOptions) -> int:
    """Open the window and play until it closes; a --board that cannot be opened is refused before."""
    if options.board:  # BoardError: one line from the entry point's boundary, no window
        if is_bus_board(options.board):
            load_bus_board(options.board)
        else:
            load_board(options.board)
    if options.replay is not None:
        ReplayScript.read(options.replay)  # ReplayError: why the save cannot be watched, one line, no window
    app = open_app(options)
    first_scene(app)
    try:
        return app.run()
    finally:
        import pygame

        pygame.quit()

