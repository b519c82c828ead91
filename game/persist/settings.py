"""The player's settings, kept between sessions: language, sound, colour-blind mode, text size, the computer
players' speed, screen, and the menu's last table (board, player count, who sat in each seat), so the next
game starts from it.

Stored as versioned JSON in the user config folder (`UNDERGROUND_CONFIG_DIR` overrides it, for tests).
Nothing here may stop the game from starting: a corrupt or newer file gives the defaults, keeps the file
as `settings.json.bad` and leaves a message for the screen; a read-only or full disk gives a message too.
Writes are atomic (temp file, fsync, rename) so a crash never leaves half a settings file.
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from platformdirs import user_config_dir

from game import i18n
from game.files import SETTINGS_JSON, JsonFileError, free_name, read_json, write_atomically

CONFIG_ENV = "UNDERGROUND_CONFIG_DIR"
FILE_NAME = "settings.json"
VERSION = 1  # raise it when a field changes meaning, and add a step to _MIGRATIONS

VOLUME_RANGE = (0, 100)
TEXT_SCALE_RANGE = (0.75, 2.0)
COMPUTER_PACE_RANGE = (0.5, 2.0)  # the computers' pauses, scaled: fast halves them, slow doubles them
IDLE_MINUTES_RANGE = (1, 60)
MAX_SEATS = 5
NAME_LIMIT = 40  # characters of a remembered seat name or kind (the menu allows fewer)


@dataclass(frozen=True)
class Settings:
    """One snapshot of the settings; change it with `store.update(...)`, never in place."""

    language: str = "en"
    volume: int = 80
    mute: bool = False
    colour_blind: bool = False
    text_scale: float = 1.0
    fullscreen: bool = False
    show_idle_minutes: int = 3
    table_board: str = ""  # the board the menu last started, "" for none yet
    table_players: int = 0  # how many played it, 0 for none yet
    table_seats: tuple[tuple[str, str], ...] = ()  # (kind, name) of each of the menu's seats
    computer_pace: float = 1.0  # the computer players' pause before each action, as a factor (a sofa follows 2)

    @property
    def gain(self) -> float:
        """Loudness as a 0–1 factor: 0 when muted; squared, because ears hear volume roughly that way."""
        return 0.0 if self.mute else (self.volume / 100) ** 2

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["table_seats"] = [list(seat) for seat in self.table_seats]
        return {"version": VERSION, **data}


def _clamp(value: float, bounds: tuple[float, float]) -> float:
    return min(max(value, bounds[0]), bounds[1])


def _valid(name: str, value: Any) -> Any:
    """The value if it is acceptable for field `name` (numbers clamped into range), else raises ValueError."""
    default = getattr(Settings(), name)
    if name == "table_seats":
        return _seats(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(name)
        return value
    if isinstance(default, str):
        if name == "language" and value not in i18n.LANGUAGES:
            raise ValueError(name)
        return value
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ValueError(name)
    if name == "volume":
        return round(_clamp(value, VOLUME_RANGE))
    if name == "show_idle_minutes":
        return round(_clamp(value, IDLE_MINUTES_RANGE))
    if name == "text_scale":
        return round(float(_clamp(value, TEXT_SCALE_RANGE)), 2)
    if name == "computer_pace":
        return round(float(_clamp(value, COMPUTER_PACE_RANGE)), 2)
    if name == "table_players" and value == int(value) and (value == 0 or 2 <= value <= MAX_SEATS):
        return int(value)
    raise ValueError(name)


def _seats(value: Any) -> tuple[tuple[str, str], ...]:
    """Remembered seats: up to five (kind, name) pairs of short strings; anything else is refused."""
    if not isinstance(value, list | tuple) or len(value) > MAX_SEATS:
        raise ValueError("table_seats")
    seats = []
    for seat in value:
        if (not isinstance(seat, list | tuple) or len(seat) != 2
                or not all(isinstance(part, str) and len(part) <= NAME_LIMIT for part in seat)):
            raise ValueError("table_seats")
        seats.append((seat[0], seat[1]))
    return tuple(seats)


def settings_from_json(data: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a current-version document, and the names of fields that had to be reset."""
    values: dict[str, Any] = {}
    reset = []
    for spec in fields(Settings):
        if spec.name not in data:
            continue
        try:
            values[spec.name] = _valid(spec.name, data[spec.name])
        except ValueError:
            reset.append(spec.name)
    return Settings(**values), reset


# version n → a function turning a version-n document into a version n+1 document.
_MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}


@dataclass(frozen=True)
class Notice:
    """A problem to tell the player about: a message id and its values, translated when shown."""

    key: str
    values: dict[str, str]

    def text(self) -> str:
        return i18n.tr(self.key, **self.values)


def config_dir() -> Path:
    override = os.environ.get(CONFIG_ENV)
    return Path(override) if override else Path(user_config_dir("underground", appauthor=False))


class SettingsStore:
    """Loads once, hands out `settings`, saves on every `update`; problems become `notice`, never exceptions."""

    def __init__(self, folder: Path | None = None) -> None:
        self.folder = folder if folder is not None else config_dir()
        self.settings = Settings()
        self.notice: Notice | None = None
        self._writable = True  # False while a bad file could not be set aside: saving would destroy it

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    @property
    def message(self) -> str | None:
        """The latest problem in the interface language, or None."""
        return self.notice.text() if self.notice else None

    def take_message(self) -> str | None:
        """The latest problem, once: the screen shows it and it is gone."""
        text, self.notice = self.message, None
        return text

    def load(self) -> Settings:
        """Read the file; any problem gives defaults plus a notice, the file itself is never lost."""
        self.settings, self.notice, self._writable = Settings(), None, True
        try:
            data = read_json(self.path, SETTINGS_JSON)  # bounded: a huge or absurdly nested file is refused
        except JsonFileError as error:
            if error.missing and not os.path.lexists(self.path):  # first start: speak the machine's language
                self.settings = Settings(language=i18n.system_language())
                return self.settings
            if error.unreadable:  # there is a file (or folder) we cannot read: keep it
                self._set_aside("settings.problem.unreadable", reason=error.problem)
                return self.settings
            data = None
        version = data.get("version") if isinstance(data, dict) else None
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            self._set_aside("settings.problem.corrupt")
            return self.settings
        if version > VERSION:
            self._set_aside("settings.problem.newer")
            return self.settings
        while version < VERSION:
            data = _MIGRATIONS[version](data)
            version += 1
        self.settings, reset = settings_from_json(data)
        if reset:
            self.notice = Notice("settings.problem.fixed", {"names": ", ".join(reset)})
        return self.settings

    def update(self, **changes: Any) -> Settings:
        """Change some settings (invalid values are refused with ValueError) and save at once."""
        checked = {name: _valid(name, value) for name, value in changes.items()}
        self.settings = replace(self.settings, **checked)
        self.save()
        return self.settings

    def save(self) -> bool:
        """Write the current settings atomically; False (and a notice) when the disk refuses."""
        if not self._writable:
            return False  # the notice from load() already says why
        payload = (json.dumps(self.settings.to_json(), indent=2) + "\n").encode("utf-8")
        try:
            write_atomically(self.path, payload)
        except OSError as error:
            self.notice = Notice("settings.problem.unsaved", {"reason": _reason(error)})
            return False
        return True

    def _set_aside(self, problem: str, **values: str) -> None:
        """Keep an unusable file as settings.json.bad (or .bad2, … if that exists) and say so.

        If even that fails, saving is switched off for this session: writing would destroy the file.
        """
        target = free_name(self.path.with_name(FILE_NAME + ".bad"))
        try:
            os.replace(self.path, target)
        except OSError as error:
            self._writable = False
            self.notice = Notice("settings.problem.not_kept", {"reason": _reason(error)})
            return
        self.notice = Notice(problem, {**values, "path": str(target)})


def _reason(error: BaseException) -> str:
    if isinstance(error, OSError) and error.strerror:
        return error.strerror
    return str(error) or type(error).__name__


def load_settings(folder: Path | None = None) -> SettingsStore:
    """The store for the user's settings, already loaded: what the app calls at start-up."""
    store = SettingsStore(folder)
    store.load()
    return store
