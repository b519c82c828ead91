"""Learn to play: a learner clicks through the whole tutorial with the real controls, wrong moves are nudged,
Esc asks first, every step's text fits its card in every language."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui import style, text
from game.ui.app import App
from game.ui.overlays.coach import CoachLayer
from game.ui.scenes.menu import MenuScene
from game.ui.tutorial import script
from game.ui.tutorial.card import CardText, card_width, fits
from game.ui.tutorial.scene import TutorialScene
from tests.ui.driver import DT, click, key, run_until, save_shot, space_point, spot

MakeApp = Callable[[list[str]], App]


def open_tutorial(make_app: MakeApp, size: str = "1920x1080", lang: str = "en") -> tuple[App, TutorialScene]:
    """From the menu, as a learner gets there: the Learn to play button."""
    app = make_app(["--scene", "menu", "--size", size, "--lang", lang])
    app.fixed_dt = DT  # time moves only with the frames the test steps
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    button = menu.widgets["tutorial"]
    assert button.text == text.tr("tutorial.menu")
    click(app, button.rect.center)
    run_until(app, lambda: isinstance(app.scene, TutorialScene), 20)
    scene = app.scene
    assert isinstance(scene, TutorialScene)
    app.step()
    return app, scene


def card_spot(scene: TutorialScene, kind: str) -> pygame.Rect:
    return next(s.rect for s in scene.card_spots if s.kind == kind)


def at(scene: TutorialScene, key_name: str) -> bool:
    return scene.step.key == key_name


def lay(app: App, scene: TutorialScene, a: str, b: str) -> None:
    """Click the lit space between two stations."""
    assert scene.board is not None
    click(app, space_point(scene, script.link_between(scene.board, a, b)))


def wait_for(app: App, scene: TutorialScene, key_name: str) -> None:
    assert scene.ctl is not None
    try:
        run_until(app, lambda: at(scene, key_name), 3000)
    except AssertionError:
        said = scene.nudge or scene.ctl.message
        raise AssertionError(f"stuck at {scene.step.key} ({said}), not {key_name}") from None
    app.step()


def play_through(app: App, scene: TutorialScene, shots: str = "") -> None:
    """Every step, done as the card asks, with the mouse."""
    assert scene.ctl is not None
    assert at(scene, "welcome")
    if shots:
        save_shot(app.screen, f"{shots}_1_welcome")
    click(app, card_spot(scene, "next").center)
    assert at(scene, "pick")
    click(app, spot(scene, "line", "blue").rect.center)
    assert at(scene, "railway") and scene.ctl.selected == "blue"
    app.step()
    if shots:
        save_shot(app.screen, f"{shots}_3_railway")
    lay(app, scene, "Kingsgate", "Millbrook")
    wait_for(app, scene, "terminus")
    assert scene.ctl.state.players[0].points == 1  # the railway at Millbrook, scored by the engine
    lay(app, scene, "Millbrook", "Harbour")
    wait_for(app, scene, "token")
    assert scene.ctl.state.players[0].points == 3 and scene.ctl.state.players[0].branch_tokens == 1
    click(app, spot(scene, "branch").rect.center)
    wait_for(app, scene, "passenger")
    if shots:
        save_shot(app.screen, f"{shots}_6_passenger")
    for _ in range(80):  # the lone route waits for Go while the card is up
        app.step()
    assert at(scene, "passenger")
    click(app, spot(scene, "go").rect.center)
    wait_for(app, scene, "opponent")
    assert scene.ctl.state.players[0].points == 4  # he rode blue: 1 for its owner
    wait_for(app, scene, "branching")
    assert scene.ctl.state.players[0].branch_tokens == 2
    lay(app, scene, "Millbrook", "Westfield")
    wait_for(app, scene, "second_line")
    assert scene.ctl.state.players[0].branch_tokens == 0  # the branch cost both
    click(app, spot(scene, "line", "red").rect.center)
    lay(app, scene, "Northcross", "Parkside")
    wait_for(app, scene, "last_action")
    lay(app, scene, "Parkside", "Hilltop")
    wait_for(app, scene, "cards")
    ring = scene.target()[0]
    assert ring is not None and all(ring.contains(s.rect) for s in scene.cards.spots if s.kind == "card")
    click(app, card_spot(scene, "next").center)
    assert at(scene, "choose")
    click(app, spot(scene, "go").rect.center)
    wait_for(app, scene, "end")
    assert scene.ctl.state.phase == "over"
    if shots:
        save_shot(app.screen, f"{shots}_14_end")
    click(app, card_spot(scene, "real").center)
    assert isinstance(app.scene, MenuScene)


def test_a_learner_plays_the_tutorial_through_to_a_real_game(make_app: MakeApp) -> None:
    app, scene = open_tutorial(make_app)
    play_through(app, scene, shots="tutorial_1920")


def test_a_wrong_move_gets_a_nudge_and_changes_nothing(make_app: MakeApp) -> None:
    app, scene = open_tutorial(make_app)
    assert scene.ctl is not None
    click(app, card_spot(scene, "next").center)
    click(app, spot(scene, "line", "red").rect.center)  # the card asked for blue
    assert at(scene, "pick") and scene.nudge == text.tr("tutorial.pick.nudge")
    click(app, spot(scene, "line", "blue").rect.center)
    assert at(scene, "railway") and not scene.nudge
    tokens = scene.ctl.state.lines["blue"].tokens_left
    lay(app, scene, "Kingsgate", "Elmfield")  # a legal space, but not the one asked for
    app.step()
    assert scene.ctl.state.lines["blue"].tokens_left == tokens
    assert scene.nudge == text.tr("tutorial.railway.nudge")
    key(app, pygame.K_b)  # a branch token is not what this step asks either
    assert scene.ctl.state.players[0].branch_tokens == 0 and at(scene, "railway")
    save_shot(app.screen, "tutorial_1920_nudge")
    lay(app, scene, "Kingsgate", "Millbrook")
    wait_for(app, scene, "terminus")
    assert not scene.nudge


def test_esc_asks_before_leaving(make_app: MakeApp) -> None:
    app, scene = open_tutorial(make_app)
    coach = next(layer for layer in app.layers if isinstance(layer, CoachLayer))
    assert coach.current(app) is None  # the first-game tips stay away: the cards are the tips here
    key(app, pygame.K_ESCAPE)
    assert scene.leaving and app.scene is scene
    save_shot(app.screen, "tutorial_1920_leave")
    click(app, card_spot(scene, "stay").center)
    assert not scene.leaving and app.scene is scene
    key(app, pygame.K_ESCAPE)
    click(app, card_spot(scene, "leave").center)
    assert isinstance(app.scene, MenuScene)
    assert not coach.hidden  # and come back for a real first game


def test_the_tutorial_plays_at_1280_by_720(make_app: MakeApp) -> None:
    app, scene = open_tutorial(make_app, "1280x720")
    area = pygame.Rect(*(round(v) for v in scene.board_rect()))
    assert card_spot(scene, "card").width <= area.width
    play_through(app, scene, shots="tutorial_1280")


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_the_tutorial_speaks_the_language(make_app: MakeApp, lang: str) -> None:
    app, scene = open_tutorial(make_app, lang=lang)
    assert text.tr("tutorial.welcome") != "tutorial.welcome"
    play_through(app, scene, shots=f"tutorial_{lang}" if lang == "de" else "")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_every_step_fits_its_card(lang: str, size: tuple[int, int]) -> None:
    pygame.init()
    text.set_language(lang)
    style.set_look(size, 1.0, False)
    width = card_width(pygame.Rect(0, 0, size[0] - 420, size[1]))
    for step in script.STEPS:
        title, body = text.tr(f"tutorial.{step.key}"), text.tr(f"tutorial.{step.key}.more")
        nudge = text.tr(f"tutorial.{step.key}.nudge")
        assert f"tutorial.{step.key}" not in (title, body, nudge), f"{lang}: {step.key} is not translated"
        if step.key == "end":
            body = text.ntr("tutorial.end.score", 12, count=12, other=9, name="Robin") + " " + body
        assert fits(CardText(title, body, nudge=nudge), width), f"{lang}: {step.key} does not fit its card"
    leave = CardText(text.tr("tutorial.leave"), text.tr("tutorial.leave.more"))
    assert fits(leave, width)


def test_the_shipped_tutorial_board_is_its_compiled_source() -> None:
    """The board file the game loads (through resources, as the wheel does) is what its Tiled source makes."""
    from game.board.tmx.compiler import compile_tmx
    from game.resources import path, tutorial_board

    result = compile_tmx(path("tutorial", "src", "tutorial.tmx"))
    assert result.board is not None, result.problems
    assert tutorial_board().read_text(encoding="utf-8") == result.board.dumps()
    board = script.board()
    assert len(board.nodes) in range(10, 17)
    state = script.first_state(board)
    assert sorted(state.face_up + state.deck) == sorted(board.deck)  # the board's own cards, dealt in order
    assert state.to_json() == script.first_state(board).to_json()  # the same game every time


def test_a_controller_plays_the_first_turn(make_app: MakeApp) -> None:
    """On the sofa with a gamepad: A presses the card's button, a shoulder picks the line, the d-pad walks the
    board's cursor to the ringed space and A lays it, X takes the branch token, A sends the passenger."""
    from tests.ui.test_gamepad import PAD, button, pad_layer, plug

    app, scene = open_tutorial(make_app)
    assert scene.ctl is not None and scene.board is not None
    plug(app)
    assert [spot.kind for spot in scene.spots] == ["next"]  # the controller's focus is on Got it
    button(app, pygame.CONTROLLER_BUTTON_A)
    assert at(scene, "pick") and not scene.spots  # nothing to press on the card: the board's cursor plays
    button(app, pygame.CONTROLLER_BUTTON_LEFTSHOULDER)  # red -> blue
    assert at(scene, "railway") and scene.ctl.selected == "blue"
    cursor = pad_layer(app).cursor
    app.step()
    area = pygame.Rect(*(round(v) for v in scene.board_rect()))
    hints = pygame.Rect(area.x, area.bottom - style.ui(40), area.width, style.ui(40))  # the pad's button hints
    assert not card_spot(scene, "card").colliderect(hints)

    def walk_to(a: str, b: str) -> None:
        target = script.link_between(scene.board, a, b)
        for _ in range(12):
            app.step()
            if cursor.link == target:
                break
            here, there = cursor.point(scene), space_point(scene, target)
            assert here is not None
            dx, dy = there[0] - here[0], there[1] - here[1]
            pad = ((pygame.CONTROLLER_BUTTON_DPAD_RIGHT if dx > 0 else pygame.CONTROLLER_BUTTON_DPAD_LEFT)
                   if abs(dx) >= abs(dy) else
                   (pygame.CONTROLLER_BUTTON_DPAD_DOWN if dy > 0 else pygame.CONTROLLER_BUTTON_DPAD_UP))
            button(app, pad)
        assert cursor.link == target, f"the cursor never reached {a}-{b}"
        button(app, pygame.CONTROLLER_BUTTON_A)

    walk_to("Kingsgate", "Millbrook")
    wait_for(app, scene, "terminus")
    walk_to("Millbrook", "Harbour")
    wait_for(app, scene, "token")
    button(app, pygame.CONTROLLER_BUTTON_X)
    wait_for(app, scene, "passenger")
    button(app, pygame.CONTROLLER_BUTTON_A)
    wait_for(app, scene, "opponent")
    assert scene.ctl.state.players[script.LEARNER].points == 4
    assert PAD in pad_layer(app).devices


def test_the_learner_plays_under_a_name(make_app: MakeApp) -> None:
    """The table names a person in its texts ("Sam's turn"): the learner is the menu's first person at the last
    table, else Player 1, never a pronoun the texts cannot take."""
    app = make_app(["--scene", "menu", "--lang", "en"])
    app.store.update(table_seats=(("easy", ""), ("person", "Sam"), ("person", "Kim")))
    app.router.go("tutorial")
    app.step()
    scene = app.scene
    assert isinstance(scene, TutorialScene) and scene.ctl is not None
    assert scene.ctl.session.names == ["Sam", text.tr("tutorial.opponent_name")]
    app.store.update(table_seats=())
    app.router.go("tutorial")
    app.step()
    assert isinstance(app.scene, TutorialScene) and app.scene.ctl is not None
    assert app.scene.ctl.session.name(script.LEARNER) == text.tr("menu.seat.default_name", number=1)
