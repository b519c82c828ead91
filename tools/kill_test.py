"""Kill the real game with SIGKILL at random instants and check that Continue gets the last completed action.

python -m tools.kill_test --board boards/london.json --games 20 --seed 1     # prints one line per game

Each game runs in its own process, forked once the modules are imported: the game window (SDL's dummy
driver), a play screen with computer seats only, stepped with a long frame time so every frame plays one
action (the real loop, scene, turn controller and autosave; only the waiting is skipped). A seeded random
delay after its screen is up, the process is killed with SIGKILL.
The saves left behind are read back the way the menu and Continue read them, and must be exactly the save
of a completed action: the same document the uninterrupted game writes after that many actions (replayed
here without a window, same board, seed and computer players), whose engine state equals a replay of its
own log. The earlier saves kept beside it must be earlier completed actions of the same game.

POSIX only (fork, SIGKILL).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import select
import shutil
import signal
import sys
import tempfile
import time
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

FRAME = 30.0  # seconds of game time per frame: longer than any pause or animation, so one action per frame
KINDS = ("random", "random")  # the quickest computer players: the saves are under test, not the play
READY = "ready"


# ----- the game process -----


def child(board: str, seed: int, kinds: list[str], ready: Callable[[], None]) -> None:
    """Play one game on the real play screen as fast as frames go; call `ready` once the screen is up."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    from game.command_line import parse_options
    from game.ui.launch import open_app
    from game.ui.scenes.play import PlayScene
    from game.ui.table.setup import GameSetup, Seat

    app = open_app(parse_options(["--size", "640x400", "--seed", str(seed)]))
    seats = [Seat(kind, f"Computer {i + 1}") for i, kind in enumerate(kinds)]
    app.push(PlayScene(app, GameSetup(board, seats, seed)))
    ready()
    while app.running and isinstance(app.scene, PlayScene):
        app.step(FRAME)


def spawn(board: str, seed: int, kinds: list[str], data: Path) -> tuple[int, int]:
    """Fork a game process (the modules are already imported: only the game itself runs in it).

    Returns its pid and the read end of a pipe on which it writes READY. The child never returns here.
    """
    import pygame  # noqa: F401  (imported before the fork, so that children start at once)

    import game.ui.launch  # noqa: F401

    read, write = os.pipe()
    pid = os.fork()
    if pid:
        os.close(write)
        return pid, read
    status = 1
    try:
        os.close(read)
        quiet = os.open(os.devnull, os.O_WRONLY)
        os.dup2(quiet, 1)
        os.dup2(quiet, 2)
        os.environ["UNDERGROUND_DATA_DIR"] = str(data)
        child(board, seed, kinds, lambda: os.write(write, READY.encode() + b"\n"))
        status = 0
    finally:
        os._exit(status)


# ----- the reference game -----


def reference_saves(board: str, seed: int, kinds: list[str]) -> list[dict[str, Any]]:
    """The document the game saves after each action (index k: after k+1 actions), without a window."""
    from game.board.loader import load_board
    from game.rules.observation import observe
    from game.ui.table.session import GameSession
    from game.ui.table.setup import GameSetup, Seat

    seats = [Seat(kind, f"Computer {i + 1}") for i, kind in enumerate(kinds)]
    session = GameSession(load_board(board), GameSetup(board, seats, seed), None, seed)
    out = []
    while session.state.phase != "over":
        session.apply(session.bots[session.state.current].choose(observe(session.state)))
        out.append(json.loads(json.dumps(session.to_save())))
    return out


# ----- one kill -----


@dataclass
class Kill:
    """What one killed game left: how many actions its save holds (0: killed before the first save; all of
    them: killed after the game ended, while its saves were being cleared)."""

    game: int
    seed: int
    delay: float
    actions: int
    total: int
    backups: list[int]
    problems: list[str]
    finished: bool = False  # the game ended before the kill (retried with a shorter delay)
    writing: bool = False  # the kill caught a save being written (its temporary file was left)

    def line(self) -> str:
        state = "ok" if not self.problems else "FAIL " + "; ".join(self.problems)
        writing = " while saving" if self.writing else ""
        return (f"game {self.game} seed {self.seed}: killed after {self.delay:.3f}s at action {self.actions}/"
                f"{self.total}{writing}, earlier saves {self.backups}: {state}")


def check_saves(data: Path, board: str, reference: list[dict[str, Any]]) -> tuple[int, list[int], list[str]]:
    """Read the saves as the menu and Continue do; (actions in the save, actions in each backup, problems)."""
    with _data_dir(data):
        return _check_saves(board, reference)


@contextmanager
def _data_dir(data: Path) -> Iterator[None]:
    """Read the saves of one killed game as the game would: through UNDERGROUND_DATA_DIR."""
    from game.persist import saves

    before = os.environ.get(saves.AUTOSAVE_ENV)
    os.environ[saves.AUTOSAVE_ENV] = str(data)
    try:
        yield
    finally:
        if before is None:
            del os.environ[saves.AUTOSAVE_ENV]
        else:
            os.environ[saves.AUTOSAVE_ENV] = before


def _check_saves(board: str, reference: list[dict[str, Any]]) -> tuple[int, list[int], list[str]]:
    from game.board.loader import load_board
    from game.persist import saves
    from game.rules.state import replay
    from game.ui.table.session import GameSession, read_saved_game

    problems: list[str] = []
    backups = []
    for path in saves.save_paths()[1:]:
        if path.is_file():
            earlier = json.loads(path.read_text(encoding="utf-8"))
            count = len(earlier["state"]["log"])
            backups.append(count)
            if not 1 <= count <= len(reference) or earlier != reference[count - 1]:
                problems.append(f"{path.name} is not the save of action {count}")
    loaded = read_saved_game()
    if loaded.problems:
        problems.append(f"problems: {loaded.message}")
    if loaded.data is None:
        if backups and not saves.autosave_path().is_file():
            problems.append("earlier saves but no current one")
        if saves.has_autosave():
            problems.append("Continue is offered without a game to continue")
        over = saves.autosave_path().is_file()  # the game had ended: its save is the "finished" mark
        return len(reference) if over else 0, backups, problems
    if loaded.path != saves.autosave_path():
        problems.append(f"Continue used {loaded.path}, not the current save")
    session = GameSession.from_save(loaded.data)
    state = session.state
    count = len(state.log)
    if not 1 <= count <= len(reference):
        problems.append(f"the save holds {count} actions, the game has {len(reference)}")
        return count, backups, problems
    if loaded.data != reference[count - 1]:
        problems.append(f"the save differs from the uninterrupted game's save after {count} actions")
    again = replay(load_board(board), state.seed, state.player_count, list(state.log))
    if again.to_json() != state.to_json():
        problems.append("the saved state is not the replay of its own log")
    # each earlier save an earlier action; the first may equal the current one for an instant (it is linked
    # to it just before the new save is renamed over it)
    if any(a <= b for a, b in pairwise(backups)) or (backups and backups[0] > count):
        problems.append(f"earlier saves {backups} are not earlier actions than {count}")
    return count, backups, problems


@dataclass
class Running:
    """A game process waiting to be killed."""

    game: int
    seed: int
    delay: float
    data: Path
    pid: int
    pipe: int
    deadline: float | None = None  # when it is killed: READY plus the delay
    finished: bool = False  # an earlier try of this game ended before the kill


def kill_games(board: str, games: int, seed: int, jobs: int = 4, longest: float | None = None,
               kinds: tuple[str, ...] = KINDS) -> Iterator[Kill]:
    """`games` games (seeds seed, seed+1, …), each SIGKILLed once after a seeded random delay in [0, longest).

    A game that ends before its delay is up is played again with half the delay, so every game is killed.
    One thread: processes are forked from it (never fork a threaded process) and checked between kills.
    """
    rng = random.Random(seed)
    plan = deque((game, seed + game, rng.random()) for game in range(games))
    with tempfile.TemporaryDirectory(prefix="kill-test-") as tmp:
        folder = Path(tmp)
        if longest is None:
            longest = timed_game(board, seed, list(kinds), folder / "timed")
        running: dict[int, Running] = {}
        attempts = 0

        def start(game: int, game_seed: int, delay: float, finished: bool = False) -> None:
            nonlocal attempts
            attempts += 1
            data = folder / f"run{attempts}"
            pid, pipe = spawn(board, game_seed, list(kinds), data)
            running[pipe] = Running(game, game_seed, delay, data, pid, pipe, finished=finished)

        while plan or running:
            while plan and len(running) < jobs:
                game, game_seed, fraction = plan.popleft()
                start(game, game_seed, fraction * longest)
            now = time.monotonic()
            deadlines = [r.deadline for r in running.values() if r.deadline is not None]
            wait = max(0.0, min(deadlines) - now) if deadlines else 1.0
            waiting = [pipe for pipe, r in running.items() if r.deadline is None]
            readable, _, _ = select.select(waiting, [], [], min(wait, 1.0))
            for pipe in readable:
                run = running[pipe]
                if os.read(pipe, 64).startswith(READY.encode()):
                    run.deadline = time.monotonic() + run.delay
                else:
                    raise RuntimeError(f"game {run.game} stopped before its screen was up")
            for pipe, run in list(running.items()):
                if run.deadline is None or run.deadline > time.monotonic():
                    continue
                del running[pipe]
                os.close(pipe)
                if not _kill(run.pid):
                    if run.delay < 1e-4:
                        raise RuntimeError(f"game {run.game} always finished before it could be killed")
                    start(run.game, run.seed, run.delay / 2, finished=True)
                    continue
                writing = (run.data / "autosave.json.tmp").exists()
                reference = reference_saves(board, run.seed, list(kinds))
                actions, backups, problems = check_saves(run.data, board, reference)
                shutil.rmtree(run.data, ignore_errors=True)
                yield Kill(run.game, run.seed, run.delay, actions, len(reference), backups, problems, run.finished,
                           writing)


def _kill(pid: int) -> bool:
    """SIGKILL a game process and reap it; False if it had already ended by itself (its game was over)."""
    done, status = os.waitpid(pid, os.WNOHANG)
    if not done:
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
    return os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGKILL


def timed_game(board: str, seed: int, kinds: list[str], data: Path) -> float:
    """Seconds one uninterrupted game takes here: the range the random kill delays are drawn from."""
    pid, pipe = spawn(board, seed, kinds, data)
    os.read(pipe, 64)
    start = time.monotonic()
    os.waitpid(pid, 0)
    os.close(pipe)
    return time.monotonic() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.kill_test", description=__doc__.splitlines()[0])
    parser.add_argument("--board", default="london", help="board name or file")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=4)
    parser.add_argument("--kinds", default=",".join(KINDS), help="computer level per seat, comma-separated")
    args = parser.parse_args(argv)
    kinds = args.kinds.split(",")
    failed = 0
    for kill in kill_games(args.board, args.games, args.seed, args.jobs, kinds=tuple(kinds)):
        print(kill.line(), flush=True)
        failed += bool(kill.problems)
    print(f"{args.games} games killed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
