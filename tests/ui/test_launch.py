"""The window's command line: screenshots for tests, headless commands routed to the CLI, frame times."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import game.__main__ as entry
from game.boundary import UserError
from game.command_line import parse_options
from game.ui.frame_bench import measure_frame_times, summary
from game.ui.scenes.show import ShowScene

ROOT = Path(__file__).resolve().parents[2]


def test_frames_and_screenshot_write_a_png_of_the_window_size(tmp_path: Path, board_file: Path) -> None:
    shot = tmp_path / "x.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    result = subprocess.run(
        [sys.executable, "-m", "game", "--board", str(board_file), "--frames", "5", "--screenshot", str(shot),
         "--size", "800x600", "--seed", "1"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120,
    )
    assert result.returncode == 0, result.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (800, 600)


def test_frames_run_show_mode(make_app, board_file: Path) -> None:
    app = make_app(["--board", str(board_file), "--frames", "3"])
    assert isinstance(app.scene, ShowScene)
    app.run()
    assert app.frame == 3


def test_options_are_parsed() -> None:
    options = parse_options(["--show", "--players", "5", "--seed", "9", "--lang", "de", "--size", "1024x768"])
    assert (options.show, options.players, options.seed, options.lang, options.size) == (True, 5, 9, "de", (1024, 768))
    assert options.first_scene == "show"
    assert parse_options([]).first_scene == "menu"
    with pytest.raises(UserError, match="2 to 5 players"):
        parse_options(["--players", "7"])
    assert parse_options(["--continue"]).resume and not parse_options([]).resume


def test_headless_subcommands_go_to_the_cli(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[str, int]] = []
    import game.cli

    monkeypatch.setattr(game.cli, "run_command", lambda args: seen.append((args.command, args.games)) or 0)
    assert entry.main(["simulate", "--games", "3"]) == 0
    assert seen == [("simulate", 3)]


def test_measure_frame_times_gives_one_figure_per_frame(board) -> None:
    times = measure_frame_times(board, frames=20, size=(640, 360))
    assert len(times) == 20 and all(t > 0 for t in times)
    figures = summary(times)
    assert figures["median_ms"] <= figures["p99_ms"]
