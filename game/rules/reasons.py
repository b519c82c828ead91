"""Why points were scored: a message key and its values, put into words by the translations.

The engine never writes sentences (RULES is in three languages at the table); `game.i18n.describe`
turns a Reason into text in the player's language, and the `score` command into English.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class Reason:
    # railway, terminus, plus, water, cluster, landmark_tile, landmark_set, connection_pair, loop, ride,
    # landmark_majority
    key: str
    values: tuple[tuple[str, Any], ...] = ()

    @classmethod
    def of(cls, key: str, **values: Any) -> Reason:
        return cls(key, tuple(sorted(values.items())))

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.values)

    def to_json(self) -> dict[str, Any]:
        return {"key": self.key, **self.params}
