"""Layers: helpers the App consults before the scene, for things that belong to no single screen.

Controllers (connect messages, focus in menus, the board cursor), the rules overlay's key and "?" button,
the first-game tips and the show mode's wake-up and idle timer all work on whatever scene is on top.
Keeping them out of the scenes keeps device code out of the screens other people edit.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.input.intents import Intent


class Layer:
    """Sees raw events and intents before the scene, and draws over it. Every hook is optional."""

    def event(self, app: App, event: pygame.event.Event) -> bool:
        """A raw event, before pygame_gui and the scene; True swallows it."""
        return False

    def intent(self, app: App, intent: Intent) -> bool:
        """An intent, before the scene; True when this layer handled it."""
        return False

    def update(self, app: App, dt: float) -> None:
        """Advance timers by `dt` seconds (the App's clock, so tests drive it with fixed steps)."""

    def draw(self, app: App, surface: pygame.Surface) -> None:
        """Draw over the finished frame (after the scene and its widgets)."""


def default_layers() -> list[Layer]:
    """The layers every window has, in the order they see input (the first to claim an intent wins)."""
    from game.ui.input.gamepad import PadLayer
    from game.ui.overlays.coach import CoachLayer
    from game.ui.overlays.help import HelpLayer

    return [CoachLayer(), HelpLayer(), PadLayer()]


def find(app: App, kind: type[Layer]) -> Layer | None:
    return next((layer for layer in app.layers if isinstance(layer, kind)), None)
