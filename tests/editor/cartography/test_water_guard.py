"""The water guard of the steps a small import takes for names over a line (`letter_steps.Guards`, `water`):
no step may draw a link along the water the pipeline redraws last, where it would hide the river."""

from __future__ import annotations

from pathlib import Path

import pytest

from editor.__main__ import main as editor_main
from editor.cartography.metro import letter_steps
from game.board import legibility
from game.board.loader import load_board

# London zone 1 (66 stations: a map that takes time for its names, so it takes the steps for the lines). Without
# the guard, those steps put a link on the Thames (measured 2026-11-29: 1 link along the water, 0 with it).
ZONE_1 = ["--city", "london", "--area", "51.49,-0.20,51.535,-0.07"]


def _imported(folder: Path) -> tuple[int, int]:
    """A designer's import of zone 1, compiled as the game loads it: links along the water, names over a line."""
    out = folder / "zone1.tmx"
    assert editor_main(["import", *ZONE_1, "-o", str(out)]) == 0
    board = load_board(out)
    return len(legibility.links_along_water(board)), len(legibility.figure_problems(board))


def test_the_steps_for_the_lines_draw_no_link_along_the_thames(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    guarded_along, guarded_lines = _imported(tmp_path)
    monkeypatch.setattr(letter_steps, "_hiding_water", lambda _request, _named: 0)  # the guard blind
    (tmp_path / "blind").mkdir()
    blind_along, _lines = _imported(tmp_path / "blind")
    assert blind_along > 0  # the set-up: a step that hides the water, taken when nothing looks
    assert guarded_along == 0
    assert guarded_lines == 0  # and the guard does not cost the names their lines
