"""Actions by name, with the keys that run them, where their tool-bar button goes and their help line."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from editor import text
from editor.actions.context import Editor

ToolbarPlace = Literal["file", "history", "board"]  # the bar's left groups, then its right-hand group


@dataclass(frozen=True)
class Shortcut:
    """A key (a pygame key code) or a typed character, with Ctrl; Shift must match only when set."""

    key: int = 0
    ctrl: bool = False
    shift: bool | None = None
    char: str = ""

    def matches(self, key: int, char: str, ctrl: bool, shift: bool) -> bool:
        if ctrl != self.ctrl or (self.shift is not None and shift != self.shift):
            return False
        return (self.key != 0 and key == self.key) or (self.char != "" and char == self.char)


def _always() -> bool:
    return True


@dataclass(frozen=True)
class Action:
    """One thing the user can do. Button labels and tooltips are `text.BUTTONS[name]`, `text.TOOLTIPS[name]`.

    `help` gives a row (keys, what it does) for the help overlay, read when it is drawn so it follows the
    language; the built-in actions are described by `text.HELP_LINES` and leave it empty.
    """

    name: str
    run: Callable[[Editor], None]
    keys: tuple[Shortcut, ...] = ()
    button: ToolbarPlace | None = None
    available: Callable[[], bool] = _always
    help: Callable[[], tuple[str, str]] | None = None


class ActionRegistry:
    """The actions in the order they were registered, which is the order of their buttons."""

    def __init__(self, actions: Iterable[Action]) -> None:
        self.actions: dict[str, Action] = {}
        for action in actions:
            if action.name in self.actions:
                raise ValueError(f"two actions named {action.name!r}")
            self.actions[action.name] = action

    def __getitem__(self, name: str) -> Action:
        return self.actions[name]

    def run(self, name: str, editor: Editor) -> None:
        self.actions[name].run(editor)

    def for_key(self, key: int, char: str, ctrl: bool, shift: bool) -> Action | None:
        """The available action a key press runs, if any."""
        for action in self.actions.values():
            if any(s.matches(key, char, ctrl, shift) for s in action.keys) and action.available():
                return action
        return None

    def buttons(self, place: ToolbarPlace) -> list[Action]:
        """The available actions with a button in that part of the tool bar."""
        return [a for a in self.actions.values() if a.button == place and a.available()]

    def help_rows(self) -> list[tuple[str, str]]:
        """The help overlay's rows: the built-in sheet, then a row for each action that brings its own."""
        return [*text.HELP_LINES, *(action.help() for action in self.actions.values() if action.help)]
