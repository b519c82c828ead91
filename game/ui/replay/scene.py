"""Watching a game again: the play screen with every seat played by the record, and a control band.

The whole game runs again from its first action through the play screen's own turn controller, so each
placement pulses and each ride glides as it did. Under the board: play / pause (Space), one step (S),
speed ×1 / ×4 / ×16 (X, or 1, 2, 3), the progress through the record, and Back (Esc) to the end screen.
Nothing is saved and nothing at the table answers clicks: `table()` is None, as in the show.
"""

from __future__ import annotations

import pygame

from game.ui import style, text
from game.ui.input.intents import Intent
from game.ui.panels.widgets import Hotspot, button, hit
from game.ui.replay.script import ReplayScript
from game.ui.scenes.play import PlayScene
from game.ui.stage import Window
from game.ui.table.session import GameSession

SPEEDS = (1, 4, 16)
SPEED_KEYS = {pygame.K_1: 1, pygame.K_2: 4, pygame.K_3: 16, pygame.K_KP1: 1, pygame.K_KP2: 4, pygame.K_KP3: 16}
BAND = 64  # the control band's height at scale 1


class ReplayScene(PlayScene):
    """One recorded game, played back with pause, step and fast-forward."""

    autosave = False
    show_controls = False

    def __init__(self, app: Window, session: GameSession | None = None, script: ReplayScript | None = None) -> None:
        if script is None:
            assert session is not None, "a replay needs a finished session or a script"
            script = ReplayScript.of(session)
        self.script = script
        self.source = session  # the finished game the end screen shows again on Esc
        self.paused = False
        self.speed = 1
        self.spots: list[Hotspot] = []
        super().__init__(app, script.setup, board=script.board, session=script.session())

    # ----- where the record is -----

    @property
    def done(self) -> int:
        """Actions of the record played so far."""
        return len(self.session.state.log) if self.session is not None else 0

    @property
    def at_end(self) -> bool:
        return self.done >= self.script.length

    @property
    def finished(self) -> bool:
        """The last action has been played and its animation has ended."""
        return self.at_end and self.ctl is not None and not self.ctl.busy

    # ----- controls -----

    def toggle_pause(self) -> None:
        if self.finished:
            self.restart()
        else:
            self.paused = not self.paused

    def step(self) -> None:
        """Pause, finish what is moving and play the next action of the record."""
        ctl = self.ctl
        self.paused = True
        if ctl is None or self.at_end:
            return
        ctl.queue.finish()
        ctl.perform(self.script.actions[self.done])

    def faster(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]

    def restart(self) -> None:
        """From the first action again."""
        self.session = self.script.session()
        self.ctl = self._controller(self.session)
        self.paused = False
        if self.view is not None:
            self.view.camera.fit()

    def back(self) -> None:
        if self.ctl is not None:
            self.ctl.queue.finish()
        if self.source is not None:
            self.app.router.replace("end", session=self.source)
        else:
            self.app.router.replace("menu")

    # ----- input -----

    def event(self, event: pygame.event.Event) -> None:
        self.ambient = 5.0
        if event.type != pygame.KEYDOWN:
            return
        if event.key in (pygame.K_SPACE, pygame.K_p):
            self.toggle_pause()
        elif event.key in (pygame.K_s, pygame.K_PERIOD):
            self.step()
        elif event.key == pygame.K_x:
            self.faster()
        elif event.key in SPEED_KEYS:
            self.speed = SPEED_KEYS[event.key]

    def intent(self, intent: Intent) -> None:
        if intent.kind == "select" and intent.pos is not None:
            spot = hit(self.spots, intent.pos)
            if spot is not None:
                self.app.audio.play("click")
                self.press_control(spot)
                return
        if intent.kind in ("pad_a", "pad_start"):
            self.toggle_pause()
        elif intent.kind == "pad_next":
            self.step()
        elif intent.kind == "pad_y":
            self.faster()
        elif intent.kind in ("back", "pad_b"):
            self.back()
        else:
            super().intent(intent)

    def press_control(self, spot: Hotspot) -> None:
        if spot.kind == "pause":
            self.toggle_pause()
        elif spot.kind == "step":
            self.step()
        elif spot.kind == "speed":
            self.speed = spot.value
        elif spot.kind == "back":
            self.back()

    # ----- time -----

    def update(self, dt: float) -> None:
        self.time += dt
        ctl = self.ctl
        if ctl is None:
            return
        scaled = dt * self.speed
        if self.paused or self.at_end:
            ctl.queue.update(scaled)  # what was moving finishes; nothing new starts
        else:
            ctl.update(scaled)
        self._follow()

    def animating(self) -> bool:
        """Frames while the record plays or something moves; a paused, still replay rests."""
        ctl = self.ctl
        return ctl is not None and (ctl.busy or not (self.paused or self.at_end))

    # ----- drawing -----

    def caption(self) -> str:
        return text.tr("replay.caption", board=text.board_title(self.script.board))

    def board_rect(self) -> tuple[float, float, float, float]:
        x, y, w, h = super().board_rect()
        return (x, y, w, max(10.0, h - style.ui(BAND)))

    def band_rect(self) -> pygame.Rect:
        x, y, w, h = (round(v) for v in self.board_rect())
        return pygame.Rect(x, y + h, w, style.ui(BAND))

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.view is not None:
            self._band(surface, self.band_rect())

    def _band(self, surface: pygame.Surface, band: pygame.Rect) -> None:
        """The controls: play/pause, step, the three speeds, the progress bar, back."""
        u = style.ui
        pygame.draw.rect(surface, style.INK, band)
        hover = self.hover
        spots: list[Hotspot] = []
        height = u(40)
        y = band.centery - height // 2
        x = band.x + u(14)

        def control(width: int, label: str, key: str, kind: str, value: object = None, primary: bool = False) -> None:
            nonlocal x
            rect = pygame.Rect(x, y, width, height)
            button(surface, rect, label, key, primary=primary, size=u(15),
                   hovered=hover is not None and rect.collidepoint(hover))
            spots.append(Hotspot(rect, kind, value))
            x = rect.right + u(8)

        if self.finished:
            play_label = text.tr("replay.again")
        else:
            play_label = text.tr("replay.play") if self.paused else text.tr("replay.pause")
        control(u(150), play_label, text.tr("replay.pause_key"), "pause", primary=self.paused or self.finished)
        control(u(110), text.tr("replay.step"), "S", "step")
        for speed in SPEEDS:
            control(u(58), f"×{speed}", "", "speed", speed, primary=speed == self.speed)
        back = pygame.Rect(band.right - u(14) - u(130), y, u(130), height)
        button(surface, back, text.tr("replay.back"), text.tr("replay.back_key"), size=u(15),
               hovered=hover is not None and back.collidepoint(hover))
        spots.append(Hotspot(back, "back"))
        self._progress(surface, pygame.Rect(x + u(8), band.y, back.x - x - u(24), band.height))
        self.spots = spots

    def _progress(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """How far the record has played: a bar, and the turn and move counts above it."""
        if area.width < 40:
            return
        total = max(1, self.script.length)
        done = min(self.done, total)
        state = self.ctl.state if self.ctl is not None else None
        turn = (state.turn if state is not None else 0) + 1
        label = text.tr("replay.progress", done=done, total=total, turn=turn)
        image = style.fit_text(label, style.ui(14), "semibold", style.HALO, area.width)
        surface.blit(image, (area.x, area.y + style.ui(8)))
        bar = pygame.Rect(area.x, area.bottom - style.ui(22), area.width, style.ui(10))
        pygame.draw.rect(surface, style.mix(style.INK, style.HALO, 0.25), bar, border_radius=bar.height // 2)
        filled = bar.copy()
        filled.width = max(bar.height, round(bar.width * done / total))
        pygame.draw.rect(surface, style.GOLD, filled, border_radius=bar.height // 2)
