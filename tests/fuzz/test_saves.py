"""Saved games mutated by hypothesis, through the menu and Continue in a real window (tests/fuzz/saves.py).

Derandomized like the board fuzzing, so a run is repeatable and its count can be quoted.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame

from game.board.loader import load_board
from game.command_line import parse_options
from game.ui.app import App
from game.ui.launch import open_app
from tests.fuzz.saves import SAVES, check_save_bytes, mutated_saves, real_saves
from tests.ui.synthetic import make_board


def fuzz(examples: int) -> settings:
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def world(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[App, list[dict], list[dict]]]:
    """One window for the module, its data and settings in a temporary folder; the real saves to mutate."""
    folder = tmp_path_factory.mktemp("saves")
    before = {name: os.environ.get(name) for name in ("UNDERGROUND_DATA_DIR", "UNDERGROUND_CONFIG_DIR", "LANGUAGE")}
    os.environ.update(UNDERGROUND_DATA_DIR=str(folder / "data"), UNDERGROUND_CONFIG_DIR=str(folder / "config"),
                      LANGUAGE="en")
    board_file = folder / "testville.json"
    board_file.write_text(make_board().dumps(), encoding="utf-8")
    small = real_saves(make_board(), str(board_file))
    london = real_saves(load_board("london"), "london", games=2, per_game=6)
    app = open_app(parse_options(["--scene", "menu", "--size", "900x600"]))
    real_fsync = os.fsync
    os.fsync = lambda handle: None  # what is written is what is tested, not how durably: skip the disk's wait
    try:
        yield app, small, london
    finally:
        os.fsync = real_fsync
        pygame.quit()
    for name, value in before.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def test_the_real_saves_themselves_resume_and_play_on(world) -> None:
    app, small, london = world
    chosen = small[::2] + london[::3]
    for document in chosen:
        check_save_bytes(app, json.dumps(document).encode())
    assert SAVES["saves accepted (and played)"] >= len(chosen)


@fuzz(120)
@given(st.data())
def test_mutated_saves_of_a_small_board(world, data: st.DataObject) -> None:
    app, small, _ = world
    check_save_bytes(app, data.draw(mutated_saves(small)))


@fuzz(30)
@given(st.data())
def test_mutated_saves_of_london(world, data: st.DataObject) -> None:
    app, _, london = world
    check_save_bytes(app, data.draw(mutated_saves(london)))
