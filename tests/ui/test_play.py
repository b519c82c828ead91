"""The play screen driven by real events: whole games by clicks, choices, illegal clicks, undo, resize,
Continue, computer seats and show mode. Time moves only by stepping frames with a fixed dt."""

from __future__ import annotations

import json
import random
import threading
from collections import Counter
from pathlib import Path

import pygame
import pytest

from game.board.model import Board
from game.i18n import explain
from game.persist import saves
from game.rules.actions import PlaceTrack
from game.rules.events import Event
from game.rules.reasons import Reason
from game.rules.state import GameState, new_game
from game.ui import style
from game.ui.app import App
from game.ui.board.animation import Effect
from game.ui.scenes.end import EndScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene, sidebar_width
from game.ui.scenes.show import ShowScene
from game.ui.table.event_log import describe
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup, Seat
from game.ui.table.turns import BOT_DELAY
from tests.ui.conftest import click as gui_click
from tests.ui.driver import (
    DT,
    click,
    key,
    move,
    node_point,
    option_clicks,
    run_until,
    settle,
    space_point,
    spot,
)

SIZE = "1200x800"


@pytest.fixture
def open_table(make_app, board_file: Path):
    """Open the play screen on the synthetic board with the given seats (people unless told)."""

    def factory(kinds: tuple[str, ...] = ("person", "person"), seed: int = 4,
                state: GameState | None = None, board: Board | None = None) -> tuple[App, PlayScene]:
        app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
        app.fixed_dt = DT
        names = ["Anna", "Ben", "Chloé", "Dev", "Eve"]
        setup = GameSetup(str(board_file), [Seat(kind, names[i]) for i, kind in enumerate(kinds)], seed)
        scene = PlayScene(app, setup, board=board, state=state)
        app.replace(scene)
        app.step()
        return app, scene

    return factory


def person_turn(app: App, scene: PlayScene, rng: random.Random) -> None:
    """One decision of a person, made with the mouse (or the B key when no line can move)."""
    ctl = scene.ctl
    state = ctl.state
    if state.phase == "passenger":
        options = ctl.route_options()
        before = len(state.log)
        if len(options) == 1:
            click(app, spot(scene, "go").rect.center)
        else:
            for point in option_clicks(scene, options, rng.randrange(len(options))):
                click(app, point)
        assert len(state.log) == before + 1, ctl.message
        return
    player = state.players[state.current]
    movable = [line for line in player.lines if any(a.line == line for a, _ in state.legal_placements())]
    before = state.actions_left
    if not movable:
        key(app, pygame.K_b)
    else:
        line = rng.choice(movable)
        if ctl.selected != line:
            click(app, spot(scene, "line", line).rect.center)
        assert ctl.selected == line
        link = rng.choice(sorted(ctl.legal_spaces()))
        click(app, space_point(scene, link))
        if ctl.message:  # the game explained why not: nothing may have changed
            assert state.actions_left == before
            key(app, pygame.K_b)
    assert state.actions_left != before or state.phase != "actions" or state.current != player


def test_a_whole_two_player_game_by_clicks(open_table) -> None:
    app, scene = open_table()
    rng = random.Random(1)
    for _ in range(600):
        if not isinstance(app.scene, PlayScene):
            break
        settle(app, scene)
        if scene.ctl.state.phase == "over":
            run_until(app, lambda: not isinstance(app.scene, PlayScene), 200)
            break
        person_turn(app, scene, rng)
    end = app.scene
    assert isinstance(end, EndScene)
    state = end.session.state
    assert state.phase == "over" and state.winners
    assert len(end.session.history) == state.turn + 2  # the start and every turn
    assert end.session.history[-1] == [p.points for p in state.players]
    assert not saves.has_autosave()  # a finished game is not offered for Continue
    app.step()
    click(app, next(s for s in end.spots if s.kind == "menu").rect.center)
    assert isinstance(app.scene, MenuScene)


def _position(board: Board, want) -> GameState:
    """Play random legal actions from a few seeds until `want(state)` holds."""
    for seed in range(200):
        state = new_game(board, 2, seed)
        rng = random.Random(seed)
        while state.phase != "over":
            if want(state):
                return state
            state.apply(rng.choice(state.legal_actions()))
    raise AssertionError("no such position")


def _options(state: GameState) -> list:
    routes = state.passenger_options()
    return list(routes.options) if routes else []


def test_a_tied_destination_is_chosen_by_clicking_it(open_table, board: Board) -> None:
    def tied_destinations(s: GameState) -> bool:
        destinations = [o.destination for o in _options(s)]
        return len(set(destinations)) > 1 and any(destinations.count(d) == 1 for d in destinations)

    state = _position(board, tied_destinations)
    app, scene = open_table(state=state, board=board)
    options = scene.ctl.route_options()
    assert len(options) > 1 and spot(scene, "route", 1)  # the choices are listed beside the board
    destinations = [o.destination for o in options]
    target = next(o for o in options if destinations.count(o.destination) == 1)
    click(app, node_point(scene, target.destination))
    assert scene.ctl.state.passenger == target.destination
    assert scene.ctl.busy  # the passenger glides there first
    assert scene.ctl.passenger_position() is not None
    settle(app, scene)
    assert scene.ctl.shown.passenger == target.destination


def test_a_tie_on_lines_is_chosen_by_clicking_lines(open_table, board: Board) -> None:
    def tied_on_lines(s: GameState) -> bool:
        destinations = [o.destination for o in _options(s)]
        return len(destinations) != len(set(destinations))

    state = _position(board, tied_on_lines)
    app, scene = open_table(state=state, board=board)
    options = scene.ctl.route_options()
    destinations = [o.destination for o in options]
    k = next(k for k, o in enumerate(options) if destinations.count(o.destination) > 1)
    clicks = option_clicks(scene, options, k)
    for point in clicks[:-1]:
        click(app, point)
        assert scene.ctl.state.phase == "passenger" and scene.ctl.message  # narrowed, not chosen yet
    click(app, clicks[-1])
    ride = scene.ctl.state.log[-1]
    assert (ride.destination, ride.lines) == (options[k].destination, options[k].lines)


def test_clicking_a_route_row_or_pressing_its_number_chooses(open_table, board: Board) -> None:
    state = _position(board, lambda s: len(_options(s)) > 1)
    app, scene = open_table(state=state, board=board)
    options = scene.ctl.route_options()
    key(app, pygame.K_2)
    assert scene.ctl.state.log[-1].destination == options[1].destination


def test_an_illegal_click_explains_and_changes_nothing(open_table) -> None:
    app, scene = open_table()
    ctl = scene.ctl
    line = ctl.selected
    assert line is not None
    first = sorted(ctl.legal_spaces())[0]
    click(app, space_point(scene, first))
    assert ctl.state.actions_left == 2
    far = next(link for link in range(len(scene.board.links))
               if ctl.state.why_illegal(PlaceTrack(line, link)) is not None and ctl.state.tracks[link] == [])
    before = json.dumps(ctl.state.to_json(), sort_keys=True)
    click(app, space_point(scene, far))
    assert json.dumps(ctl.state.to_json(), sort_keys=True) == before
    reason = explain(ctl.state.why_illegal(PlaceTrack(line, far)))
    assert ctl.message.lower() == reason.lower()
    assert "\n" not in ctl.message


def test_undo_by_ctrl_z_and_by_the_button(open_table) -> None:
    app, scene = open_table()
    ctl = scene.ctl
    start = json.dumps(ctl.state.to_json(), sort_keys=True)
    links = sorted(ctl.legal_spaces())
    click(app, space_point(scene, links[0]))
    assert ctl.state.actions_left == 2
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert json.dumps(ctl.state.to_json(), sort_keys=True) == start
    click(app, space_point(scene, links[0]))
    key(app, pygame.K_b)
    assert ctl.state.actions_left == 1 and len(ctl.session.log) == 2
    app.step()
    click(app, spot(scene, "undo").rect.center)
    click(app, spot(scene, "undo").rect.center)
    assert json.dumps(ctl.state.to_json(), sort_keys=True) == start
    assert ctl.session.log == []
    assert not ctl.session.can_undo()


def test_hovering_a_space_previews_its_points(open_table) -> None:
    app, scene = open_table()
    ctl = scene.ctl
    link = next(link for link in ctl.legal_spaces()
                if ctl.state.preview(PlaceTrack(ctl.selected, link)).points > 0)
    move(app, tuple(round(v) for v in space_point(scene, link)))
    points, _, reasons = scene.overlay.preview(ctl, link)
    assert points == ctl.state.preview(PlaceTrack(ctl.selected, link)).points and reasons


def test_number_keys_select_lines(open_table) -> None:
    app, scene = open_table()
    lines = scene.ctl.state.players[0].lines
    key(app, pygame.K_2)
    assert scene.ctl.selected == lines[1]
    key(app, pygame.K_1)
    assert scene.ctl.selected == lines[0]


def test_a_window_resize_keeps_the_game_playable(open_table) -> None:
    app, scene = open_table()
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 640), w=1000, h=640))
    app.step()
    assert app.size == (1000, 640)
    assert scene.view.camera.view == scene.board_rect()
    link = sorted(scene.ctl.legal_spaces())[0]
    click(app, space_point(scene, link))
    assert scene.ctl.state.actions_left == 2
    click(app, spot(scene, "undo").rect.center)
    assert scene.ctl.state.actions_left == 3


def test_continue_after_quitting_restores_the_exact_game(open_table, make_app, board_file: Path) -> None:
    app, scene = open_table(("person", "hard"))
    ctl = scene.ctl
    click(app, space_point(scene, sorted(ctl.legal_spaces())[0]))
    key(app, pygame.K_b)
    saved = json.dumps(ctl.state.to_json(), sort_keys=True)
    assert saves.has_autosave() and saves.backup_path().is_file()
    log = [entry.text for entry in ctl.session.log]
    pygame.quit()  # the player closes the window

    again = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    again.step()
    menu = again.scene
    assert isinstance(menu, MenuScene) and menu.widgets["continue"].is_enabled
    gui_click(again, menu.widgets["continue"].rect.center)
    resumed = again.scene
    assert isinstance(resumed, PlayScene)
    assert json.dumps(resumed.ctl.state.to_json(), sort_keys=True) == saved
    assert [s.name for s in resumed.setup.seats] == ["Anna", "Ben"]
    assert resumed.ctl.session.is_computer(1) and not resumed.ctl.session.is_computer(0)
    assert [entry.text for entry in resumed.ctl.session.log] == log
    assert resumed.ctl.session.can_undo()


def test_escape_goes_to_the_menu_and_continue_comes_back(open_table) -> None:
    app, scene = open_table()
    click(app, space_point(scene, sorted(scene.ctl.legal_spaces())[0]))
    saved = scene.ctl.state.to_json()
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene)
    app.step()
    gui_click(app, app.scene.widgets["continue"].rect.center)
    assert isinstance(app.scene, PlayScene) and app.scene.ctl.state.to_json() == saved


def test_computer_seats_finish_a_game(open_table) -> None:
    app, scene = open_table(("easy", "hard"), seed=9)
    key(app, pygame.K_SPACE)  # faster
    assert scene.ctl.fast
    run_until(app, lambda: isinstance(app.scene, EndScene), 20000)
    assert app.scene.session.state.phase == "over"


def test_a_computer_waits_between_actions(open_table) -> None:
    app, scene = open_table(("normal", "person"))
    for _ in range(int(0.5 / DT)):
        app.step()
    assert len(scene.ctl.state.log) == 0  # not yet: people must be able to follow
    for _ in range(int(0.3 / DT)):
        app.step()
    assert len(scene.ctl.state.log) == 1
    assert scene.ctl.queue.of_kind("pulse")  # and the placement is highlighted


def test_show_mode_deals_a_new_game_when_one_ends(make_app, board_file: Path) -> None:
    app = make_app(["--show", "--board", str(board_file), "--size", SIZE, "--players", "2"])
    app.fixed_dt = 0.1
    scene = app.scene
    assert isinstance(scene, ShowScene)
    first = scene.ctl
    first.fast = True
    run_until(app, lambda: scene.ctl is not first, 20000)
    assert scene.ctl.state.phase == "actions" and not saves.has_autosave()


def test_the_pile_is_every_card_not_yet_seen(board: Board) -> None:
    session = GameSession(board, GameSetup("x", [Seat(), Seat()]), seed=3)
    rng = random.Random(3)
    while session.state.discards < 3:
        session.apply(rng.choice(session.state.legal_actions()))
    assert len(session.discards) == session.state.discards
    assert session.pile() == Counter(session.state.deck)  # the same cards, found without peeking


def test_log_sentences_read_like_a_person_wrote_them(board: Board) -> None:
    link = board.link("Paddington Yard", "Marylebone Gate")
    event = Event("place", 0, points=1, reasons=(Reason.of("railway", station="Paddington Yard"),), line="red",
                  link=link.index)
    (entry,) = describe([event], board, ["Anna", "Ben"])
    assert entry.text == "Anna placed red Paddington Yard–Marylebone Gate: +1 (railway station)"
    assert entry.links == (link.index,)


def test_autosave_keeps_the_previous_file_as_backup() -> None:
    saves.write_autosave({"n": 1})
    saves.write_autosave({"n": 2})
    assert json.loads(saves.autosave_path().read_text()) == {"n": 2}
    assert json.loads(saves.backup_path().read_text()) == {"n": 1}
    saves.autosave_path().write_text("{broken")
    assert saves.load_autosave() == {"n": 1}  # a damaged save falls back to the backup


def test_two_gains_at_once_rise_side_by_side(open_table) -> None:
    """A seat that scores again while its last "+3" still rises shows "+3 +1", not the two on top of each
    other (a fresh player saw them pile up into a smudge)."""
    app, scene = open_table()

    def gold_span() -> int:
        app.step()
        width = app.screen.get_width()
        left = width - sidebar_width(width)
        columns = [x for x in range(left, width) for y in range(0, app.screen.get_height() // 2, 2)
                   if _near(app.screen.get_at((x, y)), style.GOLD_DARK)]
        return max(columns) - min(columns) + 1 if columns else 0

    before = gold_span()
    scene.ctl.queue.effect(Effect("float", 30.0, {"seat": 1, "points": 3}))
    one = gold_span()
    scene.ctl.queue.effect(Effect("float", 30.0, {"seat": 1, "points": 1}))
    two = gold_span()
    assert before == 0 < one
    assert two >= 1.8 * one


def test_points_rise_inside_their_own_seat(open_table) -> None:
    """A seat's "+1" floats up beside its score and stays in that seat's box: risen further, the first seat's
    ran under the turn's banner and the second's over the first seat's box, where a fresh player read it as
    the first seat's."""
    app, scene = open_table()
    ctl, s = scene.ctl, scene.sidebar.s
    width = app.screen.get_width()
    left = width - sidebar_width(width)
    chips = [spot for spot in scene.sidebar.spots if spot.kind == "line"]  # the first seat's, whose turn it is
    first = min(c.rect.y for c in chips) + s(3) - s(40)
    for seat in (0, 1):
        box = pygame.Rect(left, first + seat * s(84), width - left, s(84 - 8))  # a seat's box, SEAT_H apart
        effect = Effect("float", 30.0, {"seat": seat, "points": 1})
        ctl.queue.effect(effect)
        seen = 0
        for k in range(11):
            effect.elapsed = effect.duration * k / 10 * 0.99
            scene.sidebar.cache.key = None
            app.step()
            gold = [(x, y) for x in range(left, width) for y in range(0, app.screen.get_height() // 2)
                    if _near(app.screen.get_at((x, y)), style.GOLD_DARK)]
            seen += len(gold)
            assert all(box.collidepoint(point) for point in gold), (seat, k, [p for p in gold
                                                                             if not box.collidepoint(p)][:5])
        assert seen  # the points were drawn
        effect.elapsed = effect.duration * 2
        app.step()


def test_a_computers_move_is_worked_out_while_the_frames_go_on(open_table, monkeypatch) -> None:
    """A hard computer player looks ahead for tenths of a second: decided on the window's thread, the frame froze
    (a couch player saw the map stutter on computer turns). It is worked out on the worker thread while its pause
    plays, and played only once the answer is in."""
    app, scene = open_table(("normal", "person"))
    ctl = scene.ctl
    bot = ctl.session.bots[0]
    release, asked_on = threading.Event(), []
    real = bot.choose

    def thinking(observation):  # type: ignore[no-untyped-def]
        asked_on.append(threading.current_thread())
        release.wait(60)
        return real(observation)

    monkeypatch.setattr(bot, "choose", thinking)
    ctl.bot_moves.forget()  # a move asked for in the first frame, before the bot was slowed, is asked again
    version = ctl.version
    try:
        run_until(app, lambda: bool(asked_on))  # (the worker may first finish the move asked for before)
        for _ in range(round(3 * BOT_DELAY / DT)):  # three of the computer's pauses, frame by frame
            app.step()
        assert asked_on == [asked_on[0]] and asked_on[0] is not threading.main_thread()  # once, off the window
        assert ctl.version == version  # the frames went on; nothing played while the answer was being worked out
    finally:
        release.set()  # the worker is shared: never left waiting
    run_until(app, lambda: ctl.version != version)


def _near(colour: pygame.Color, target: tuple[int, int, int]) -> bool:
    return sum(abs(c - t) for c, t in zip((colour.r, colour.g, colour.b), target, strict=True)) < 30


def test_the_turn_banner_greets_people_and_leaves_the_map_clear_for_computers(open_table) -> None:
    """"Anna's turn" is announced by a banner when the turn passes to a person; a computer's turn is told by
    the side panel's turn box only, so the show (computers on a loop) never flashes it."""
    app, scene = open_table(("person", "normal"), seed=3)
    banners: set[int] = set()
    turns = [scene.ctl.state.current]
    rng = random.Random(1)
    for _ in range(6000):
        app.step()
        banners.update(e.data["seat"] for e in scene.ctl.queue.of_kind("banner"))
        if scene.ctl.state.current != turns[-1]:
            turns.append(scene.ctl.state.current)
        if turns[-3:] == [0, 1, 0] and 0 in banners:
            break
        if scene.ctl.state.current == 0 and scene.ctl.person_may_act():
            person_turn(app, scene, rng)
    assert turns[-3:] == [0, 1, 0], turns  # Anna played, the computer played, and it is Anna's turn again
    assert banners == {0}


def test_the_turn_banner_gives_way_to_a_pointer_reaching_for_the_turn_box(open_table) -> None:
    """The banner covers the turn box and its Hint button for 1.6 s: a player reaching for Hint found it
    hidden. With the pointer on the turn box, the banner fades out at once; left alone it stays its time."""
    app, scene = open_table(("person", "normal"), seed=3)
    rng = random.Random(1)
    for _ in range(6000):  # Anna's turn, the computer's, and the banner greeting Anna again
        app.step()
        if scene.ctl.queue.of_kind("banner"):
            break
        if scene.ctl.state.current == 0 and scene.ctl.person_may_act():
            person_turn(app, scene, rng)
    banner = scene.ctl.queue.of_kind("banner")[0]
    hint = spot(scene, "hint").rect
    move(app, (hint.left - 30, hint.centery))  # beside the Hint button, on the turn box
    for _ in range(round(0.5 / DT)):
        app.step()
    assert not scene.ctl.queue.of_kind("banner"), banner.progress  # gone well before its 1.6 s
    scene.ctl.queue.effect(Effect("banner", 1.6, {"seat": 0}))
    move(app, (10, 10))  # on the map
    for _ in range(round(0.5 / DT)):
        app.step()
    assert scene.ctl.queue.of_kind("banner")  # the same half second, the pointer elsewhere: still greeting
