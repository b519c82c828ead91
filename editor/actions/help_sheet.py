"""The help overlay with every shortcut (F1 or ?); any key or click closes it."""

from __future__ import annotations

import pygame

from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut


def toggle_help(editor: Editor) -> None:
    editor.help_visible = not editor.help_visible


def actions() -> list[Action]:
    return [Action("help", toggle_help, (Shortcut(pygame.K_F1), Shortcut(char="?")), button="board")]
