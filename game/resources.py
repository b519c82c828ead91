"""Where the product's own files are: boards, fonts, sounds, translations, the theme, the open network data.

Every reader asks here instead of building a path from its own `__file__`, so the game finds its files
the same way from a clone, an editable install and a wheel installed in site-packages. The files live
inside the `game` package (`game/data/…`, `game/locales/`, `game/ui/theme.json`; docs/architecture.md
says why) and are found with `importlib.resources`; `path` hands out a real file-system path because
pygame, the compiler and gettext open files by name.
"""

from __future__ import annotations

import atexit
import contextlib
from functools import cache
from importlib.resources import as_file, files
from importlib.resources.abc import Traversable
from pathlib import Path

_extracted = contextlib.ExitStack()  # copies made by as_file if the package is ever zipped; gone at exit
atexit.register(_extracted.close)


def data(*parts: str) -> Traversable:
    """A file or folder under game/data (boards, assets, network), not necessarily on disk."""
    return files("game").joinpath("data", *parts)


@cache
def path(*parts: str) -> Path:
    """A real path of a file or folder under game/data: itself when installed as files, as pip does (a
    zipped package would have its files copied out, folders only from Python 3.12)."""
    return _extracted.enter_context(as_file(data(*parts)))


def builtin_board_names() -> list[str]:
    """The names of the compiled boards that ship with the game, sorted."""
    folder = data("boards")
    return sorted(entry.name.removesuffix(".json") for entry in folder.iterdir()
                  if entry.name.endswith(".json") and entry.is_file())


def builtin_board(name: str) -> Path | None:
    """The compiled board file of a built-in board, None when there is no such board."""
    if name not in builtin_board_names():  # also keeps "../x" and other paths out
        return None
    return path("boards", f"{name}.json")


def bus_board_names() -> list[str]:
    """The built-in boards of the second game, the bus tour (game/data/bus_boards), sorted: a folder of
    their own, so no list of Underground boards ever offers one."""
    folder = data("bus_boards")
    return sorted(entry.name.removesuffix(".json") for entry in folder.iterdir()
                  if entry.name.endswith(".json") and entry.is_file())


def bus_board(name: str) -> Path | None:
    """The compiled file of a built-in bus-tour board, None when there is no such board."""
    if name not in bus_board_names():
        return None
    return path("bus_boards", f"{name}.json")


def board_source(name: str) -> Path:
    """The Tiled source (boards/src/NAME.tmx) of a shipped board."""
    return path("boards", "src", f"{name}.tmx")


def font(file_name: str) -> Path:
    """A font file, or its metrics table, in assets/fonts."""
    return path("assets", "fonts", file_name)


def sounds() -> Path:
    """The folder of the sound effects (assets/sounds/NAME.wav)."""
    return path("assets", "sounds")


def network_file(file_name: str) -> Path:
    """One of the open network data files the importer reads (network/, see its SOURCES.md)."""
    return path("network", file_name)


def locales() -> Traversable:
    """The folder of the translations (game/locales: CODE.po sources, CODE.mo read as streams by gettext)."""
    return files("game.locales")


def theme() -> Traversable:
    """The pygame_gui theme of the game's screens (game/ui/theme.json)."""
    return files("game.ui").joinpath("theme.json")


def tutorial_board() -> Path:
    """The guided first game's own small board (tutorial/tutorial.json; its Tiled source is tutorial/src)."""
    return path("tutorial", "tutorial.json")
