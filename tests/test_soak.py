"""tools/soak.py works: a few show-mode games headless with memory reported, and a failure exits non-zero.

The real soak (2,000 games) is run by hand; see docs/robustness.md for its figures.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def soak(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = os.environ | {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
                        "UNDERGROUND_DATA_DIR": str(tmp_path / "data")}
    return subprocess.run([sys.executable, "-m", "tools.soak", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=600, check=False)


def test_a_short_soak_plays_every_game_and_reports_memory(tmp_path: Path) -> None:
    tiny = str(ROOT / "tests" / "boards" / "tiny.tmx")  # a short deck: short games; the real soak plays the boards
    run = soak(tmp_path, "--games", "5", "--boards", f"{tiny},london", "--size", "480x320", "--warmup", "2",
               "--max-growth", "200")
    assert run.returncode == 0, run.stdout + run.stderr
    lines = run.stdout.splitlines()
    assert "RSS at start" in lines[0]
    assert any(line.startswith("soak: warm-up over after 2 games") for line in lines)
    assert any(line.startswith("soak: 5 games,") for line in lines)
    assert "failures 0" in lines[-1] and "growth after warm-up" in lines[-1]


def test_a_game_that_cannot_run_makes_the_soak_fail(tmp_path: Path) -> None:
    run = soak(tmp_path, "--games", "2", "--boards", "no-such-board", "--size", "320x240")
    assert run.returncode == 1
    assert "FAILED game 1" in run.stderr and "failures 2" in run.stdout
