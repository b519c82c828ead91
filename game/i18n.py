"""Interface languages: one JSON catalogue per language, English the reference and the fallback.

The catalogues live in `game/locales/{code}.json` as flat `{key: message}` objects with `str.format`
placeholders. English (`en.json`) is regenerated from the text modules by `tools/sync_locales.py`;
German and French are translated by hand with the rulebooks' vocabulary. A key missing from a
translation shows the English message, so a new string never leaves a blank on screen.
"""

from __future__ import annotations

import json
import os
import string
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from game.rules.reasons import Reason

LOCALE_DIR = Path(__file__).resolve().parent / "locales"
FALLBACK = "en"
# Each language under its own name, as a language menu should show it.
LANGUAGES: dict[str, str] = {"en": "English", "de": "Deutsch", "fr": "Français"}

_language = FALLBACK


@cache
def catalogue(code: str) -> dict[str, str]:
    """The messages of one language (empty if the language has no readable catalogue)."""
    try:
        data = json.loads((LOCALE_DIR / f"{code}.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(key): value for key, value in data.items() if isinstance(value, str)}


def reload() -> None:
    """Forget the loaded catalogues (after `tools/sync_locales.py` rewrote them, and in tests)."""
    catalogue.cache_clear()


def set_language(code: str) -> str:
    """Switch the interface language; an unknown code falls back to English. Returns the code in use."""
    global _language
    _language = code if code in LANGUAGES else FALLBACK
    return _language


def language() -> str:
    return _language


def language_names() -> list[tuple[str, str]]:
    """(code, own name) pairs in menu order, for a language picker."""
    return list(LANGUAGES.items())


def system_language(environ: dict[str, str] | None = None) -> str:
    """The first supported language named by the usual locale variables (de_DE.UTF-8 → de), else English.

    Used once, for a first start without saved settings: a German or French machine opens in its language.
    """
    env = os.environ if environ is None else environ
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in env.get(variable, "").split(":"):
            code = part.split("_")[0].split(".")[0].split("@")[0].lower()
            if code in LANGUAGES:
                return code
    return FALLBACK


def has(key: str) -> bool:
    return key in catalogue(FALLBACK)


def tr(key: str, **values: object) -> str:
    """The message `key` in the current language, formatted with `values`.

    Falls back to English when the translation is missing or its placeholders do not fit the values,
    and to the key itself when even English lacks it: text on screen is never blank and never a crash.
    """
    english = catalogue(FALLBACK).get(key)
    for message in (catalogue(_language).get(key), english):
        if not message:
            continue
        if not values:
            return message
        try:
            return message.format(**values)
        except (KeyError, IndexError, ValueError, TypeError):
            continue
    return key


def section(prefix: str) -> dict[str, str]:
    """Every message under `prefix.` in the current language, keyed by the rest of the key.

    For tables such as the editor's buttons: `section("editor.buttons")["save"]` → "Speichern".
    """
    start = prefix.rstrip(".") + "."
    return {key[len(start):]: tr(key) for key in catalogue(FALLBACK) if key.startswith(start)}


def missing_keys(code: str) -> list[str]:
    """English keys that language `code` does not translate (or translates as an empty string)."""
    translated = catalogue(code)
    return [key for key in catalogue(FALLBACK) if not translated.get(key)]


def extra_keys(code: str) -> list[str]:
    """Keys of language `code` that English no longer has: stale translations to delete."""
    english = catalogue(FALLBACK)
    return [key for key in catalogue(code) if key not in english]


def placeholders(message: str) -> list[tuple[str, str]]:
    """The (field, format spec) pairs of a message, sorted, so translations can be checked against English."""
    fields = {(name, spec or "") for _, name, spec, _ in string.Formatter().parse(message) if name is not None}
    return sorted(fields)


def placeholder_mismatches(code: str) -> dict[str, tuple[list[tuple[str, str]], list[tuple[str, str]]]]:
    """Keys whose placeholders differ from English: {key: (english, translation)}."""
    english = catalogue(FALLBACK)
    problems = {}
    for key, message in catalogue(code).items():
        if key in english and placeholders(message) != placeholders(english[key]):
            problems[key] = (placeholders(english[key]), placeholders(message))
    return problems


# Reason values that are names of things, translated like any other word: {value name: key prefix}.
_NAMED_VALUES = {"symbol": "symbol", "tile": "landmark", "line": "line"}


def describe(reason: Reason, short: bool = False) -> str:
    """A scoring reason in words: `reason.<key>` with its values, names of things translated too.

    `short` drops the station's name (for a track whose own end it is): "railway station".
    A count of one takes the `…_one` form where the language has one ("loop around 1 station").
    """
    values = dict(reason.params)
    for name, prefix in _NAMED_VALUES.items():
        if name in values and has(f"{prefix}.{values[name]}"):
            values[name] = tr(f"{prefix}.{values[name]}")
    key = f"reason.{reason.key}"
    if short and has(f"{key}.short"):
        key = f"{key}.short"
    elif values.get("n") == 1 and has(f"{key}_one"):
        key = f"{key}_one"
    return tr(key, **values)
