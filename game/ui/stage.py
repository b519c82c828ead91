"""What a screen and a layer may count on: the `Scene` and `Layer` base classes and the window they run in.

The App (app.py) imports the scenes' and layers' base classes from here and is handed the scenes and
layers themselves by launch.py, so no scene or layer imports app.py: they see the App as a `Window`,
switch screens by name through `Window.router` (a `Navigator`), and see a game at the table only as a
`Table`. A layer asks `scene.table()` instead of testing for the play screen's class.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:
    import pygame_gui

    from game.persist.settings import SettingsStore
    from game.ui.audio import Audio
    from game.ui.board.overlay import BoardOverlay
    from game.ui.board.view import BoardView
    from game.ui.input.intents import Intent
    from game.ui.options import LaunchOptions
    from game.ui.panels.widgets import Hotspot
    from game.ui.table.session import GameSession
    from game.ui.table.turns import TurnController


class Navigator(Protocol):
    """Switching screens by name (router.py): the names are the keys of scenes/catalog.py."""

    def go(self, name: str, **details: Any) -> bool:
        """Close every screen and open `name` alone; False when that screen has nothing to show."""
        ...

    def push(self, name: str, **details: Any) -> bool:
        """Open `name` over the current screen, which comes back on `back()`."""
        ...

    def replace(self, name: str, **details: Any) -> bool:
        """Open `name` in place of the current screen."""
        ...

    def back(self) -> None:
        """Close the current screen: the one below comes back (none left: the game ends)."""
        ...


class Window(Protocol):
    """The part of the App (app.py) that scenes and layers use."""

    options: LaunchOptions
    store: SettingsStore
    audio: Audio
    ui: pygame_gui.UIManager
    scenes: list[Scene]
    layers: list[Layer]
    notice: str | None  # a problem with the settings file, for the menu to show
    fullscreen: bool

    @property
    def router(self) -> Navigator: ...

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def scene(self) -> Scene | None: ...

    def push(self, scene: Scene) -> None: ...

    def pop(self) -> None: ...

    def replace(self, scene: Scene) -> None: ...

    def quit(self) -> None: ...

    def apply_settings(self, **changes: Any) -> str | None: ...


class Table(Protocol):
    """A game people are playing, as the layers see it (the first-game tips, the "?" button, the
    controller's board cursor): the turn, the board on screen, the panels' hotspots, the hover."""

    ctl: TurnController | None
    session: GameSession | None
    view: BoardView | None
    overlay: BoardOverlay | None
    hover: tuple[int, int] | None  # where the mouse is; a controller's cursor moves it too

    def board_rect(self) -> tuple[float, float, float, float]:
        """Where the board is drawn (x, y, width, height)."""
        ...

    def hotspots(self) -> list[Hotspot]:
        """The controls drawn beside the board (the sidebar's and the card strip's), where they are now."""
        ...

    def help_rect(self) -> pygame.Rect | None:
        """Where the rules' "?" button goes: beside the board, never over it (None before the first frame)."""
        ...

    def panel_room(self) -> pygame.Rect | None:
        """The side panel's room for a tip or a hint card, beside the map (over it they hid station names):
        from its message line down, less the cards already drawn there this frame (None before a panel with
        controls was drawn)."""
        ...

    def cover_panel(self, surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """Clear the side panel under a card about to be drawn at `box`: every log entry it reaches hidden
        whole, nothing of the log peeking out beside it; the cleared rectangle (later cards keep clear)."""
        ...

    def intent(self, intent: Intent) -> None:
        """Something the player means (a controller's press becomes a "select" here)."""
        ...


class Scene:
    """One screen of the game. Scenes see intents and (for their widgets) raw events."""

    recover_to = "menu"  # the screen the window goes on from if an unexpected error stops a frame here

    def __init__(self, app: Window) -> None:
        self.app = app

    def enter(self) -> None:
        """Called when the scene becomes the top one."""

    def leave(self) -> None:
        """Called when the scene stops being the top one (its widgets should go)."""

    def closing(self) -> None:
        """The window is closing (its close button, the menu's Quit): keep what must not be lost."""

    def event(self, event: pygame.event.Event) -> None:
        """A raw event, after pygame_gui has seen it (button presses arrive here)."""

    def intent(self, intent: Intent) -> None:
        """Something the player means."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size."""

    def restyle(self) -> None:
        """The language, text size or colour-blind mode changed: re-label and re-lay out (as a resize does)."""
        self.resize(self.app.size)

    def update(self, dt: float) -> None:
        """Advance animations and computer players by `dt` seconds."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole frame (the UI manager draws its widgets afterwards)."""

    def animating(self) -> bool:
        """Whether the picture changes now without input (an animation, a timer about to fire): the window
        draws frames only then, and for a moment after input (pacing.py). Still screens say False."""
        return True

    def table(self) -> Table | None:
        """The game people play on this screen, for the layers; None on other screens and in show mode."""
        return None

    def notice_rect(self) -> pygame.Rect | None:
        """Where a passing notice from a layer ("Controller connected") may go on this screen: its top, within
        this rectangle, off what the screen is for (a map's station names). None: the window's top middle."""
        return None


def table_on_screen(app: Window) -> Table | None:
    """The game people play on the top screen, if there is one."""
    return app.scene.table() if app.scene is not None else None


class Layer:
    """Sees raw events and intents before the scene, and draws over it. Every hook is optional.

    Controllers, the rules overlay's key and "?" button, the first-game tips and show mode's timers are
    layers; layers.py lists the ones every window has.
    """

    def event(self, app: Window, event: pygame.event.Event) -> bool:
        """A raw event, before pygame_gui and the scene; True swallows it."""
        return False

    def intent(self, app: Window, intent: Intent) -> bool:
        """An intent, before the scene; True when this layer handled it."""
        return False

    def update(self, app: Window, dt: float) -> None:
        """Advance timers by `dt` seconds (the App's clock, so tests drive it with fixed steps)."""

    def draw(self, app: Window, surface: pygame.Surface) -> None:
        """Draw over the finished frame (after the scene and its widgets)."""

    def animating(self, app: Window) -> bool:
        """Whether what this layer draws changes now without input (a toast fading, a timer)."""
        return False
