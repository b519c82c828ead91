"""Seats never compete with line colours: a seat is its number, name and line chips; the log's bullets show
what an entry is about (a placement in its line's colour); built white track has a dark rim, and at 1280×720
is white inside it, not two thin outlines."""

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
from tests.ui.driver import DT, click, key, move, run_until, save_shot, settle, space_point, spot


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


WHITE_FILL_PX = 3.0  # at least, and as much as a red track keeps on the same space (a 720p band is 5 px wide)


def _across(surface: pygame.Surface, path: list[tuple[float, float]], t: float) -> list[tuple[int, int, int]]:
    """The pixels across a track at a fraction `t` of its length, in eighths of a pixel, 5 px either side."""
    (ax, ay), (bx, by) = path[0], path[-1]
    x, y = geometry.point_along(path, t)
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length
    return [tuple(surface.get_at((round(x + nx * k / 8), round(y + ny * k / 8))))[:3] for k in range(-40, 41)]


def _fill_run(samples: list[tuple[int, int, int]], colour: tuple[int, int, int]) -> float:
    """How wide the run of exactly `colour` through the middle sample is, in pixels."""
    middle = len(samples) // 2
    if samples[middle] != colour:
        return 0.0
    low = high = middle
    while low > 0 and samples[low - 1] == colour:
        low -= 1
    while high < len(samples) - 1 and samples[high + 1] == colour:
        high += 1
    return (high - low + 1) / 8


STRETCH = (0.35, 0.42, 0.5, 0.58, 0.65)  # where along the track it is measured


def test_built_white_track_is_white_inside_at_720p(make_app) -> None:
    """A fresh player at 1280×720 read built white track as a thin double line: a rim of 1.6 px a side left
    a pixel or two of white in a 5 px band. Anna lays white by clicking, takes it back (Ctrl+Z) and lays red
    on the same space: across the track there is as much white between the dark rims as there is red."""
    Hints().mark_seen()
    app = make_app(["--scene", "menu", "--board", "london", "--size", "1280x720"])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup("london", [Seat("person", n) for n in ("Anna", "Ben", "Chloé")], 7))
    app.replace(scene)
    app.step()
    ctl = scene.ctl
    assert {"white", "red"} <= set(ctl.state.players[0].lines)
    board, view = scene.board, scene.view
    boxes = [pygame.Rect(*(round(v) for v in (*view.camera.to_screen(b[:2]), b[2] * view.camera.scale,
                                              b[3] * view.camera.scale))).inflate(8, 8)
             for b in (view.names.box(i, 1.2) for i in view.names.stations())]

    def open_ground(link: int) -> bool:
        """A straight link whose middle stretch no name, station or other link comes near; level or upright,
        where a run of pixels across it is the band's true width (across a diagonal, whole pixels measure white
        and red alike an eighth of a pixel short of it)."""
        path = scene.overlay.slot_screen(link, 0)
        if len(board.links[link].path) != 2 or math.dist(path[0], path[-1]) < 40:
            return False
        if min(abs(path[0][0] - path[-1][0]), abs(path[0][1] - path[-1][1])) > 1:
            return False
        middle = [geometry.point_along(path, t) for t in STRETCH]
        return not any(box.collidepoint(p) for box in boxes for p in middle) and all(
            scene.overlay.pick_link(p, [k for k in range(len(board.links)) if k != link], fallback=False) is None
            for p in middle)

    def lay(line: str) -> list[list[tuple[int, int, int]]]:
        """Lay `line` on the link by clicking, and the pixels across the built track along its middle."""
        click(app, spot(scene, "line", line).rect.center)
        click(app, space_point(scene, link))
        settle(app, scene)
        assert ctl.shown.tracks[link] == (line,)
        move(app, (app.size[0] - 5, app.size[1] // 2))  # the mouse off the map: nothing lit over the track
        run_until(app, lambda: not ctl.queue.effects)
        app.step()
        path = [view.camera.to_screen(p) for p in view.metrics.slot_paths[link][0]]
        return [_across(app.screen, path, t) for t in STRETCH]

    click(app, spot(scene, "line", "white").rect.center)
    link = next(k for k in sorted(ctl.legal_spaces()) if board.links[k].spaces == 1 and open_ground(k))
    whites = lay("white")
    save_shot(app.screen, "white_track_1280x720")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert ctl.shown.tracks[link] == ()
    reds = lay("red")
    white, red = style.LINE_COLOURS["white"], style.LINE_COLOURS["red"]
    for t, across_white, across_red in zip(STRETCH, whites, reds, strict=True):
        run = _fill_run(across_white, white)
        assert run >= max(WHITE_FILL_PX, _fill_run(across_red, red)), \
            f"{run} px of white across the track at {t:.0%} of it, {_fill_run(across_red, red)} px of red"
        low = across_white.index(white)
        dark = [sum(c) / 3 < 110 for c in across_white]
        assert any(dark[:low]) and any(dark[low:]), "a dark rim on both sides: it never passes for an empty space"
