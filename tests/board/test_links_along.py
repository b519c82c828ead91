"""A link drawn on another it shares no station with reads as a junction or as one track: the board check
says which link, where, and to move the bend (game/board/link_overlaps.py). A plain crossing is not one."""

from __future__ import annotations

import pytest

from game.board import legibility
from game.board.link_overlaps import link_overlaps
from game.board.loader import load_board
from game.board.model import Board, Link, Node, Point


def board(stations: dict[str, Point], links: list[tuple[str, str, list[Point]]]) -> Board:
    """A small board: stations by name, links between two of them through their bends."""
    names = list(stations)
    nodes = tuple(Node(i, name, *stations[name]) for i, name in enumerate(names))
    drawn = tuple(Link(k, names.index(a), names.index(b), 1, (stations[a], *bends, stations[b]))
                  for k, (a, b, bends) in enumerate(links))
    return Board("Tiny", "london", 800, 800, nodes, drawn)


def lines(tiny: Board) -> list[str]:
    return [p.message for p in legibility.problems(tiny) if " on the link " in p.message
            or " along the link " in p.message]


def test_a_bend_on_another_links_track_is_reported_with_where_and_what_to_do() -> None:
    tiny = board({"Acton": (100, 300), "Bow": (500, 300), "Cam": (300, 100), "Dee": (520, 520)},
                 [("Acton", "Bow", []), ("Cam", "Dee", [(300, 300)])])  # Cam–Dee turns right on Acton–Bow
    assert lines(tiny) == ["the link Cam–Dee bends on the link Acton–Bow at (300, 300), which reads as a "
                           "junction: move the bend off it"]
    (problem,) = [p for p in legibility.problems(tiny) if "bends on" in p.message]
    assert (problem.link, problem.along) == (1, 0)
    assert legibility.figures(tiny).links_along == 1


def test_a_stretch_along_another_link_is_reported_once() -> None:
    tiny = board({"Acton": (100, 300), "Bow": (700, 300), "Cam": (200, 100), "Dee": (600, 100)},
                 [("Acton", "Bow", []), ("Cam", "Dee", [(200, 296), (600, 296)])])  # down, along, up
    (line,) = lines(tiny)
    assert line.startswith("the link Cam–Dee runs along the link Acton–Bow at (400, 296)")
    assert "move its bends so the two part" in line


def test_links_that_merely_cross_or_share_a_station_are_not_reported() -> None:
    tiny = board({"Acton": (100, 300), "Bow": (500, 300), "Cam": (250, 100), "Dee": (300, 500),
                  "Eel": (100, 600), "Fen": (600, 600), "Gap": (600, 700)},
                 [("Acton", "Bow", []),
                  ("Cam", "Dee", [(300, 150)]),  # crosses Acton–Bow at (300, 300), its bend far from it
                  ("Eel", "Fen", []),
                  ("Eel", "Gap", [(150, 650), (500, 650), (550, 700)])])  # leaves Eel beside Eel–Fen: shared
    assert link_overlaps(tiny) == []
    assert lines(tiny) == []
    assert legibility.figures(tiny).links_along == 0


def test_parallel_links_with_room_between_their_beds_are_not_reported() -> None:
    tiny = board({"Acton": (100, 300), "Bow": (700, 300), "Cam": (200, 100), "Dee": (600, 100)},
                 [("Acton", "Bow", []), ("Cam", "Dee", [(200, 240), (600, 240)])])
    assert link_overlaps(tiny) == []


@pytest.mark.parametrize("name", ["london", "london_classic", "berlin", "newyork"])
def test_the_shipped_boards_are_measured(name: str) -> None:
    """Every finding on a shipped board is a bend lying on the other link's centre line (how the layouts
    were built leaves a line turning exactly where it crosses another); none is a shared run."""
    shipped = load_board(name)
    found = link_overlaps(shipped)
    assert len(found) == legibility.figures(shipped).links_along
    assert all(o.kind == "bend" for o in found)
    for overlap in found:
        ends = {shipped.links[overlap.link].a, shipped.links[overlap.link].b}
        assert ends.isdisjoint({shipped.links[overlap.other].a, shipped.links[overlap.other].b})


def test_a_path_along_the_water_is_found_and_one_across_it_is_not() -> None:
    """`paths_along_water`, which the board check and the layout's steps share: a path down a river's bank for
    100 px hides it; one crossing it square, or along it for less than ALONG_WATER, does not."""
    river = [(0.0, 400.0), (800.0, 400.0), (800.0, 420.0), (0.0, 420.0)]
    down_the_bank = [(100.0, 405.0), (200.0, 405.0)]
    across = [(300.0, 300.0), (300.0, 500.0)]
    short = [(500.0, 405.0), (500.0 + legibility.ALONG_WATER - 10, 405.0)]
    found = legibility.paths_along_water([across, down_the_bank, short], [river])
    assert [index for index, _along, _first in found] == [1]
    _index, along, first = found[0]
    assert along == pytest.approx(100.0, abs=4.0) and first[0] == pytest.approx(101.0)
