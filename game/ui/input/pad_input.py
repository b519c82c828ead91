"""Game controller events (SDL's standard layout) turned into intents.

It reads only the events, never a device: events posted by a test work exactly like a real controller's,
and nothing here needs `pygame.joystick.get_count() > 0`. What the `pad_*` intents do is decided by the
layers in `gamepad.py`, which turn them into the same clicks and camera moves as the mouse's.

Mapping (also in the help overlay): d-pad / left stick move the cursor or the focus, A places or presses,
X takes a branch token, Y switches line, B or Back undoes, LB/RB cycle lines or the passenger's routes,
Start confirms the route, right stick pans, triggers zoom, right stick click fits, left stick click or
Guide opens the rules.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui.input.intents import Intent

AXIS_MAX = 32767.0
STICK_ON = 0.55  # a stick pushed this far counts as one push of the d-pad
STICK_OFF = 0.35  # and must come back this far before it counts again
DEADZONE = 0.2  # below this a stick is at rest (worn sticks never read exactly 0)
TRIGGER_ON = 0.5
REPEAT_DELAY = 0.4  # seconds before a held direction repeats
REPEAT_EVERY = 0.16
ZOOM_EVERY = 0.3  # seconds between zoom steps while a trigger is held
PAN_RATE = 60.0  # pan_step units per second at full deflection: the arrow keys' speed at 60 frames a second

BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "pad_a",
    pygame.CONTROLLER_BUTTON_B: "pad_b",
    pygame.CONTROLLER_BUTTON_X: "pad_x",
    pygame.CONTROLLER_BUTTON_Y: "pad_y",
    pygame.CONTROLLER_BUTTON_BACK: "pad_back",
    pygame.CONTROLLER_BUTTON_START: "pad_start",
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "pad_prev",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "pad_next",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "help",
    pygame.CONTROLLER_BUTTON_GUIDE: "help",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "fit",
}

DPAD: dict[int, tuple[float, float]] = {
    pygame.CONTROLLER_BUTTON_DPAD_UP: (0.0, -1.0),
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: (0.0, 1.0),
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: (-1.0, 0.0),
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: (1.0, 0.0),
}


class _Repeat:
    """A held direction: fires at once, again after REPEAT_DELAY, then every REPEAT_EVERY."""

    def __init__(self, direction: tuple[float, float]) -> None:
        self.direction = direction
        self.wait = REPEAT_DELAY

    def tick(self, dt: float) -> bool:
        self.wait -= dt
        if self.wait > 0:
            return False
        self.wait += REPEAT_EVERY
        return True


class PadReader:
    """Remembers sticks, triggers and held d-pad buttons per controller, to tell pushes from holds."""

    EVENTS = frozenset({pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION,
                        pygame.CONTROLLERDEVICEREMOVED, pygame.CONTROLLERDEVICEADDED})

    def __init__(self) -> None:
        self._axes: dict[tuple[int | None, int], float] = {}
        self._moves: dict[tuple[int | None, str], _Repeat] = {}  # (device, "dpad<button>" or "stick")
        self._zoom: dict[tuple[int | None, int], float] = {}  # (device, trigger axis) → seconds to the next step

    def reset(self) -> None:
        """Forget what is held (a new screen must not inherit a stick push)."""
        self._axes.clear()
        self._moves.clear()
        self._zoom.clear()

    def map(self, event: pygame.event.Event) -> list[Intent]:
        device = getattr(event, "instance_id", None)
        if event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._forget(device)
            return []
        if event.type == pygame.CONTROLLERBUTTONDOWN:
            button = getattr(event, "button", -1)
            if button in DPAD:
                self._moves[(device, f"dpad{button}")] = _Repeat(DPAD[button])
                return [Intent("pad_move", delta=DPAD[button], device=device)]
            kind = BUTTONS.get(button)
            return [Intent(kind, device=device)] if kind else []
        if event.type == pygame.CONTROLLERBUTTONUP:
            self._moves.pop((device, f"dpad{getattr(event, 'button', -1)}"), None)
            return []
        if event.type == pygame.CONTROLLERAXISMOTION:
            return self._axis(device, getattr(event, "axis", -1), getattr(event, "value", 0))
        return []

    def _forget(self, device: int | None) -> None:
        tables: tuple[dict[tuple[int | None, Any], Any], ...] = (self._axes, self._moves, self._zoom)
        for table in tables:
            for key in [k for k in table if k[0] == device]:
                del table[key]

    def _axis(self, device: int | None, axis: int, raw: float) -> list[Intent]:
        value = max(-1.0, min(1.0, float(raw) / AXIS_MAX))
        self._axes[(device, axis)] = value
        if axis in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            x, y = self.stick(device, pygame.CONTROLLER_AXIS_LEFTX)
            strength = math.hypot(x, y)
            key = (device, "stick")
            if strength >= STICK_ON and key not in self._moves:
                direction = (x / strength, y / strength)
                self._moves[key] = _Repeat(direction)
                return [Intent("pad_move", delta=direction, device=device)]
            if strength < STICK_OFF:
                self._moves.pop(key, None)
            elif key in self._moves:
                self._moves[key].direction = (x / strength, y / strength)
            return []
        if axis in (pygame.CONTROLLER_AXIS_TRIGGERLEFT, pygame.CONTROLLER_AXIS_TRIGGERRIGHT):
            key2 = (device, axis)
            if value >= TRIGGER_ON and key2 not in self._zoom:
                self._zoom[key2] = ZOOM_EVERY
                return [self._zoom_intent(device, axis)]
            if value < TRIGGER_ON:
                self._zoom.pop(key2, None)
        return []

    @staticmethod
    def _zoom_intent(device: int | None, axis: int) -> Intent:
        return Intent("zoom", amount=1 if axis == pygame.CONTROLLER_AXIS_TRIGGERRIGHT else -1, device=device)

    def stick(self, device: int | None, x_axis: int) -> tuple[float, float]:
        """A stick's position with the dead zone taken out (0 at rest, 1 at the rim)."""
        x = self._axes.get((device, x_axis), 0.0)
        y = self._axes.get((device, x_axis + 1), 0.0)
        strength = math.hypot(x, y)
        if strength < DEADZONE:
            return (0.0, 0.0)
        scale = min(1.0, (strength - DEADZONE) / (1 - DEADZONE)) / strength
        return (x * scale, y * scale)

    def held(self, dt: float) -> list[Intent]:
        """Once per frame: repeated moves and zoom steps while held, and panning with the right stick."""
        out: list[Intent] = []
        for (device, _), repeat in list(self._moves.items()):
            if repeat.tick(dt):
                out.append(Intent("pad_move", delta=repeat.direction, device=device))
        for (device, axis), wait in list(self._zoom.items()):
            wait -= dt
            if wait <= 0:
                wait += ZOOM_EVERY
                out.append(self._zoom_intent(device, axis))
            self._zoom[(device, axis)] = wait
        right = (pygame.CONTROLLER_AXIS_RIGHTX, pygame.CONTROLLER_AXIS_RIGHTY)
        for device in {d for d, axis in self._axes if axis in right}:
            x, y = self.stick(device, pygame.CONTROLLER_AXIS_RIGHTX)
            if (x or y) and dt > 0:
                out.append(Intent("pan_step", delta=(x * dt * PAN_RATE, y * dt * PAN_RATE), device=device))
        return out
