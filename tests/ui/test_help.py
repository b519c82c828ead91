"""The rules overlay (opened by F1, H, the "?" button, the menu and a controller; only this board's features)
and the first-game tips (shown once, advanced by playing, "Don't show again" kept on disk)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pygame
import pytest

from game.board.loader import builtin_boards, load_board
from game.rules.actions import PlaceTrack
from game.ui import text
from game.ui.app import App
from game.ui.layers import find
from game.ui.overlays.coach import CoachLayer, Hints, hints_path
from game.ui.overlays.help import HelpLayer, HelpScene, features, sections
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.scenes.show import ShowScene
from game.ui.table.hints import Hint
from game.ui.table.setup import GameSetup, Seat
from tests.ui.conftest import click as gui_click
from tests.ui.driver import DT, click, key, run_until, settle, space_point, spot

SIZE = "1200x800"
FEATURES = {"connection", "loop", "plus", "landmark", "cluster", "water"}


@pytest.fixture
def table(make_app, board_file: Path):
    def factory(kinds: tuple[str, ...] = ("person", "person"), board: str | None = None) -> tuple[App, PlayScene]:
        spec = board or str(board_file)
        app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
        app.fixed_dt = DT
        scene = PlayScene(app, GameSetup(spec, [Seat(kind, f"P{i + 1}") for i, kind in enumerate(kinds)], 4))
        app.replace(scene)
        app.step()
        return app, scene

    return factory


def score_lines(scene: HelpScene) -> tuple[str, ...]:
    return next(s for s in scene.shown if s.key == "score").paragraphs


# ----- the rules overlay -----


def test_f1_opens_the_rules_over_the_game_and_escape_closes_them(table) -> None:
    app, play = table()
    key(app, pygame.K_F1)
    help_scene = app.scene
    assert isinstance(help_scene, HelpScene) and help_scene.below is play
    assert [s.key for s in help_scene.shown] == ["goal", "turn", "place", "score", "passenger", "end", "controls"]
    time = play.time
    for _ in range(10):
        app.step()
    assert play.time == time  # the game waits while people read
    key(app, pygame.K_ESCAPE)
    assert app.scene is play


def test_f1_toggles_and_the_question_button_opens(table) -> None:
    app, play = table()
    key(app, pygame.K_F1)  # at a people's table H asks for a hint (tests/ui/test_hints.py)
    assert isinstance(app.scene, HelpScene)
    key(app, pygame.K_F1)
    assert app.scene is play
    rect = HelpLayer.button_rect(app)
    assert rect is not None
    click(app, rect.center)
    assert isinstance(app.scene, HelpScene)
    assert play.state.actions_left == 3  # the click did not fall through to the board
    click(app, (5, 5))  # outside the panel
    assert app.scene is play


def test_the_question_button_never_covers_the_board(table) -> None:
    app, play = table()
    for _ in range(4):  # zoomed in on the top left corner, where station names used to hide under it
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(40, 40), rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False, precise_x=0.0,
                                             precise_y=1.0))
        app.step()
    assert play.view.camera.level >= 3
    rect = HelpLayer.button_rect(app)
    board = pygame.Rect(*(round(v) for v in play.board_rect()))
    assert rect is not None and not rect.colliderect(board) and play.sidebar_rect().contains(rect)
    assert not any(rect.colliderect(s.rect) for s in play.hotspots())  # nor any control of the table
    click(app, rect.center)
    assert isinstance(app.scene, HelpScene)


def test_the_overlay_scrolls_and_stops_at_the_ends(table) -> None:
    app, _ = table()
    key(app, pygame.K_F1)
    scene = app.scene
    assert scene.max_scroll() > 0  # at 1200x800 the rules are longer than the panel
    for _ in range(50):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0,
                                             precise_y=-1.0))
        app.step()
    assert scene.scroll == scene.max_scroll()
    key(app, pygame.K_PAGEUP)
    assert scene.scroll < scene.max_scroll()
    for _ in range(30):
        key(app, pygame.K_PAGEUP)
    assert scene.scroll == 0


def test_a_controller_opens_scrolls_and_closes_the_rules(table) -> None:
    app, play = table()

    def press(code: int) -> None:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=1, button=code))
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=1, button=code))
        app.step()

    press(pygame.CONTROLLER_BUTTON_GUIDE)
    scene = app.scene
    assert isinstance(scene, HelpScene)
    press(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    assert scene.scroll > 0
    press(pygame.CONTROLLER_BUTTON_B)
    assert app.scene is play
    assert play.state.players[0].branch_tokens == 0 and play.state.actions_left == 3


def test_the_menu_rules_button_explains_the_chosen_board(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    app.step()
    gui_click(app, app.scene.widgets["rules"].rect.center)
    scene = app.scene
    assert isinstance(scene, HelpScene) and scene.board is not None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MenuScene) and "start" in app.scene.widgets  # widgets back after the overlay


@pytest.mark.parametrize(("name", "present"), [
    ("london", {"connection", "loop"}),
    ("london_classic", {"connection", "loop"}),
    ("berlin", {"plus", "landmark"}),
    ("newyork", {"cluster", "water"}),
])
def test_only_the_features_of_the_current_board_are_listed(name: str, present: set[str]) -> None:
    if name not in builtin_boards():
        pytest.skip(f"{name} is not installed")
    board = load_board(name)
    found = set(features(board))
    assert found & FEATURES == present
    lines = " ".join(next(s for s in sections(board) if s.key == "score").paragraphs).lower()
    words = {"connection": "connection stations", "loop": "loops", "plus": "“+” stations", "landmark": "landmark",
             "cluster": "districts", "water": "water crossings"}
    for feature in FEATURES:
        assert (words[feature] in lines) == (feature in present), feature


def test_the_rules_follow_the_board_settings() -> None:
    if "london_classic" not in builtin_boards():
        pytest.skip("the classic board is not installed")
    classic = sections(load_board("london_classic"))
    turn = " ".join(next(s for s in classic if s.key == "turn").paragraphs)
    end = " ".join(next(s for s in classic if s.key == "end").paragraphs)
    assert "0, 1, 2, 3, 4" in turn and "leaves the board" in end
    modern = sections(load_board("london"))
    assert "leaves the board" not in " ".join(next(s for s in modern if s.key == "end").paragraphs)


def test_the_rules_say_how_to_find_each_kind_of_destination_on_the_map(table) -> None:
    """A new player learnt only from a tip that gold stations are the express destinations."""
    app, _play = table(board="london")
    key(app, pygame.K_F1)
    passenger = " ".join(next(s for s in app.scene.shown if s.key == "passenger").paragraphs)
    assert "its station is gold on the map" in passenger and "double ring" in passenger


def test_the_synthetic_board_lists_its_own_features(table) -> None:
    app, play = table()
    key(app, pygame.K_F1)
    present = set(features(play.board))
    lines = " ".join(score_lines(app.scene)).lower()
    assert ("loops" in lines) == ("loop" in present)
    assert ("water crossings" in lines) == ("water" in present)


# ----- first-game tips -----


def coach(app: App) -> CoachLayer:
    layer = find(app, CoachLayer)
    assert isinstance(layer, CoachLayer)
    return layer


def test_the_tips_follow_the_first_turn_and_are_seen_once(table) -> None:
    app, play = table()
    tips = coach(app)
    assert tips.current(app) == "line"
    assert tips.spots  # its buttons are on screen
    key(app, pygame.K_2)  # picked another line
    app.step()
    assert tips.current(app) == "space"
    click(app, space_point(play, sorted(play.ctl.legal_spaces())[0]))
    settle(app, play)
    app.step()
    assert tips.step >= 2  # past "click a lit space"
    while play.ctl.state.phase == "actions" and play.ctl.state.current == 0:
        click(app, space_point(play, sorted(play.ctl.legal_spaces())[0]))
        settle(app, play)
    settle(app, play)
    # he makes one trip, or two when both kinds of card are on display (the second goes by itself unless his
    # routes tie): the turn's last tip waits for his last trip
    for _trip in range(2):
        run_until(app, lambda: tips.current(app) is not None)
        if tips.current(app) != "passenger":
            break
        options = play.ctl.route_options()
        click(app, spot(play, "go" if len(options) == 1 else "route", None if len(options) == 1 else 0).rect.center)
        settle(app, play)
        app.step()
    assert tips.current(app) == "done"
    gui_next = next(s for s in tips.spots if s.kind == "next")
    click(app, gui_next.rect.center)
    assert tips.current(app) is None
    assert json.loads(hints_path().read_text())["coach_seen"] is True
    app2, _ = table()
    assert coach(app2).current(app2) is None  # never again, in a new window either


def test_dont_show_again_is_kept_at_once(table) -> None:
    app, play = table()
    tips = coach(app)
    assert tips.current(app) == "line"
    never = next(s for s in tips.spots if s.kind == "never")
    click(app, never.rect.center)
    assert tips.current(app) is None
    assert play.state.actions_left == 3  # the click was the tip's, not the board's
    assert Hints().seen


def test_got_it_moves_on_without_remembering(table) -> None:
    app, _ = table()
    tips = coach(app)
    click(app, next(s for s in tips.spots if s.kind == "next").rect.center)
    assert tips.current(app) == "space"
    assert not Hints().seen
    app2, _ = table()
    assert coach(app2).current(app2) == "line"  # not finished: the next game shows them again


def test_no_tips_for_computers_or_the_show(table, make_app, board_file: Path) -> None:
    app, _ = table(kinds=("normal", "easy"))
    assert coach(app).current(app) is None
    show = make_app(["--show", "--board", str(board_file), "--size", SIZE])
    show.step()
    assert isinstance(show.scene, ShowScene) and coach(show).current(show) is None


@pytest.mark.parametrize("content", ["{nope", "[" * 100_000 + "]" * 100_000])
def test_a_damaged_hints_file_means_the_tips_show(table, content: str) -> None:
    path = hints_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(content)
    app, _ = table()
    assert coach(app).current(app) == "line"


def test_a_click_on_a_tip_never_reaches_the_board(table) -> None:
    app, play = table()
    tips = coach(app)
    assert tips.current(app) == "line" and tips.box is not None
    text_area = (tips.box.centerx, tips.box.y + 30)  # the tip's words, not a button
    click(app, text_area)
    assert not play.ctl.message and play.state.actions_left == 3
    assert tips.current(app) == "line"


def test_the_click_that_closes_a_tip_is_the_tips_alone(table) -> None:
    app, play = table()
    tips = coach(app)
    never = next(s for s in tips.spots if s.kind == "never").rect.center
    click(app, never)  # closes the tips for good
    assert tips.current(app) is None
    click(app, never)  # the second half of a double click lands where the button was
    assert not play.ctl.message and play.state.actions_left == 3
    for _ in range(20):  # a moment later the place is what is under it again (the tip sits in the side panel)
        app.step()
    assert tips.box is None and tips.gone is None and not tips._on_tip(never)


def test_a_press_that_began_on_a_tip_ends_on_it_even_when_the_tip_moved_on(table) -> None:
    app, play = table()
    tips = coach(app)
    got_it = next(s for s in tips.spots if s.kind == "next").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=got_it, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=got_it, button=1))
    app.step()
    key(app, pygame.K_2)  # meanwhile the line tip is done with: the space tip shows elsewhere
    assert tips.current(app) == "space"
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=got_it, button=1))
    app.step()
    assert not play.ctl.message and play.state.actions_left == 3


def test_the_lines_tip_says_which_line_is_lifted(table) -> None:
    """A game starts with a line lifted: the first tip says which, not "pick one" (a new player saw red lifted
    and the tip asking to pick a line)."""
    app, play = table()
    tips = coach(app)
    assert tips.current(app) == "line" and play.ctl.selected is not None
    heading, more = tips.words(play, "line")
    assert heading == "These are your lines"
    assert text.line_name(play.ctl.selected) in more
    play.ctl.selected = None
    assert tips.words(play, "line")[0] == "Pick one of your lines"


def test_picking_the_lifted_line_answers_the_lines_tip(table) -> None:
    """A new player clicked red, the line already lifted, as the first tip said to: nothing changed, and the tip
    stayed. Picking the lifted line again answers it as picking another does."""
    app, play = table()
    tips = coach(app)
    assert tips.current(app) == "line"
    key(app, pygame.K_1)  # the first line: the one lifted
    app.step()
    assert play.ctl.selected == play.state.players[0].lines[0]
    assert tips.current(app) == "space"


def test_the_space_tip_steps_aside_while_the_hint_is_on_show(table) -> None:
    """With a hint on show the tip is not on screen, so no second gold mark sits at another lit space (a new
    player asked which) and no second card crowds the panel (at 1280×720 the two ran into each other); it
    comes back, pointing where it did, once the hint is put away."""
    app, play = table()
    tips = coach(app)
    click(app, next(s for s in tips.spots if s.kind == "next").rect.center)  # Got it: on to the space tip
    app.step()
    assert tips.current(app) == "space" and tips.box is not None
    pointed = tips.space_link
    x, y, w, h = play.board_rect()
    points = {link: space_point(play, link) for link in play.ctl.legal_spaces()}
    far = max((link for link, p in points.items() if x + 40 < p[0] < x + w - 40 and y + 40 < p[1] < y + h - 40),
              key=lambda link: math.dist(points[link], points[pointed]))  # in view, as far from it as can be
    play.ctl.hints.hint = Hint(PlaceTrack(play.ctl.selected, far))  # as if the worker had advised it
    app.step()
    assert tips.current(app) == "space" and tips.box is None and not tips.spots
    play.ctl.hints.forget()
    app.step()
    assert tips.box is not None and tips.space_link == pointed
