"""Controllers at the table: plugging in and out, which seat a controller plays, and where its input goes.

`pad_input.PadReader` has already turned controller events into `pad_*` intents; this layer sends them
on: to a focus ring on screens with buttons (the menu, the end screen), to the board cursor during a
person's turn, and on to the scene otherwise (help, fit, zoom and pan are ordinary intents). Devices are
opened when SDL announces them, but nothing depends on an open device: posted events work the same.

By default any controller acts for whoever's turn it is (one controller passed round the couch). A
controller can be tied to a seat with `assign`; it then only acts on that seat's turns.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pygame

from game.ui import style, text
from game.ui.input.intents import Intent
from game.ui.input.pad_cursor import BoardCursor
from game.ui.input.pad_focus import GuiFocus, SpotFocus, focus_ring
from game.ui.stage import Layer, Window, table_on_screen

TOAST_SECONDS = 3.0
TURN_KINDS = frozenset({"pad_a", "pad_b", "pad_x", "pad_y", "pad_prev", "pad_next", "pad_start", "pad_back"})
MOUSE_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL})


def open_controllers() -> bool:
    """Start SDL's game controller support so plugged controllers announce themselves; False without it."""
    try:
        from pygame._sdl2 import controller

        controller.init()
    except (ImportError, pygame.error):
        return False
    return True


class PadLayer(Layer):
    """Routes controller intents; shows "Controller connected/disconnected"; remembers seat assignments."""

    def __init__(self) -> None:
        self.devices: dict[int, Any] = {}  # instance id → the open controller (None when it could not be opened)
        self.names: dict[int, str] = {}
        self.seats: dict[int, int] = {}  # instance id → the seat it plays; absent: any seat
        self.toast = ""
        self.toast_time = 0.0
        self.active = False  # a controller was used last (the mouse hides the focus ring and the cursor)
        self.time = 0.0
        self.gui = GuiFocus()
        self.spots = SpotFocus()
        self.cursor = BoardCursor()
        self.ready = open_controllers()

    # ----- devices -----

    def assign(self, device: int, seat: int | None) -> None:
        """Tie a controller to a seat (None: it acts for any seat again)."""
        if seat is None:
            self.seats.pop(device, None)
        else:
            self.seats[device] = seat

    def say(self, message: str) -> None:
        self.toast, self.toast_time = message, TOAST_SECONDS

    def _added(self, event: pygame.event.Event) -> None:
        device: Any = None
        instance = getattr(event, "instance_id", None)
        name = ""
        with contextlib.suppress(Exception):  # a posted event names no real device: carry on without one
            from pygame._sdl2 import controller

            device = controller.Controller(event.device_index)
            instance = device.as_joystick().get_instance_id()
            name = device.name or ""
        if instance is None:
            instance = int(getattr(event, "device_index", -1))
        self.devices[instance] = device
        self.names[instance] = name
        self.say(text.tr("pad.connected", name=name) if name else text.tr("pad.connected_plain"))

    def _removed(self, event: pygame.event.Event) -> None:
        instance = getattr(event, "instance_id", -1)
        device = self.devices.pop(instance, None)
        self.names.pop(instance, None)
        self.seats.pop(instance, None)
        if device is not None:
            with contextlib.suppress(Exception):
                device.quit()
        self.active = self.active and bool(self.devices)
        self.say(text.tr("pad.disconnected"))

    # ----- layer -----

    def event(self, app: Window, event: pygame.event.Event) -> bool:
        if event.type == pygame.CONTROLLERDEVICEADDED:
            self._added(event)
        elif event.type == pygame.CONTROLLERDEVICEREMOVED:
            self._removed(event)
        elif event.type in MOUSE_EVENTS:
            self.active = False
        return False

    def intent(self, app: Window, intent: Intent) -> bool:
        if intent.device is None:
            return False
        woke, self.active = not self.active, True  # the first move only shows where the focus is
        scene = app.scene
        if scene is None:
            return False
        if self._not_this_seat(scene, intent):
            return True
        if GuiFocus.elements(app.ui):
            if woke and intent.kind == "pad_move":
                return self.gui.current(app.ui) is not None
            return self._gui(app, scene, intent)
        spots = getattr(scene, "spots", None)
        if isinstance(spots, list) and spots and intent.kind in ("pad_move", "pad_a", "pad_start"):
            if intent.kind == "pad_move" and not woke:
                self.spots.move(spots, intent.delta)
            elif intent.kind != "pad_move":
                spot = self.spots.current(spots)
                if spot is not None:
                    scene.intent(Intent("select", pos=spot.rect.center))
            return True
        table = scene.table()
        if table is not None:
            return self.cursor.handle(table, intent)
        return False

    def _gui(self, app: Window, scene: Any, intent: Intent) -> bool:
        if intent.kind == "pad_move":
            return self.gui.move(app.ui, intent.delta)
        if intent.kind in ("pad_a", "pad_start"):
            return self.gui.press(app.ui, scene)
        if intent.kind in ("pad_b", "pad_back") and len(app.scenes) > 1:
            scene.intent(Intent("back"))  # B leaves a screen opened over another (the settings)
        return intent.kind in TURN_KINDS  # but never quits the game from the menu

    def _not_this_seat(self, scene: Any, intent: Intent) -> bool:
        """A controller tied to a seat presses nothing on another person's turn (it may still look around)."""
        seat = self.seats.get(intent.device) if intent.device is not None else None
        ctl = getattr(scene, "ctl", None)
        if seat is None or ctl is None or intent.kind not in TURN_KINDS | {"pad_move"}:
            return False
        if ctl.state.current == seat or ctl.computer_turn():
            return False
        ctl.say(text.tr("pad.other_seat", name=ctl.session.name(seat)))
        return True

    def update(self, app: Window, dt: float) -> None:
        self.time += dt
        self.toast_time = max(0.0, self.toast_time - dt)
        table = table_on_screen(app)
        if self.active and table is not None and not GuiFocus.elements(app.ui):
            self.cursor.sync(table)

    def animating(self, app: Window) -> bool:
        """A toast is fading in or out (the focus ring's pulse rests with the screen: pacing.py)."""
        return self.toast_time > 0

    def draw(self, app: Window, surface: pygame.Surface) -> None:
        scene = app.scene
        if self.active and scene is not None:
            if GuiFocus.elements(app.ui):
                self.gui.draw(app.ui, surface, self.time)
            elif isinstance(spots := getattr(scene, "spots", None), list) and spots:
                spot = self.spots.current(spots)
                if spot is not None:
                    focus_ring(surface, spot.rect, self.time)
            elif (table := scene.table()) is not None:
                self.cursor.draw(table, surface, self.time)
        if self.toast_time > 0:
            self._draw_toast(surface, scene.notice_rect() if scene is not None else None)

    def _draw_toast(self, surface: pygame.Surface, area: pygame.Rect | None) -> None:
        """The message at the top of `area`, across it (on the play screen the side panel's message room, off
        the map's names), else at the window's top middle; wrapped, sliding and fading in and out."""
        alpha = min(1.0, self.toast_time / 0.4, (TOAST_SECONDS - self.toast_time) / 0.2 + 0.2)
        u = style.ui
        room = area or surface.get_rect().inflate(-2 * u(16), -2 * u(16))
        icon = u(11)
        lead = u(14) + 2 * icon + u(12)  # the controller's icon, then the words
        width = min(room.width, u(720)) - lead - u(20)
        lines = [style.fit_text(line, u(20), "bold", style.HALO, width)
                 for line in style.wrap(self.toast, u(20), "bold", width, max_lines=3)]
        tall = sum(line.get_height() for line in lines)
        box = pygame.Rect(0, 0, room.width if area else max(line.get_width() for line in lines) + lead + u(20),
                          max(tall + u(22), room.height if area else 0))  # an area it covers whole
        box.midtop = (room.centerx, room.top + round(6 * (1 - alpha)))
        plate = pygame.Surface(box.size, pygame.SRCALPHA)
        pygame.draw.rect(plate, style.INK, plate.get_rect(), border_radius=u(14))
        pygame.draw.rect(plate, style.mix(style.INK, style.HALO, 0.35), plate.get_rect(), max(1, u(2)),
                         border_radius=u(14))
        pad_icon(plate, (u(14) + icon, box.height // 2), icon)
        y = (box.height - tall) // 2
        for line in lines:
            plate.blit(line, (lead, y))
            y += line.get_height()
        plate.set_alpha(round(255 * max(0.0, alpha)))
        surface.blit(plate, box)


def pad_icon(surface: pygame.Surface, centre: tuple[int, int], size: int) -> None:
    """A small controller outline: a rounded body, a cross and two buttons."""
    cx, cy = centre
    body = pygame.Rect(0, 0, size * 2, round(size * 1.25))
    body.center = (cx, cy)
    pygame.draw.rect(surface, style.GOLD, body, border_radius=size // 2)
    arm = max(1, size // 5)
    pygame.draw.rect(surface, style.INK, (cx - size * 0.65 - arm * 1.5, cy - arm // 2, arm * 3, arm))
    pygame.draw.rect(surface, style.INK, (cx - size * 0.65 - arm // 2, cy - arm * 1.5, arm, arm * 3))
    for dx, dy in ((0.5, -0.2), (0.75, 0.2)):
        pygame.draw.circle(surface, style.INK, (cx + size * dx, cy + size * dy), max(1.5, size / 6))
