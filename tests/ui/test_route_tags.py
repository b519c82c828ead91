"""A tie's marks on the map cover no station name: the route numbers ("1–2", "3–4") and the rings round the
destinations, on every shipped board at 1920×1080 and 1280×720, in the first four-route tie of a game.

A fresh player choosing among four routes in lower Manhattan could not read Canal St under "3–4", nor
find "1–2", hidden under it: a number took its destination's first corner clear of names, or that corner
when no corner was clear. Measured as test_turn_notices.py measures a notice: the frame drawn with and
without the passenger's marks, every changed pixel is theirs, and none may fall in a station name's box. The
routes' bands are left out of both frames: they run under the names (test_passenger_choice.py).
"""

from __future__ import annotations

import random

import pygame
import pytest

from game.board.loader import load_board
from game.board.model import Board
from game.rules.state import GameState, new_game
from game.ui.app import App
from game.ui.board.passenger import tag_spot
from game.ui.overlays.coach import Hints
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, run_until, save_shot, without_drawing
from tests.ui.test_turn_notices import SHIPPED, SIZES, _covered, _name_boxes, _names_hit

TIE = 4  # routes


def _tie(board: Board) -> tuple[int, GameState]:
    """The first position of a two-seat game (seeds 0, 1, …, random legal actions) where the passenger's next
    move has TIE equally good routes or more."""
    for seed in range(200):
        state = new_game(board, 2, seed)
        rng = random.Random(seed)
        while state.phase != "over":
            routes = state.passenger_options()
            if routes is not None and len(routes.options) >= TIE:
                return seed, state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError(f"no {TIE}-route tie on {board.name}")


def _table(make_app, name: str, size: tuple[int, int]) -> tuple[App, PlayScene]:
    """Anna and Ben, two people, at the tie on board `name`, its choice on screen and the turn's banner gone."""
    Hints().mark_seen()
    board = load_board(name)
    seed, state = _tie(board)
    app = make_app(["--scene", "menu", "--board", name, "--size", f"{size[0]}x{size[1]}"])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup(name, [Seat("person", "Anna"), Seat("person", "Ben")], seed), board=board,
                      state=state)
    app.replace(scene)
    run_until(app, lambda: bool(scene.ctl.route_options()))
    for _ in range(40):
        app.step()
    return app, scene


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_a_ties_route_numbers_and_rings_cover_no_station_name(make_app, name: str, size: tuple[int, int]) -> None:
    app, scene = _table(make_app, name, size)
    passenger = scene.passenger
    assert passenger is not None and len(scene.ctl.route_options()) >= TIE
    without_drawing(passenger, "_route")()  # the bands stay off in both frames
    covered = _covered(app, scene, without_drawing(passenger, "draw"))
    assert covered.count(), "the tie's marks are on screen"
    hit = _names_hit(covered, _name_boxes(scene))
    save_shot(app.screen, f"route_tags_{name}_{size[0]}x{size[1]}")
    assert hit == [], f"{name} at {size}: the route numbers or rings cover the names at {hit}"
    tags = passenger.tags(scene.ctl)
    assert len(tags) == len({o.destination for o in scene.ctl.route_options()})  # a number for each destination
    area = pygame.Rect(*(round(v) for v in scene.board_rect()))
    for k, tag in enumerate(tags):
        assert area.contains(tag.rect), f"{tag.numbers} is cut off at the map's edge"
        assert tag.rect.collidelist([other.rect for other in tags[k + 1:]]) < 0, f"{tag.numbers} covers another"


def test_clicking_a_route_number_chooses_its_destination(make_app) -> None:
    """London's first four-route tie has a destination only one route goes to: its number is a button."""
    app, scene = _table(make_app, "london", (1280, 720))
    ctl = scene.ctl
    options = ctl.route_options()
    destinations = [o.destination for o in options]
    tag = next(tag for tag in scene.passenger.tags(ctl) if destinations.count(tag.destination) == 1)
    click(app, tag.rect.center)
    assert ctl.state.log[-1].destination == tag.destination
    assert ctl.state.passenger == tag.destination


def test_a_route_number_goes_round_to_a_corner_clear_of_names() -> None:
    """Up and to the right of its ring first, where the eye looks; a name there sends it to the next corner."""
    area = pygame.Rect(0, 0, 400, 400)
    first, _gap = tag_spot((200.0, 200.0), 20.0, (30, 24), [], [], [], [], area)
    assert first.centerx > 200 and first.centery < 200
    name = pygame.Rect(200, 150, 90, 48)
    moved, _gap = tag_spot((200.0, 200.0), 20.0, (30, 24), [name], [], [], [], area)
    assert not moved.colliderect(name) and moved.centerx > 200 and moved.centery > 200
