"""A turn with one controller: a cursor that jumps between the lit spaces, and the passenger's routes in turn.

The cursor never invents moves of its own: A is a click at the cursor (the play screen's own "select"),
X, Y, B and Start click the sidebar's buttons where the mouse would. While a controller is in use the
play screen's hover follows the cursor, so the lit space, its preview and the focused route are the ones
the mouse would have shown.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import pygame

from game import geometry
from game.ui import style, text
from game.ui.input.intents import Intent
from game.ui.input.pad_focus import step_towards

if TYPE_CHECKING:
    from game.ui.stage import Table

Point = tuple[float, float]
MARGIN = 70  # pixels: a cursor closer than this to the board's edge pans the board


def spot_centre(scene: Table, kind: str, value: Any = None) -> Point | None:
    """Where the sidebar (or the card strip) drew the control `kind`, if it is on screen now."""
    for spot in scene.hotspots():
        if spot.kind == kind and (value is None or spot.value == value):
            return (float(spot.rect.centerx), float(spot.rect.centery))
    return None


class BoardCursor:
    """The controller's place on the board (a link with a lit space) and its focused passenger route."""

    def __init__(self) -> None:
        self.link: int | None = None
        self.anchor: Point | None = None  # where the cursor last was, to land near it after a placement
        self.focus = 0

    # ----- where things are -----

    @staticmethod
    def space_point(scene: Table, link: int) -> Point:
        """The middle of the link's next free space, on screen."""
        assert scene.ctl is not None and scene.overlay is not None
        tracks = scene.ctl.shown.tracks
        slot = len(tracks[link]) if link < len(tracks) else 0
        path = scene.overlay.slot_screen(link, slot)
        return geometry.point_along(path, 0.5) if len(path) >= 2 else path[0]

    def point(self, scene: Table) -> Point | None:
        return self.space_point(scene, self.link) if self.link is not None else None

    @staticmethod
    def playing(scene: Table) -> bool:
        """A person is placing track now (the cursor is on the board)."""
        ctl = scene.ctl
        return ctl is not None and ctl.person_may_act() and ctl.state.phase == "actions"

    @staticmethod
    def choosing(scene: Table) -> bool:
        """A person is choosing the passenger's route now (the cursor is on the route list)."""
        ctl = scene.ctl
        return ctl is not None and ctl.person_may_act() and bool(ctl.route_options())

    def ensure(self, scene: Table) -> None:
        """Keep the cursor on a lit space: after a placement or a line switch, the nearest lit one."""
        assert scene.ctl is not None
        legal = list(scene.ctl.legal_spaces())
        if self.link in legal:
            self.anchor = self.point(scene)
            return
        if not legal:
            self.link = None
            return
        vx, vy, vw, vh = scene.board_rect()
        anchor = self.anchor or (vx + vw / 2, vy + vh / 2)
        self.link = min(legal, key=lambda link: math.dist(anchor, self.space_point(scene, link)))
        self.anchor = self.point(scene)

    def sync(self, scene: Table) -> None:
        """Point the play screen's hover at the cursor (or the focused route), as the mouse would."""
        if self.playing(scene):
            self.ensure(scene)
            point = self.point(scene)
            scene.hover = (round(point[0]), round(point[1])) if point is not None else None
        elif self.choosing(scene):
            assert scene.ctl is not None
            self.focus %= len(scene.ctl.route_options())
            centre = spot_centre(scene, "route", self.focus)
            scene.hover = (round(centre[0]), round(centre[1])) if centre is not None else None

    # ----- input -----

    def handle(self, scene: Table, intent: Intent) -> bool:
        """A controller intent on the play screen; True when it meant something here."""
        ctl = scene.ctl
        if ctl is None or scene.view is None:
            return False
        kind = intent.kind
        if kind == "zoom":  # triggers zoom around the cursor, not the middle of the screen
            point = self.point(scene) if self.playing(scene) else None
            return scene.view.handle(Intent("zoom", pos=point, amount=intent.amount))
        if kind in ("pad_b", "pad_back"):
            return self._click(scene, "undo") or ctl.undo()
        if self.choosing(scene):
            return self._route(scene, intent)
        if not self.playing(scene):
            return False
        self.ensure(scene)
        if kind == "pad_move":
            self.move(scene, intent.delta)
        elif kind == "pad_a":
            point = self.point(scene)
            if point is None:
                ctl.say(text.tr("play.no_space", line=text.line_name(ctl.selected or "")))
            else:
                scene.intent(Intent("select", pos=point))
        elif kind == "pad_x":
            return self._click(scene, "branch") or ctl.take_branch()
        elif kind in ("pad_y", "pad_next", "pad_prev"):
            self.switch_line(scene, -1 if kind == "pad_prev" else 1)
        else:
            return False
        self.sync(scene)
        return True

    def move(self, scene: Table, direction: Point) -> None:
        """Jump to the nearest lit space in `direction`, and keep it in view."""
        assert scene.ctl is not None
        legal = list(scene.ctl.legal_spaces())
        if self.link is None or not legal:
            return
        points = [pygame.Rect(round(p[0]), round(p[1]), 1, 1)
                  for p in (self.space_point(scene, link) for link in legal)]
        target = step_towards(points, legal.index(self.link), direction)
        if target is not None:
            self.link = legal[target]
        self.reveal(scene)
        self.anchor = self.point(scene)

    def reveal(self, scene: Table) -> None:
        """Pan the board so the cursor sits inside it, clear of the edges."""
        point = self.point(scene)
        if point is None or scene.view is None:
            return
        x, y, w, h = scene.board_rect()
        margin = min(MARGIN, w / 4, h / 4)
        dx = (x + margin - point[0]) if point[0] < x + margin else min(0.0, x + w - margin - point[0])
        dy = (y + margin - point[1]) if point[1] < y + margin else min(0.0, y + h - margin - point[1])
        if dx or dy:
            scene.view.camera.pan(dx, dy)

    def switch_line(self, scene: Table, step: int) -> None:
        ctl = scene.ctl
        assert ctl is not None
        lines = ctl.state.players[ctl.state.current].lines
        if not lines:
            return
        at = lines.index(ctl.selected) if ctl.selected in lines else -1
        line = lines[(at + step) % len(lines)]
        if not self._click(scene, "line", line):
            ctl.select_line(line)

    def _route(self, scene: Table, intent: Intent) -> bool:
        """The passenger's choice: shoulders or the d-pad walk the routes, A or Start takes one."""
        ctl = scene.ctl
        assert ctl is not None
        options = ctl.route_options()
        kind = intent.kind
        if kind in ("pad_prev", "pad_next", "pad_y") or (kind == "pad_move" and intent.delta[1]):
            step = -1 if kind == "pad_prev" or (kind == "pad_move" and intent.delta[1] < 0) else 1
            self.focus = (self.focus + step) % len(options)
        elif kind in ("pad_a", "pad_start"):
            self.focus %= len(options)
            if not (self._click(scene, "route", self.focus) or (len(options) == 1 and self._click(scene, "go"))):
                ctl.choose(options[self.focus])
            self.focus = 0
            return True
        else:
            return False
        self.sync(scene)
        return True

    @staticmethod
    def _click(scene: Table, kind: str, value: Any = None) -> bool:
        """Click a sidebar control where it is drawn; False if it is not on screen."""
        centre = spot_centre(scene, kind, value)
        if centre is None:
            return False
        scene.intent(Intent("select", pos=centre))
        return True

    # ----- drawing -----

    def draw(self, scene: Table, surface: pygame.Surface, time: float) -> None:
        """A ring on the cursor's space and the buttons' meanings at the foot of the board."""
        if self.playing(scene):
            point = self.point(scene)
            if point is not None:
                pulse = 0.5 + 0.5 * math.sin(time * 6)
                r = style.ui(15) + 3 * pulse
                pygame.draw.circle(surface, style.INK, point, r + 2, 2)
                pygame.draw.circle(surface, style.GOLD, point, r, 3)
            self._hint(scene, surface, text.tr("pad.hint.actions"))
        elif self.choosing(scene):
            self._hint(scene, surface, text.tr("pad.hint.route"))

    @staticmethod
    def _hint(scene: Table, surface: pygame.Surface, message: str) -> None:
        x, y, w, h = scene.board_rect()
        label = style.fit_text(message, style.ui(15), "bold", style.HALO, round(w) - 60)
        box = label.get_rect().inflate(26, 14)
        box.bottomleft = (round(x) + 14, round(y + h) - 14)
        pygame.draw.rect(surface, style.INK, box, border_radius=10)
        surface.blit(label, label.get_rect(center=box.center))
