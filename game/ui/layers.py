"""Layers: helpers the App consults before the scene, for things that belong to no single screen.

Controllers (connect messages, focus in menus, the board cursor), the rules overlay's key and "?" button,
the first-game tips and the show mode's wake-up and idle timer all work on whatever scene is on top.
Keeping them out of the scenes keeps device code out of the screens other people edit. The base class is
`stage.Layer`; launch.py hands `default_layers` to the App, which never imports this module.
"""

from __future__ import annotations

from typing import TypeVar

from game.ui.input.gamepad import PadLayer
from game.ui.overlays.coach import CoachLayer
from game.ui.overlays.help import HelpLayer
from game.ui.overlays.hint import HintLayer
from game.ui.stage import Layer, Window

L = TypeVar("L", bound=Layer)


def default_layers() -> list[Layer]:
    """The layers every window has, in the order they see input (the first to claim an intent wins)."""
    return [CoachLayer(), HelpLayer(), HintLayer(), PadLayer()]


def find(app: Window, kind: type[L]) -> L | None:
    """The window's layer of that class, if it has one."""
    return next((layer for layer in app.layers if isinstance(layer, kind)), None)
