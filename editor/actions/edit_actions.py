"""Undo and redo, and the keys that edit the selection: select all, delete, spaces 1–4, Esc."""

from __future__ import annotations

from functools import partial

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut


def undo(editor: Editor) -> None:
    editor.cancel_tool()
    command = editor.session.undo()
    editor.user.status(text.STATUS_UNDO.format(label=command.label) if command else text.STATUS_NOTHING_UNDO)


def redo(editor: Editor) -> None:
    editor.cancel_tool()
    command = editor.session.redo()
    editor.user.status(text.STATUS_REDO.format(label=command.label) if command else text.STATUS_NOTHING_REDO)


def select_all(editor: Editor) -> None:
    editor.session.select_all()


def delete_selection(editor: Editor) -> None:
    editor.session.delete_selection()


def set_spaces(spaces: int, editor: Editor) -> None:
    editor.session.set_spaces(sorted(editor.session.selection), spaces)


def cancel(editor: Editor) -> None:
    """Esc: drop the tool's half-done drawing and the selection."""
    editor.cancel_tool()
    editor.session.select(set())


def actions() -> list[Action]:
    return [
        Action("undo", undo, (Shortcut(pygame.K_z, ctrl=True, shift=False),), button="history"),
        Action("redo", redo, (Shortcut(pygame.K_z, ctrl=True, shift=True), Shortcut(pygame.K_y, ctrl=True)),
               button="history"),
        Action("select_all", select_all, (Shortcut(pygame.K_a, ctrl=True),)),
        Action("delete", delete_selection, (Shortcut(pygame.K_DELETE), Shortcut(pygame.K_BACKSPACE))),
        *(Action(f"spaces_{n}", partial(set_spaces, n), (Shortcut(pygame.K_0 + n),)) for n in range(1, 5)),
        Action("cancel", cancel, (Shortcut(pygame.K_ESCAPE),)),
    ]
