"""A key for each canvas tool, from the tool's letter in `editor.text.TOOLS`."""

from __future__ import annotations

from functools import partial

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut

# Tools the built-in help sheet (`text.HELP_LINES`) does not list bring their own row: the message named here.
OWN_HELP = {"split": "HELP_SPLIT"}


def use_tool(name: str, editor: Editor) -> None:
    editor.set_tool(name)


def help_row(name: str) -> tuple[str, str]:
    """The help sheet's row for a tool: its key, and what it does in the current language."""
    return text.TOOLS[name][0], getattr(text, OWN_HELP[name])


def actions() -> list[Action]:
    return [Action(f"tool_{name}", partial(use_tool, name), (Shortcut(getattr(pygame, f"K_{key.lower()}")),),
                   help=partial(help_row, name) if name in OWN_HELP else None)
            for name, (key, _, _) in text.TOOLS.items()]
