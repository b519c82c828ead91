"""Frame-time measurement for `python -m game bench`: the whole board, passenger walking, at a given size."""

from __future__ import annotations

import gc
import os
import random
import time

import pygame

from game import geometry
from game.board.model import Board
from game.ui.board.view import BoardView
from game.ui.table.snapshot import BoardSnapshot

MID_GAME_ACTIONS = 120


def _mid_game_snapshot(board: Board, seed: int) -> BoardSnapshot | None:
    """A board with tracks on it, so the frame draws what a real game shows; None without the engine."""
    try:
        from game.rules.state import new_game
    except ImportError:
        return None
    state = new_game(board, 4, seed)
    rng = random.Random(seed)
    for _ in range(MID_GAME_ACTIONS):
        actions = state.legal_actions()
        if not actions or state.phase == "over":
            break
        state.apply(rng.choice(actions))
    return BoardSnapshot.of(state)


def measure_frame_times(board: Board, frames: int = 600, size: tuple[int, int] = (1920, 1080),
                        seed: int = 1) -> list[float]:
    """Milliseconds per frame for `frames` frames (after one warm-up frame that paints the caches).

    Each frame draws the whole board fitted to the window with the passenger walking along a route and
    flips the display, which is what the play screen does every frame. Uses the SDL dummy driver
    unless a video driver is already chosen.
    """
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode(size)
    view = BoardView(board, (0, 0, size[0], size[1]))
    snapshot = _mid_game_snapshot(board, seed)
    route = [link.path for link in board.links[:1]]
    walk = list(route[0]) if route else [(board.nodes[0].x, board.nodes[0].y)] * 2
    view.draw(screen, snapshot, 0.0, walk[0])
    pygame.display.flip()
    gc.collect()
    gc.freeze()  # the board and the caches live all game long: keep them out of the collector's rounds
    times: list[float] = []
    for frame in range(frames):
        start = time.perf_counter()
        pygame.event.pump()
        where = geometry.point_along(walk, (frame % 60) / 60)
        view.draw(screen, snapshot, frame / 60, where)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
    gc.unfreeze()
    return times


def summary(times: list[float]) -> dict[str, float]:
    """Median and 99th percentile, the two figures the bench table prints."""
    ordered = sorted(times)
    if not ordered:
        return {"median_ms": 0.0, "p99_ms": 0.0}
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {"median_ms": ordered[len(ordered) // 2], "p99_ms": p99}
