"""Screens switch by name through the router, and game/ui's imports go one way (no circles)."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import pytest

from game.ui.router import Router
from game.ui.scenes.catalog import SCENES
from game.ui.stage import Scene

UI = Path(__file__).resolve().parents[2] / "game" / "ui"


class Stack:
    """The App's scene stack, without a window: what the router drives."""

    def __init__(self) -> None:
        self.scenes: list[Scene] = []
        self.log: list[str] = []
        self.running = True

    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        if self.scene is not None:
            self.scene.enter()
        else:
            self.running = False

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop().leave()
        self.scenes.append(scene)
        scene.enter()


class Named(Scene):
    def __init__(self, app: Any, name: str = "", **details: Any) -> None:
        super().__init__(app)
        self.name = name
        self.details = details

    def enter(self) -> None:
        self.app.log.append(f"enter {self.name}")

    def leave(self) -> None:
        self.app.log.append(f"leave {self.name}")


def router(stack: Stack) -> Router:
    return Router(stack, {  # type: ignore[arg-type]
        "a": lambda app, **kw: Named(app, "a", **kw),
        "b": lambda app, **kw: Named(app, "b", **kw),
        "nothing": lambda app: None,
    })


def test_push_replace_back_and_go_drive_the_stack_by_name() -> None:
    stack = Stack()
    go = router(stack)
    assert go.push("a") and go.push("b", colour="red")
    assert [s.name for s in stack.scenes] == ["a", "b"] and stack.scenes[-1].details == {"colour": "red"}
    assert go.replace("a")
    assert [s.name for s in stack.scenes] == ["a", "a"]
    go.back()
    assert [s.name for s in stack.scenes] == ["a"]
    go.push("b")
    stack.log.clear()
    assert go.go("a")
    assert [s.name for s in stack.scenes] == ["a"]
    assert stack.log == ["leave b", "leave a", "enter a"]  # every screen leaves, top first, then the new one
    go.back()
    assert not stack.scenes and not stack.running


def test_a_screen_with_nothing_to_show_leaves_the_stack_alone() -> None:
    stack = Stack()
    go = router(stack)
    go.push("a")
    assert not go.push("nothing") and not go.replace("nothing") and not go.go("nothing")
    assert [s.name for s in stack.scenes] == ["a"]
    with pytest.raises(KeyError, match="no screen called 'c'"):
        go.push("c")


def test_the_catalog_names_every_screen() -> None:
    assert set(SCENES) == {"menu", "settings", "play", "resume", "end", "show", "help", "replay", "tutorial", "bus",
                           "bus_resume", "bus_show"}


def _imports() -> dict[str, set[str]]:
    """Every game.ui module and the game.ui modules it imports, anywhere in it (functions, TYPE_CHECKING)."""
    modules = {".".join(p.relative_to(UI.parent.parent).with_suffix("").parts).removesuffix(".__init__"): p
               for p in UI.rglob("*.py")}
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


def test_game_ui_has_no_import_circles() -> None:
    graph = _imports()
    done: set[str] = set()

    def visit(name: str, path: list[str]) -> None:
        if name in path:
            raise AssertionError("import circle: " + " → ".join([*path[path.index(name):], name]))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, [*path, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])


def test_only_launch_puts_the_screens_together() -> None:
    """Scenes and layers never import the App, the layer list or the catalog; layers never import a scene."""
    graph = _imports()
    top = {"game.ui.app", "game.ui.layers", "game.ui.scenes.catalog", "game.ui.launch"}
    for name, targets in graph.items():
        if name not in top:
            assert not targets & top, f"{name} imports {sorted(targets & top)}"
        if name.startswith(("game.ui.input.", "game.ui.overlays.")):
            assert not any(t.startswith("game.ui.scenes.") for t in targets), f"{name} imports a scene"
