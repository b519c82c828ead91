"""Regenerate game/locales/en.json from the text modules and list what the translations lack.

python -m tools.sync_locales            rewrite en.json, report missing / stale / changed keys
python -m tools.sync_locales --check    write nothing; exit 1 if en.json is stale or a translation is incomplete
python -m tools.sync_locales --tidy     also rewrite de/fr in English key order, dropping stale keys

Sources, in order: `game/ui/text.py` (TEXT["en"], keys as they are), `game/persist/settings.py` (MESSAGES),
`editor/text.py` (every upper-case constant, flattened under `editor.`). The two text modules are loaded
from their files, not imported as packages, so a screen package's imports never run here.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ROOT / "game" / "locales"
GAME_TEXT = ROOT / "game" / "ui" / "text.py"
EDITOR_TEXT = ROOT / "editor" / "text.py"
TRANSLATIONS = ("de", "fr")

# Tuple fields of the editor's tables get names, so a translator sees what each string is.
TUPLE_FIELDS: dict[str, tuple[str, ...]] = {
    "TOOLS": ("key", "label", "hint"),
    "HELP_LINES": ("keys", "action"),
}


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"_locale_source_{path.stem}", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _slug(part: object) -> str:
    text = str(part).lower()
    return text if text else "_"


def flatten(prefix: str, value: Any, fields: tuple[str, ...] = ()) -> dict[str, str]:
    """Strings nested in dicts, lists and tuples as dotted keys: TOOLS["select"][1] → tools.select.label."""
    if isinstance(value, str):
        return {prefix: value}
    out: dict[str, str] = {}
    if isinstance(value, dict):
        for key, item in value.items():
            out.update(flatten(f"{prefix}.{_slug(key)}", item, fields))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            out.update(flatten(f"{prefix}.{index}", item, fields))
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            name = fields[index] if index < len(fields) else str(index)
            out.update(flatten(f"{prefix}.{name}", item))
    return out


def editor_messages(module: ModuleType) -> dict[str, str]:
    """Every upper-case string constant of editor/text.py, as `editor.<name>[.<part>…]`."""
    out: dict[str, str] = {}
    for name, value in vars(module).items():
        if name.isupper() and not name.startswith("_"):
            out.update(flatten(f"editor.{name.lower()}", value, TUPLE_FIELDS.get(name, ())))
    return out


def english() -> dict[str, str]:
    """The English catalogue as the sources define it today."""
    messages: dict[str, str] = dict(_load(GAME_TEXT).TEXT["en"])
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from game.persist.settings import MESSAGES  # a plain module (stdlib, platformdirs): safe to import

    for key, value in MESSAGES.items():
        messages.setdefault(key, value)
    for key, value in editor_messages(_load(EDITOR_TEXT)).items():
        if key in messages:
            raise SystemExit(f"duplicate message key {key}")
        messages[key] = value
    return messages


def _read(code: str) -> dict[str, str]:
    path = LOCALES / f"{code}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return dict(data)


def _write(code: str, messages: dict[str, str]) -> None:
    LOCALES.mkdir(parents=True, exist_ok=True)
    text = json.dumps(messages, ensure_ascii=False, indent=2) + "\n"
    (LOCALES / f"{code}.json").write_text(text, encoding="utf-8")


def report(new: dict[str, str], old: dict[str, str]) -> list[str]:
    """Lines describing what changed in English and what each translation lacks."""
    lines = []
    added = [key for key in new if key not in old]
    removed = [key for key in old if key not in new]
    changed = [key for key in new if key in old and new[key] != old[key]]
    for label, keys in (("new", added), ("removed", removed), ("changed (review translations)", changed)):
        if keys:
            lines.append(f"en: {label}: {', '.join(keys)}")
    for code in TRANSLATIONS:
        translated = _read(code)
        missing = [key for key in new if not translated.get(key)]
        stale = [key for key in translated if key not in new]
        lines.extend(f"{code}: missing {key}: {new[key]!r}" for key in missing)
        if stale:
            lines.append(f"{code}: stale (no longer in English): {', '.join(stale)}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.sync_locales", description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="write nothing; exit 1 when anything is out of date")
    parser.add_argument("--tidy", action="store_true", help="rewrite de/fr in English order without stale keys")
    args = parser.parse_args(argv)
    new = english()
    old = _read("en")
    lines = report(new, old)
    if args.check:
        stale_en = new != old or list(new) != list(old)
        if stale_en:
            lines.insert(0, "en.json is out of date: run python -m tools.sync_locales")
        incomplete = any(line.startswith(tuple(f"{code}:" for code in TRANSLATIONS)) for line in lines)
        print("\n".join(lines) if lines else f"{len(new)} keys, every language complete")
        return 1 if stale_en or incomplete else 0
    _write("en", new)
    if args.tidy:
        for code in TRANSLATIONS:
            translated = _read(code)
            _write(code, {key: translated[key] for key in new if translated.get(key)})
    print("\n".join(lines) if lines else f"{len(new)} keys, every language complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
