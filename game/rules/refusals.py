"""Why the rules refuse an action: a message key and its values, put into words by the translations.

Like scoring's `Reason`, the engine writes no sentences: `game.i18n.explain` turns a Refusal into text in
the player's language (`refusal.<key>` in the catalogues), and the CLI into English.
"""

from __future__ import annotations

from dataclasses import dataclass

RefusalValue = str | int


@dataclass(frozen=True, slots=True)
class Refusal:
    # game_over, passenger_not_yet, not_a_best_route, passenger_first, water_unfinished, unknown_line,
    # line_owned, no_tokens, unknown_link, line_on_link, link_full, not_touching, branch_cost, water_too_far,
    # unowned_line
    key: str
    values: tuple[tuple[str, RefusalValue], ...] = ()

    @classmethod
    def of(cls, key: str, **values: RefusalValue) -> Refusal:
        return cls(key, tuple(sorted(values.items())))

    @property
    def params(self) -> dict[str, RefusalValue]:
        return dict(self.values)

    def __str__(self) -> str:
        """The key and values, for logs and tracebacks; people read `game.i18n.explain`."""
        values = ", ".join(f"{name}={value}" for name, value in self.values)
        return f"{self.key} ({values})" if values else self.key


class IllegalAction(ValueError):
    """An action the rules refuse; `refusal` says which rule, and the state is unchanged."""

    def __init__(self, refusal: Refusal) -> None:
        super().__init__(str(refusal))
        self.refusal = refusal
