"""A key for each canvas tool, from the tool's letter in `editor.text.TOOLS`."""

from __future__ import annotations

from functools import partial

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut

# Tools the built-in help sheet (`text.HELP_LINES`) does not list (or not all they do) bring their own row:
# the messages named here for its keys (None: the tool's key) and what they do.
OWN_HELP: dict[str, tuple[str | None, str]] = {"split": (None, "HELP_SPLIT"),
                                               "select": ("HELP_DRAG_NAME_KEYS", "HELP_DRAG_NAME")}


def use_tool(name: str, editor: Editor) -> None:
    editor.set_tool(name)


def help_row(name: str) -> tuple[str, str]:
    """The help sheet's row for a tool: its key, and what it does in the current language."""
    keys, action = OWN_HELP[name]
    return text.TOOLS[name][0] if keys is None else getattr(text, keys), getattr(text, action)


def actions() -> list[Action]:
    return [Action(f"tool_{name}", partial(use_tool, name), (Shortcut(getattr(pygame, f"K_{key.lower()}")),),
                   help=partial(help_row, name) if name in OWN_HELP else None)
            for name, (key, _, _) in text.TOOLS.items()]
