"""Typed custom properties: which properties each object type takes, and strict reading of their values.

Unknown properties are reported (a typo must not vanish silently); a property of the wrong Tiled type
is an error, because Tiled would show the designer a different editor for it than they expect.
"""

from __future__ import annotations

import re
from typing import Any

from game.board.tmx.problems import Reporter
from game.board.tmx.raw import Prop, RawObject

STATION_PROPS = {
    "destination": "string", "cards": "int", "railway": "bool", "terminus": "bool",
    "connection": "bool", "plus": "bool", "landmarks": "int", "start": "bool",
    "label": "string",  # where the name goes (game/board/label_spec.py), e.g. NE or SW/2
    "pinned": "bool",  # the designer put it here by hand: "Tidy layout" keeps it
}
WAYPOINT_PROPS = {"water": "bool", "pinned": "bool"}
LINK_PROPS = {"a": "object", "b": "object", "spaces": "int"}
SCHEMAS: dict[str, dict[str, str]] = {
    "station": STATION_PROPS,
    "waypoint": WAYPOINT_PROPS,
    "link": LINK_PROPS,
    "cluster": {},
    "water": {},
    "park": {},
    "label": {},
}

_INT = re.compile(r"^[+-]?\d{1,9}$")


def parse_value(prop: Prop, expected: str) -> Any:
    """The value of a property of the expected Tiled type; ValueError with a designer's message otherwise."""
    if prop.type != expected:
        raise ValueError(f"property {prop.name!r} must be of Tiled type {expected}, not {prop.type[:20]}")
    text = prop.value.strip()
    if expected == "bool":
        lowered = text.lower()
        if lowered in ("true", "1"):
            return True
        if lowered in ("false", "0", ""):
            return False
        raise ValueError(f"property {prop.name!r} must be true or false, not {prop.value[:40]!r}")
    if expected == "int":
        if not _INT.match(text):
            raise ValueError(f"property {prop.name!r} must be a whole number, not {prop.value[:40]!r}")
        return int(text)
    if expected == "object":
        if text == "":
            return None
        if not _INT.match(text) or int(text) < 0:
            raise ValueError(f"property {prop.name!r} must refer to an object, not {prop.value[:40]!r}")
        return int(text) or None  # Tiled writes 0 for "no object"
    return prop.value


def typed_properties(obj: RawObject, schema: dict[str, str], report: Reporter) -> dict[str, Any]:
    """The object's known properties, parsed; unknown ones are warned about, bad ones reported as errors."""
    values: dict[str, Any] = {}
    for name in sorted(obj.properties):
        prop = obj.properties[name]
        expected = schema.get(name)
        if expected is None:
            known = ", ".join(sorted(schema)) or "none"
            report.warn(obj, f"unknown property {name[:40]!r} on a {obj.kind} is ignored (known: {known})")
            continue
        try:
            values[name] = parse_value(prop, expected)
        except ValueError as error:
            report.error(obj, str(error))
    return values
