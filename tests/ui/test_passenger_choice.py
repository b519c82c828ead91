"""The passenger's move for a person: a tie built through the engine waits for the person's click and
scores the chosen line's owner; a single route waits while its tip is read; the tip speaks of a choice only
when there is one, and its text wraps inside its box."""

from __future__ import annotations

from pathlib import Path

import pygame

from game.board.model import Board
from game.rules.actions import PlaceTrack, TakeBranch
from game.rules.state import GameState, new_game
from game.ui import style, text
from game.ui.app import App
from game.ui.layers import find
from game.ui.overlays.coach import CoachLayer
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from game.ui.table.turns import AUTO_GO
from tests.ui.driver import DT, click, key, node_point, run_until, save_shot, settle, space_point, spot

CARDS = ("Camden Lock", "Paddington Yard", "Brixton Hill", "Hackney Downs")  # all standard: one move


def position(board: Board, tie: bool) -> tuple[GameState, int]:
    """Two people on the synthetic board, the passenger at Euston Square, four standard cards dealt.

    Anna (seat 0) lays red Euston Square–Camden Lock; Ben (seat 1) lays blue Euston Square–Marylebone
    Gate–Paddington Yard when `tie`, so both destinations are 0 walks and 1 line away. Ben's last action
    is left to the test: the link it should click. Returns the state and that link.
    """
    index = {node.name: node.index for node in board.nodes}

    def link(a: str, b: str) -> int:
        return board.link_between[(index[a], index[b])]

    state = new_game(board, 2, 5)
    cards = [(index[name], "standard") for name in CARDS]
    state.deck = [c for c in state.deck + state.face_up if c not in cards] + cards[::-1]  # dealt after turn 1
    state.face_up = []  # so the first turn has no passenger move and the passenger stays at the start
    red, blue = state.players[0].lines[0], state.players[1].lines[0]
    assert (red, blue) == ("red", "blue") and board.nodes[state.passenger].name == "Euston Square"
    for action in (PlaceTrack(red, link("Euston Square", "Camden Lock")), TakeBranch(), TakeBranch()):
        state.apply(action)
    ben = [TakeBranch(), TakeBranch(), TakeBranch()]
    if tie:
        ben = [PlaceTrack(blue, link("Euston Square", "Marylebone Gate")),
               PlaceTrack(blue, link("Marylebone Gate", "Paddington Yard")), TakeBranch(), TakeBranch()]
        last = link("Paddington Yard", "Bayswater")
    else:
        ben = [PlaceTrack(blue, link("Shepherd's Bush", "Bayswater")), *ben]
        last = link("Bayswater", "Oxford Circus")
    for action in ben:
        state.apply(action)
    assert state.current == 1 and state.actions_left == 1 and sorted(state.face_up) == sorted(cards)
    return state, last


def open_table(make_app, board_file: Path, board: Board, tie: bool) -> tuple[App, PlayScene]:
    state, last = position(board, tie)
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", "1280x720"])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("person", "Ben")], 5),
                      board=board, state=state)
    app.replace(scene)
    app.step()
    run_until(app, lambda: not scene.ctl.queue.effects)
    assert scene.ctl.selected == "blue"
    click(app, space_point(scene, last))  # Ben's last action, by a click: the passenger's move is due
    settle(app, scene)
    assert scene.ctl.state.phase == "passenger"
    return app, scene


def wait(app: App, seconds: float) -> None:
    for _ in range(round(seconds / DT)):
        app.step()


def test_a_tie_waits_for_the_persons_click_and_scores_the_chosen_lines_owner(make_app, board_file: Path,
                                                                              board: Board) -> None:
    app, scene = open_table(make_app, board_file, board, tie=True)
    ctl = scene.ctl
    options = ctl.route_options()
    names = {board.nodes[o.destination].name: o for o in options}
    assert set(names) == {"Camden Lock", "Paddington Yard"}  # a real tie: 0 walks, 1 line each
    assert {o.lines for o in options} == {("red",), ("blue",)}
    coach = find(app, CoachLayer)
    assert coach is not None and coach.current(app) == "passenger"
    heading, more = coach.words(scene, "passenger")
    assert heading == text.tr("coach.passenger.tie") and more == text.ntr("coach.passenger.tie.more", 2, count=2)
    assert spot(scene, "route", 1) and spot(scene, "go")
    wait(app, AUTO_GO * 3)  # nothing goes by itself
    assert ctl.state.phase == "passenger" and ctl.state.current == 1
    assert coach.box is not None and scene.sidebar_rect().contains(coach.box)  # beside the map, off its names
    assert not any(coach.box.colliderect(s.rect) for s in scene.hotspots() if s.kind in ("route", "go"))
    save_shot(app.screen, "passenger_tie")
    points = [p.points for p in ctl.state.players]
    click(app, node_point(scene, names["Camden Lock"].destination))  # Ben sends him along Anna's red line
    assert ctl.state.passenger == names["Camden Lock"].destination
    assert [p.points for p in ctl.state.players] == [points[0] + 1, points[1]]  # red's owner scored, not Ben
    settle(app, scene)
    assert any("Anna +1" in entry.text for entry in ctl.session.log[-3:] if entry.kind == "passenger")


def test_enter_in_a_tie_takes_the_marked_route(make_app, board_file: Path, board: Board) -> None:
    app, scene = open_table(make_app, board_file, board, tie=True)
    ctl = scene.ctl
    first = ctl.route_options()[0]
    assert spot(scene, "go")  # Go names the route it takes
    key(app, pygame.K_RETURN)
    ride = ctl.state.log[-1]
    assert (ride.destination, ride.lines) == (first.destination, first.lines)


def test_a_single_route_waits_while_its_tip_is_read_and_never_speaks_of_a_choice(make_app, board_file: Path,
                                                                                 board: Board) -> None:
    app, scene = open_table(make_app, board_file, board, tie=False)
    ctl = scene.ctl
    options = ctl.route_options()
    assert len(options) == 1 and board.nodes[options[0].destination].name == "Camden Lock"
    coach = find(app, CoachLayer)
    assert coach is not None and coach.current(app) == "passenger"
    heading, more = coach.words(scene, "passenger")
    assert (heading, more) == (text.tr("coach.passenger"), text.tr("coach.passenger.more"))
    assert "tie" not in heading + more and "choose" not in heading + more
    wait(app, AUTO_GO * 3)
    assert ctl.state.phase == "passenger"  # he waits while the tip is up
    save_shot(app.screen, "passenger_single")
    width = coach.box.width - 36
    for line in style.wrap(more, style.ui(15), "regular", width, max_lines=12):
        assert style.font(style.ui(15), "regular").size(line)[0] <= width
    click(app, spot(scene, "go").rect.center)
    assert ctl.state.passenger == options[0].destination


def test_without_the_tip_a_single_route_goes_by_itself(make_app, board_file: Path, board: Board) -> None:
    app, scene = open_table(make_app, board_file, board, tie=False)
    coach = find(app, CoachLayer)
    click(app, next(s for s in coach.spots if s.kind == "next").rect.center)  # Got it
    assert coach.current(app) != "passenger"
    wait(app, AUTO_GO * 1.5)
    assert scene.ctl.state.phase != "passenger" or scene.ctl.busy


def test_the_routes_on_offer_run_under_the_names(make_app, board_file: Path, board: Board) -> None:
    """Every name pixel is drawn over the routes (and the scene's other highlights): a band across a name
    would hide it for as long as the person takes to choose. Only the passenger, the tip and the pieces
    (tiles and pins, over the names as the board always draws them) may cover one."""
    app, scene = open_table(make_app, board_file, board, tie=True)
    wait(app, 2.0)  # the turn's banner has gone
    view = scene.view
    assert view is not None and scene.ctl.route_options()
    static = view._static_for_view()
    placed = view._placed(static)
    board_area = pygame.Rect(*map(round, scene.board_rect()))
    coach = find(app, CoachLayer)
    covers = [coach.box] if coach is not None and coach.box is not None else []
    where = scene.ctl.passenger_position() or scene._waiting_passenger()
    assert where is not None
    passenger = pygame.Vector2(view.camera.to_screen(where))
    names, screen = static.names, app.screen
    pieces = pygame.Surface(screen.get_size(), pygame.SRCALPHA)
    view.draw_pieces(pieces)
    checked = 0
    for y in range(board_area.top, board_area.bottom, 2):
        for x in range(board_area.left, board_area.right, 2):
            local = (x - placed.x, y - placed.y)
            if not names.get_rect().collidepoint(local) or names.get_at(local).a < 255:
                continue
            if any(rect.collidepoint(x, y) for rect in covers) or passenger.distance_to((x, y)) < 40 \
                    or pieces.get_at((x, y)).a:
                continue
            checked += 1
            assert screen.get_at((x, y))[:3] == names.get_at(local)[:3], (x, y)
    assert checked > 500  # the names were there to check


def test_a_route_number_stands_clear_of_the_names(make_app, board_file: Path, board: Board) -> None:
    """A fresh player on Berlin could not read "Kottbusser Tor" under the route's "2": the number took the
    same corner of its destination whatever stood there. Each number stands clear of every name (the
    shipped boards' crowded ties: test_route_tags.py)."""
    app, scene = open_table(make_app, board_file, board, tie=True)
    wait(app, 2.0)
    assert scene.passenger is not None and scene.overlay is not None
    tags = scene.passenger.tags(scene.ctl)
    assert len(tags) == 2, "the tie's destinations are numbered"
    names = scene.overlay.name_boxes()
    assert names and all(tag.rect.collidelist(names) < 0 for tag in tags)
