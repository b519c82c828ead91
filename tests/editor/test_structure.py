"""The editor's layout stays as docs/editor.md draws it: no import circles, small modules, small folders,
and rooms that import only the rooms below them."""

from __future__ import annotations

from tests.editor.import_graph import ROOT, circles, graph, modules

MAX_LINES = 500
MAX_MODULES = 15
# Each room may import itself, the rooms listed and the editor's words (`editor.text`, `editor.problem_text`);
# `editor.importing` builds a Document; actions run `editor.cartography`'s metro-map pipeline (Tidy layout,
# Place names), and the select tool's name guide asks it for the places round a station.
ROOMS_BELOW = {
    "document": set(),
    "canvas": {"document"},
    "tools": {"document", "canvas", "cartography"},
    "actions": {"document", "canvas", "importing", "cartography"},
    "app": {"document", "canvas", "tools", "actions"},
}


def test_no_import_circles() -> None:
    assert circles(graph("editor")) == []


def test_modules_and_folders_stay_small() -> None:
    long = {name: n for name, path in modules("editor").items()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES}
    assert long == {}
    folders = {path.parent for path in (ROOT / "editor").rglob("*.py")}
    crowded = {str(f.relative_to(ROOT)): n for f in folders if (n := len(list(f.glob("*.py")))) > MAX_MODULES}
    assert crowded == {}


def _room(module: str) -> str:
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else ""


def test_rooms_import_only_rooms_below() -> None:
    wrong = []
    for module, targets in graph("editor").items():
        room = _room(module)
        if room not in ROOMS_BELOW:
            continue
        allowed = {room, "text", "problem_text", ""} | ROOMS_BELOW[room]
        wrong += [f"{module} → {target}" for target in sorted(targets) if _room(target) not in allowed]
    assert wrong == []


def test_document_room_needs_no_window() -> None:
    windowed = [name for name, path in modules("editor.document").items()
                if "pygame" in path.read_text(encoding="utf-8")]
    assert windowed == []


def test_graph_sees_imports_inside_functions() -> None:
    edges = graph("editor")
    assert "editor.app" in edges["editor.__main__"]  # imported inside `main`
