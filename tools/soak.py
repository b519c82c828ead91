"""Soak test: the show mode plays N computer games headless, and resident memory must not creep.

Drives the real window loop (`App.step`) with the real `ShowScene` under SDL's dummy video driver, one
scene per game with the boards in rotation. Frames advance by a large fixed time step, so bot delays and
animations elapse at once and no real time is waited for; every frame still runs the scene's update and
draws the whole board. Resident memory (VmRSS) is printed at the start, every 100 games and at the end;
the exit code is 1 if a game raised or did not finish, or if RSS grew by more than --max-growth MB after
the warm-up games (caches filled, every board seen once).

    python -m tools.soak --games 2000
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
import time
import traceback
from collections.abc import Sequence
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAME_DT = 5.0  # seconds of show time per frame: longer than any bot delay or animation
MAX_FRAMES_PER_GAME = 20_000  # far above a real game's (about one frame per action): a stuck game
END_FRAMES = 3  # frames drawn after the game is over (the final board)
REPORT_EVERY = 100


def rss_mb() -> float:
    """Resident set size now, from /proc (Linux); 0 where there is no /proc."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.soak", description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--boards", default="", help="comma separated (default: every built-in board)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="random", help="bot kind at every seat (random is the fastest)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--size", default="960x600", help="window size WxH")
    parser.add_argument("--warmup", type=int, default=None, help="games before the memory baseline "
                        "(default: a tenth of the games, at most 100, at least one round of the boards)")
    parser.add_argument("--max-growth", type=float, default=50.0, help="allowed RSS growth after warm-up, MB")
    parser.add_argument("--minutes", type=float, default=None, help="stop after this long (finishing the game "
                        "being played) and say how many games ran: for a slow or busy machine")
    parser.add_argument("--draw-every", type=int, default=1, help="draw one frame in K (the others only update); "
                        "1, the default, draws every frame as the show does")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    args = _parse(argv)
    import pygame

    from game.board.loader import builtin_boards
    from game.ui.launch import open_app
    from game.ui.options import LaunchOptions
    from game.ui.scenes.show import ShowScene
    from game.ui.table.setup import GameSetup, Seat

    boards = [b.strip() for b in args.boards.split(",") if b.strip()] or builtin_boards()
    width, height = (int(v) for v in args.size.lower().split("x"))
    warmup = args.warmup if args.warmup is not None else max(len(boards), min(100, args.games // 10))
    warmup = min(warmup, max(0, args.games - 1))
    app = open_app(LaunchOptions(scene="show", frames=0, size=(width, height)))
    start = rss_mb()
    print(f"soak: {args.games} games of {args.players} {args.bots} bots on {', '.join(boards)}; "
          f"window {width}x{height}; RSS at start {start:.1f} MB", flush=True)
    failures: list[str] = []
    baseline = start
    frames = 0
    began = time.perf_counter()
    deadline = began + args.minutes * 60 if args.minutes else None
    played = 0
    for game in range(args.games):
        if deadline is not None and time.perf_counter() > deadline:
            print(f"soak: time budget of {args.minutes:g} minutes used up after {played} of {args.games} games",
                  flush=True)
            break
        board = boards[game % len(boards)]
        seats = [Seat(args.bots, f"Bot {seat + 1}") for seat in range(args.players)]
        try:
            frames += _play_one(app, ShowScene(app, GameSetup(board, seats, args.seed + game)), args.draw_every)
        except Exception:  # the point of a soak: record every failure and go on
            failures.append(f"game {game + 1} ({board}, seed {args.seed + game}):\n{traceback.format_exc()}")
            print(f"soak: FAILED {failures[-1]}", file=sys.stderr, flush=True)
            if len(failures) >= 10:
                break
        played = game + 1
        if played == warmup:
            gc.collect()
            baseline = rss_mb()
            print(f"soak: warm-up over after {played} games; RSS baseline {baseline:.1f} MB", flush=True)
        if played % REPORT_EVERY == 0:
            elapsed = time.perf_counter() - began
            print(f"soak: {played} games, {frames} frames, {elapsed:.0f} s ({elapsed / played:.2f} s/game); "
                  f"RSS {rss_mb():.1f} MB", flush=True)
    gc.collect()
    end = rss_mb()
    growth = end - baseline if played > warmup else 0.0
    elapsed = time.perf_counter() - began
    print(f"soak: {played} games, {frames} frames, {elapsed:.0f} s ({elapsed / max(1, played):.2f} s/game); "
          f"RSS {end:.1f} MB", flush=True)
    pygame.quit()
    print(f"soak: RSS at start {start:.1f} MB, after warm-up {baseline:.1f} MB, at end {end:.1f} MB; "
          f"growth after warm-up {growth:+.1f} MB (bound {args.max_growth:g} MB); failures {len(failures)}",
          flush=True)
    if failures:
        return 1
    if growth > args.max_growth:
        print(f"soak: RSS grew by {growth:.1f} MB after warm-up, more than {args.max_growth:g} MB",
              file=sys.stderr)
        return 1
    return 0


def _play_one(app: object, scene: object, draw_every: int = 1) -> int:
    """Run the scene frame by frame until its game is over and drawn; the number of frames it took."""
    from game.ui.app import App
    from game.ui.scenes.show import ShowScene

    assert isinstance(app, App) and isinstance(scene, ShowScene)
    if scene.session is None:
        raise RuntimeError(f"the show could not start: {scene.error}")
    if app.scene is None:
        app.push(scene)
    else:
        app.replace(scene)
    session = scene.session
    for frame in range(MAX_FRAMES_PER_GAME):
        if scene.ctl is not None:  # a computer's move is worked out on the worker thread (game/ui/table/
            scene.ctl.bot_moves.wait()  # background.py): its show time passes only once it is in, as in a window
        if frame % draw_every == 0:
            app.step(FRAME_DT)  # events, update, draw, flip: the whole frame
        else:
            scene.update(FRAME_DT)
        if scene.session is not session or session.state.phase == "over":
            for _ in range(END_FRAMES):
                app.step(FRAME_DT)
            return frame + 1 + END_FRAMES
    raise RuntimeError(f"the game did not finish within {MAX_FRAMES_PER_GAME} frames (turn {session.state.turn})")


if __name__ == "__main__":
    sys.exit(main())
