"""Lit spaces never pass for track: hollow marks in a colour no line has, cost dots instead of badges, and
station names above them. Driven by a real click on a line chip in a busy London position."""

from __future__ import annotations

import math

import pygame
import pytest

from game import geometry
from game.board.loader import load_board
from game.bots.registry import make_bot
from game.rules.observation import observe
from game.ui import style
from game.ui.app import App
from game.ui.board.labels import name_scale
from game.ui.overlays.coach import Hints
from game.ui.scenes.play import PlayScene
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, move, run_until, save_shot, spot


def busy_table(make_app, size: str = "1920x1080", turns: int = 21) -> tuple[App, PlayScene, str]:
    """London after `turns` turns of greedy play, Anna (a person) to move with 4 branch tokens, her longest
    line with tokens left selected by clicking its chip."""
    Hints().mark_seen()  # no first-game tips over the board
    app = make_app(["--scene", "menu", "--size", size])
    app.fixed_dt = DT
    board = load_board("london")
    setup = GameSetup("london", [Seat("person", "Anna"), Seat("normal", "Ben"), Seat("normal", "Chloé")], 1)
    session = GameSession(board, setup, None, 1)
    bot = make_bot("greedy", 3)
    state = session.state
    while state.turn < turns or state.current != 0 or state.phase != "actions":
        session.apply(bot.choose(observe(state)))
    state.players[0].branch_tokens = 4
    app.router.replace("play", setup=setup, session=session)
    scene = app.scene
    assert isinstance(scene, PlayScene)
    app.step()
    run_until(app, lambda: not scene.ctl.queue.effects and not scene.ctl.busy)  # the turn's banner has gone
    lines = [line for line in state.players[0].lines if 0 < state.lines[line].tokens_left < 20]
    line = max(lines, key=lambda x: 20 - state.lines[x].tokens_left)
    click(app, spot(scene, "line", line).rect.center)
    assert scene.ctl.selected == line
    move(app, (app.size[0] - 5, 5))  # the mouse rests on the sidebar: nothing on the board is hovered
    return app, scene, line


def name_boxes(view) -> list[tuple[float, float, float, float]]:
    """Every station name's box as drawn now (board coordinates, x0 y0 x1 y1): the board's box at the
    scale the view draws names at."""
    scale = name_scale(view.board.label_px, view.camera.scale)
    return [(x, y, x + w, y + h) for x, y, w, h in (view.names.box(i, scale) for i in view.names.stations())]


def _far(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    return math.dist(a[:3], b[:3])


def _clear_spots(scene: PlayScene, spaces: dict[int, int]) -> list[tuple[int, tuple[float, float], float]]:
    """Lit spaces whose middle is on screen, away from stations and names: (link, middle, half width)."""
    view = scene.view
    camera = view.camera
    boxes = [pygame.Rect(*camera.to_screen((x0, y0)), (x1 - x0) * camera.scale, (y1 - y0) * camera.scale)
             for x0, y0, x1, y1 in name_boxes(view)]
    area = pygame.Rect(*(round(v) for v in scene.board_rect()))
    half = scene.overlay._half()
    found = []
    for link in spaces:
        slot = len(scene.ctl.shown.tracks[link])
        path = [camera.to_screen(p) for p in view.metrics.slot_paths[link][slot]]
        middle = geometry.point_along(path, 0.5)
        near_station = any(math.dist(middle, camera.to_screen((n.x, n.y))) < 14 for n in view.board.nodes)
        if area.collidepoint(middle) and not near_station and not any(b.inflate(8, 8).collidepoint(middle)
                                                                        for b in boxes):
            found.append((link, middle, half))
    return found


def test_lit_spaces_are_hollow_in_a_colour_no_line_has(make_app) -> None:
    app, scene, line = busy_table(make_app)
    ctl = scene.ctl
    spaces = ctl.legal_spaces()
    assert len(spaces) > 10 and any(spaces.values())  # a busy position: many options, some cost tokens
    assert scene.view.lit_drawn == len(spaces)
    colour = style.line_colour(line)
    free = [s for s in _clear_spots(scene, spaces) if not spaces[s[0]]]
    assert free  # at least one free space clear of names and stations to look at
    for link, middle, half in free:
        centre = tuple(app.screen.get_at((round(middle[0]), round(middle[1]))))
        assert _far(centre, style.SLOT) < 40, f"link {link}: the middle of a lit space is hollow"
        assert _far(centre, colour) > 120
        ring = [tuple(app.screen.get_at((round(middle[0] + dx), round(middle[1] + dy))))
                for dx in range(-round(half * 2), round(half * 2) + 1) for dy in (-round(half), 0, round(half))]
        assert any(_far(p, style.OPTION) < 40 for p in ring), f"link {link}: the ring is in the option colour"
    for other in style.LINE_COLOURS.values():  # the option colour is none of the lines'
        assert _far(style.OPTION, other) > 90


def test_a_costly_space_has_a_dot_and_its_count_only_on_hover(make_app) -> None:
    app, scene, _line = busy_table(make_app)
    spaces = scene.ctl.legal_spaces()
    costly = [s for s in _clear_spots(scene, spaces) if spaces[s[0]]]
    assert costly
    for link, middle, _half in costly:
        centre = tuple(app.screen.get_at((round(middle[0]), round(middle[1]))))
        assert _far(centre, style.INK) < 60, f"link {link}: a costly space carries a dark dot"
    link, middle, _half = costly[0]
    before = scene.overlay.preview(scene.ctl, link)
    move(app, (round(middle[0]), round(middle[1])))
    assert scene.hover is not None and scene.overlay.pick_link(scene.hover, spaces, fallback=False) == link
    assert scene.overlay.preview(scene.ctl, link) == before


@pytest.mark.parametrize("size", ["1920x1080", "1280x720"])
def test_station_names_stay_above_the_lit_spaces(make_app, size: str) -> None:
    app, scene, _line = busy_table(make_app, size)
    view, ctl = scene.view, scene.ctl
    camera = view.camera
    shown = app.screen.copy()
    plain = pygame.Surface(app.size)
    view.draw(plain, ctl.shown, scene.time, None)  # the same board with nothing lit
    names = (style.INK, style.MINOR_NAME)
    checked = 0
    for x0, y0, x1, y1 in name_boxes(view):
        box = pygame.Rect(*camera.to_screen((x0, y0)), (x1 - x0) * camera.scale, (y1 - y0) * camera.scale)
        box = box.clip(pygame.Rect(*(round(v) for v in scene.board_rect())))
        for x in range(box.left, box.right):
            for y in range(box.top, box.bottom):
                ink = tuple(plain.get_at((x, y)))[:3]
                if ink in names:
                    checked += 1
                    assert tuple(shown.get_at((x, y)))[:3] == ink, f"a name's ink at {(x, y)} was painted over"
    assert checked > 100
    save_shot(shown, f"lit_spaces_{size}")

