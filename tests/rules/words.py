"""Scoring reasons in English words, as the `score` command prints them: what the rule tests compare."""

from __future__ import annotations

from game.i18n import describe
from game.rules.events import Event


def words(event: Event) -> tuple[str, ...]:
    return tuple(describe(reason) for reason in event.reasons)
