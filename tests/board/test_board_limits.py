"""The size bound of a board: the generated 1,000-station board loads and plays, a bigger one is refused."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from game.board.big_board import big_board, big_board_json, main
from game.board.model import MAX_LINKS, MAX_STATIONS, BoardError, load_board_file
from game.rules.state import new_game


def test_the_generated_board_is_at_the_bound_deterministic_and_loads_from_its_file(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    assert main(["-o", str(path)]) == 0
    board = load_board_file(path)
    assert sum(1 for node in board.nodes if node.is_station) == MAX_STATIONS == 1_000
    assert len(board.links) > MAX_STATIONS and board.deck and sum(node.connection for node in board.nodes) >= 2
    again = tmp_path / "again.json"
    main(["-o", str(again)])
    assert again.read_bytes() == path.read_bytes()
    assert big_board(seed=2).dumps() != board.dumps()


def test_the_generated_board_plays() -> None:
    state = new_game(big_board(), 5, 3)
    rng = random.Random(3)
    for _ in range(200):
        state.apply(rng.choice(state.legal_actions()))
    assert state.turn > 5


def test_a_board_over_the_bound_is_refused_with_a_clear_message(tmp_path: Path) -> None:
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(big_board_json(MAX_STATIONS + 1)), encoding="utf-8")
    with pytest.raises(BoardError) as caught:
        load_board_file(path)
    assert str(caught.value) == f"{path}: the board has 1,001 stations; a board may have at most 1,000"


def test_too_many_links_are_refused(tmp_path: Path) -> None:
    data = big_board_json(50)
    data["links"] = data["links"] * (MAX_LINKS // len(data["links"]) + 1)
    path = tmp_path / "links.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(BoardError, match=rf"links; a board may have at most {MAX_LINKS:,}$"):
        load_board_file(path)
