"""Where the autosave lives, so the menu can offer Continue. Writing saves comes with the play screen."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

AUTOSAVE_ENV = "UNDERGROUND_DATA_DIR"  # tests point this at a temporary folder


def data_dir() -> Path:
    override = os.environ.get(AUTOSAVE_ENV)
    return Path(override) if override else Path(user_data_dir("underground", appauthor=False))


def autosave_path() -> Path:
    return data_dir() / "autosave.json"


def has_autosave() -> bool:
    return autosave_path().is_file()


def load_autosave() -> dict[str, Any] | None:
    """The saved game as written by `write_autosave`, or None when there is none or it is unreadable."""
    try:
        data = json.loads(autosave_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def write_autosave(data: dict[str, Any]) -> None:
    """Write atomically: a crash mid-write must not destroy the previous save."""
    path = autosave_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(data), encoding="utf-8")
    tmp.replace(path)
