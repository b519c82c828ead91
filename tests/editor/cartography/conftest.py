"""Name-placement tests: a deterministic stand-in for text measurement, and the marker for real-font runs."""

from __future__ import annotations

import pytest

from game.board.name_clearance import NAMES_MEET

LABEL_PX = 14.0


def fake_measure(text: str, px: float = LABEL_PX) -> tuple[float, float]:
    """A line of text as the tests measure it without a font: 0.55 em a character, 1.25 em a line."""
    return (0.55 * px * len(text), 1.25 * px)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "real_font: measures names with the game's real font through pygame")


_VERBS = ("covers ", "crosses ", "leaves ", "is ", "has ")


def names_in_trouble(found: list[str], names: list[str]) -> set[str]:
    """The station names the check's lines are about: both names that overlap or run into each other, else the
    line's subject."""
    out: set[str] = set()
    for line in found:
        body = line.removeprefix("name of ")
        between = next((b for b in NAMES_MEET if b in body), None)
        if between is not None:
            out.update(body.split(between))
            continue
        out.update(name for name in names if body.startswith(f"{name} ") and body[len(name) + 1 :].startswith(_VERBS))
    return out
