"""Two names set one over the other read as one (game/board/name_stacking.py), and the search that sets them
apart on a shipped board (tools/name_search.py)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from editor.document.tmx import Document
from game.board import legibility
from game.board.model import NameLabel
from game.board.name_stacking import read_as_one
from tests.board.test_links_along import board as tiny
from tools.build_boards import SOURCES
from tools.name_search import NameSearch
from tools.step_search import Search

UPPER = (100.0, 100.0, 120.0, 23.0)  # a name 23 px high at label_px 20: names closer than 12 px read as one


def test_a_name_just_over_another_reads_as_one() -> None:
    lower = (110.0, 128.0, 100.0, 23.0)  # 5 px below, under the whole of it
    assert read_as_one([UPPER, lower], [(90.0, 90.0), (90.0, 160.0)], 20.0) == [(0, 1)]
    assert read_as_one([lower, UPPER], [(90.0, 160.0), (90.0, 90.0)], 20.0) == [(1, 0)]  # the upper one first


def test_names_level_with_their_stations_make_a_column_not_one_name() -> None:
    """A column of names down a line, each beside its own station, says whose each is."""
    lower = (110.0, 128.0, 100.0, 23.0)
    assert read_as_one([UPPER, lower], [(90.0, 111.0), (100.0, 139.0)], 20.0) == []
    assert read_as_one([UPPER, lower], [(90.0, 111.0), (100.0, 170.0)], 20.0) == [(0, 1)]  # one level is not enough


def test_names_far_enough_apart_or_mostly_beside_each_other_read_as_two() -> None:
    points = [(90.0, 90.0), (90.0, 170.0)]
    assert read_as_one([UPPER, (110.0, 135.0, 100.0, 23.0)], points, 20.0) == []  # 12 px apart
    assert read_as_one([UPPER, (190.0, 128.0, 100.0, 23.0)], points, 20.0) == []  # sharing 30 of 100 px
    assert read_as_one([UPPER, (110.0, 110.0, 100.0, 23.0)], points, 20.0) == []  # overlapping: `names_meet`'s


def test_the_board_check_names_the_name_to_move() -> None:
    """Cam's name set north-east, over Dee's set north-east too: Cam's is the one not level with its station
    (neither is), the upper one; the problems panel lists it under that station."""
    board = tiny({"Acton": (100, 500), "Cam": (300, 300), "Dee": (310, 333)}, [("Acton", "Cam", []),
                                                                              ("Cam", "Dee", [])])
    labelled = replace(board, nodes=tuple(replace(node, label=NameLabel(0, 0, 0, 0, "NE", (node.name,), 0))
                                          for node in board.nodes))
    assert legibility.names_read_as_one(labelled) == [
        "the names of Cam and Dee are set one over the other and read as one: move Cam's name"]
    (problem,) = [p for p in legibility.problems(labelled) if "read as one" in p.message]
    assert problem.node == 1
    apart = replace(labelled, nodes=tuple(replace(node, label=NameLabel(0, 0, 0, 0, "E", (node.name,), 0))
                                          for node in board.nodes))
    assert legibility.names_read_as_one(apart) == []


def test_the_search_sets_apart_two_names_read_as_one(tmp_path: Path) -> None:
    """London's Southwark set back north-west, as it shipped before session 57, under Charing Cross's name:
    the search finds a place for one of the two that parts them and costs no other check."""
    doc = Document.from_bytes((SOURCES / "london.tmx").read_bytes(), SOURCES / "london.tmx")
    southwark = next(obj for obj in doc.of_kind("station") if obj.name == "Southwark")
    doc.set_property(southwark.id, "label", "NW")
    back = tmp_path / "london.tmx"
    back.write_bytes(doc.to_bytes())
    search = NameSearch(Search("london", back))
    before = search.search.now.checks
    assert ("Charing Cross", "Southwark") in search.pairs()  # the set-up
    found = search.part(("Charing Cross", "Southwark"))
    assert found is not None
    labels, outcome = found
    assert outcome.checks.stacked == before.stacked - 1
    assert not outcome.checks.worse_than(before, slack=0)
    assert outcome.checks.figure <= before.figure
    search.search.now = outcome
    assert ("Charing Cross", "Southwark") not in search.pairs()
    assert [name for name, _label in labels] in (["Southwark"], ["Charing Cross"])
