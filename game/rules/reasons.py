"""Why points were scored: a message key and its values, put into words by the translations.

The engine never writes sentences (the table speaks three languages); `game.i18n.describe`
turns a Reason into text in the player's language, and the `score` command into English.
"""

from __future__ import annotations

from dataclasses import dataclass

ReasonValue = str | int  # names of stations, lines, tiles, symbols, clusters; counts


@dataclass(frozen=True, slots=True)
class Reason:
    # railway, terminus, plus, water, cluster, landmark_tile, landmark_set, connection_pair, loop, ride,
    # landmark_majority
    key: str
    values: tuple[tuple[str, ReasonValue], ...] = ()

    @classmethod
    def of(cls, key: str, **values: ReasonValue) -> Reason:
        return cls(key, tuple(sorted(values.items())))

    @property
    def params(self) -> dict[str, ReasonValue]:
        return dict(self.values)

    def to_json(self) -> dict[str, ReasonValue]:
        return {"key": self.key, **self.params}
