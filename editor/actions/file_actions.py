"""New, open, save, save as and quit: the document's file commands, through `editor.document.files`."""

from __future__ import annotations

import pygame

from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut


def new(editor: Editor) -> None:
    editor.files.guard(editor.files.new)


def new_bus(editor: Editor) -> None:
    """A new board for the bus tour (map property game = bus, its layers); its tools replace the Underground's."""
    editor.files.guard(editor.files.new_bus)


def open_board(editor: Editor) -> None:
    editor.files.open_dialog()


def save(editor: Editor) -> None:
    editor.files.save()


def save_as(editor: Editor) -> None:
    editor.files.save_as_dialog()


def quit_editor(editor: Editor) -> None:
    editor.quit()


def actions() -> list[Action]:
    return [
        Action("new", new, (Shortcut(pygame.K_n, ctrl=True, shift=False),), button="file"),
        Action("new_bus", new_bus, (Shortcut(pygame.K_n, ctrl=True, shift=True),), button="file"),
        Action("open", open_board, (Shortcut(pygame.K_o, ctrl=True),), button="file"),
        Action("save", save, (Shortcut(pygame.K_s, ctrl=True, shift=False),), button="file"),
        Action("save_as", save_as, (Shortcut(pygame.K_s, ctrl=True, shift=True),), button="file"),
        Action("quit", quit_editor, (Shortcut(pygame.K_q, ctrl=True),)),
    ]
