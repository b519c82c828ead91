"""The editor's words, read from the catalogues (the `editor.*` keys of game/locales/en.po) when used.

Call sites read `text.STATUS_SAVED`, `text.TOOLS["select"]`, …: each name is looked up in the current
language at the moment it is read (the module's `__getattr__`), so nothing is rebound when the language
changes. `STATUS_SAVED` is the message `editor.status_saved`; a table such as `BUTTONS` is the messages
`editor.buttons.<entry>`, in the order given below. The names and the shape of the tables (which tools,
in which order) are code and live here; every word lives in en.po and its translations.

Messages come back as templates, for the call site to format (`text.STATUS_SAVED.format(path=…)`);
one that counts something is read with `plural("PANEL_SELECTION", count, count=count)`.
"""

from __future__ import annotations

from typing import Any

from game import i18n
from game.board.rule_settings import RuleSettings

TOOL_NAMES = ("select", "station", "waypoint", "link", "bend", "split", "cluster", "water", "park", "delete")
BUS_TOOL_NAMES = ("select", "place", "route", "district", "ticket", "bend", "water", "park", "delete")  # bus tour
ALL_TOOL_NAMES = tuple(dict.fromkeys((*TOOL_NAMES, *BUS_TOOL_NAMES)))
TOOL_FIELDS = ("key", "label", "hint")  # TOOLS[name] is (shortcut, toolbar label, status-bar hint)
HELP_FIELDS = ("keys", "action")  # HELP_LINES[i] is (keys, what they do)
_COMMANDS = ("new", "new_bus", "open", "save", "save_as", "undo", "redo", "grid", "background", "tidy", "place_names",
             "play", "import", "help")

# Tables of plain messages: name → entries in display order ("" is stored as "_").
TABLES: dict[str, tuple[str, ...]] = {
    "BUTTONS": _COMMANDS,
    "TOOLTIPS": _COMMANDS,
    "PANEL_KIND": ("station", "waypoint", "link", "cluster", "water", "park", "place", "route", "district", "ticket",
                   ""),
    "COLOURS": ("orange", "yellow", "pink", "green", "blue", "black", "grey"),  # a bus route's colours
    "PANEL_FLAGS": ("railway", "terminus", "connection", "plus", "start", "water", "pinned"),
    "DESTINATIONS": ("", "standard", "express"),
    # The rule settings a board may override, as the panel lists them (colour sets and line tokens are JSON:
    # Tiled's or a text editor's work).
    "SETTINGS": tuple(name for name in RuleSettings.__dataclass_fields__ if name not in ("line_tokens", "colour_sets")),
    "LABEL_UNDO": ("add_station", "add_waypoint", "add_link", "add_area", "move", "bend", "unbend", "split",
                   "delete", "property", "spaces", "map", "background", "tidy", "place_names", "move_name",
                   "place_name", "add_place", "add_route", "add_ticket"),
}


def key(name: str, *parts: str) -> str:
    """The catalogue key of a name (and table entry): key("TOOLS", "select", "label") → editor.tools.select.label."""
    return ".".join(("editor", name.lower(), *(part or "_" for part in parts)))


def _help_lines() -> list[tuple[str, ...]]:
    lines: list[tuple[str, ...]] = []
    while i18n.has(key("HELP_LINES", str(len(lines)), "keys")):
        lines.append(tuple(i18n.tr(key("HELP_LINES", str(len(lines)), field)) for field in HELP_FIELDS))
    return lines


def __getattr__(name: str) -> Any:
    """`text.NAME` in the current language: a message, a table of messages, or AttributeError."""
    if name == "TOOLS":
        return {tool: tuple(i18n.tr(key(name, tool, field)) for field in TOOL_FIELDS) for tool in ALL_TOOL_NAMES}
    if name == "HELP_LINES":
        return _help_lines()
    if name in TABLES:
        return {entry: i18n.tr(key(name, entry)) for entry in TABLES[name]}
    if name.isupper() and i18n.has(key(name)):
        return i18n.tr(key(name))
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    plain = {entry.split(".")[1].upper() for entry in i18n.catalogue(i18n.FALLBACK).ids()
             if entry.startswith("editor.") and entry.count(".") == 1}
    return sorted({*globals(), *plain, *TABLES, "TOOLS", "HELP_LINES"})


def plural(name: str, count: int, /, **values: object) -> str:
    """A message that counts something, in its form for `count` and formatted: "1 object selected"."""
    return i18n.ntr(key(name), count, **values)


def localize(code: str | None = None) -> str:
    """Switch the interface language (default: keep the current one); returns the code in use."""
    return i18n.set_language(code) if code is not None else i18n.language()
