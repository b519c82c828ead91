"""Games survive SIGKILL: 100 real games, each killed at a seeded random instant, continue from exactly the
save of their last completed action (see tools/kill_test.py for how the games are run and checked)."""

from __future__ import annotations

import dataclasses
import os
import sys
from pathlib import Path

import pytest

from game.board.model import Board
from tools.kill_test import kill_games

GAMES = 100
TURNS = 4  # a short game: about 20 actions


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "darwin", reason="forks game processes (Linux)")
def test_a_hundred_killed_games_continue_from_their_last_completed_action(board: Board, tmp_path: Path) -> None:
    short = dataclasses.replace(board, settings=dataclasses.replace(board.settings, turn_limit=TURNS))
    path = tmp_path / "short.json"
    path.write_text(short.dumps(), encoding="utf-8")
    kills = list(kill_games(str(path), GAMES, seed=2024, jobs=6))
    assert sorted(kill.game for kill in kills) == list(range(GAMES))  # every game was really killed
    failures = [kill.line() for kill in kills if kill.problems]
    assert not failures, "\n".join(failures)
    before = sum(kill.actions == 0 for kill in kills)
    ended = sum(kill.actions == kill.total for kill in kills)
    print(f"\nkill test: {GAMES} games killed: {before} before the first save, {GAMES - before - ended} during play "
          f"({sum(kill.writing for kill in kills)} while a save was being written), {ended} after the game ended; "
          f"{sum(kill.finished for kill in kills)} games replayed with a shorter delay after ending first")
