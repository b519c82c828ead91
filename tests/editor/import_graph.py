"""The import graph of a package, read with ast: every import, at module level, in functions and under
TYPE_CHECKING alike, so a circle hidden inside a function still counts.

`python -m tests.editor.import_graph [PACKAGE]` prints the graph's size and every circle it finds.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def modules(package: str) -> dict[str, Path]:
    """Every module of a package by dotted name; a package is its `__init__.py`."""
    found: dict[str, Path] = {}
    for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported_names(node: ast.AST, module: str, is_package: bool) -> list[str]:
    """The dotted names an import statement may load: the module and, for `from m import n`, `m.n`."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if not isinstance(node, ast.ImportFrom):
        return []
    base = node.module or ""
    if node.level:
        anchor = module.split(".") if is_package else module.split(".")[:-1]
        anchor = anchor[: len(anchor) - (node.level - 1)]
        base = ".".join([*anchor, base] if base else anchor)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def graph(package: str) -> dict[str, set[str]]:
    """Edges from each module to the modules of the same package it imports, wherever the import sits."""
    known = modules(package)
    edges: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            for target in imported_names(node, name, path.name == "__init__.py"):
                # `import a.b.c` and `from a.b import c` load the deepest name that is a module
                while target and target not in known:
                    target = target.rpartition(".")[0]
                if target and target != name and target.startswith(package):
                    edges[name].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan): each holds at least one circle."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def main(argv: list[str]) -> int:
    package = argv[0] if argv else "editor"
    edges = graph(package)
    found = circles(edges)
    print(f"{package}: {len(edges)} modules, {sum(len(e) for e in edges.values())} imports between them")
    print(f"import circles: {len(found)}")
    for group in found:
        print("  " + " ↔ ".join(group))
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
