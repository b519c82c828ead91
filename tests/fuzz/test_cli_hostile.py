"""The real commands on hostile files: exit code 2, short messages on stderr, no traceback, nothing written.

`compile` lists every problem of a source, one line each, then a one-line verdict (contracts §1: every problem
in one run); `route` and `simulate` stop at the first problem with a single line.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.fuzz.harness import CASES, files_in, one_line

ROOT = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).with_name("corpus")
COMPILE_FILES = ("billion_laughs.tmx", "external_entity.tmx", "image_traversal.tmx", "tileset_absolute.tmx",
                 "nan_coordinates.tmx", "non_utf8.tmx", "empty.tmx", "wrong_setting_types.tmx")
ROUTE_BOARDS = ("schema_999.json", "nan_coordinates.json", "cards_billion.json", "huge_int_digits.json",
                "billion_laughs.tmx", "image_traversal.tmx")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    CASES["cli"] += 1
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=False)


def assert_refused(result: subprocess.CompletedProcess[str], max_lines: int) -> list[str]:
    assert result.returncode == 2, result.stderr
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert 1 <= len(lines) <= max_lines, result.stderr
    for line in lines:
        one_line(line)
        assert line.startswith(("error: ", "warning: "))
    return lines


@pytest.mark.parametrize("name", COMPILE_FILES)
def test_compile_refuses_and_writes_nothing(name: str, tmp_path: Path) -> None:
    source = tmp_path / name
    source.write_bytes((CORPUS / name).read_bytes())
    out = tmp_path / "out" / "board.json"
    out.parent.mkdir()
    before = files_in(tmp_path)
    lines = assert_refused(run("compile", str(source), "-o", str(out)), max_lines=20)
    assert lines[-1].endswith("nothing written")
    assert files_in(tmp_path) == before and not out.exists()


@pytest.mark.parametrize("name", ROUTE_BOARDS)
def test_route_with_a_bad_board_says_so_in_one_line(name: str, tmp_path: Path) -> None:
    board = tmp_path / name
    board.write_bytes((CORPUS / name).read_bytes())
    position = tmp_path / "position.json"
    position.write_text(json.dumps({"board": str(board), "tracks": [], "passenger": "Alpha", "destinations": []}))
    assert_refused(run("route", str(position)), max_lines=1)


def test_simulate_with_a_bad_board_says_so_in_one_line(tmp_path: Path) -> None:
    board = tmp_path / "settings_zero_actions.json"
    board.write_bytes((CORPUS / board.name).read_bytes())
    assert_refused(run("simulate", "--board", str(board), "--games", "1"), max_lines=1)
