"""The search for station steps that take a shipped board's names off the links (tools/step_search.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from editor.document.tmx import Document
from editor.importing.schematic import step_by_hand
from tools.build_boards import SOURCES
from tools.step_search import Checks, Search


def test_the_search_finds_the_step_that_takes_a_name_off_its_link(tmp_path: Path) -> None:
    """London's Piccadilly Circus stepped back where it stood before session 56 (a step south): its name is over
    the Charing Cross link again, and the search of its own steps finds the one north that takes it off,
    costing no other check."""
    doc = Document.from_bytes((SOURCES / "london.tmx").read_bytes(), SOURCES / "london.tmx")
    step_by_hand(doc, [("Piccadilly Circus", 0.0, 48.0)], seed=Search("london").seed)
    back = tmp_path / "london.tmx"
    back.write_bytes(doc.to_bytes())
    search = Search("london", back, sizes=(48,))
    before = search.now.checks.figure
    assert ("Piccadilly Circus", "Charing Cross–Piccadilly Circus") in search.names_over_lines()  # the set-up
    found = search.free(["Piccadilly Circus"])
    assert found is not None
    steps, board = found
    assert steps == [("Piccadilly Circus", 0, -48)]
    assert board.checks.figure == before - 1
    assert not board.checks.worse_than(search.now.checks, slack=0)


def test_a_step_may_cost_only_the_slack_at_the_clear_scale() -> None:
    """What a step may cost: up to `slack` names more in trouble at the clear scale, none of them over a name
    or a station, nothing else."""
    base = Checks(figure=3, clear=10, covering=2, stacked=1, stacked_clear=4, across=1, wet=0, hiding=0, along=1,
                  through=0, close=0, octilinear=0.99)
    assert not replace(base, figure=2, clear=11).worse_than(base, slack=1)
    assert replace(base, figure=2, clear=11).worse_than(base, slack=0)
    for worse in (replace(base, clear=11, covering=3), replace(base, stacked=2), replace(base, stacked_clear=5),
                  replace(base, across=2), replace(base, wet=1), replace(base, hiding=1), replace(base, along=2),
                  replace(base, through=1), replace(base, close=1), replace(base, octilinear=0.97)):
        assert worse.worse_than(base, slack=5), worse
    assert not replace(base, octilinear=0.985).worse_than(base, slack=0)  # still the figure's 98 %


def test_the_search_finds_the_step_that_parts_two_names_read_as_one(tmp_path: Path) -> None:
    """London's Warren Street a step east: Camden Town's name, placed again, reads as one with Holloway Road's.
    The search for names read as one (`--stacked`), of Warren Street's own steps, finds one that parts two
    names at no cost."""
    doc = Document.from_bytes((SOURCES / "london.tmx").read_bytes(), SOURCES / "london.tmx")
    step_by_hand(doc, [("Warren Street", 16.0, 0.0)], seed=Search("london").seed)
    stepped = tmp_path / "london.tmx"
    stepped.write_bytes(doc.to_bytes())
    search = Search("london", stepped, sizes=(16,), goal="stacked")
    before = search.now.checks
    assert "Camden Town over Holloway Road" in [key for key, _movers in search.targets()]  # the set-up
    found = search.free(["Warren Street"])
    assert found is not None
    steps, board = found
    assert [name for name, _dx, _dy in steps] == ["Warren Street"]
    assert board.checks.stacked < before.stacked and board.checks.figure <= before.figure
    assert not board.checks.worse_than(before, slack=0)
