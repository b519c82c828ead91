"""The window and its loop: one clock, a stack of scenes, resizing and full screen, test screenshots.

The app also owns what outlives a screen: the player's settings (language, sound, text size, colour-blind
mode, full screen), applied here so every scene sees them at once, and the sound effects.

In game/ui only launch.py imports this module: scenes and layers see the App as a `stage.Window`, and
launch.py hands it the screens (scenes/catalog.py, for its router) and the layers (layers.py).
"""

from __future__ import annotations

import contextlib
import io
import json
import sys
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pygame
import pygame_gui

from game import resources
from game.crash import CrashGuard
from game.files import write_atomically
from game.persist import saves
from game.persist.settings import SettingsStore, load_settings
from game.ui import style, text
from game.ui.audio import Audio, pre_init
from game.ui.input.intents import Intent
from game.ui.input.mapper import InputMapper
from game.ui.options import LaunchOptions
from game.ui.pacing import MAX_FRAME_DT, MAX_IDLE_DT, Pacer
from game.ui.router import Router, SceneFactory
from game.ui.stage import Layer, Scene

THEME = resources.theme()
FPS = 60
CRASH_NOTICE_SECONDS = 12.0  # how long the line saying what happened stays up after a recovery
LIST_ROW = 28  # an open drop-down's row height at the design size (its text is 17)
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
    for name in ("drop_down_menu", "drop_down_menu.#drop_down_options_list"):  # an open list's rows grow with
        rows = theme.setdefault(name, {}).setdefault("misc", {})  # the text, or their words are cut (20px)
        rows["list_item_height"] = str(round(LIST_ROW * scale))
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
        self.pacer = Pacer()  # idle means idle: frames only while something changes (pacing.py)
        self.pending: list[pygame.event.Event] = []  # events the idle wait took off the queue
        self.crash_guard = CrashGuard("game")
        self.crash_notice = ""  # after a recovery: what happened, in one line over every screen
        self.crash_time = 0.0
        self.exit_code = 0

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
        self.pacer.dirty = True
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
        self.pacer.dirty = True
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
        self.pacer.dirty = True
        if self.scene is not None:
            self.scene.leave()
        self.mapper.reset()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        self.pacer.dirty = True
        if self.scenes:
            self.scenes.pop().leave()
        self.mapper.reset()
        if self.scene is not None:
            self.scene.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        self.pacer.dirty = True
        if self.scenes:
            self.scenes.pop().leave()
        self.mapper.reset()
        self.scenes.append(scene)
        scene.enter()

    def quit(self) -> None:
        """Close the window: every open screen first keeps what it must (a game at the table is saved for
        Continue, as leaving it to the menu saves it); one that fails at it does not keep the window open."""
        for scene in reversed(self.scenes):
            try:
                scene.closing()
            except Exception as error:  # closing anyway: say what was lost, where the player started the game
                print(f"underground: could not keep the game on closing ({type(error).__name__}: {error})",
                      file=sys.stderr)
        self.running = False

    # ----- loop -----

    def step(self, dt: float | None = None, draw: bool = True) -> None:
        """One frame: events → intents → update → draw. Tests call this directly.

        With `draw=False` (the idle loop's heartbeat) the frame is drawn only if the update changed
        something on screen (see pacing.py).
        """
        if dt is None:  # the loop passes the real time; tests stepping frames themselves set fixed_dt
            dt = self.fixed_dt if self.fixed_dt is not None else min(MAX_FRAME_DT, self.clock.get_time() / 1000)
        events, self.pending = self.pending + pygame.event.get(), []
        self.pacer.saw(len(events), dt)
        for event in events:
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
        if not draw and not self.wants_frame():
            self.crash_time = max(0.0, self.crash_time - dt)
            return
        scene.draw(self.screen)
        self.ui.draw_ui(self.screen)
        for layer in self.layers:
            layer.draw(self, self.screen)
        self._draw_crash_notice(self.screen, dt)
        pygame.display.flip()
        self.pacer.drew()
        self.frame += 1

    def wants_frame(self) -> bool:
        """Whether something on screen changes now: input a moment ago, an animation or timer, a new screen."""
        scene = self.scene
        animating = (self.crash_time > 0 or (scene is not None and scene.animating())
                     or any(layer.animating(self) for layer in self.layers))
        return self.pacer.wants_frame(animating)

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
        """Run until the player quits, or for --frames frames; save --screenshot at the end.

        Every frame runs inside the crash boundary (`guarded_step`); the exit code is 1 only when repeated
        errors closed the window.
        """
        limit = self.options.frames
        while self.running and (limit is None or self.frame < limit):
            if limit is not None:  # --frames: every frame drawn, a fixed step, no waiting (tests, screenshots)
                self.guarded_step()
                continue
            if self.wants_frame():
                self.guarded_step(self.pacer.elapsed(MAX_FRAME_DT))
                self.clock.tick(FPS)
                continue
            self.pending += self.pacer.wait()  # idle: nothing drawn until input comes or a timer changes it
            self.guarded_step(self.pacer.elapsed(MAX_IDLE_DT), draw=bool(self.pending))
        if self.options.screenshot is not None:  # written by Python, so a bad path is an OSError naming it
            picture = io.BytesIO()
            pygame.image.save(self.screen, picture, "png")
            write_atomically(self.options.screenshot, picture.getvalue())
        return self.exit_code

    # ----- the crash boundary -----

    def guarded_step(self, dt: float | None = None, draw: bool = True) -> None:
        """One frame, and any exception escaping it survived: logged, told in one line, and the window goes
        on from a safe screen — the menu, where Continue resumes the game autosaved after its last
        completed action, or for the show a new show. A second crash soon after closes the window cleanly
        with the log's path printed. (Tests call `step` itself, so a bug fails them loudly.)"""
        try:
            self.step(dt, draw)
        except Exception as error:  # the boundary: whatever it is, the player must not lose the game
            self._recover(error)

    def _recover(self, error: Exception) -> None:
        scene = self.scene
        home = getattr(scene, "recover_to", "menu")
        if not self.crash_guard.crashed(error, f"frame {self.frame}, screen {type(scene).__name__}"):
            self._give_up()
            return
        where = self.crash_guard.path
        print(f"underground: unexpected error ({type(error).__name__}: {error}); "
              f"{f'logged in {where}; ' if where else ''}going on from the {home}", file=sys.stderr)
        try:
            self._drop_scenes()
            saved = home == "menu" and saves.has_autosave()  # the last completed action's autosave
            self.crash_notice = text.tr("app.crash.show" if home == "show" else
                                        "app.crash.menu" if saved else "app.crash.unsaved")
            self.crash_time = CRASH_NOTICE_SECONDS
            if not self.router.go(home) and not self.router.go("menu"):
                raise RuntimeError("no screen to go back to")
        except Exception as again:  # the way back failed too: stop, cleanly
            self.crash_guard.crashed(again, "recovering")
            self._give_up()

    def _drop_scenes(self) -> None:
        """Close every screen; one broken enough to fail even at that is dropped regardless."""
        while self.scenes:
            with contextlib.suppress(Exception):  # it is being thrown away
                self.scenes.pop().leave()
        self.ui.clear_and_reset()
        self.mapper.reset()

    def _give_up(self) -> None:
        print(self.crash_guard.farewell(), file=sys.stderr)
        self.running = False
        self.exit_code = 1

    def _draw_crash_notice(self, surface: pygame.Surface, dt: float) -> None:
        """The line saying what happened, across the top of whatever screen, for a few seconds."""
        self.crash_time = max(0.0, self.crash_time - dt)
        if not self.crash_time or not self.crash_notice:
            return
        width, _ = surface.get_size()
        label = style.fit_text(self.crash_notice, style.ui(18), "bold", style.HALO, width - style.ui(80))
        plate = label.get_rect().inflate(style.ui(36), style.ui(18))
        plate.midtop = (width // 2, style.ui(12))
        pygame.draw.rect(surface, style.RAIL, plate, border_radius=10)
        surface.blit(label, label.get_rect(center=plate.center))
