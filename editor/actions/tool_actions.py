"""A key for each canvas tool, from the tool's letter in `editor.text.TOOLS`."""

from __future__ import annotations

from functools import partial

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut
from editor.document.bus import is_bus

# Tools the built-in help sheet (`text.HELP_LINES`) does not list (or not all they do) bring their own row:
# the messages named here for its keys (None: the tool's key) and what they do.
OWN_HELP: dict[str, tuple[str | None, str]] = {"split": (None, "HELP_SPLIT"),
                                               "select": ("HELP_DRAG_NAME_KEYS", "HELP_DRAG_NAME")}


def use_tool(name: str, editor: Editor) -> None:
    """The tool, or on a board whose toolbox lacks it (the bus tour's, the Underground's) the one there with the
    same key: S is Station on one and Place on the other, as L is Link or Route and C Cluster or District."""
    names = text.BUS_TOOL_NAMES if is_bus(editor.session.doc) else text.TOOL_NAMES
    if name not in names:
        shortcut = text.TOOLS[name][0]
        name = next((other for other in names if text.TOOLS[other][0] == shortcut), "")
    if name:
        editor.set_tool(name)


def help_row(name: str) -> tuple[str, str]:
    """The help sheet's row for a tool: its key, and what it does in the current language."""
    keys, action = OWN_HELP[name]
    return text.TOOLS[name][0] if keys is None else getattr(text, keys), getattr(text, action)


def actions() -> list[Action]:
    return [Action(f"tool_{name}", partial(use_tool, name), (Shortcut(getattr(pygame, f"K_{key.lower()}")),),
                   help=partial(help_row, name) if name in OWN_HELP else None)
            for name, (key, _, _) in text.TOOLS.items() if name in text.TOOL_NAMES or not _shared(name, key)]


def _shared(name: str, key: str) -> bool:
    """Whether a bus-tour tool has its key in common with an Underground tool (whose action then serves both)."""
    return any(text.TOOLS[other][0] == key for other in text.TOOL_NAMES)
