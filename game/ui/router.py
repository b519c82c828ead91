"""Switching screens by name: `app.router.replace("end", session=...)`, `push("settings")`, `back()`.

Scenes never import each other: they name the screen they want and the router makes it from the catalog
(scenes/catalog.py, handed over by launch.py) and puts it on the App's scene stack. A catalog entry is
anything called as `entry(app, **details)` that returns a scene, or None when there is nothing to show
(no saved game to continue, the rules already open); then the stack is left as it was.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from game.ui.stage import Scene, Window

SceneFactory = Callable[..., Scene | None]


class Router:
    """Makes scenes by name and drives the App's stack with them (the stack's own rules stay the App's)."""

    def __init__(self, app: Window, catalog: Mapping[str, SceneFactory]) -> None:
        self.app = app
        self.catalog = dict(catalog)

    def make(self, name: str, **details: Any) -> Scene | None:
        """The scene called `name`, made with `details` (None: it has nothing to show)."""
        try:
            factory = self.catalog[name]
        except KeyError:
            known = ", ".join(sorted(self.catalog)) or "none: the window was opened without a catalog"
            raise KeyError(f"no screen called {name!r} (known: {known})") from None
        return factory(self.app, **details)

    def go(self, name: str, **details: Any) -> bool:
        """Close every screen (each leaves, top first) and open `name` alone."""
        scene = self.make(name, **details)
        if scene is None:
            return False
        app = self.app
        while app.scenes:
            app.scenes.pop().leave()
        app.push(scene)
        return True

    def push(self, name: str, **details: Any) -> bool:
        """Open `name` over the current screen."""
        scene = self.make(name, **details)
        if scene is None:
            return False
        self.app.push(scene)
        return True

    def replace(self, name: str, **details: Any) -> bool:
        """Open `name` in place of the current screen."""
        scene = self.make(name, **details)
        if scene is None:
            return False
        self.app.replace(scene)
        return True

    def back(self) -> None:
        """Close the current screen; the one below comes back (none left: the game ends)."""
        self.app.pop()
