"""CPU while the game waits for input, for `python -m game bench`: the real window loop, measured from inside.

`python -m game.idle_bench menu|play` opens the game (SDL's dummy driver, a throwaway data folder) on the
menu, or on a two-person game at its first turn, and runs `App.run` as `python -m game` does. A thread lets the
screen settle (the input grace and the passenger's pulsing after the last input, see pacing.py), then
measures `time.process_time` (the whole process: every thread) over wall-clock windows and prints one JSON
line: the CPU as % of one core per window and the frames drawn. Run in its own process so nothing else in
the bench is counted.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

SETTLE_SECONDS = 7.0  # longer than the input grace plus the play screen's pulsing (pacing.py, play.py)
WINDOW_SECONDS = 2.0
WINDOWS = 3
SCENES = ("menu", "play")


def measure_here(scene: str) -> dict[str, Any]:
    """Open the window on `scene`, run its loop, and measure; the result is printed by `main`."""
    folder = Path(tempfile.mkdtemp(prefix="underground-idle-"))
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ["UNDERGROUND_DATA_DIR"] = str(folder / "data")
    os.environ["UNDERGROUND_CONFIG_DIR"] = str(folder / "config")
    os.environ["UNDERGROUND_LOG_DIR"] = str(folder / "logs")
    import pygame

    from game.command_line import parse_options
    from game.ui.launch import first_scene, open_app

    app = open_app(parse_options(["--scene", scene, "--players", "2", "--size", "1600x900", "--seed", "1"]))
    first_scene(app)
    result: dict[str, Any] = {"scene": scene}

    def probe() -> None:
        time.sleep(SETTLE_SECONDS)
        cpu, frames = [], []
        for _ in range(WINDOWS):
            start_cpu, start_wall, start_frame = time.process_time(), time.perf_counter(), app.frame
            time.sleep(WINDOW_SECONDS)
            cpu.append(100 * (time.process_time() - start_cpu) / (time.perf_counter() - start_wall))
            frames.append(app.frame - start_frame)
        result.update(cpu=cpu, frames=frames, scene_class=type(app.scene).__name__)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=probe, daemon=True).start()
    app.run()
    pygame.quit()
    return result


def measure(scene: str, timeout: float = 120) -> dict[str, Any]:
    """Run `measure_here(scene)` in a fresh process and return what it printed (JSON, so `Any`)."""
    # The child imports the game from where this process does: a clone, an editable or a wheel install.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               PYTHONPATH=os.pathsep.join(entry for entry in sys.path if entry))
    run = subprocess.run([sys.executable, "-m", "game.idle_bench", scene], env=env,
                         capture_output=True, text=True, timeout=timeout, check=True)
    return json.loads(run.stdout.strip().splitlines()[-1])


def median_cpu(result: dict[str, Any]) -> float:
    values = result["cpu"]
    assert isinstance(values, list)
    return float(statistics.median(values))


def main(argv: list[str]) -> int:
    scene = argv[0] if argv else "menu"
    if scene not in SCENES:
        print(f"idle_bench: SCENE is one of {', '.join(SCENES)}", file=sys.stderr)
        return 2
    print(json.dumps(measure_here(scene)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
