"""The steps a small import takes for names over a link's centre line look three pitches far and try up to
LINE_TRIALS steps a name (`letter_steps`, `lines`). North London's 40 stations kept Caledonian Road &
Barnsbury's name over the Finsbury Park–Highbury & Islington link with the first pass's reach and trials.
Since the spread's rounds judge the lines too (spread/letter.py) they free that name first: the steps are
measured here without them, as the maps the rounds leave a name over a line on need them."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.__main__ import main as editor_main
from editor.cartography.metro import letter_steps
from editor.cartography.spread import letter as spread_letter
from game.board import legibility
from game.board.loader import load_board

NORTH = ["--city", "london", "--area", "51.53,-0.20,51.60,-0.05"]  # 40 stations: the steps for the lines run


def _over_lines(out: Path) -> list[str]:
    """A designer's import, compiled as the game loads it: the names breaking the figure."""
    assert editor_main(["import", *NORTH, "-o", str(out)]) == 0
    return legibility.figure_problems(load_board(out))


def test_a_small_import_steps_its_names_off_the_lines(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert _over_lines(tmp_path / "as-made.tmx") == []
    monkeypatch.setattr(spread_letter, "ROUNDS", 0)
    assert _over_lines(tmp_path / "north.tmx") == []
    monkeypatch.setattr(letter_steps, "LINE_STEPS", letter_steps.STEPS)
    monkeypatch.setattr(letter_steps, "LINE_TRIALS", letter_steps.TRIALS)
    monkeypatch.setattr(letter_steps, "LINE_BUDGET", letter_steps.BUDGET)
    short = _over_lines(tmp_path / "short.tmx")
    assert any("Caledonian Road & Barnsbury" in line for line in short), short  # the set-up: the first reach fails
