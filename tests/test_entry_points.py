"""The error boundary of every entry point, run as a user runs them (contracts §2): bad input, an OS error,
a closed pipe, a missing extra and Ctrl-C each end as ONE line on stderr, exit code 2 (130 for Ctrl-C),
never a traceback."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from game import bench, boundary
from game.board.loader import load_board

ROOT = Path(__file__).resolve().parents[1]
LONDON_TMX = ROOT / "boards" / "src" / "london.tmx"
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
MAX_LINE = boundary.MAX_LINE


def run(package: str, *args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`python -m game …` or `python -m editor …` from a folder that is not the project's."""
    env = dict(ENV, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), ENV.get("PYTHONPATH")])))
    return subprocess.run([sys.executable, "-m", package, *args], cwd=cwd, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


def refused(result: subprocess.CompletedProcess[str], *words: str, code: int = 2) -> str:
    """The one line of a refusal; it names what went wrong."""
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr and "Exception ignored" not in result.stderr, result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr
    assert len(lines[0]) <= MAX_LINE, lines[0]
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "a folder").mkdir()
    (tmp_path / "not a folder").write_text("x", encoding="utf-8")
    (tmp_path / "nested.json").write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    (tmp_path / "broken.json").write_text('{"board": "london", "tracks": [', encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("args", "words"), [
    (["route", "missing.json"], ["missing.json", "no such file"]),  # the one JSON reader's words
    (["route", "a folder"], ["a folder", "is a folder, not a file"]),
    (["score", "not a folder/position.json"], ["not a folder/position.json", "no such file"]),
    (["route", "broken.json"], ["broken.json", "not JSON"]),
    (["route", "nested.json"], ["nested.json", "nested more than 32 levels deep"]),
    (["simulate", "--board", "nested.json"], ["nested.json"]),
    (["simulate", "--board", "a folder"], ["a folder", "folder"]),
    (["simulate", "--board", "missing.json"], ["missing.json"]),
    (["simulate", "--players", "7"], ["2 to 5 players"]),
    (["compile", "missing.tmx"], ["missing.tmx", "No such file"]),
    (["compile", "a folder"], ["a folder", "directory"]),
    (["compile", str(LONDON_TMX), "-o", "a folder"], ["a folder", "folder"]),
    (["compile", str(LONDON_TMX), "-o", "not a folder/london.json"], ["not a folder is a file"]),
    (["--board", "missing.json", "--frames", "1"], ["missing.json"]),
    (["--frames", "1", "--screenshot", "a folder"], ["a folder", "folder"]),
    (["--frames", "1", "--screenshot", "not a folder/x.png", "--size", "320x240"], ["not a folder is a file"]),
    (["--size", "99999x99999"], ["at most 7680x4320"]),
    (["--seed", "3", "simulate"], ["--seed", "simulate"]),
    (["frobnicate"], ["frobnicate"]),
])
def test_the_game_refuses_bad_input_in_one_line(folder: Path, args: list[str], words: list[str]) -> None:
    refused(run("game", *args, cwd=folder), *words)


@pytest.mark.parametrize(("args", "words"), [
    (["a folder"], ["a folder", "directory"]),
    (["broken.json"], ["broken.json", "Tiled source, a .tmx"]),
    (["board.json"], ["board.json", "not the .json the game plays"]),  # not there: not a new board either
    (["not a folder/board.tmx"], ["not a folder/board.tmx", "not a folder"]),
    (["--size", "99999x99999"], ["at most 7680x4320"]),
    (["import", "--city", "berlin", "--area", "1,2,3", "-o", "x.tmx"], ["--area", "1,2,3"]),
    (["import", "--city", "berlin", "--stations", "missing.txt", "-o", "x.tmx"], ["missing.txt"]),
    (["import", "--city", "atlantis", "--area", "1,2,3,4", "-o", "x.tmx"], ["atlantis"]),
    (["import", "--city", "berlin", "--area", "52.5,13.3,52.52,13.4", "-o", "a folder"], ["a folder", "folder"]),
])
def test_the_editor_refuses_bad_input_in_one_line(folder: Path, args: list[str], words: list[str]) -> None:
    refused(run("editor", *args, cwd=folder), *words)
    assert not (folder / "x.tmx").exists()


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="root reads any file")
def test_an_unreadable_file_is_named(folder: Path) -> None:
    secret = folder / "secret.json"
    secret.write_text("{}", encoding="utf-8")
    secret.chmod(0)
    refused(run("game", "route", "secret.json", cwd=folder), "secret.json", "Permission denied")


def test_long_names_are_shortened_to_one_bounded_line(folder: Path) -> None:
    name = "a-very-long-board-name-" * 400
    line = refused(run("game", "simulate", "--board", name, cwd=folder), "unknown board")
    assert "…" in line and name not in line
    line = refused(run("game", "route", name + ".json", cwd=folder), "File name too long")
    assert "…" in line


def test_a_closed_pipe_stops_quietly(folder: Path) -> None:
    """`simulate … | head -1`: the reader goes away after one line; the writer stops with one line, code 2."""
    env = dict(ENV, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "game", "simulate", "--games", "500", "--bots", "random"],
                               cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert json.loads(process.stdout.readline())["game"] == 1
    process.stdout.close()  # as `head -1` does once it has its line
    _, err = process.communicate(timeout=120)
    assert process.returncode == 2, err
    assert "Traceback" not in err and "Exception ignored" not in err, err
    assert len(err.splitlines()) == 1 and "output was closed" in err


def test_ctrl_c_in_a_long_simulation_is_one_line_and_code_130(folder: Path) -> None:
    env = dict(ENV, PYTHONPATH=str(ROOT))
    # As from a terminal: Ctrl-C's signal not ignored, even when the tests themselves run as a background job
    # (a shell starts those ignoring it, Python then keeps it ignored, and the simulation would run on).
    process = subprocess.Popen([sys.executable, "-m", "game", "simulate", "--games", "100000", "--bots", "random"],
                               cwd=folder, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    assert json.loads(process.stdout.readline())["game"] == 1  # it is in the middle of its games now
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=120)
    assert process.returncode == boundary.INTERRUPTED
    assert err.splitlines() == ["interrupted"]


def test_help_lists_every_command_and_version_prints_the_version(folder: Path) -> None:
    result = run("game", "--help", cwd=folder)
    assert result.returncode == 0
    for command in ("route", "score", "compile", "simulate", "bench", "--continue", "--board", "--show"):
        assert command in result.stdout
    assert result.stdout.startswith("usage: python -m game")
    version = run("game", "--version", cwd=folder)
    assert version.returncode == 0 and version.stdout.startswith("python -m game ")
    editor = run("editor", "--help", cwd=folder)
    assert editor.returncode == 0 and "import" in editor.stdout and editor.stdout.startswith("usage: python -m editor")


def test_the_installed_name_is_the_one_in_messages(capsys: pytest.CaptureFixture[str]) -> None:
    from game.__main__ import main

    assert main(["simulate", "--games", "x"]) == 2
    assert capsys.readouterr().err.startswith("error: underground simulate: argument --games")


def test_bench_without_networkx_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "networkx", None)  # as if the [bench] extra were not installed
    board = load_board("london")
    rows = bench.routing_rows(board, bench.mid_game_positions(board, games=1)[:3])
    assert rows[0].value is not None and rows[0].value > 0
    assert rows[1].value is None and rows[1].met is None
    assert "not measured — install underground[bench]" in rows[1].note
    monkeypatch.setattr(bench, "collect", lambda: rows)
    assert bench.run_bench() == 0
    table = capsys.readouterr().out
    assert "not measured — install underground[bench]" in table and "Traceback" not in table
    assert bench.run_bench(as_json=True) == 0
    assert json.loads(capsys.readouterr().out)[1]["value"] is None


def test_shorten_keeps_one_bounded_line() -> None:
    assert boundary.shorten("a\nb\tc") == "a b c"
    long = boundary.shorten("x" * 1000 + " end")
    assert len(long) <= boundary.MAX_WORD + 4 and long.endswith(" end") and "…" in long
    assert len(boundary.shorten(" ".join(["word"] * 1000))) <= boundary.MAX_LINE


def test_python_m_editor_returns_the_exit_status_of_its_window(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """`python -m editor` exits with what the editor's loop returned: 1 when errors in every frame closed it."""
    for name, value in (("SDL_VIDEODRIVER", "dummy"), ("SDL_AUDIODRIVER", "dummy"),
                        ("XDG_DATA_HOME", str(tmp_path / "data")), ("XDG_CONFIG_HOME", str(tmp_path / "config")),
                        ("UNDERGROUND_LOG_DIR", str(tmp_path / "logs"))):
        monkeypatch.setenv(name, value)
    import pygame

    from editor.__main__ import main as editor_main
    from editor.canvas.render import Renderer

    def broken(*_args: object) -> None:
        raise RuntimeError("every frame")

    monkeypatch.setattr(Renderer, "draw", broken)
    try:
        assert editor_main([str(tmp_path / "board.tmx")]) == 1
    finally:
        pygame.quit()


def test_the_metro_map_bench_rows_say_when_they_could_not_be_measured(monkeypatch: pytest.MonkeyPatch) -> None:
    """The metro-map rows come from the editor's bench in a child process; a child that cannot run is a
    row that says so, not a traceback in the table."""
    monkeypatch.setattr(bench.sys, "executable", "/nonexistent/python")
    (row,) = bench.metro_map_rows()
    assert row.value is None and row.met is None and row.note.startswith("not measured")


@pytest.mark.parametrize("board", ["london_bus", "src/london_bus.tmx"])
def test_the_game_opens_on_a_bus_tour_board_from_the_command_line(folder: Path, board: str) -> None:
    """`--board` names the bus tour as the menu does: built in by name, or a designer's Tiled source."""
    from game import resources

    if board.endswith(".tmx"):
        source = resources.path("bus_boards") / board
        shutil.copy(source, folder / source.name)
        board = source.name
    shot = folder / "shot.png"
    result = run("game", "--board", board, "--frames", "20", "--screenshot", str(shot), "--size", "640x360",
                 cwd=folder)
    assert result.returncode == 0, result.stderr
    assert shot.is_file()
