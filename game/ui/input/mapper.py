"""Raw input turned into intents, so mouse, keyboard and gamepads drive the game the same way.

Scenes react to intents only; which device produced one is this module's business. Controller events
are read by `pad_input.PadReader`; the `pad_*` intents it makes are turned into the same clicks and
camera moves as the mouse's by the gamepad layers (see `gamepad.py`).
"""

from __future__ import annotations

import pygame

from game.ui.input.intents import Intent
from game.ui.input.pad_input import PadReader

DRAG_THRESHOLD = 5  # pixels the mouse must travel before a press becomes a drag rather than a click

# Keys that move the board while held: direction in view fractions per tick.
PAN_KEYS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1),
}


class InputMapper:
    """Turns pygame events into intents; remembers just enough (the press, held keys) to tell drags from clicks."""

    def __init__(self) -> None:
        self._press: tuple[int, int] | None = None
        self._last: tuple[int, int] | None = None
        self._dragging = False
        self._held: set[int] = set()
        self.pad = PadReader()

    def reset(self) -> None:
        """Forget presses and held keys (a scene change must not inherit a half-done drag)."""
        self._press = self._last = None
        self._dragging = False
        self._held.clear()
        self.pad.reset()

    def map(self, event: pygame.event.Event) -> list[Intent]:
        kind = event.type
        if kind == pygame.QUIT:
            return [Intent("quit")]
        if kind == pygame.MOUSEWHEEL:
            steps = int(event.y) if event.y else 0
            if not steps:
                return []
            return [Intent("zoom", pos=pygame.mouse.get_pos(), amount=steps)]
        if kind == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self._press = self._last = tuple(event.pos)
            self._dragging = event.button != 1  # middle and right drag at once; left may still be a click
            return []
        if kind == pygame.MOUSEMOTION:
            pos = tuple(event.pos)
            if self._press is None:
                return [Intent("hover", pos=pos)]
            if not self._dragging:
                dx, dy = pos[0] - self._press[0], pos[1] - self._press[1]
                if dx * dx + dy * dy < DRAG_THRESHOLD * DRAG_THRESHOLD:
                    return []
                self._dragging = True
            last = self._last or pos
            self._last = pos
            return [Intent("pan", pos=pos, delta=(pos[0] - last[0], pos[1] - last[1]))]
        if kind == pygame.MOUSEBUTTONUP and event.button in (1, 2, 3):
            was_click = self._press is not None and not self._dragging and event.button == 1
            self._press = self._last = None
            self._dragging = False
            return [Intent("select", pos=tuple(event.pos))] if was_click else []
        if kind == pygame.KEYDOWN:
            return self._key(event.key)
        if kind in self.pad.EVENTS:
            return self.pad.map(event)
        if kind == pygame.KEYUP:
            self._held.discard(event.key)
        if kind == pygame.WINDOWFOCUSLOST:
            self.reset()
        return []

    def _key(self, key: int) -> list[Intent]:
        if key in PAN_KEYS:
            self._held.add(key)
            return [Intent("pan_step", delta=PAN_KEYS[key])]
        if key in (pygame.K_f, pygame.K_HOME):
            return [Intent("fit")]
        if key in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            return [Intent("zoom", amount=1)]
        if key in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return [Intent("zoom", amount=-1)]
        if key == pygame.K_F11:
            return [Intent("fullscreen")]
        if key == pygame.K_ESCAPE:
            return [Intent("back")]
        if key in (pygame.K_F1, pygame.K_h):
            return [Intent("help")]
        return []

    def held(self, dt: float = 0.0) -> list[Intent]:
        """Intents for keys and sticks still held, once per frame: smooth panning, repeated cursor moves."""
        keys = [Intent("pan_step", delta=PAN_KEYS[key]) for key in sorted(self._held) if key in PAN_KEYS]
        return keys + self.pad.held(dt)
