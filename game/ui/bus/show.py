"""The bus tour in show mode: four computers play a game of it between two cities of the Underground's
show, under the same invitation; any key or button wakes the menu, as in the Underground's show."""

from __future__ import annotations

import pygame

from game.ui import text
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.scenes.show import (
    SHOW_OVER_PAUSE,
    ShowLayer,
    above_invitation,
    attract,
    invitation_rect,
    show_layer,
    show_seats,
)
from game.ui.stage import Window

SHOW_PACE = 0.65  # of a person-facing game's pauses: brisk, still followable from a few metres


class BusShowScene(BusPlayScene):
    is_show = True
    recover_to = "show"

    def __init__(self, app: Window, after: str = "", players: int = 4) -> None:
        super().__init__(app, BusSetup("london_bus", show_seats(players), 0, SHOW_PACE))
        self.after = after  # the Underground city the show goes on with
        self.over_time = 0.0

    def enter(self) -> None:
        if show_layer(self.app) is None:
            self.app.layers.insert(0, ShowLayer())

    def panel_rect(self) -> pygame.Rect:
        """The panel above the invitation, which takes the column's foot as in the Underground's show."""
        return above_invitation(super().panel_rect())

    def _keep(self) -> None:
        """A show's game is nobody's to continue."""

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.end is not None and self.end.finished:
            self.over_time += dt
            if self.over_time >= SHOW_OVER_PAUSE:
                self.app.router.go("show", board=self.after or None)

    def intent(self, intent: object) -> None:
        """Nothing to press in a show: the show layer turns any press into the menu."""

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        attract(surface, invitation_rect(super().panel_rect()), self.end.clock if self.end else self.think,
                text.tr("bus.menu.bus"))
