"""Moving a focus ring between a screen's buttons with a controller, and pressing them with A.

Two kinds of screens have buttons: pygame_gui ones (the menu, the settings) and hand-drawn hotspots
(the end screen's `spots`). Both are walked the same way: the d-pad goes to the nearest button in that
direction, A presses. A press is what a click would have sent: a UI_BUTTON_PRESSED event for pygame_gui,
a "select" intent at the hotspot's centre for drawn ones. So screens need no controller code at all.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.ui import style

CONE = 0.3  # a button counts as "in that direction" when the angle's cosine is above this
Point = tuple[float, float]


def step_towards(rects: Sequence[pygame.Rect], current: int | None, direction: Point) -> int | None:
    """The index of the rectangle to go to from `current` in `direction`; the first when none is focused.

    Nearer wins, straighter wins more: distance grows with how far off the direction a target lies.
    """
    if not rects:
        return None
    if current is None or not 0 <= current < len(rects):
        return 0
    here = rects[current].center
    length = math.hypot(*direction) or 1.0
    dx, dy = direction[0] / length, direction[1] / length
    best, best_score = current, math.inf
    for index, rect in enumerate(rects):
        if index == current:
            continue
        vx, vy = rect.centerx - here[0], rect.centery - here[1]
        distance = math.hypot(vx, vy)
        if distance == 0:
            continue
        cosine = (vx * dx + vy * dy) / distance
        if cosine <= CONE:
            continue
        score = distance * (1 + 2.5 * (1 - cosine))
        if score < best_score:
            best, best_score = index, score
    return best


def step_between(rects: Sequence[pygame.Rect], current: int | None, direction: Point) -> int | None:
    """Like `step_towards`, for buttons of different sizes: the direction is taken as up, down, left or
    right, and a button in line with the current one beats a nearer one off to the side (a wide
    drop-down above a row of small buttons is "up" from every one of them)."""
    if not rects:
        return None
    if current is None or not 0 <= current < len(rects):
        return 0
    here = rects[current]
    horizontal = abs(direction[0]) >= abs(direction[1])
    sign = 1 if (direction[0] if horizontal else direction[1]) > 0 else -1
    best, best_score = current, (True, math.inf)
    for index, rect in enumerate(rects):
        if index == current:
            continue
        if horizontal:
            ahead = (rect.centerx - here.centerx) * sign
            gap = (rect.left - here.right) if sign > 0 else (here.left - rect.right)
            side = max(0, rect.top - here.bottom, here.top - rect.bottom)
        else:
            ahead = (rect.centery - here.centery) * sign
            gap = (rect.top - here.bottom) if sign > 0 else (here.top - rect.bottom)
            side = max(0, rect.left - here.right, here.left - rect.right)
        if ahead <= 0:
            continue
        centre_off = abs(rect.centery - here.centery) if horizontal else abs(rect.centerx - here.centerx)
        score = (side > 0, max(0, gap) + 4 * side + 0.05 * centre_off)  # in line first, then nearest
        if score < best_score:
            best, best_score = index, score
    return best


def focus_ring(surface: pygame.Surface, rect: pygame.Rect, time: float) -> None:
    """A gold ring with a dark edge around what the controller points at, breathing a little."""
    grow = 5 + round(2 * (0.5 + 0.5 * math.sin(time * 5)))
    outer = rect.inflate(2 * grow + 4, 2 * grow + 4)
    pygame.draw.rect(surface, style.INK, outer, 3, border_radius=12)
    pygame.draw.rect(surface, style.GOLD, rect.inflate(2 * grow, 2 * grow), 4, border_radius=10)


class GuiFocus:
    """Focus among the pygame_gui buttons and drop-downs on screen; remembered by object id across rebuilds."""

    def __init__(self) -> None:
        self.object_id: str | None = None
        self.index: int | None = None

    @staticmethod
    def elements(ui: pygame_gui.UIManager) -> list[Any]:
        """Enabled, visible buttons and drop-downs at the top level, in reading order."""
        root = ui.get_root_container()  # a container iterates over its elements
        found = [element for element in (root if root is not None else ())
                 if isinstance(element, UIButton | UIDropDownMenu) and element.is_enabled and element.visible]
        return sorted(found, key=lambda e: (e.get_abs_rect().y // 20, e.get_abs_rect().x))

    def current(self, ui: pygame_gui.UIManager) -> Any | None:
        elements = self.elements(ui)
        if not elements:
            return None
        ids = [e.most_specific_combined_id for e in elements]
        if self.index is not None and self.index < len(elements) and ids[self.index] == self.object_id:
            return elements[self.index]
        if self.object_id in ids:  # rebuilt: the same button again, the nth of its id if there are several
            same = [k for k, i in enumerate(ids) if i == self.object_id]
            index = self.index
            k = same[0] if index is None else min(same, key=lambda j: abs(j - index))
        else:
            k = next((n for n, i in enumerate(ids) if i.endswith("#start")), 0)
        self._remember(elements, k)
        return elements[k]

    def _remember(self, elements: list[Any], index: int) -> None:
        self.index = index
        self.object_id = elements[index].most_specific_combined_id

    def move(self, ui: pygame_gui.UIManager, direction: Point) -> bool:
        elements = self.elements(ui)
        if not elements:
            return False
        here = self.current(ui)
        start = elements.index(here) if here in elements else None
        target = step_between([e.get_abs_rect() for e in elements], start, direction)
        if target is not None:
            self._remember(elements, target)
        return True

    def press(self, ui: pygame_gui.UIManager, scene: Any) -> bool:
        """A on the focused widget: a button is pressed; a drop-down steps to its next option."""
        element = self.current(ui)
        if element is None:
            return False
        if isinstance(element, UIButton):
            pygame.event.post(pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, {
                "ui_element": element, "ui_object_id": element.most_specific_combined_id, "mouse_button": 1}))
            return True
        options = list(element.options_list)
        selected = element.selected_option
        at = options.index(selected) if selected in options else -1
        text, option_id = options[(at + 1) % len(options)]
        scene.event(pygame.event.Event(pygame_gui.UI_DROP_DOWN_MENU_CHANGED, {
            "text": text, "selected_option_id": option_id, "ui_element": element,
            "ui_object_id": element.most_specific_combined_id}))
        rebuild = getattr(scene, "rebuild", None)
        if callable(rebuild):
            rebuild()  # the scene keeps its choices in plain fields: new widgets show the new option
        return True

    def draw(self, ui: pygame_gui.UIManager, surface: pygame.Surface, time: float) -> None:
        element = self.current(ui)
        if element is not None:
            focus_ring(surface, element.get_abs_rect(), time)


class SpotFocus:
    """Focus among a drawn screen's hotspots (the end screen's buttons); A clicks the focused one."""

    def __init__(self) -> None:
        self.index: int | None = None

    def move(self, spots: Sequence[Any], direction: Point) -> None:
        self.index = step_between([spot.rect for spot in spots], self.index, direction)

    def current(self, spots: Sequence[Any]) -> Any | None:
        if not spots:
            return None
        if self.index is None or self.index >= len(spots):
            self.index = 0
        return spots[self.index]
