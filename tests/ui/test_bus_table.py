"""The bus tour at the table, driven as people would: clicks on cards, routes and tickets, the curtain
between two people, keys, a computer taking its turns, and the end's reveal."""

from __future__ import annotations

import pytest

from game.bus.rules.actions import ClaimRoute
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.table.setup import Seat
from tests.ui.driver import DT, click, key, run_until, save_shot


def table(make_app, seats: list[Seat], size: str = "1600x900") -> tuple[object, BusPlayScene]:
    app = make_app(["--scene", "menu", "--size", size])
    app.fixed_dt = DT
    scene = BusPlayScene(app, BusSetup("london_bus", seats, seed=3))
    app.replace(scene)
    app.step()
    return app, scene


def spot(scene: BusPlayScene, kind: str, value: object = None):  # type: ignore[no-untyped-def]
    found = [s for s in scene.spots if s.kind == kind and (value is None or s.value == value)]
    assert found, f"no {kind} {value} on screen: {[(s.kind, s.value) for s in scene.spots]}"
    return found[0]


def test_two_people_pass_the_screen_behind_a_curtain(make_app) -> None:
    app, scene = table(make_app, [Seat("person", "Anna"), Seat("person", "Ben")])
    assert scene.curtain and scene.hand_open() is None  # nobody's hand before someone says ready
    save_shot(app.screen, "bus_curtain")
    first = scene.state.current
    click(app, spot(scene, "ready").rect.center)
    assert not scene.curtain and scene.hand_open() == first
    click(app, spot(scene, "ticket", 0).rect.center)  # keep the first of the two tickets offered
    click(app, spot(scene, "keep").rect.center)
    app.step()
    assert len(scene.state.players[first].tickets) == 1
    assert scene.curtain and scene.hand_open() is None  # the next person's turn to choose: curtain again
    save_shot(app.screen, "bus_after_tickets")


def test_a_person_draws_cards_and_claims_a_route_by_clicks_and_keys(make_app) -> None:
    app, scene = table(make_app, [Seat("person", "Anna"), Seat("normal", "")])
    state = scene.state
    while state.phase == "choose_tickets":  # the computer chooses by itself; Anna by clicks
        if scene.hand_open() is not None:
            click(app, spot(scene, "ticket", 0).rect.center)
            click(app, spot(scene, "keep").rect.center)
        else:
            app.step()
    run_until(app, lambda: scene.hand_open() is not None)
    me = state.current
    before = sum(state.players[me].hand.values())
    click(app, spot(scene, "deck").rect.center)
    assert state.phase == "second_card"
    key(app, pytest.importorskip("pygame").K_1)  # the first face-up card, by key (or the deck if it is a wild)
    if state.current == me:
        click(app, spot(scene, "deck").rect.center)
    assert sum(state.players[me].hand.values()) == before + 2
    save_shot(app.screen, "bus_after_draw")
    run_until(app, lambda: scene.hand_open() is not None)  # the computer has played its turn
    state.players[me].hand.update({"grey": 0, "green": 4, "wild": 2})  # enough for a green route
    app.step()
    claims = [a for a in state.legal_actions() if isinstance(a, ClaimRoute)]
    route = next(a.route for a in claims if state.board.routes[a.route].colour == "green")
    click(app, scene.map.route_centre(route))
    assert scene.chosen_route == route
    save_shot(app.screen, "bus_claim_preview")
    spent = scene.payments()[0]
    assert "wild" not in spent or all(c == "wild" for c in spent)  # the thriftiest payment comes first
    click(app, spot(scene, "claim").rect.center)
    assert state.claimed.get(route) == me
    app.step()
    save_shot(app.screen, "bus_claimed")


def test_computers_play_to_the_end_and_the_tickets_are_revealed(make_app) -> None:
    app = make_app(["--scene", "menu", "--size", "1280x720"])
    app.fixed_dt = DT
    scene = BusPlayScene(app, BusSetup("london_bus", [Seat("easy", ""), Seat("normal", ""), Seat("normal", "")],
                                       seed=5, pace=0.02))
    app.replace(scene)
    run_until(app, lambda: scene.end is not None, limit=20000)
    end = scene.end
    assert end is not None and not end.finished
    revealed = sum(len(r.tickets_done) + len(r.tickets_failed) for r in scene.state.results)
    app.step()
    save_shot(app.screen, "bus_reveal")
    run_until(app, lambda: end.finished, limit=5000)
    assert end.shown == revealed and end.partial(scene.state) == scene.state.scores()
    app.step()
    save_shot(app.screen, "bus_end")
    click(app, spot(scene, "again").rect.center)
    assert isinstance(app.scene, BusPlayScene) and app.scene is not scene


def test_the_menu_starts_the_bus_tour(make_app) -> None:
    from tests.ui.test_i18n_ui import choose

    app = make_app(["--scene", "menu", "--players", "5"])
    app.step()
    menu = app.scene
    choose(app, menu.widgets["city"], "bus:london_bus")
    menu = app.scene
    assert menu.is_bus and menu.board_spec == "london_bus" and menu.players == 4  # the bus tour is for 2–4
    assert not menu.count_buttons[5].is_enabled
    app.step()
    save_shot(app.screen, "bus_menu")
    click(app, menu.widgets["start"].rect.center)
    app.step()  # the button's press reaches the menu on the next frame
    assert isinstance(app.scene, BusPlayScene) and len(app.scene.state.players) == 4


def test_a_game_left_for_the_menu_is_kept_and_continued(make_app) -> None:
    import pygame

    from tests.ui.test_i18n_ui import choose

    app, scene = table(make_app, [Seat("person", "Anna"), Seat("person", "Ben")])
    click(app, spot(scene, "ready").rect.center)
    click(app, spot(scene, "ticket", 1).rect.center)
    click(app, spot(scene, "keep").rect.center)
    kept = scene.state.to_json(with_log=False)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, BusPlayScene)  # the first Esc only says how to leave, and that nothing is lost
    key(app, pygame.K_ESCAPE)
    app.step()
    menu = app.scene
    assert not isinstance(menu, BusPlayScene)
    choose(app, menu.widgets["city"], "bus:london_bus")
    menu = app.scene
    assert menu.widgets["continue"].is_enabled
    click(app, menu.widgets["continue"].rect.center)
    app.step()
    resumed = app.scene
    assert isinstance(resumed, BusPlayScene) and resumed.names == ["Anna", "Ben"]
    assert resumed.state.to_json(with_log=False) == kept
    assert resumed.curtain  # the next person's hand stays hidden until they say they are ready


def test_the_show_alternates_the_two_games(make_app) -> None:
    from game.ui.bus.show import BusShowScene
    from game.ui.scenes.show import ShowScene

    app = make_app(["--show", "--size", "1280x720", "--board", "berlin"])
    app.fixed_dt = DT
    show = app.scene
    assert isinstance(show, ShowScene)
    show.ctl.state.phase = "over"  # the city's game has ended: after its pause, the bus tour
    run_until(app, lambda: isinstance(app.scene, BusShowScene), limit=2000)
    bus = app.scene
    assert isinstance(bus, BusShowScene) and bus.after == "newyork" and all(bus.bots.get(i) for i in range(4))
    bus.setup.pace = 0.01
    run_until(app, lambda: bus.end is not None and bus.end.finished, limit=30000)
    save_shot(app.screen, "bus_show_end")
    run_until(app, lambda: isinstance(app.scene, ShowScene), limit=2000)
    assert app.scene.setup.board == "newyork"  # and the show goes on with the next city


def test_the_command_line_and_the_last_table_preselect_the_bus_tour(make_app) -> None:
    import pygame

    app = make_app(["--scene", "menu", "--board", "london_bus", "--players", "3"])
    app.step()
    menu = app.scene
    assert menu.is_bus and menu.city == "bus:london_bus" and menu.players == 3
    assert menu.widgets["city"].selected_option[1] == "bus:london_bus"
    click(app, menu.widgets["start"].rect.center)
    app.step()
    assert isinstance(app.scene, BusPlayScene)
    pygame.quit()
    again = make_app(["--scene", "menu"])  # the next evening the bus tour is still the chosen game
    again.step()
    assert again.scene.is_bus and again.scene.board_spec == "london_bus" and again.scene.players == 3


def test_a_designers_bus_board_is_offered_as_a_bus_tour_and_a_broken_one_says_why(make_app, tmp_path) -> None:
    from pathlib import Path

    from game import resources

    source = resources.path("bus_boards") / "src" / "london_bus.tmx"
    mine = Path(tmp_path) / "my_tour.tmx"
    mine.write_bytes(source.read_bytes())
    app = make_app(["--scene", "menu", "--board", str(mine), "--players", "2"])
    app.step()
    menu = app.scene
    assert menu.is_bus and menu.board_spec == str(mine)
    assert str(mine) not in menu.boards  # never among the Underground's boards
    offered = [option[1] for option in menu.widgets["city"].options_list]
    assert "bus:london_bus" in offered and f"bus:{mine}" in offered
    assert menu.widgets["city"].selected_option[0] == "Bus tour · my_tour"
    app.step()
    save_shot(app.screen, "bus_menu_own_board")
    click(app, menu.widgets["start"].rect.center)
    app.step()
    assert isinstance(app.scene, BusPlayScene) and len(app.scene.board.places) == 28
    broken = Path(tmp_path) / "broken_tour.tmx"
    broken.write_text(source.read_text(encoding="utf-8").replace('name="spaces" type="int" value="2"',
                                                                 'name="spaces" type="int" value="7"', 1),
                      encoding="utf-8")
    import pygame

    pygame.quit()
    app = make_app(["--scene", "menu", "--board", str(broken)])
    app.step()
    menu = app.scene
    assert menu.is_bus and "1 to 4" in menu.error
    save_shot(app.screen, "bus_menu_broken_board")
    click(app, menu.widgets["start"].rect.center)
    app.step()
    assert app.scene is menu  # nothing starts on a board that cannot be played


def test_the_score_chart_draws_no_bar_for_a_total_at_or_below_nothing(make_app) -> None:
    import pygame

    from game.bus.catalogue import load_bus_board
    from game.bus.rules.state import new_game
    from game.ui import style
    from game.ui.bus.look import PLAYER_COLOURS
    from game.ui.bus.overlays import Finale, finale

    make_app(["--scene", "menu", "--size", "1280x720"])
    board = load_bus_board("london_bus")
    state = new_game(board, 2, 1)
    state.players[0].tickets, state.players[0].routes, state.players[0].route_points = [0], [], 0  # −value
    state.players[1].tickets, state.players[1].routes, state.players[1].route_points = [], [0], 2
    state._finish([])
    assert state.scores()[0] < 0 < state.scores()[1]
    end = Finale(state.results)
    end.update(60.0)
    surface = pygame.Surface((1280, 720))
    finale(surface, surface.get_rect(), state, end, ["Anna", "Ben"], None)
    k = style.ui_scale()
    box = surface.get_rect().inflate(-round(80 * k), -round(80 * k))
    bar_x, first = box.x + round(250 * k), box.y + round(90 * k)
    second = first + round(64 * k) + round(18 * k)
    middle = round(28 * k)
    assert all(surface.get_at((bar_x + dx, first + middle))[:3] == style.HALO for dx in range(3, 10))
    assert surface.get_at((bar_x + 6, second + middle))[:3] == PLAYER_COLOURS[1]
