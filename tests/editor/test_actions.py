"""The action registry: one name per action, no key claimed twice, a label for every button, every tool
reachable by its key; and the editing session works without a window."""

from __future__ import annotations

import pygame

from editor import text
from editor.actions.catalogue import make_registry
from editor.actions.registry import Shortcut
from editor.document.session import EditingSession
from editor.document.tmx import Document


def _overlap(a: Shortcut, b: Shortcut) -> bool:
    same_press = (a.key and a.key == b.key) or (a.char and a.char == b.char)
    return bool(same_press) and a.ctrl == b.ctrl and (a.shift is None or b.shift is None or a.shift == b.shift)


def test_no_two_actions_share_a_key() -> None:
    keys = [(action.name, shortcut) for action in make_registry().actions.values() for shortcut in action.keys]
    clashes = [(m, n) for i, (m, a) in enumerate(keys) for n, b in keys[i + 1:] if m != n and _overlap(a, b)]
    assert clashes == []


def test_every_button_has_its_words() -> None:
    registry = make_registry()
    named = [a.name for place in ("file", "history", "board") for a in registry.buttons(place)]
    assert [n for n in named if n not in text.BUTTONS or n not in text.TOOLTIPS] == []
    assert named[:7] == ["new", "new_bus", "open", "save", "save_as", "undo", "redo"]


def test_keys_find_their_actions() -> None:
    registry = make_registry()

    def found(key: int, char: str = "", ctrl: bool = False, shift: bool = False) -> str | None:
        action = registry.for_key(key, char, ctrl, shift)
        return action.name if action else None

    assert found(pygame.K_z, ctrl=True) == "undo"
    assert found(pygame.K_z, ctrl=True, shift=True) == "redo"
    assert found(pygame.K_s, ctrl=True, shift=True) == "save_as"
    assert found(pygame.K_SLASH, "?", shift=True) == "help"
    assert found(pygame.K_z) is None
    for name in text.TOOL_NAMES:
        letter = text.TOOLS[name][0]
        assert found(getattr(pygame, f"K_{letter.lower()}"), letter.lower()) == f"tool_{name}"
    for name in set(text.BUS_TOOL_NAMES) - set(text.TOOL_NAMES):  # a bus tool shares the key of its Underground twin
        letter = text.TOOLS[name][0]
        twins = [f"tool_{other}" for other in text.TOOL_NAMES if text.TOOLS[other][0] == letter] or [f"tool_{name}"]
        assert found(getattr(pygame, f"K_{letter.lower()}"), letter.lower()) == twins[0]


def test_session_edits_and_undoes_without_a_window() -> None:
    session = EditingSession(Document.new("Test"))
    a = session.add_object("station", [(32, 32)], "add station", name="A")
    b = session.add_object("station", [(96, 64)], "add station", name="B")
    assert session.link(session.doc.get(a), session.doc.get(b))  # type: ignore[arg-type]
    (link,) = session.doc.of_kind("link")
    assert link.points == [(32, 32), (64, 64), (96, 64)] and session.selection == {link.id}
    assert not session.link(session.doc.get(b), session.doc.get(a))  # type: ignore[arg-type]
    assert session.pick((33, 33), radius=4).id == a  # type: ignore[union-attr]
    session.undo()
    assert session.doc.of_kind("link") == [] and session.selection == set()
