"""The settings screen: language, volume and mute, colour-blind mode, text size, computer speed, full screen.

Every change goes through `App.apply_settings`, so it is saved and takes effect at once (the screen
re-labels itself in a new language, grows with a bigger text size); a problem the settings store
reports (a read-only disk, a damaged file set aside) is shown under the controls.
"""

from __future__ import annotations

import html

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UIHorizontalSlider, UILabel, UITextBox

from game.persist.settings import VOLUME_RANGE
from game.ui import style, text
from game.ui.panels.widgets import line_chip
from game.ui.stage import Scene, Window

TEXT_SIZES = (1.0, 1.25, 1.5)
COMPUTER_PACES = {2.0: "settings.computer.slow", 1.0: "settings.computer.normal", 0.5: "settings.computer.fast"}
PANEL_W = 620
ROW = 62
LABEL_W = 230
SAMPLE_LINES = ("red", "blue", "green", "black", "brown", "grey")


def _s(value: float) -> int:
    return style.ui(value)


class SteadyButton(UIButton):
    """A button that takes the hover tint only once the pointer has moved since the screen was built.

    A choice rebuilds the screen, often larger (text size), which slides another button under the still
    pointer; lit up at once, it looked like a second choice beside the selected one.
    """

    def __init__(self, rect: pygame.Rect, caption: str, ui: pygame_gui.UIManager, object_id: ObjectID) -> None:
        super().__init__(rect, caption, ui, object_id=object_id)
        self.built_under: tuple[int, int] | None = pygame.mouse.get_pos()

    def can_hover(self) -> bool:
        if self.built_under is not None and pygame.mouse.get_pos() != self.built_under:
            self.built_under = None  # the pointer moved: from now on this is an ordinary button
        return self.built_under is None and bool(super().can_hover())


class SettingsScene(Scene):
    """A panel of controls over the paper; Esc or Back returns to the screen below."""

    def __init__(self, app: Window) -> None:
        super().__init__(app)
        self.widgets: dict[str, pygame_gui.core.UIElement] = {}
        self.sizes: dict[float, SteadyButton] = {}
        self.paces: dict[float, SteadyButton] = {}  # the computer speeds, by their factor on the computers' pauses
        self.message = app.store.take_message() or ""

    # ----- layout -----

    def panel(self) -> pygame.Rect:
        w, h = self.app.size
        rect = pygame.Rect(0, 0, _s(PANEL_W), _s(ROW * 9 + 150))
        rect.center = (w // 2, h // 2)
        rect.top = max(_s(12), rect.top)
        return rect

    def enter(self) -> None:
        self.build()

    def leave(self) -> None:
        self.app.ui.clear_and_reset()
        self.widgets.clear()
        self.sizes.clear()
        self.paces.clear()

    def resize(self, size: tuple[int, int]) -> None:
        self.leave()
        self.build()

    def build(self) -> None:
        ui = self.app.ui
        settings = self.app.store.settings
        panel = self.panel()
        x = panel.x + _s(36)
        control_x = x + _s(LABEL_W)
        control_w = panel.right - _s(36) - control_x
        y = panel.y + _s(96)

        def label(key: str, top: int) -> None:
            UILabel(pygame.Rect(x, top, _s(LABEL_W - 10), _s(40)), text.tr(key), ui, object_id=ObjectID("#heading"))

        def toggle(name: str, on: bool, top: int, width: int | None = None) -> None:
            caption = text.tr("settings.on" if on else "settings.off")
            button = SteadyButton(pygame.Rect(control_x, top, width or _s(120), _s(44)), caption, ui,
                                  object_id=ObjectID("#player_count"))
            if on:
                button.select()
            self.widgets[name] = button

        label("settings.language", y)
        languages: list[str | tuple[str, str]] = [(name, code) for code, name in text.LANGUAGES.items()]
        self.widgets["language"] = UIDropDownMenu(
            languages, next(o for o in languages if o[1] == settings.language),
            pygame.Rect(control_x, y, control_w, _s(44)), ui, object_id=ObjectID("#language"))
        y += _s(ROW)
        label("settings.volume", y)
        self.widgets["volume"] = UIHorizontalSlider(pygame.Rect(control_x, y + _s(6), control_w - _s(70), _s(32)),
                                                    settings.volume, VOLUME_RANGE, ui, object_id=ObjectID("#volume"))
        self.widgets["volume_value"] = UILabel(pygame.Rect(panel.right - _s(36) - _s(60), y, _s(60), _s(44)),
                                               str(settings.volume), ui, object_id=ObjectID("#heading"))
        y += _s(ROW)
        label("settings.mute", y)
        toggle("mute", settings.mute, y)
        y += _s(ROW)
        label("settings.colour_blind", y)
        toggle("colour_blind", settings.colour_blind, y)
        self.sample_at = (control_x + _s(136), y + _s(8))
        y += _s(ROW)
        label("settings.text_scale", y)
        for k, scale in enumerate(TEXT_SIZES):
            button = SteadyButton(pygame.Rect(control_x + k * _s(106), y, _s(96), _s(44)),
                                  text.tr("settings.percent", percent=round(scale * 100)), ui,
                                  object_id=ObjectID("#player_count"))
            if abs(settings.text_scale - scale) < 0.01:
                button.select()
            self.sizes[scale] = button
        y += _s(ROW)
        label("settings.computer_speed", y)
        for k, (pace, key) in enumerate(COMPUTER_PACES.items()):
            button = SteadyButton(pygame.Rect(control_x + k * _s(106), y, _s(96), _s(44)), text.tr(key), ui,
                                  object_id=ObjectID("#player_count"))
            if abs(settings.computer_pace - pace) < 0.01:
                button.select()
            self.paces[pace] = button
        y += _s(ROW)
        label("settings.fullscreen", y)
        toggle("fullscreen", self.app.fullscreen, y)
        y += _s(ROW) + _s(10)
        self.widgets["back"] = SteadyButton(pygame.Rect(x, y, _s(200), _s(52)), text.tr("settings.back"), ui,
                                            object_id=ObjectID("#start"))
        if self.message:
            self.widgets["message"] = UITextBox(html.escape(self.message),
                                                pygame.Rect(x, y + _s(62), panel.right - _s(36) - x, _s(70)), ui,
                                                object_id=ObjectID("#save_problem"))

    # ----- input -----

    def event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._pressed(event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.widgets.get("language"):
            self.change(language=event.selected_option_id)
        elif event.type == pygame_gui.UI_HORIZONTAL_SLIDER_MOVED and event.ui_element is self.widgets.get("volume"):
            self.set_volume(int(event.value))

    def _pressed(self, element: object) -> None:
        settings = self.app.store.settings
        if element is self.widgets.get("back"):
            self.app.router.back()
        elif element is self.widgets.get("mute"):
            self.change(mute=not settings.mute)
        elif element is self.widgets.get("colour_blind"):
            self.change(colour_blind=not settings.colour_blind)
        elif element is self.widgets.get("fullscreen"):
            self.change(fullscreen=not self.app.fullscreen)
        for scale, button in self.sizes.items():
            if element is button:
                self.change(text_scale=scale)
        for pace, button in self.paces.items():
            if element is button:
                self.change(computer_pace=pace)

    def set_volume(self, volume: int) -> None:
        """Follow the slider; the new loudness is heard at once."""
        self.change(volume=volume, rebuild=False)
        label = self.widgets.get("volume_value")
        if isinstance(label, UILabel):
            label.set_text(str(self.app.store.settings.volume))
        self.app.audio.play("place")

    def change(self, rebuild: bool = True, **changes: object) -> None:
        problem = self.app.apply_settings(**changes)
        if problem:
            self.message = problem
        if rebuild:
            self.resize(self.app.size)

    def intent(self, intent: object) -> None:
        if getattr(intent, "kind", "") == "back":
            self.app.router.back()

    # ----- drawing -----

    def animating(self) -> bool:
        """A still screen: frames only for input (pacing.py)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.PAPER_DARK)
        panel = self.panel()
        pygame.draw.rect(surface, style.mix(style.PAPER_DARK, style.INK, 0.12), panel.move(0, _s(4)),
                         border_radius=_s(16))
        pygame.draw.rect(surface, style.PAPER, panel, border_radius=_s(16))
        title = style.text(text.tr("settings.title"), _s(40), "black", style.INK)
        surface.blit(title, (panel.x + _s(36), panel.y + _s(28)))
        if style.colour_blind() and hasattr(self, "sample_at"):
            x, y = self.sample_at
            for line in SAMPLE_LINES:
                chip = pygame.Rect(x, y, _s(44), _s(28))
                if chip.right > panel.right - _s(20):
                    break
                line_chip(surface, chip, line, 0, plain=True)
                x += _s(50)
