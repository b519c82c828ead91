"""contracts §2: the headless commands, run as a user runs them (`python -m game …`)."""

from __future__ import annotations

import json
import subprocess
import sys
from itertools import pairwise
from pathlib import Path

import pytest

from tests.rules.test_rulebook_examples import CENTRE, GOLDHAWK, GOLDHAWK_LINES

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, input=stdin, capture_output=True,
                          text=True, timeout=120)


def run_json(tmp_path: Path, command: str, payload: dict) -> subprocess.CompletedProcess[str]:
    source = tmp_path / f"{command}.json"
    source.write_text(json.dumps(payload), encoding="utf-8")
    return run(command, str(source))


@pytest.fixture
def goldhawk_board(tmp_path: Path) -> str:
    path = tmp_path / "goldhawk.json"
    path.write_text(GOLDHAWK.dumps(), encoding="utf-8")
    return str(path)


def goldhawk_position(board: str, **changes: object) -> dict:
    tracks = [{"line": line, "a": a, "b": b}
              for line, stations in GOLDHAWK_LINES.items() for a, b in pairwise(stations)]
    position = {
        "board": board, "tracks": tracks, "passenger": "Goldhawk Road",
        "destinations": [{"station": "Leicester Square", "kind": "express"},
                         {"station": "Oxford Circus", "kind": "express"},
                         {"station": "Turnham Green", "kind": "express"},
                         {"station": "Great Portland Street", "kind": "standard"}],
    }
    return position | changes


def test_route_prints_the_options_for_the_next_move(tmp_path, goldhawk_board):
    result = run_json(tmp_path, "route", goldhawk_position(goldhawk_board))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "kind": "express", "walked": 1, "lines": 1,
        "options": [{"destination": "Oxford Circus", "lines": ["red"],
                     "path": ["Goldhawk Road", "Shepherd's Bush", "Notting Hill Gate", "Bond Street",
                              "Oxford Circus"]}],
    }


def test_route_lists_every_tied_option(tmp_path, goldhawk_board):
    position = goldhawk_position(goldhawk_board, passenger="Oxford Circus",
                                 destinations=[{"station": "Great Portland Street", "kind": "standard"}])
    output = json.loads(run_json(tmp_path, "route", position).stdout)
    assert (output["kind"], output["walked"], output["lines"]) == ("standard", 0, 2)
    assert sorted(o["lines"] for o in output["options"]) == [["green", "red"], ["orange", "red"]]


def test_score_applies_placements_and_reports_points_and_reasons(tmp_path):
    board = tmp_path / "centre.json"
    board.write_text(CENTRE.dumps(), encoding="utf-8")
    earlier = [("Charing Cross", "Bank"), ("Bank", "Farringdon"), ("Farringdon", "King's Cross St. Pancras"),
               ("King's Cross St. Pancras", "Angel"), ("Angel", "Bank"), ("King's Cross St. Pancras", "Baker Street"),
               ("Baker Street", "Bond Street"), ("Bond Street", "Green Park"), ("Green Park", "Victoria")]
    scenario = {
        "board": str(board), "players": [{"lines": ["green"]}, {"lines": ["red"]}],
        "tiles": {"Victoria": "parks", "King's Cross St. Pancras": "parks"},
        "placements": [{"line": "green", "a": a, "b": b} for a, b in earlier],
    }
    result = run_json(tmp_path, "score", scenario)
    assert result.returncode == 2  # branching at King's Cross needs branch tokens green's owner lacks
    assert "branch tokens" in result.stderr and result.stdout == ""

    scenario["placements"] = [{"line": "green", "a": a, "b": b} for a, b in earlier[7:]]
    output = json.loads(run_json(tmp_path, "score", scenario).stdout)
    assert output["placements"][1] == {"line": "green", "a": "Green Park", "b": "Victoria", "points": 0,
                                       "branch_tokens": 0, "reasons": []}
    assert output["players"] == [{"points": 0, "branch_tokens": 0}, {"points": 0, "branch_tokens": 0}]


def test_score_pays_a_terminus_and_fixes_tiles(tmp_path):
    scenario = {"board": "london", "players": [{"lines": ["orange"]}, {"lines": ["red"]}],
                "placements": [{"line": "orange", "a": "Ealing Broadway", "b": _neighbour("Ealing Broadway")}]}
    output = json.loads(run_json(tmp_path, "score", scenario).stdout)
    first = output["placements"][0]
    assert first["points"] >= 2 and first["branch_tokens"] == 1 and "terminus: Ealing Broadway" in first["reasons"]
    assert output["players"][0]["branch_tokens"] == 1


def _neighbour(name: str) -> str:
    from game.board.loader import load_board

    board = load_board("london")
    node = board.node(name)
    return board.nodes[board.neighbours[node.index][0][1]].name


@pytest.mark.parametrize(("args", "stdin", "message"), [
    (("route", "-"), "not json", "not JSON"),
    (("route", "-"), "[]", "expected a JSON object"),
    (("route", "-"), '{"board": "london", "tracks": []}', "missing field 'passenger'"),
    (("route", "-"), '{"board": "atlantis", "tracks": [], "passenger": "X", "destinations": []}', "unknown board"),
    (("route", "-"), '{"board": "london", "tracks": [], "passenger": "Nowhere", "destinations": []}',
     "no station called 'Nowhere'"),
    (("route", "-"), '{"board": "london", "tracks": [{"line": "mauve", "a": "Euston", "b": "Euston"}], '
                     '"passenger": "Euston", "destinations": []}', "unknown line colour"),
    (("route", "/nonexistent/position.json"), None, "no such file"),
    (("score", "-"), '{"board": "london", "players": [{"lines": ["red"]}], "placements": [{"line": "red", '
                     '"a": "Euston", "b": "Paddington"}]}', "no link between"),
    (("score", "-"), '{"board": "london", "players": [{"lines": ["red"]}], "placements": [{"line": "red", '
                     '"a": "Acton Town", "b": "Ealing Broadway"}, {"line": "red", "a": "Borough", '
                     '"b": "London Bridge"}]}',
     "placements[1] (red Borough–London Bridge) is illegal: a red token must touch the red line "
     "(a colour is always one connected line)"),
    (("score", "-"), '{"board": "london", "players": [{"lines": ["red"]}], "placements": [{"line": "blue", '
                     '"a": "Borough", "b": "London Bridge"}]}', "is illegal: no player owns the blue line"),
    (("simulate", "--bots", "wizard"), None, "unknown bot"),
    (("simulate", "--players", "7"), None, "2 to 5 players"),
])
def test_bad_input_exits_2_with_one_line_and_nothing_on_stdout(args, stdin, message):
    result = run(*args, stdin=stdin)
    assert result.returncode == 2
    assert result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr


def test_simulate_prints_a_line_per_game_and_a_summary_and_is_deterministic():
    args = ("simulate", "--board", "london", "--players", "2", "--bots", "greedy,random", "--games", "3",
            "--seed", "5", "--rotate-seats")
    first, second = run(*args), run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    lines = [json.loads(line) for line in first.stdout.splitlines()]
    assert [line["seats"] for line in lines[:3]] == [["greedy", "random"], ["random", "greedy"],
                                                     ["greedy", "random"]]
    summary = lines[-1]["summary"]
    assert summary["games"] == 3
    assert sum(summary["wins"].values()) >= 3
    for game in lines[:3]:
        best = max(game["scores"])
        assert all(game["scores"][seat] == best for seat in game["winner_seats"])
    mean_greedy = sum(g["scores"][g["seats"].index("greedy")] for g in lines[:3]) / 3
    assert summary["mean_score"]["greedy"] == round(mean_greedy, 2)


def test_compile_check_validates_a_shipped_source_and_writes_nothing(tmp_path):
    result = run("compile", str(ROOT / "boards" / "src" / "london.tmx"), "--check")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert report["board"] and "written" not in report


def test_compile_writes_the_board_file(tmp_path):
    out = tmp_path / "london.json"
    result = run("compile", str(ROOT / "boards" / "src" / "london.tmx"), "-o", str(out))
    assert result.returncode == 0, result.stderr
    assert json.loads(out.read_text(encoding="utf-8"))["name"]
