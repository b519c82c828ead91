"""A sentence kept as a message key and its values, to be put into words only when it is shown.

Whatever stays on screen across a change of language (the event log, saved with the game) is stored as
a `Phrase`, never as rendered text: `game.i18n.render` writes it in the language of the moment. Values
are plain data (names of stations and players, numbers) or phrases and series themselves (a line's
colour, a list of scoring reasons), so the whole tree goes to JSON and back. This module holds only the
data; the words are `game.i18n`'s.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias


@dataclass(frozen=True, slots=True)
class Phrase:
    """The message `key` with `values`; `count`, when given, picks its plural form."""

    key: str
    values: tuple[tuple[str, Value], ...] = ()
    count: int | None = None

    @classmethod
    def of(cls, key: str, count: int | None = None, /, **values: Value) -> Phrase:
        return cls(key, tuple(sorted(values.items())), count)


@dataclass(frozen=True, slots=True)
class Series:
    """Several values in a row, joined by `separator`; with `conjunction` the last two by the language's
    "and" ("A, B and C")."""

    items: tuple[Value, ...]
    separator: str = ", "
    conjunction: bool = False


Value: TypeAlias = "str | int | float | Phrase | Series"


def to_json(value: Value) -> Any:
    """A value as JSON: phrases are {"key", "values", "count"}, series {"items", …}, the rest as it is."""
    if isinstance(value, Phrase):
        data: dict[str, Any] = {"key": value.key}
        if value.values:
            data["values"] = {name: to_json(item) for name, item in value.values}
        if value.count is not None:
            data["count"] = value.count
        return data
    if isinstance(value, Series):
        return {"items": [to_json(item) for item in value.items], "separator": value.separator,
                "conjunction": value.conjunction}
    return value


def from_json(data: Any) -> Value:
    """The inverse of `to_json`; ValueError for anything it could not have written."""
    if isinstance(data, (str, int, float)) and not isinstance(data, bool):
        return data
    if isinstance(data, dict) and isinstance(data.get("key"), str):
        values = data.get("values", {})
        count = data.get("count")
        if not isinstance(values, dict) or not (count is None or (isinstance(count, int) and
                                                                  not isinstance(count, bool))):
            raise ValueError(f"not a phrase: {data!r}")
        return Phrase(data["key"], tuple(sorted((str(name), from_json(item)) for name, item in values.items())),
                      count)
    if isinstance(data, dict) and isinstance(data.get("items"), list):
        return Series(tuple(from_json(item) for item in data["items"]), str(data.get("separator", ", ")),
                      bool(data.get("conjunction", False)))
    raise ValueError(f"not a phrase value: {data!r}")
