"""The bus tour's rules in the rules overlay, opened as people would (H, the "?" on the table, the menu's
Rules button with the bus tour chosen), and a controller's B and X at the claim bar."""

from __future__ import annotations

import pygame

from game.bus.rules.actions import ClaimRoute
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.overlays.help import HelpScene
from game.ui.scenes.menu import MenuScene
from game.ui.table.setup import Seat
from tests.ui.conftest import click as gui_click
from tests.ui.driver import DT, click, key, run_until, save_shot
from tests.ui.test_gamepad import button, pad_layer, plug

BUS_KEYS = ["goal", "turn", "cards", "claim", "tickets", "districts", "end", "controls"]


def bus_table(make_app, size: str = "1600x900") -> tuple[object, BusPlayScene]:
    app = make_app(["--scene", "menu", "--size", size])
    app.fixed_dt = DT
    scene = BusPlayScene(app, BusSetup("london_bus", [Seat("person", "Anna"), Seat("normal", "")], seed=3))
    app.replace(scene)
    app.step()
    return app, scene


def section(scene: HelpScene, key_name: str) -> tuple[str, ...]:
    return next(s for s in scene.shown if s.key == key_name).paragraphs


def test_h_shows_the_bus_rules_with_this_boards_districts_and_escape_returns(make_app) -> None:
    app, game = bus_table(make_app)
    key(app, pygame.K_h)
    rules = app.scene
    assert isinstance(rules, HelpScene) and rules.below is game
    assert [s.key for s in rules.shown] == BUS_KEYS
    listed = section(rules, "districts")[1:]
    assert len(listed) == len(game.board.districts)
    for line, district in zip(listed, game.board.districts, strict=True):
        assert district.name in line and str(district.value) in line
        assert all(game.board.places[p].name in line for p in district.places)
    assert any("17" in p for p in section(rules, "claim"))  # the buses each player has, from the engine
    app.step()
    save_shot(app.screen, "bus_rules")
    key(app, pygame.K_ESCAPE)
    assert app.scene is game and game.state.phase == "choose_tickets"  # Esc closed the rules, nothing else


def test_the_question_button_on_the_table_opens_the_same_rules(make_app) -> None:
    app, game = bus_table(make_app)
    click(app, next(s for s in game.spots if s.kind == "help").rect.center)
    assert isinstance(app.scene, HelpScene) and [s.key for s in app.scene.shown] == BUS_KEYS


def test_the_menus_rules_button_shows_the_game_that_is_chosen(make_app) -> None:
    from tests.ui.test_i18n_ui import choose

    app = make_app(["--scene", "menu"])
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene) and not menu.is_bus
    gui_click(app, menu.widgets["rules"].rect.center)
    assert isinstance(app.scene, HelpScene) and "place" in [s.key for s in app.scene.shown]  # the Underground's
    key(app, pygame.K_ESCAPE)
    choose(app, app.scene.widgets["city"], "bus:london_bus")
    app.step()
    gui_click(app, app.scene.widgets["rules"].rect.center)
    assert isinstance(app.scene, HelpScene) and [s.key for s in app.scene.shown] == BUS_KEYS


def test_a_controller_cancels_a_claim_with_b_and_shows_another_payment_with_x(make_app) -> None:
    app, game = bus_table(make_app)
    state = game.state
    while state.phase == "choose_tickets":
        if game.hand_open() is not None:
            click(app, next(s for s in game.spots if s.kind == "ticket").rect.center)
            click(app, next(s for s in game.spots if s.kind == "keep").rect.center)
        else:
            app.step()
    run_until(app, lambda: game.hand_open() is not None and state.phase == "turn")
    me = state.current
    state.players[me].hand.update({"orange": 3, "blue": 3, "wild": 2})
    app.step()
    claims = [a for a in state.legal_actions() if isinstance(a, ClaimRoute)]
    route = next(a.route for a in claims if state.board.routes[a.route].colour == "grey")
    click(app, game.map.route_centre(route))
    assert game.chosen_route == route and len(game.payments()) > 1
    plug(app)
    button(app, pygame.CONTROLLER_BUTTON_X)
    assert game.pay_index == 1
    button(app, pygame.CONTROLLER_BUTTON_B)
    assert game.chosen_route is None and route not in state.claimed



def focus_on(app, game: BusPlayScene, kind: str) -> None:  # type: ignore[no-untyped-def]
    """Steer the controller's focus ring with the d-pad towards the first control of `kind`, as a person
    looking at the screen would: along the longer of the two distances first."""
    focus = pad_layer(app).spots
    for _ in range(40):
        focused = focus.current(game.spots)
        target = next(s for s in game.spots if s.kind == kind)
        if focused is not None and focused.kind == kind:
            return
        here = focused.rect.center if focused is not None else target.rect.center
        dx, dy = target.rect.centerx - here[0], target.rect.centery - here[1]
        if abs(dx) >= abs(dy):
            button(app, pygame.CONTROLLER_BUTTON_DPAD_RIGHT if dx > 0 else pygame.CONTROLLER_BUTTON_DPAD_LEFT)
        else:
            button(app, pygame.CONTROLLER_BUTTON_DPAD_DOWN if dy > 0 else pygame.CONTROLLER_BUTTON_DPAD_UP)
    raise AssertionError(f"the d-pad never reached a {kind}")


def test_a_controller_alone_keeps_a_ticket_and_draws_from_the_deck(make_app) -> None:
    app, game = bus_table(make_app)
    state = game.state
    run_until(app, lambda: game.hand_open() is not None)
    plug(app)
    focus_on(app, game, "ticket")
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert game.ticket_pick
    focus_on(app, game, "keep")
    button(app, pygame.CONTROLLER_BUTTON_A)
    run_until(app, lambda: game.hand_open() is not None and state.phase == "turn")
    assert state.players[game.hand_open()].tickets
    before = sum(state.players[state.current].hand.values())
    focus_on(app, game, "deck")
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert state.phase == "second_card" and sum(state.players[state.current].hand.values()) == before + 1
