"""The layout of game/ and editor/ stays as docs/architecture.md draws it: rooms that import only the rooms
below them, no pygame under the screens, no import circles, small modules in small folders.

Every import counts, at module level, inside functions and under TYPE_CHECKING alike: a late import is
still a dependency. The finer rules inside game/ui and editor/ are in tests/ui/test_router.py and
tests/editor/test_structure.py.
"""

from __future__ import annotations

import ast
import sys
from functools import cache
from pathlib import Path

from tests.editor.import_graph import ROOT, circles, imported_names, modules

PACKAGES = ("game", "editor")
MAX_LINES = 500
MAX_MODULES = 15

# Each module's room is the longest prefix below that names it (a package's prefix covers its modules).
ROOMS = {
    "game": "foundation",  # the package itself, and the small shared modules:
    "game.geometry": "foundation",
    "game.files": "foundation",
    "game.resources": "foundation",
    "game.boundary": "foundation",
    "game.crash": "foundation",
    "game.i18n": "foundation",
    "game.phrase": "foundation",
    "game.locales": "foundation",
    "game.board": "board",  # the board model and its TMX compiler (game.board.tmx)
    "game.rules": "rules",
    "game.bots": "bots",
    "game.bus.board": "board",  # the second game, the bus tour: its board model,
    "game.bus.labels": "board",  # where its place names go,
    "game.bus.catalogue": "board",  # which game a board is for,
    "game.bus.rules": "rules",  # its pure engine,
    "game.bus.bots": "bots",  # its computer players,
    "game.bus.simulate": "commands",  # and its whole games for simulate and the bench
    "game.persist": "persist",
    "game.ui": "ui",
    "game.__main__": "commands",
    "game.cli": "commands",
    "game.command_line": "commands",
    "game.simulate": "commands",
    "game.bench": "commands",
    "game.idle_bench": "commands",
    "editor": "editor",
    "editor.cartography": "cartography",
}
GAME_ROOMS = {"foundation", "board", "rules", "bots", "persist", "ui", "commands"}
# What each room may import besides itself: rooms, or single modules.
MAY_IMPORT: dict[str, set[str]] = {
    "foundation": set(),
    "board": {"foundation"},
    "rules": {"game.board.model", "game.geometry", "game.bus.board"},  # the pure engines: the boards they play
    # on, and plane geometry
    "bots": {"foundation", "board", "rules"},
    "persist": {"foundation", "board", "rules"},
    "ui": {"foundation", "board", "rules", "bots", "persist"},
    "commands": GAME_ROOMS,
    "editor": GAME_ROOMS | {"cartography"},
    "cartography": {"foundation", "board"},
}
# Rooms and modules that never import pygame (nor pygame_gui): all of the game below the screens, the
# headless commands, and the editor's parts that run without a window.
NO_PYGAME_ROOMS = {"foundation", "board", "rules", "bots", "persist", "cartography"}
NO_PYGAME_MODULES = ("game.cli", "game.command_line", "game.simulate", "editor.document", "editor.importing",
                     "editor.tmx_write", "editor.text")


def room(module: str) -> str | None:
    """The room a module belongs to (None: a module the architecture does not place yet)."""
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        found = ROOMS.get(".".join(parts[:n]))
        if found is not None:
            return found
    return None


@cache
def _all_modules() -> dict[str, Path]:
    return {name: path for package in PACKAGES for name, path in modules(package).items()}


@cache
def imports() -> tuple[dict[str, frozenset[str]], dict[str, frozenset[str]]]:
    """For each module: the modules of game/ and editor/ it imports, and the top-level names of the
    outside packages it imports (the standard library, pygame, …); wherever the import sits."""
    known = _all_modules()
    inside: dict[str, frozenset[str]] = {}
    outside: dict[str, frozenset[str]] = {}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        ours: set[str] = set()
        theirs: set[str] = set()
        for node in ast.walk(tree):
            for target in imported_names(node, name, path.name == "__init__.py"):
                if target.split(".")[0] not in PACKAGES:
                    theirs.add(target.split(".")[0])
                    continue
                while target and target not in known:  # `from a.b import c`: c may be a name, not a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    ours.add(target)
        inside[name] = frozenset(ours)
        outside[name] = frozenset(theirs - {"__future__"})
    return inside, outside


def wrong_imports(edges: dict[str, frozenset[str]]) -> list[str]:
    """Every import that goes against MAY_IMPORT, as 'module → target (room → room)'."""
    wrong = []
    for module, targets in sorted(edges.items()):
        here = room(module)
        if here is None:
            continue
        allowed = MAY_IMPORT[here] | {here}
        for target in sorted(targets):
            there = room(target)
            if there not in allowed and not any(target == m or target.startswith(m + ".") for m in allowed):
                wrong.append(f"{module} → {target} ({here} → {there})")
    return wrong


def test_every_module_has_a_room() -> None:
    assert [name for name in _all_modules() if room(name) is None] == []


def test_no_import_circles_across_game_and_editor() -> None:
    inside, _ = imports()
    assert circles({name: set(targets) for name, targets in inside.items()}) == []


def test_rooms_import_only_what_they_may() -> None:
    inside, _ = imports()
    assert wrong_imports(inside) == []


def test_the_game_never_imports_the_editor() -> None:
    inside, _ = imports()
    assert [f"{m} → {t}" for m, ts in inside.items() if m.startswith("game") for t in ts
            if t.startswith("editor")] == []


def test_nothing_under_the_screens_imports_pygame() -> None:
    _, outside = imports()
    windowed = sorted(name for name, names in outside.items()
                      if (room(name) in NO_PYGAME_ROOMS or name.startswith(NO_PYGAME_MODULES))
                      and any(n.startswith("pygame") for n in names))
    assert windowed == []


def test_the_rules_engine_needs_only_the_standard_library() -> None:
    _, outside = imports()
    foreign = {name: sorted(names - sys.stdlib_module_names) for name, names in outside.items()
               if room(name) == "rules" and names - sys.stdlib_module_names}
    assert foreign == {}


def test_modules_and_folders_stay_small() -> None:
    long = {name: n for name, path in _all_modules().items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
    folders = {path.parent for package in PACKAGES for path in (ROOT / package).rglob("*.py")}
    crowded = {str(f.relative_to(ROOT)): n for f in folders if (n := len(list(f.glob("*.py")))) > MAX_MODULES}
    assert crowded == {}


def test_the_checks_see_late_imports_and_catch_a_wrong_one() -> None:
    inside, outside = imports()
    assert "game.ui.launch" in inside["game.__main__"]  # imported inside `main`
    assert "pygame" in outside["game.idle_bench"]  # imported inside `measure_here`
    planted = {"game.rules.state": frozenset({"game.ui.app", "game.board.model"}),
               "editor.cartography.network": frozenset({"editor.app.window"}),
               "game.board.model": frozenset({"game.rules.state"})}
    assert wrong_imports(planted) == [
        "editor.cartography.network → editor.app.window (cartography → editor)",
        "game.board.model → game.rules.state (board → rules)",
        "game.rules.state → game.ui.app (rules → ui)",
    ]
