"""`python -m game simulate` on a bus-tour board: one line per game as contracts §2 has it, a summary,
the same games from the same seed; and the normal bot's edge over the easy one."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.bus.simulate import run_bus_games
from game.i18n import explain
from game.rules.refusals import Refusal
from tests.bus.boards import town

ROOT = Path(__file__).resolve().parents[2]


def simulate(board: Path, *args: str) -> list[dict]:  # type: ignore[type-arg]
    done = subprocess.run([sys.executable, "-m", "game", "simulate", "--board", str(board), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def test_simulate_on_a_bus_board_prints_the_bus_lines(tmp_path: Path) -> None:
    board = tmp_path / "town.json"
    board.write_text(json.dumps(town().to_json()), encoding="utf-8")
    lines = simulate(board, "--players", "3", "--bots", "easy,normal,random", "--games", "3", "--seed", "5")
    games, summary = lines[:-1], lines[-1]["summary"]
    assert [g["game"] for g in games] == [1, 2, 3] and summary["games"] == 3
    for game in games:
        for player in game["players"]:
            assert player["score"] == (player["route_points"] + sum(player["tickets_done"])
                                       - sum(player["tickets_failed"]) + player["districts"])
            assert 0 <= player["buses_left"] <= 17
        best = max(p["score"] for p in game["players"])
        assert game["winner"] and all(game["players"][s]["score"] == best for s in game["winner"])
    assert simulate(board, "--players", "3", "--bots", "easy,normal,random", "--games", "3", "--seed", "5") == lines


def test_the_normal_bot_beats_the_easy_one_on_the_test_town() -> None:
    lines = list(run_bus_games(town(), 2, ["normal", "easy"], 60, 1, rotate=True))
    wins = lines[-1]["summary"]["wins"]
    assert wins["normal"] > wins["easy"]


def test_bus_refusals_are_put_into_words() -> None:
    text = explain(Refusal.of("bus.not_enough_buses", need=4, have=2))
    assert "4" in text and "2" in text and "bus.not_enough_buses" not in text


def test_simulate_plays_a_bus_source_and_names_a_broken_bus_board(tmp_path: Path) -> None:
    shipped = ROOT / "game" / "data" / "bus_boards"
    from_source = simulate(shipped / "src" / "london_bus.tmx", "--players", "2", "--games", "2", "--seed", "3")
    assert from_source == simulate(shipped / "london_bus.json", "--players", "2", "--games", "2", "--seed", "3")
    broken = json.loads((shipped / "london_bus.json").read_text(encoding="utf-8"))
    broken["routes"][0]["spaces"] = 9
    (tmp_path / "broken.json").write_text(json.dumps(broken), encoding="utf-8")
    (tmp_path / "broken.tmx").write_text((shipped / "src" / "london_bus.tmx").read_text(encoding="utf-8")
                                         .replace('name="spaces" type="int" value="2"', 'name="spaces" type="int" '
                                                  'value="7"', 1), encoding="utf-8")
    for name, words in (("broken.json", "spaces must be a whole number from 1 to 4"), ("broken.tmx", "1 to 4")):
        done = subprocess.run([sys.executable, "-m", "game", "simulate", "--board", str(tmp_path / name)], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert done.returncode == 2 and done.stdout == ""
        assert words in done.stderr and len(done.stderr.strip().splitlines()) == 1, done.stderr
        assert "schema" not in done.stderr and "start = true" not in done.stderr  # not read as the Underground's
