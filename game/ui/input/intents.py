"""What the player means, whatever the device: the `Intent` every scene and layer reacts to.

Turning raw input into intents is `mapper.InputMapper`'s business (mouse and keyboard), with
`pad_input.PadReader` for controllers; the gamepad layers (`gamepad.py`) turn the `pad_*` intents into the
same clicks and camera moves as the mouse's. This module imports neither, so both can make intents.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Intent:
    """Something the player means: zoom, pan, pan_step, fit, select, hover, back, help, fullscreen, quit,
    and from a controller pad_move, pad_a, pad_b, pad_x, pad_y, pad_prev, pad_next, pad_start, pad_back.

    `device` is the controller's instance id for intents a controller made (None for mouse and keyboard),
    so a controller can be tied to one seat.
    """

    kind: str
    pos: tuple[float, float] | None = None
    delta: tuple[float, float] = (0.0, 0.0)
    amount: int = 0
    device: int | None = None
