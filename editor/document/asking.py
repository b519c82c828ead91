"""What the editing code may ask of the person at the screen, without knowing the window that asks.

Tools, the panel, file operations and actions call these; the window (`editor.app.prompts`) answers them
with a status line, an entry at a spot on the map and modal dialogs. Every answer arrives through a
callback, since the window keeps running while the person thinks.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple, Protocol

from editor.document.tmx import Point


class ImportCity(NamedTuple):
    """A city the import form offers: its name as a designer writes it ("New York", not "newyork") and an
    example area of it (LAT1,LON1,LAT2,LON2) that an empty area field stands for."""

    title: str
    example: str


class ImportChoice(NamedTuple):
    """What the import form was given: as `python -m editor import --city CITY (--area … | --stations FILE)
    [--thorough]`."""

    city: str
    area: str = ""  # LAT1,LON1,LAT2,LON2; empty: the city's example area
    stations: str = ""  # a station list file, one name a line; stands for the area when given
    thorough: bool = False  # minutes for clearer names (`--thorough`)


class AskUser(Protocol):
    """Tell and ask the user; `then` runs only when the user answers (a cancelled dialog never calls it).

    What `then` returns is ignored.
    """

    def status(self, message: str) -> None:
        """A one-line message in the status bar for a few seconds."""

    def ask_name(self, pos: Point, default: str, then: Callable[[str], None]) -> None:
        """A name typed at map point `pos`; `default` when left empty."""

    def confirm(self, title: str, message: str, button: str, then: Callable[[], None]) -> None:
        """A yes/no question; `then` on yes."""

    def pick_file(self, title: str, start: Path, then: Callable[[Path], object], *, existing: bool,
                  suffixes: set[str] | None = None) -> None:
        """A file to open (`existing`) or to write."""

    def tell(self, title: str, message: str) -> None:
        """A message window (HTML text) the user closes."""

    def show_problems(self, problems: Callable[[], list[str]], then: Callable[[], None]) -> None:
        """A window listing `problems()` as they are now, read again while it is open (the user may fix them
        meanwhile); once the list is empty it says so and offers to go on with `then`."""

    def ask_import(self, cities: dict[str, ImportCity], then: Callable[[ImportChoice], None], *,
                   chosen: ImportChoice | None = None, error: str = "", folder: Path | None = None) -> None:
        """A city and an optional area, or a station list file (looked for from `folder`), for importing a real
        network; after a failed import, the form again as the designer `chosen` it and the `error` that says
        what to change."""
