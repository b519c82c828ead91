"""Seats never compete with line colours: a seat is its number, name and line chips; the log's bullets show
what an entry is about (a placement in its line's colour); built white track has a dark rim."""

from __future__ import annotations

import math
from pathlib import Path

import pygame
import pytest

from game import geometry
from game.ui import style
from game.ui.app import App
from game.ui.board.view import BoardView
from game.ui.overlays.coach import Hints
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from game.ui.table.snapshot import BoardSnapshot
from tests.ui.driver import DT, click, move, run_until, save_shot, settle, space_point, spot


def table(make_app, board_file: Path, players: int) -> tuple[App, PlayScene]:
    Hints().mark_seen()
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", "1600x900"])
    app.fixed_dt = DT
    names = ["Anna", "Ben", "Chloé", "Dev", "Eve"]
    seats = [Seat("person" if k % 2 == 0 else "normal", names[k]) for k in range(players)]
    scene = PlayScene(app, GameSetup(str(board_file), seats, 3))
    app.replace(scene)
    app.step()
    return app, scene


def _near_a_line(colour: tuple[int, ...]) -> bool:
    return any(math.dist(colour[:3], line) < 70 for line in style.LINE_COLOURS.values() if line not in (
        style.LINE_COLOURS["black"], style.LINE_COLOURS["white"], style.LINE_COLOURS["grey"]))


@pytest.mark.parametrize("players", [3, 4, 5])
def test_seats_wear_no_line_colour(make_app, board_file: Path, players: int) -> None:
    app, scene = table(make_app, board_file, players)
    run_until(app, lambda: not scene.ctl.queue.effects)
    panel = scene.sidebar_rect()
    seats = sorted((s.rect for s in scene.sidebar.spots if s.kind == "line"), key=lambda r: r.y)
    assert seats
    # the turn panel and every seat card's frame and stripe: sample their left edges, away from the chips
    k = scene.sidebar.k
    samples = [(panel.x + round(26 * k), y) for y in range(panel.y + round(60 * k), seats[0].top - round(8 * k), 3)]
    for x, y in samples:
        colour = tuple(app.screen.get_at((x, y)))
        assert not _near_a_line(colour), f"{(x, y)} is {colour}: a seat coloured like a line"
    save_shot(app.screen, f"seats_{players}")


def test_a_placement_is_logged_with_a_bullet_of_its_line(make_app, board_file: Path) -> None:
    app, scene = table(make_app, board_file, 3)
    ctl = scene.ctl
    line = ctl.state.players[0].lines[1]  # not her first line: that one once shared the seat's colour
    click(app, spot(scene, "line", line).rect.center)
    assert ctl.selected == line
    link = next(iter(ctl.legal_spaces()))
    click(app, space_point(scene, link))
    settle(app, scene)
    move(app, (5, 5))
    entry = spot(scene, "log", scene.ctl.session.log[-1])
    assert entry.value.line == line and entry.value.kind == "place"
    k = scene.sidebar.k
    centre = (entry.rect.x + round(12 * k), entry.rect.y + 2 + round(10 * k))
    bullet = tuple(app.screen.get_at(centre))[:3]
    assert math.dist(bullet, style.line_colour(line)) < 30, f"the bullet is {bullet}, the line {line}"


def test_built_white_track_has_a_dark_rim(board) -> None:
    pygame.display.init()
    pygame.display.set_mode((1200, 800))
    view = BoardView(board, (0, 0, 1200, 800))
    boxes = [view.names.box(i, 1.3) for i in view.names.stations()]

    def clear_of_names(path: tuple[tuple[float, float], ...]) -> bool:
        x, y = geometry.point_along(list(path), 0.5)
        return not any(bx - 20 <= x <= bx + bw + 20 and by - 20 <= y <= by + bh + 20 for bx, by, bw, bh in boxes)

    link = next(i for i, x in enumerate(board.links)
                if x.spaces == 1 and len(x.path) == 2 and math.dist(*x.path) > 120 and clear_of_names(x.path))
    tracks = tuple(("white",) if i == link else () for i in range(len(board.links)))
    built = pygame.Surface((1200, 800))
    empty = pygame.Surface((1200, 800))
    view.draw(built, BoardSnapshot(tracks=tracks))
    view.draw(empty, BoardSnapshot(tracks=tuple(() for _ in board.links)))
    camera = view.camera
    path = [camera.to_screen(p) for p in view.metrics.slot_paths[link][0]]
    (ax, ay), (bx, by) = path[0], path[-1]
    middle = geometry.point_along(path, 0.5)
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    half = view.metrics.slot_width / 2 * camera.scale

    def across(surface: pygame.Surface) -> list[float]:
        """Brightness of the pixels across the band, in quarter pixels."""
        values = []
        for t in range(-round(half * 1.3 * 4), round(half * 1.3 * 4) + 1):
            p = (round(middle[0] + nx * t / 4), round(middle[1] + ny * t / 4))
            values.append(sum(tuple(surface.get_at(p))[:3]) / 3)
        return values

    ink = [v for v in across(built) if v < 60]
    assert len(ink) >= 8, across(built)  # an ink rim on both sides, two pixels or more: it reads as track
    assert min(across(empty)) > 140  # an empty space has only the light bed around it
    assert tuple(built.get_at((round(middle[0]), round(middle[1]))))[:3] == style.LINE_COLOURS["white"]
