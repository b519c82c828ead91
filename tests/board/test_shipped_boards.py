"""The four shipped boards: they compile cleanly, match their sources, and carry the printed counts."""

from __future__ import annotations

import math
from collections import Counter
from pathlib import Path

import pytest

from game.board.model import Board, load_board_file
from game.board.tmx_compiler import compile_tmx

ROOT = Path(__file__).resolve().parents[2]
BOARDS = ("london", "london_classic", "berlin", "newyork")
MIN_SPACING = 22.0


@pytest.fixture(scope="module", params=BOARDS)
def compiled(request: pytest.FixtureRequest) -> tuple[str, Board]:
    result = compile_tmx(ROOT / "boards" / "src" / f"{request.param}.tmx")
    assert result.errors == [], [str(p) for p in result.errors]
    return request.param, result.board


def _board(name: str) -> Board:
    return load_board_file(ROOT / "boards" / f"{name}.json")


def _links(board: Board) -> dict[frozenset[str], int]:
    return {frozenset((board.nodes[k.a].name, board.nodes[k.b].name)): k.spaces for k in board.links}


def _stations(board: Board) -> list:
    return [n for n in board.nodes if n.is_station]


def test_board_file_is_the_compiled_source(compiled: tuple[str, Board]) -> None:
    name, board = compiled
    assert (ROOT / "boards" / f"{name}.json").read_text(encoding="utf-8") == board.dumps()


def test_stations_are_apart_and_on_the_board(compiled: tuple[str, Board]) -> None:
    _, board = compiled
    stations = _stations(board)
    assert 90 <= len(stations) <= 130
    closest = min(math.dist((a.x, a.y), (b.x, b.y)) for i, a in enumerate(stations) for b in stations[i + 1:])
    assert closest >= MIN_SPACING
    assert all(0 <= n.x <= board.width and 0 <= n.y <= board.height for n in board.nodes)
    assert (board.width, board.height) == (1920, 1080)
    assert any(d.kind == "water" for d in board.decorations)


def test_labels_seldom_collide(compiled: tuple[str, Board]) -> None:
    """Names drawn to the right of their stations (about 7 px a letter): few boxes may overlap much."""
    _, board = compiled
    boxes = [(n.x + 10, n.y - 8, n.x + 10 + 7 * len(n.name), n.y + 8) for n in _stations(board)]
    bad = 0
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            w = min(a[2], b[2]) - max(a[0], b[0])
            h = min(a[3], b[3]) - max(a[1], b[1])
            if w > 0 and h > 0 and w * h > 0.5 * 16 * 7 * 6:
                bad += 1
    assert bad <= len(boxes) // 6


@pytest.mark.parametrize("name", ["london", "london_classic"])
def test_london_counts(name: str) -> None:
    board = _board(name)
    kinds = Counter(n.destination for n in _stations(board) if n.destination)
    assert kinds == {"express": 22, "standard": 33}
    assert all(n.cards == 1 for n in board.nodes if n.destination)
    assert board.nodes[board.start].name == "Euston"
    assert sorted(n.name for n in board.nodes if n.connection) == [
        "Aldgate", "Baker Street", "Charing Cross", "Elephant & Castle", "Hammersmith",
        "King's Cross St. Pancras", "Notting Hill Gate", "Victoria"]
    assert board.node("Ealing Broadway").terminus
    assert board.node("Paddington").railway and board.node("Marylebone").railway
    for station in ("Euston", "King's Cross St. Pancras", "Liverpool Street", "Waterloo", "Victoria", "London Bridge"):
        assert board.node(station).railway, station
    assert board.ruleset == "london" and board.settings.loops
    assert sum(n.terminus for n in board.nodes) >= 8


def test_london_rulebook_examples_have_their_stations_and_links() -> None:
    for name in ("london", "london_classic"):
        board = _board(name)
        for a, b in [("Goldhawk Road", "Shepherd's Bush"), ("Goldhawk Road", "Hammersmith"),
                     ("Hammersmith", "Turnham Green"), ("Notting Hill Gate", "Paddington"),
                     ("Paddington", "Marylebone"), ("Bond Street", "Green Park"), ("Green Park", "Victoria"),
                     ("Victoria", "Westminster"), ("Westminster", "Charing Cross"), ("Paddington", "Shepherd's Bush")]:
            board.link(a, b)
        for station in ("Leicester Square", "Oxford Circus", "Great Portland Street", "Holborn", "Acton Town",
                        "Bond Street"):
            board.node(station)
        assert board.node("Turnham Green").destination == "express"
        assert board.node("Oxford Circus").destination == "express"
        assert board.node("Leicester Square").destination == "express"
        assert board.node("Great Portland Street").destination == "standard"
        assert "Ealing Broadway" in {board.nodes[board.links[i].other(board.index_of["Acton Town"])].name
                                     for i in board.links_at[board.index_of["Acton Town"]]}


def test_classic_differs_from_second_edition_exactly_as_the_rules_say() -> None:
    second, classic = _links(_board("london")), _links(_board("london_classic"))
    changed = {tuple(sorted(k)): (second[k], classic[k]) for k in second.keys() & classic.keys()
               if second[k] != classic[k]}
    singles = [("Paddington", "Shepherd's Bush"), ("Shepherd's Bush", "Goldhawk Road"),
               ("Goldhawk Road", "Hammersmith"), ("Waterloo", "Borough"), ("London Bridge", "Bank"),
               ("Stratford", "West Ham"), ("West Ham", "Canning Town")]
    expected = {tuple(sorted(pair)): (2, 1) for pair in singles}
    expected[tuple(sorted(("Borough", "London Bridge")))] = (3, 2)
    assert changed == expected
    assert second.keys() - classic.keys() == set()
    added = classic.keys() - second.keys()
    assert frozenset(("Aldgate", "Canada Water")) in added
    assert all("New Cross" in pair for pair in added - {frozenset(("Aldgate", "Canada Water"))})
    names_second = {n.name for n in _board("london").nodes}
    names_classic = {n.name for n in _board("london_classic").nodes}
    assert names_classic - names_second == {"New Cross"} and names_second <= names_classic
    settings = _board("london_classic").settings
    assert settings.first_round == "equal" and settings.start_points == (0, 1, 2, 3, 4)
    assert settings.passenger_after_deck is False
    assert _board("london").name == "London"


def test_berlin_counts() -> None:
    board = _board("berlin")
    assert board.ruleset == "berlin"
    kinds = Counter(n.destination for n in board.nodes if n.destination)
    assert kinds == {"express": 25, "standard": 30}
    assert board.nodes[board.start].name == "Friedrichstraße"
    assert sum(n.plus for n in board.nodes) >= 4
    assert Counter(n.landmarks for n in board.nodes if n.landmarks) == {3: 5, 2: 10, 1: 5}
    names = {n.name for n in board.nodes}
    assert {"Alexanderplatz", "Ostkreuz", "Kottbusser Tor", "Alt-Tegel", "Julius-Leber-Brücke"} <= names
    board.link("Jungfernheide", "Beusselstraße")  # the ring is closed


def test_newyork_counts_clusters_and_water() -> None:
    board = _board("newyork")
    assert board.ruleset == "newyork"
    assert len(board.deck) == 54 and all(kind == "standard" for _, kind in board.deck)
    assert sum(1 for n in board.nodes if n.cards == 2) == 8
    assert sum(1 for n in board.nodes if n.destination) == 46
    assert board.nodes[board.start].name == "Grand Central–42 St"
    names = {c.name for c in board.clusters}
    assert {"Lower Manhattan", "Midtown", "Downtown Brooklyn", "Long Island City"} <= names
    assert all(c.stations for c in board.clusters)
    waypoints = [n for n in board.nodes if n.waypoint]
    assert len(waypoints) >= 10 and all(n.water for n in waypoints)
    assert all(len(board.links_at[n.index]) >= 2 for n in waypoints)
    assert any(board.nodes[k.a].waypoint and board.nodes[k.b].waypoint for k in board.links)
    by_river = Counter(n.name.split(" water")[0] for n in waypoints)
    assert by_river["East River"] >= 6 and by_river["Harlem River"] >= 2
