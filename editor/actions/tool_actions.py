"""A key for each canvas tool, from the tool's letter in `editor.text.TOOLS`."""

from __future__ import annotations

from functools import partial

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut


def use_tool(name: str, editor: Editor) -> None:
    editor.set_tool(name)


def actions() -> list[Action]:
    return [Action(f"tool_{name}", partial(use_tool, name), (Shortcut(getattr(pygame, f"K_{key.lower()}")),))
            for name, (key, _, _) in text.TOOLS.items()]
