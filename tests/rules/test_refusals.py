"""Refusals are keys with values; the catalogues put them into words in every language."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.rules.actions import PlaceTrack
from game.rules.refusals import IllegalAction, Refusal
from game.rules.state import new_game
from tests.rules.boards import grid_board

RULES_DIR = Path(__file__).resolve().parents[2] / "game" / "rules"


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    i18n.set_language(i18n.FALLBACK)


def engine_keys() -> set[str]:
    """Every refusal key the engine can give, read off its source."""
    found: set[str] = set()
    for path in RULES_DIR.glob("*.py"):
        found.update(re.findall(r'Refusal\.of\("([a-z_]+)"', path.read_text(encoding="utf-8")))
    return found


def test_every_refusal_has_words_in_every_language() -> None:
    keys = engine_keys()
    assert len(keys) >= 15
    for code in i18n.LANGUAGES:
        catalogue = i18n.catalogue(code)
        assert [key for key in sorted(keys) if not catalogue.message(f"refusal.{key}")] == [], code


def test_english_keeps_the_engines_words() -> None:
    assert i18n.explain(Refusal.of("line_owned", line="blue")) == "the blue line belongs to another player"
    assert i18n.explain(Refusal.of("branch_cost", line="red", cost=2, have=1)) == (
        "branching off the red line takes branch tokens: it needs 2, you have 1")
    assert i18n.explain(Refusal.of("unknown_line", line="mauve")) == "there is no line called 'mauve' in this game"
    assert i18n.explain(Refusal.of("game_over"), sentence=True) == "The game is over"


def test_line_names_are_translated_too() -> None:
    i18n.set_language("de")
    assert i18n.explain(Refusal.of("line_owned", line="blue")) == "die Linie Blau gehört einem anderen Spieler"
    assert i18n.explain(Refusal.of("line_owned", line="blue"), sentence=True).startswith("Die Linie Blau")
    i18n.set_language("fr")
    assert i18n.explain(Refusal.of("no_tokens", line="red")) == "plus aucun rail de la ligne rouge"


def test_an_illegal_action_carries_its_refusal() -> None:
    state = new_game(grid_board(), 2, seed=1)
    theirs = state.players[1].lines[0]
    refusal = state.why_illegal(PlaceTrack(theirs, 0))
    assert refusal == Refusal.of("line_owned", line=theirs)
    with pytest.raises(IllegalAction) as refused:
        state.apply(PlaceTrack(theirs, 0))
    assert refused.value.refusal == refusal
    assert str(refused.value) == f"line_owned (line={theirs})"
