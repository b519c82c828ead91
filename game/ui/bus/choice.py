"""The bus tour in the menu: its boards as choices (the built-in ones, and a designer's file or source given
with --board), their titles, each board loaded once for the preview, and why one cannot be played."""

from __future__ import annotations

from pathlib import Path

import pygame

from game import resources
from game.board.model import BoardError
from game.bus.board import BusBoard
from game.bus.catalogue import load_bus_board
from game.ui import style, text


def bus_choices(extra: str | None) -> list[str]:
    """The bus-tour boards the menu offers: the built-in ones, then the one given on the command line."""
    return resources.bus_board_names() + ([extra] if extra else [])


def bus_title(name: str) -> str:
    """A built-in bus tour by its title, a designer's by its file's name."""
    if name in resources.bus_board_names():
        return text.tr("bus.menu.bus")
    return text.tr("bus.menu.file", name=Path(name).stem)


class BusBoards:
    """Each chosen bus-tour board loaded once (a source is compiled to show it), or the reason it cannot be."""

    def __init__(self) -> None:
        self.loaded: dict[str, tuple[BusBoard | None, str]] = {}

    def get(self, spec: str) -> tuple[BusBoard | None, str]:
        if spec not in self.loaded:
            try:
                self.loaded[spec] = (load_bus_board(spec), "")
            except BoardError as error:
                self.loaded[spec] = (None, text.tr("error.board", reason=str(error)))
        return self.loaded[spec]


def draw_reason(surface: pygame.Surface, card: pygame.Rect, message: str, size: int, line: int) -> None:
    """Why a board cannot be played, in full across the preview card: a designer needs the object it names."""
    lines = style.wrap(message, size, "semibold", card.width - 2 * line, max_lines=4)
    top = card.centery - len(lines) * line // 2
    for k, words in enumerate(lines):
        image = style.fit_text(words, size, "semibold", style.INK_SOFT, card.width - 2 * line)
        surface.blit(image, image.get_rect(midtop=(card.centerx, top + k * line)))
