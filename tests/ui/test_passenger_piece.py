"""The passenger is a game piece a new player finds from the sofa, stands squarely on his station, and hides
no station name, on every shipped board at 1920×1080 and 1280×720, in colour and in colour-blind mode.

Measured as test_map_notices.py measures notices: the same frame drawn with and without him, every changed
pixel is his, and none may fall in a station name's box. He is tried where the game puts him first and on
the stations with the most names close by, where a piece is likeliest to hide one, or to be pushed off his
station (a piece that stepped aside there landed by other stations and names: players argued where he was).
"""

from __future__ import annotations

import math
from dataclasses import replace

import pygame
import pytest

from game.ui import style
from game.ui.app import App
from game.ui.board import symbols
from game.ui.scenes.play import LOOK_SECONDS, PlayScene
from tests.ui.driver import DT, click, key, node_point, save_shot, settle, space_point, without_value
from tests.ui.test_map_notices import _changed, _covered
from tests.ui.test_turn_notices import SHIPPED, SIZES, _name_boxes, _names_hit, _table

CROWDED = 5  # stations tried per board and size besides his first: those with the most names close by
MIN_FACE_PX = 100  # dark face pixels at least: a disc 17 px across or more with its figure, less what names cut
MIN_RING_PX = 60  # solid gold ring pixels at least, what names leave of it (the old token had a faint ring)
REACH_PX = 11  # at rest his pixels (ring, shadow) reach at most this far past his station's disc...
REACH_MIN_PX = 16  # ... or this far from its centre round a small station: his figure must read
RIDING_FACE = 0.6  # passing over a name as he rides, at least this share of his dark face stays in sight


def _crowded_stations(scene: PlayScene, boxes: list[pygame.Rect]) -> list[int]:
    """The stations in view with the most name boxes within 60 px of them."""
    area = pygame.Rect(*(round(v) for v in scene.board_rect())).inflate(-60, -60)
    board = scene.board
    assert board is not None

    def crowd(node: int) -> int:
        x, y = node_point(scene, node)
        return sum(1 for box in boxes if math.dist((x, y), box.center) < 60)

    stations = [n.index for n in board.nodes if not n.waypoint and area.collidepoint(node_point(scene, n.index))]
    return sorted(stations, key=crowd, reverse=True)[:CROWDED]


def _near(colour: tuple[int, ...], target: tuple[int, int, int], slack: int) -> bool:
    return all(abs(a - b) <= slack for a, b in zip(colour[:3], target, strict=True))


def _pixels(mask: pygame.Mask) -> list[tuple[int, int]]:
    """The pixels set in a mask."""
    return [(x, y) for rect in mask.get_bounding_rects() for y in range(rect.top, rect.bottom)
            for x in range(rect.left, rect.right) if mask.get_at((x, y))]


def _his_pixels(app: App, scene: PlayScene) -> tuple[pygame.Mask, int, int]:
    """What his piece changes in the frame, with its count of dark face and gold ring pixels."""
    ctl = scene.ctl
    covered = _covered(app, scene, without_value(ctl, "shown", replace(ctl.shown, passenger=None)))
    frame = pygame.Surface(app.size)
    scene.draw(frame)
    dark = gold = 0
    for rect in covered.get_bounding_rects():
        for y in range(rect.top, rect.bottom):
            for x in range(rect.left, rect.right):
                if covered.get_at((x, y)):
                    colour = frame.get_at((x, y))
                    dark += _near(colour, style.INK, 12)
                    gold += _near(colour, style.GOLD, 12)
    return covered, dark, gold


def _station_disc(scene: PlayScene, station: int) -> tuple[tuple[float, float], float]:
    """His station's centre and disc radius on screen, as the map draws it."""
    view = scene.view
    assert view is not None
    radius = max(style.STATION_MIN_PX, view.metrics.radius[station] * view.camera.scale)
    return node_point(scene, station), radius


def _farthest(covered: pygame.Mask, centre: tuple[float, float]) -> float:
    """How far from `centre` the farthest of these pixels lies (pixel centres)."""
    return max((math.dist((x + 0.5, y + 0.5), centre) for x, y in _pixels(covered)), default=0.0)


def _sides_covered(covered: pygame.Mask, centre: tuple[float, float], radius: float) -> int:
    """On how many sides of `centre` (of four quarters of his station's disc) his piece changes pixels. A piece
    centred on the station covers all four; its very middle may change nothing, where the figure's white
    falls on the disc's white."""
    cx, cy = centre
    quarters = {(x + 0.5 >= cx, y + 0.5 >= cy) for x, y in _pixels(covered)
                if math.dist((x + 0.5, y + 0.5), centre) <= radius}
    return len(quarters)


@pytest.mark.parametrize("colour_blind", [False, True], ids=["colour", "colour-blind"])
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_the_passenger_stands_out_and_hides_no_station_name(make_app, name: str, size: tuple[int, int],
                                                            colour_blind: bool) -> None:
    app, scene = _table(make_app, name, size)
    app.apply_settings(colour_blind=colour_blind)
    app.step()
    ctl = scene.ctl
    boxes = _name_boxes(scene)
    first = ctl.shown.passenger
    assert first is not None
    stations = [first, *_crowded_stations(scene, boxes)]
    hits, faint = {}, {}
    for station in stations:
        ctl.shown = replace(ctl.shown, passenger=station)  # where a ride would leave him
        for _ in range(7):  # a few frames on: his pulse is part-way out
            app.step()
        covered, dark, gold = _his_pixels(app, scene)
        assert covered.count(), f"he is drawn at station {station}"
        hit = _names_hit(covered, boxes)
        if hit:
            hits[station] = hit
            save_shot(app.screen, f"passenger_{name}_{size[0]}x{size[1]}_{station}")
        if dark < MIN_FACE_PX or gold < MIN_RING_PX:
            faint[station] = (dark, gold)
            save_shot(app.screen, f"faint_{name}_{size[0]}x{size[1]}_{station}")
    save_shot(app.screen, f"passenger_{name}_{size[0]}x{size[1]}{'_cb' if colour_blind else ''}")
    assert not hits, f"{name} at {size}: the passenger covers names: {hits}"
    assert not faint, f"{name} at {size}: the passenger is no dark piece in a gold ring at {faint} (dark, gold px)"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_the_passenger_stands_centred_on_his_station(make_app, name: str, size: tuple[int, int]) -> None:
    """Wherever he stands, crowded by names or not, his piece is centred on his station and covers its disc
    and little more: never beside it, by another station, a destination marker or a new track."""
    app, scene = _table(make_app, name, size)
    ctl = scene.ctl
    for _ in range(round(LOOK_SECONDS / DT) + 2):  # the turn's opening pulse is over: the piece alone
        app.step()
    first = ctl.shown.passenger
    assert first is not None
    off = {}
    for station in [first, *_crowded_stations(scene, _name_boxes(scene))]:
        ctl.shown = replace(ctl.shown, passenger=station)
        app.step()
        covered = _covered(app, scene, without_value(ctl, "shown", replace(ctl.shown, passenger=None)))
        centre, radius = _station_disc(scene, station)
        far, bound = _farthest(covered, centre), max(REACH_MIN_PX, radius + REACH_PX)
        on_it = _sides_covered(covered, centre, radius)
        if far > bound or on_it < 4:
            off[station] = (round(far, 1), round(bound, 1), on_it)
            save_shot(app.screen, f"passenger_off_{name}_{size[0]}x{size[1]}_{station}")
    assert not off, (f"{name} at {size}: the piece is not centred on his station: {off} "
                     "(farthest px, bound, quarters of its disc covered)")


def _dark(surface: pygame.Surface, pixels: pygame.Mask) -> int:
    """How many of these pixels show his dark face or its ink edge."""
    dark = pygame.mask.from_threshold(surface, style.PASSENGER, (13, 13, 13, 255))
    dark.draw(pygame.mask.from_threshold(surface, style.INK, (13, 13, 13, 255)), (0, 0))
    return dark.overlap_area(pixels, (0, 0))


@pytest.mark.parametrize("size", SIZES)
def test_riding_over_a_name_he_does_not_vanish(make_app, size: tuple[int, int]) -> None:
    """Riding past a station he may cross its name, but his face stays in sight (he once vanished behind
    Hohenzollerndamm): he is drawn where a ride takes him over a name, in the middle of its box."""
    app, scene = _table(make_app, "berlin", size)
    view = scene.view
    assert view is not None
    bare = pygame.Surface(app.size)
    view.draw(bare, replace(scene.ctl.shown, passenger=None))
    vanished = {}
    for box in _name_boxes(scene)[:40]:
        world = view.camera.to_world(box.center)
        whole = pygame.Surface(app.size)
        whole.fill(style.PAPER)
        symbols.passenger_face(whole, box.center, view.passenger_radius(world))
        face = _dark(whole, pygame.Mask(app.size, fill=True))
        shown = bare.copy()
        view.draw_passenger(shown, world, 0.0)
        dark = _dark(shown, _changed(shown, bare))
        if dark < RIDING_FACE * face:
            vanished[box.center] = (dark, face)
    assert not vanished, f"at {size} he vanishes under names as he rides: {vanished} (dark px, of a whole face)"


def _frames(app: App, scene: PlayScene) -> tuple[pygame.Surface, pygame.Surface]:
    """This frame drawn with him and without him."""
    shown, bare = pygame.Surface(app.size), pygame.Surface(app.size)
    scene.draw(shown)
    put_back = without_value(scene.ctl, "shown", replace(scene.ctl.shown, passenger=None))()
    scene.draw(bare)
    put_back()
    return shown, bare


def _pulsing(app: App, scene: PlayScene) -> bool:
    """Whether his piece changes from one frame to the next: pixels that change with him on the board and
    not without him (what else moves, a lit space's pulse, is not his)."""
    shown, bare = _frames(app, scene)
    app.step()
    shown_next, bare_next = _frames(app, scene)
    his = _changed(shown, shown_next)
    his.erase(_changed(bare, bare_next), (0, 0))
    return his.count() > 0


@pytest.mark.parametrize("size", SIZES)
def test_the_passenger_pulses_when_it_is_time_to_look_and_rests_otherwise(make_app, size: tuple[int, int]) -> None:
    """He pulses as a turn begins and while his move is due; in the middle of a turn he stands still, so
    the pulse means "look here now" and does not nag."""
    app, scene = _table(make_app, "london", size)
    ctl = scene.ctl
    assert _pulsing(app, scene), "a turn has begun: he pulses"
    for _ in range(round(LOOK_SECONDS / DT) + 2):
        app.step()
    line = next(x for x in ctl.state.players[0].lines if ctl.select_line(x) and ctl.legal_spaces())
    assert line
    click(app, space_point(scene, min(ctl.legal_spaces())))  # Anna plays: the mid-turn board
    settle(app, scene)
    assert not _pulsing(app, scene), "in the middle of a turn he rests"
    for _ in range(10):  # Anna finishes her turn with the mouse (a branch token when blocked)
        if ctl.state.phase != "actions" or ctl.state.current != 0:
            break
        spaces = ctl.legal_spaces()
        if spaces:
            click(app, space_point(scene, min(spaces)))
        else:
            key(app, pygame.K_b)
        settle(app, scene)
    assert ctl.state.phase == "passenger" and ctl.route_options(), "his move is due"
    assert _pulsing(app, scene), "his move is due: he pulses"
    save_shot(app.screen, f"passenger_due_{size[0]}x{size[1]}")
