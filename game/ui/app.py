"""The window and its loop: one clock, a stack of scenes, resizing and full screen, test screenshots.

The app also owns what outlives a screen: the player's settings (language, sound, text size, colour-blind
mode, full screen), applied here so every scene sees them at once, and the sound effects.

In game/ui only launch.py imports this module: scenes and layers see the App as a `stage.Window`, and
launch.py hands it the screens (scenes/catalog.py, for its router) and the layers (layers.py).
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pygame
import pygame_gui

from game import resources
from game.files import write_atomically
from game.persist.settings import SettingsStore, load_settings
from game.ui import style, text
from game.ui.audio import Audio, pre_init
from game.ui.input.intents import Intent
from game.ui.input.mapper import InputMapper
from game.ui.options import LaunchOptions
from game.ui.router import Router, SceneFactory
from game.ui.stage import Layer, Scene

THEME = resources.theme()
FPS = 60
ARROW_BUTTONS = ("drop_down_menu.#expand_button", "horizontal_slider.#left_button", "horizontal_slider.#right_button")


def load_theme(scale: float = 1.0) -> dict[str, Any]:
    """The pygame_gui theme with the bundled font files filled in as absolute paths, fonts scaled by `scale`."""
    theme = json.loads(THEME.read_text(encoding="utf-8"))
    default_font = theme.get("defaults", {}).get("font", {})
    for element in ("button", "drop_down_menu", "text_entry_line", "text_box"):  # pygame_gui does not hand
        theme.setdefault(element, {}).setdefault("font", dict(default_font))  # the defaults' font down
    for arrow in ARROW_BUTTONS:  # pygame_gui's symbol font has the arrows Lato lacks
        size = default_font.get("size", 17)
        theme.setdefault(arrow, {}).setdefault("font", {"name": "fira_code_symbols", "size": size, "style": "regular"})
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if isinstance(font, dict):
            font["size"] = str(max(8, round(float(font.get("size", 17)) * scale)))
            if font.get("name") != "lato":
                continue
            font.setdefault("regular_path", str(style.FONT_FILES["regular"]))
            font.setdefault("bold_path", str(style.FONT_FILES["bold"]))
            font.setdefault("italic_path", str(style.FONT_FILES["italic"]))
            font.setdefault("bold_italic_path", str(style.FONT_FILES["bold"]))
    return theme


class App:
    """Owns the window, the UI manager and the scene stack, and runs the frame loop.

    `catalog` names the screens the router can open (launch.py passes scenes/catalog.py's); `layers` makes,
    once the window is open, the layers consulted before the scene, in order (launch.py passes
    `layers.default_layers`). Without them the window has no screens to switch to and no layers.
    """

    def __init__(self, options: LaunchOptions, store: SettingsStore | None = None, *,
                 catalog: Mapping[str, SceneFactory] | None = None,
                 layers: Callable[[], Iterable[Layer]] | None = None) -> None:
        self.options = options
        self.store = store if store is not None else load_settings()
        settings = self.store.settings
        text.set_language(options.lang or settings.language)  # --lang is for this run; the menu's choice is kept
        self.notice = self.store.take_message()  # a problem with the settings file, for the menu to show
        pre_init()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat()
        self.windowed_size = options.size
        self.fullscreen = (options.fullscreen or settings.fullscreen) and not options.windowed
        self.screen = self._open_window()
        pygame.display.set_caption(text.tr("app.title"))
        style.set_look(self.size, settings.text_scale, settings.colour_blind)
        self.ui = pygame_gui.UIManager(self.size, load_theme(style.ui_scale()))
        self.audio = Audio(self.store)
        self.mapper = InputMapper()
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.frame = 0
        self.running = True
        self.fixed_dt = 1 / FPS if options.frames is not None else None  # deterministic runs for tests
        self.router = Router(self, catalog or {})  # scenes switch by name: app.router.replace("menu")
        self.layers: list[Layer] = list(layers()) if layers else []  # controllers, help, tips, show: layers.py

    # ----- window -----

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _open_window(self) -> pygame.Surface:
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.size
        self.fullscreen = not self.fullscreen
        self.screen = self._open_window()
        self._resized()
        if self.store.settings.fullscreen != self.fullscreen:
            self.store.update(fullscreen=self.fullscreen)

    def resize(self, size: tuple[int, int]) -> None:
        """Follow a window resize; with some drivers the display surface must be remade to match."""
        size = (max(320, int(size[0])), max(240, int(size[1])))
        if self.screen.get_size() != size and not self.fullscreen:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.windowed_size = size if not self.fullscreen else self.windowed_size
        self._resized()

    def _resized(self) -> None:
        if style.set_look(self.size):
            self._new_ui()
        else:
            self.ui.set_window_resolution(self.size)
        for scene in self.scenes:
            scene.resize(self.size)

    def _new_ui(self) -> None:
        """A UI manager whose theme fonts match the current scale (scenes rebuild their widgets after this)."""
        self.ui.clear_and_reset()
        self.ui = pygame_gui.UIManager(self.size, load_theme(style.ui_scale()))

    # ----- settings -----

    def apply_settings(self, **changes: Any) -> str | None:
        """Change settings, save them and apply them at once; returns a problem to show, if any."""
        try:
            settings = self.store.update(**changes)
        except ValueError:
            return None  # a value the screen should never offer: ignore it rather than stop the game
        if "language" in changes:
            text.set_language(settings.language)
            pygame.display.set_caption(text.tr("app.title"))
        if style.set_look(text_scale=settings.text_scale, colour_blind=settings.colour_blind) or "language" in changes:
            self._new_ui()
            if self.scene is not None:
                self.scene.restyle()  # scenes below rebuild their widgets when they are entered again
        if settings.fullscreen != self.fullscreen:
            self.toggle_fullscreen()
        if settings.mute:
            self.audio.stop()
        return self.store.take_message()

    # ----- scenes -----

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.mapper.reset()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.mapper.reset()
        if self.scene is not None:
            self.scene.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.mapper.reset()
        self.scenes.append(scene)
        scene.enter()

    def quit(self) -> None:
        self.running = False

    # ----- loop -----

    def step(self, dt: float | None = None) -> None:
        """One frame: events → intents → update → draw. Tests call this directly."""
        if dt is None:
            dt = self.fixed_dt if self.fixed_dt is not None else min(0.1, self.clock.get_time() / 1000)
        for event in pygame.event.get():
            self._dispatch(event)
            if not self.running:
                return
        for intent in self.mapper.held(dt):
            self._intent(intent)
        self.ui.update(dt)
        scene = self.scene
        if scene is None:
            self.running = False
            return
        scene.update(dt)
        for layer in list(self.layers):
            layer.update(self, dt)
        scene = self.scene
        if scene is None:
            return
        scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        for layer in self.layers:
            layer.draw(self, self.screen)
        pygame.display.flip()
        self.frame += 1

    def _dispatch(self, event: pygame.event.Event) -> None:
        if event.type == pygame.VIDEORESIZE:
            self.resize(event.size)
            return
        swallowed = [layer.event(self, event) for layer in list(self.layers)]  # every layer sees every event
        if any(swallowed):
            return
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.audio.play("click")
        scene = self.scene
        if scene is not None:
            scene.event(event)
        if consumed and event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                                       pygame.KEYDOWN):
            return
        for intent in self.mapper.map(event):
            self._intent(intent)

    def _intent(self, intent: Intent) -> None:
        if intent.kind == "quit":
            self.quit()
        elif intent.kind == "fullscreen":
            self.toggle_fullscreen()
        elif any(layer.intent(self, intent) for layer in list(self.layers)):
            return
        elif self.scene is not None:
            self.scene.intent(intent)

    def run(self) -> int:
        """Run until the player quits, or for --frames frames; save --screenshot at the end."""
        limit = self.options.frames
        while self.running and (limit is None or self.frame < limit):
            self.step()
            self.clock.tick(FPS if limit is None else 0)
        if self.options.screenshot is not None:  # written by Python, so a bad path is an OSError naming it
            picture = io.BytesIO()
            pygame.image.save(self.screen, picture, "png")
            write_atomically(self.options.screenshot, picture.getvalue())
        return 0
