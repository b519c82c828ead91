"""A game controller drives the game through posted SDL controller events alone: no device is needed.

A whole turn (line, cursor, placements, the passenger's route), the menu to a game, plugging and
unplugging in the middle of a game, a controller tied to one seat, and the end screen's buttons.
"""

from __future__ import annotations

import random
from pathlib import Path

import pygame
import pytest

from game.rules.state import GameState, new_game
from game.ui.app import App
from game.ui.input.gamepad import PadLayer
from game.ui.input.pad_input import AXIS_MAX
from game.ui.layers import find
from game.ui.scenes.end import EndScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, run_until, settle

SIZE = "1200x800"
PAD = 7  # the instance id our imaginary controller has


def button(app: App, code: int, device: int = PAD) -> None:
    """Press and release a controller button, as SDL reports it, then one frame."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=device, button=code))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=device, button=code))
    app.step()


def axis(app: App, which: int, value: float, device: int = PAD) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=device, axis=which,
                                         value=round(value * AXIS_MAX)))
    app.step()


def plug(app: App, device: int = PAD) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=device, instance_id=device))
    app.step()


def unplug(app: App, device: int = PAD) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=device))
    app.step()


def pad_layer(app: App) -> PadLayer:
    layer = find(app, PadLayer)
    assert isinstance(layer, PadLayer)
    return layer


@pytest.fixture
def table(make_app, board_file: Path):
    def factory(kinds: tuple[str, ...] = ("person", "person"), state: GameState | None = None,
                board=None) -> tuple[App, PlayScene]:
        app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
        app.fixed_dt = DT
        setup = GameSetup(str(board_file), [Seat(kind, f"P{i + 1}") for i, kind in enumerate(kinds)], 4)
        scene = PlayScene(app, setup, board=board, state=state)
        app.replace(scene)
        app.step()
        return app, scene

    return factory


def test_a_whole_turn_with_the_controller_only(table) -> None:
    app, scene = table()
    ctl = scene.ctl
    state = ctl.state
    plug(app)
    first_line = ctl.selected
    button(app, pygame.CONTROLLER_BUTTON_Y)  # Y: the next of my lines
    assert ctl.selected != first_line and ctl.selected in state.players[0].lines
    button(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # LB: back to the first
    assert ctl.selected == first_line
    cursor = pad_layer(app).cursor
    start = cursor.link
    assert start in ctl.legal_spaces()  # the cursor sits on a lit space at once
    moved = set()
    for direction in (pygame.CONTROLLER_BUTTON_DPAD_RIGHT, pygame.CONTROLLER_BUTTON_DPAD_DOWN,
                      pygame.CONTROLLER_BUTTON_DPAD_LEFT, pygame.CONTROLLER_BUTTON_DPAD_UP):
        button(app, direction)
        moved.add(cursor.link)
        assert cursor.link in ctl.legal_spaces()
    assert moved - {start}, "the d-pad never moved the cursor"
    player = state.current
    while state.current == player and state.phase == "actions":  # round one: the first player has 3 actions
        before = state.actions_left
        target = cursor.link
        button(app, pygame.CONTROLLER_BUTTON_A)
        assert state.actions_left == before - 1 or state.phase != "actions"
        assert target in [e.link for e in state.log[-1:]] or state.tracks[target]
        settle(app, scene)
    if state.phase == "passenger":
        settle(app, scene)
        options = ctl.route_options()
        if len(options) > 1:
            button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)  # RB: the second route
            assert cursor.focus == 1
            button(app, pygame.CONTROLLER_BUTTON_A)
            assert state.log[-1].destination == options[1].destination
        else:
            button(app, pygame.CONTROLLER_BUTTON_START)  # Start: go
        settle(app, scene)
    run_until(app, lambda: state.current != player and not ctl.busy, 400)
    assert state.current != player


def test_the_passenger_route_is_chosen_with_shoulders_and_a(table, board) -> None:
    state = _position(board, lambda s: len(_options(s)) > 2)
    app, scene = table(state=state, board=board)
    options = scene.ctl.route_options()
    button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    button(app, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    button(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)
    assert pad_layer(app).cursor.focus == 1
    assert scene.hover is not None  # the focused row is lit as if the mouse were on it
    button(app, pygame.CONTROLLER_BUTTON_A)
    ride = scene.ctl.state.log[-1]
    assert (ride.destination, tuple(ride.lines)) == (options[1].destination, tuple(options[1].lines))


def test_x_takes_a_branch_token_and_b_undoes_it(table) -> None:
    app, scene = table()
    state = scene.ctl.state
    tokens = state.players[0].branch_tokens
    button(app, pygame.CONTROLLER_BUTTON_X)
    assert state.players[0].branch_tokens == tokens + 1
    settle(app, scene)
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert scene.ctl.state.players[0].branch_tokens == tokens


def test_the_stick_moves_the_cursor_and_repeats_while_held(table) -> None:
    app, _scene = table()
    cursor = pad_layer(app).cursor
    button(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # wake the cursor
    visited = [cursor.link]
    axis(app, pygame.CONTROLLER_AXIS_LEFTX, 1.0)
    visited.append(cursor.link)
    for _ in range(int(1.0 / DT)):  # held: it keeps going
        app.step()
        if cursor.link != visited[-1]:
            visited.append(cursor.link)
    axis(app, pygame.CONTROLLER_AXIS_LEFTX, 0.0)
    resting = cursor.link
    for _ in range(10):
        app.step()
    assert cursor.link == resting
    assert len(set(visited)) >= 2


def test_triggers_zoom_and_the_right_stick_pans(table) -> None:
    app, scene = table()
    camera = scene.view.camera
    axis(app, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 1.0)
    assert camera.level == 1
    axis(app, pygame.CONTROLLER_AXIS_TRIGGERRIGHT, 0.0)
    offset = camera.offset
    axis(app, pygame.CONTROLLER_AXIS_RIGHTX, 1.0)
    for _ in range(5):
        app.step()
    axis(app, pygame.CONTROLLER_AXIS_RIGHTX, 0.0)
    assert camera.offset[0] < offset[0]  # the view moved right: the board slid left
    axis(app, pygame.CONTROLLER_AXIS_TRIGGERLEFT, 1.0)
    assert camera.level == 0


def test_plugging_and_unplugging_mid_game_is_announced_and_play_goes_on(table) -> None:
    app, scene = table()
    layer = pad_layer(app)
    plug(app)
    assert PAD in layer.devices and "connected" in layer.toast.lower()
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert scene.ctl.state.actions_left == 2
    settle(app, scene)
    axis(app, pygame.CONTROLLER_AXIS_LEFTX, 1.0)  # unplugged while the stick is pushed
    unplug(app)
    assert PAD not in layer.devices and "disconnected" in layer.toast.lower()
    link = layer.cursor.link
    for _ in range(20):
        app.step()
    assert layer.cursor.link == link  # nothing left held
    from tests.ui.driver import click, space_point

    target = sorted(scene.ctl.legal_spaces())[0]
    click(app, space_point(scene, target))  # the mouse carries on
    assert scene.ctl.state.actions_left == 1
    for _ in range(int(4 / DT)):
        app.step()
    assert layer.toast_time == 0
    plug(app, 9)  # another one
    button(app, pygame.CONTROLLER_BUTTON_X, device=9)
    assert scene.ctl.state.players[0].branch_tokens >= 1


def test_a_controller_tied_to_a_seat_waits_for_its_turn(table) -> None:
    app, scene = table()
    layer = pad_layer(app)
    layer.assign(PAD, 1)
    button(app, pygame.CONTROLLER_BUTTON_X)
    assert scene.ctl.state.players[0].branch_tokens == 0
    assert "P2" in scene.ctl.message
    button(app, pygame.CONTROLLER_BUTTON_X, device=3)  # any other controller acts for the active seat
    assert scene.ctl.state.players[0].branch_tokens == 1
    layer.assign(PAD, None)
    settle(app, scene)
    button(app, pygame.CONTROLLER_BUTTON_X)
    assert scene.ctl.state.players[0].branch_tokens == 2


def test_menu_navigation_with_the_controller_starts_a_game(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--seed", "5"])
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    layer = pad_layer(app)
    button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)  # the first push shows the focus: on Start
    assert layer.gui.object_id.endswith("#start")
    for _ in range(12):  # up to the player counts
        button(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
        if layer.gui.object_id.endswith("#player_count"):
            break
    assert layer.gui.object_id.endswith("#player_count")
    for _ in range(4):
        button(app, pygame.CONTROLLER_BUTTON_DPAD_LEFT)  # to "2", and no further
    for _ in range(3):
        button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    button(app, pygame.CONTROLLER_BUTTON_A)  # "5"
    app.step()
    assert menu.players == 5
    for _ in range(12):
        button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        if layer.gui.object_id.endswith("#start"):
            break
    assert layer.gui.object_id.endswith("#start")
    button(app, pygame.CONTROLLER_BUTTON_B)  # B does not leave the menu
    assert app.running and app.scene is menu
    button(app, pygame.CONTROLLER_BUTTON_A)
    app.step()
    play = app.scene
    assert isinstance(play, PlayScene) and len(play.state.players) == 5


def test_a_on_a_drop_down_steps_to_its_next_option(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--players", "2"])
    app.step()
    menu = app.scene
    layer = pad_layer(app)
    button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # shows the focus on Start
    button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)  # from Start to Quit
    assert layer.gui.object_id.endswith("#quit")
    button(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # the last seat's kind is above Quit
    assert layer.gui.object_id.endswith("#seat_kind_1")
    kind = menu.seats[1].kind
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert menu.seats[1].kind != kind
    assert layer.gui.object_id.endswith("#seat_kind_1")  # the focus stays on it after the rebuild


def test_the_end_screen_buttons_with_the_controller(make_app, board_file: Path, board) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    state = _finished(board)
    from game.ui.table.session import GameSession

    session = GameSession(board, GameSetup(str(board_file), [Seat(), Seat()], 1), state, 1)
    app.replace(EndScene(app, session))
    app.step()
    for _ in range(4):
        button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    spot = pad_layer(app).spots.current(app.scene.spots)
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert isinstance(app.scene, MenuScene if spot.kind == "menu" else PlayScene)


def _finished(board) -> GameState:
    state = new_game(board, 2, 3)
    rng = random.Random(3)
    while state.phase != "over":
        state.apply(rng.choice(state.legal_actions()))
    return state


def _options(state: GameState) -> list:
    routes = state.passenger_options()
    return list(routes.options) if routes else []


def _position(board, want) -> GameState:
    for seed in range(300):
        state = new_game(board, 2, seed)
        rng = random.Random(seed)
        while state.phase != "over":
            if want(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def test_b_leaves_the_settings_but_never_quits_from_the_menu(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    menu = app.scene
    button(app, pygame.CONTROLLER_BUTTON_DPAD_UP)  # show the focus on Start
    for _ in range(8):  # up the left column, then over to the top right corner
        button(app, pygame.CONTROLLER_BUTTON_DPAD_UP)
        if pad_layer(app).gui.object_id.endswith("#language"):
            break
    button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT)
    assert pad_layer(app).gui.object_id.endswith("#settings")
    button(app, pygame.CONTROLLER_BUTTON_A)
    app.step()
    assert app.scene is not menu and len(app.scenes) == 2
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert isinstance(app.scene, MenuScene)
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert app.running and isinstance(app.scene, MenuScene)
