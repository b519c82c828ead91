"""Every piece of interface text of the editor: the English source of the `editor.*` catalogue keys.

`tools/sync_locales.py` flattens the constants below into game/locales/en.json (TOOLS["select"][1] →
`editor.tools.select.label`). `localize(code)` rebinds every constant to its translation from the
catalogues through `game.i18n`, so the editor's call sites read `text.STATUS_SAVED` in any language.
"""

from __future__ import annotations

from typing import Any

APP = "Underground board editor"
UNTITLED = "untitled.tmx"
UNSAVED_MARK = "*"

# Tools: key, toolbar label, status-bar hint.
TOOLS: dict[str, tuple[str, str, str]] = {
    "select": ("V", "Select", "Click to select, Shift+click to add, drag to move or draw a box. Del deletes."),
    "station": ("S", "Station", "Click to place a station, type its name, Enter to confirm (Esc cancels)."),
    "waypoint": ("W", "Crossing", "Click to place a water-symbol waypoint of a crossing."),
    "link": ("L", "Link", "Drag from one station or waypoint to another. Keys 1-4 set spaces of the selection."),
    "bend": ("B", "Bend", "Click a link to add a bend, drag bends to shape it, double-click a bend to remove it."),
    "cluster": ("C", "Cluster", "Click cluster corners; Enter or double-click closes; Backspace drops a corner."),
    "water": ("R", "Water", "Click the corners of a water area (river, sea); Enter or double-click closes."),
    "park": ("P", "Park", "Click the corners of a park; Enter or double-click closes."),
    "delete": ("D", "Delete", "Click an object to delete it (links go with their stations)."),
}

BUTTONS = {
    "new": "New",
    "open": "Open",
    "save": "Save",
    "save_as": "Save as",
    "undo": "Undo",
    "redo": "Redo",
    "grid": "Snap",
    "background": "Image",
    "play": "Play",
    "import": "Import",
    "help": "Help",
}

TOOLTIPS = {
    "new": "New board (Ctrl+N)",
    "open": "Open a .tmx board (Ctrl+O)",
    "save": "Save (Ctrl+S)",
    "save_as": "Save under a new name (Ctrl+Shift+S)",
    "undo": "Undo (Ctrl+Z)",
    "redo": "Redo (Ctrl+Y)",
    "grid": "Snap to grid and 45° directions (G)",
    "background": "Background image to trace a map (I)",
    "play": "Play this board (F5)",
    "import": "Import a real network (Ctrl+I)",
    "help": "Keyboard shortcuts (F1 or ?)",
}

HELP_TITLE = "Keyboard shortcuts"
HELP_LINES: list[tuple[str, str]] = [
    *[(key, f"{label} tool") for key, label, _ in TOOLS.values()],
    ("1 - 4", "spaces of the selected links"),
    ("Del / Backspace", "delete the selection"),
    ("Ctrl+A", "select everything"),
    ("G", "snap to grid and 45° on/off"),
    ("I", "background image; [ and ] change its opacity"),
    ("Wheel, + / -", "zoom"),
    ("Middle / right drag, arrows", "pan"),
    ("Home", "fit the board in the window"),
    ("Ctrl+Z / Ctrl+Y", "undo / redo"),
    ("Ctrl+N / Ctrl+O", "new / open"),
    ("Ctrl+S / Ctrl+Shift+S", "save / save as"),
    ("Ctrl+I", "import a real network"),
    ("F5", "play this board"),
    ("F1 or ?", "this help (any key closes it)"),
    ("Esc", "cancel the current drawing, clear the selection"),
]

# Side panel
PANEL_MAP = "Board"
PANEL_SELECTION = "{count} objects selected"
PANEL_NAME = "Name"
PANEL_RULESET = "Ruleset"
PANEL_SETTINGS = "Rule settings (empty = ruleset default)"
PANEL_DESTINATION = "Destination"
PANEL_CARDS = "Cards"
PANEL_LANDMARKS = "Landmarks"
PANEL_SPACES = "Spaces"
PANEL_KIND = {
    "station": "Station",
    "waypoint": "Waypoint",
    "link": "Link",
    "cluster": "Cluster",
    "water": "Water",
    "park": "Park",
    "": "Object",
}
PANEL_FLAGS = {
    "railway": "Railway station",
    "terminus": "Terminus",
    "connection": "Connection tile",
    "plus": "\"+\" station",
    "start": "Passenger starts here",
    "water": "Water symbol",
}
DESTINATIONS = {"": "none", "standard": "standard", "express": "express"}
PANEL_LINK_ENDS = "{a} – {b}"
PANEL_OPACITY = "Image opacity"
PANEL_PROBLEMS = "Problems"
PROBLEMS_NONE = "No problems: the board compiles."
PROBLEMS_NO_COMPILER = "The board compiler is not installed yet."
PROBLEMS_COUNT = "errors: {errors}, warnings: {warnings}"

# Status bar and messages
STATUS_SAVED = "Saved {path}"
STATUS_OPENED = "Opened {path}"
STATUS_NEW = "New board"
STATUS_UNDO = "Undone: {label}"
STATUS_REDO = "Redone: {label}"
STATUS_NOTHING_UNDO = "Nothing to undo"
STATUS_NOTHING_REDO = "Nothing to redo"
STATUS_SNAP = "Snap {state}"
STATUS_ON = "on"
STATUS_OFF = "off"
STATUS_BAD_SETTING = "Not a valid value for {name}: {error}"
STATUS_AUTOSAVED = "Backup written"
STATUS_RECOVERED = "Recovered unsaved changes from {path}"
STATUS_PLAY = "Starting the game on this board"
STATUS_IMPORTED = "Imported {city}"
STATUS_ERROR = "Error: {error}"
STATUS_LINK_SAME = "A link needs two different stations or waypoints"
STATUS_LINK_EXISTS = "These two are already linked"
STATUS_NO_NODE = "Start the drag on a station or waypoint"
STATUS_BACKGROUND = "Background image {name}"
STATUS_NO_IMAGE = "The image must be in the board's folder"
STATUS_ZOOM = "{zoom:.0%}"
STATUS_BAR = "{title}{mark}   ·   {stations} stations   ·   x {x:.0f}  y {y:.0f}   ·   snap {snap}   ·   {zoom}"

CONFIRM_TITLE = "Unsaved changes"
CONFIRM_DISCARD = "The board has unsaved changes. Discard them?"
CONFIRM_DISCARD_BUTTON = "Discard"
RECOVER_TITLE = "Recover backup"
RECOVER_TEXT = "A backup newer than the file was found ({path}). Recover the unsaved changes?"
RECOVER_BUTTON = "Recover"
OPEN_TITLE = "Open board"
SAVE_TITLE = "Save board as"
IMAGE_TITLE = "Background image (in the board's folder)"
PLAY_ERRORS_TITLE = "The board has errors"
PLAY_ERRORS = "Fix these problems before playing:<br>{problems}"
PLAY_FAILED = "Could not start the game: {error}"
IMPORT_TITLE = "Import a real network"
IMPORT_CITY = "City"
IMPORT_AREA = "Area (optional)"
IMPORT_BUTTON = "Import"
IMPORT_FAILED = "Import failed: {error}"
ERROR_TITLE = "Error"

DEFAULT_STATION = "Station {n}"
DEFAULT_CLUSTER = "Cluster {n}"
NEW_BOARD_NAME = "New board"

LABEL_UNDO = {
    "add_station": "add station",
    "add_waypoint": "add waypoint",
    "add_link": "add link",
    "add_area": "add {kind}",
    "move": "move",
    "bend": "bend link",
    "unbend": "remove bend",
    "delete": "delete",
    "property": "set {name}",
    "spaces": "set spaces",
    "map": "board settings",
    "background": "background image",
}


# ----- languages -----

_FIELDS: dict[str, tuple[str, ...]] = {"TOOLS": ("key", "label", "hint"), "HELP_LINES": ("keys", "action")}
_ENGLISH: dict[str, Any] = {name: value for name, value in dict(globals()).items()
                            if name.isupper() and not name.startswith("_")}


def _translated(key: str, english: Any, fields: tuple[str, ...] = ()) -> Any:
    """`english` with every string replaced by catalogue message `key…`, keyed as the sync tool flattens it."""
    from game import i18n

    if isinstance(english, str):
        return i18n.tr(key) if i18n.has(key) else english
    if isinstance(english, dict):
        return {name: _translated(f"{key}.{str(name).lower() or '_'}", item, fields)
                for name, item in english.items()}
    if isinstance(english, list):
        return [_translated(f"{key}.{index}", item, fields) for index, item in enumerate(english)]
    if isinstance(english, tuple):
        return tuple(_translated(f"{key}.{fields[index] if index < len(fields) else index}", item)
                     for index, item in enumerate(english))
    return english


def localize(code: str | None = None) -> str:
    """Switch the editor's text to language `code` (default: the current one); returns the code in use."""
    from game import i18n

    if code is not None:
        i18n.set_language(code)
    for name, english in _ENGLISH.items():
        globals()[name] = _translated(f"editor.{name.lower()}", english, _FIELDS.get(name, ()))
    return i18n.language()
