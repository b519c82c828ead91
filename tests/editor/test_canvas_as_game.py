"""The canvas shows a board as the game shows it: nothing of its water or parks past the board's edge (the
game's map ends there), yet a selected river's outline still shows whole; and every station disc at the
size the game draws it (game.board.proportions, and the game's own floor on screen), so what a designer
sees is what players get."""

from __future__ import annotations

import math
import shutil
import statistics
from collections.abc import Callable, Iterator
from pathlib import Path

import pygame
import pytest

from editor.app import EditorApp
from editor.canvas.name_plate import INK, SELECT
from editor.canvas.render import EXPRESS, PARK, PARK_EDGE, STANDARD, WATER, WATER_EDGE, WAYPOINT
from editor.document.names import node_discs, station_names
from editor.document.tmx import Document, MapObject
from game.board import proportions
from game.board.loader import load_board
from game.geometry import point_in_polygon
from game.ui import style
from game.ui.board.view import BoardView
from tests.editor.driver import Driver

BOARDS = Path(__file__).resolve().parents[2] / "game" / "data" / "boards" / "src"
WINDOW = (1600, 900)
AREA_COLOURS = (WATER, WATER_EDGE, PARK, PARK_EDGE)
DISC_COLOURS = {(255, 255, 255), INK, EXPRESS, STANDARD, WAYPOINT}  # what a disc on the canvas is made of
RAYS = 64  # a disc is measured along this many rays from its centre: the middle half of them, so a name or a
# neighbour touching it counts for nothing

PIXEL = 1.0  # a disc drawn whole pixels wide is within a pixel of its size
AA = 0.25  # and the game's anti-aliased ring reaches a little further into its edge pixels than a plain one
RING_GAP = 1.5  # px: the white between a standard destination's two rings on screen (0.65 of a ring's width)

Opener = Callable[[str], Driver]
Point = tuple[float, float]


@pytest.fixture
def open_board(tmp_path: Path) -> Iterator[Opener]:
    """Open a copy of a shipped board in the editor, as a designer would (the shipped file is never touched)."""

    def opener(name: str) -> Driver:
        path = tmp_path / f"{name}.tmx"
        shutil.copy(BOARDS / f"{name}.tmx", path)
        return Driver(EditorApp(path, size=WINDOW))

    yield opener
    pygame.quit()


def _paper(driver: Driver) -> pygame.Rect:
    """The board's rectangle on the screen."""
    (x0, y0), (x1, y1) = driver.screen((0, 0)), driver.screen(driver.app.doc.size)
    return pygame.Rect(x0, y0, x1 - x0, y1 - y0)


def _outside(driver: Driver, colours: tuple[tuple[int, int, int], ...]) -> int:
    """How many canvas pixels past the board's edge are in one of `colours`."""
    screen = driver.app.screen
    region = pygame.mask.Mask(screen.get_size())
    region.draw(pygame.mask.Mask(driver.app.view.canvas[2:], fill=True), driver.app.view.canvas[:2])
    region.erase(pygame.mask.Mask(_paper(driver).size, fill=True), _paper(driver).topleft)
    return sum(region.overlap_area(pygame.mask.from_threshold(screen, (*c, 255), (1, 1, 1, 255)), (0, 0))
               for c in colours)


def _areas_past_the_edge(driver: Driver) -> list[MapObject]:
    width, height = driver.app.doc.size
    return [o for o in driver.app.doc.of_kind("water", "park")
            if any(not (0 <= x <= width and 0 <= y <= height) for x, y in o.points)]


@pytest.mark.parametrize("name", ["newyork"])  # the shipped board whose water runs past its edge (Berlin's did)
def test_no_water_or_park_is_drawn_past_the_boards_edge(open_board: Opener, name: str) -> None:
    driver = open_board(name)
    assert _areas_past_the_edge(driver)  # the board's own rivers run past its edge: the test means something
    driver.screenshot(f"clipped-{name}")
    assert _outside(driver, AREA_COLOURS) == 0


def _inside_point(driver: Driver, area: MapObject) -> Point:
    """A point on the board inside `area` where a click picks the area itself (no station or link there)."""
    width, height = driver.app.doc.size
    xs, ys = [x for x, _ in area.points], [y for _, y in area.points]
    x0, x1, y0, y1 = max(min(xs), 0.0), min(max(xs), width), max(min(ys), 0.0), min(max(ys), height)
    grid = [(x0 + (x1 - x0) * i / 40, y0 + (y1 - y0) * j / 40) for i in range(1, 40) for j in range(1, 40)]
    radius = driver.app.view.pick_radius()
    return next(p for p in grid if point_in_polygon(p, area.points) and driver.app.session.pick(p, radius) is area)


def test_a_selected_river_still_shows_its_whole_outline(open_board: Opener) -> None:
    driver = open_board("newyork")
    river, *_ = _areas_past_the_edge(driver)  # its three rivers all run off the board now: any one will do
    assert _outside(driver, (SELECT,)) == 0
    driver.click(_inside_point(driver, river))
    assert driver.app.selection == {river.id}
    driver.screenshot("clipped-berlin-river-selected")
    assert _outside(driver, (SELECT,)) > 0  # its outline past the edge: the designer sees the shape they edit
    assert _outside(driver, (WATER,)) == 0


# ----- station discs -----


def _pixel(centre: Point, angle: float, t: float) -> tuple[int, int]:
    return math.floor(centre[0] + math.cos(angle) * t + 0.5), math.floor(centre[1] + math.sin(angle) * t + 0.5)


def _reach(surface: pygame.Surface, centre: Point, angle: float, belongs: Callable[[pygame.Color], bool],
           start: float = 0.0) -> float:
    """How far from `centre` along `angle` the pixels `belong` to the disc (from `start` on)."""
    t = start
    while t < 200 and belongs(surface.get_at(_pixel(centre, angle, t))):
        t += 0.25
    return t


def _middle(values: list[float]) -> float:
    """The mean of the middle half of `values`."""
    ordered = sorted(values)
    return statistics.fmean(ordered[len(ordered) // 4: len(ordered) - len(ordered) // 4])


def _editor_disc(surface: pygame.Surface, centre: Point) -> float:
    """A canvas disc's radius in screen px: where its colours end."""
    return _middle([_reach(surface, centre, 2 * math.pi * k / RAYS, lambda c: c[:3] in DISC_COLOURS)
                    for k in range(RAYS)])


def _ink(colour: pygame.Color) -> bool:
    """Dark enough to be the game's ink (its discs are anti-aliased: half-covered edge pixels count)."""
    return 0.3 * colour[0] + 0.59 * colour[1] + 0.11 * colour[2] < 140


def _game_disc(surface: pygame.Surface, centre: Point, radius: float) -> float:
    """A game disc's outer radius in screen px: from just inside its `radius` out to the end of the ink ring
    there (a plain disc's rim, a destination's ring outside it). A standard destination's two rings stand a
    thin white gap apart: at some scales `radius` falls on the inner one, so the end of ink is looked for
    past a gap of up to `RING_GAP`."""

    def ink_from(angle: float, t: float, limit: float) -> float | None:
        while t < limit:
            if _ink(surface.get_at(_pixel(centre, angle, t))):
                return t
            t += 0.25
        return None

    def edge(angle: float) -> float:
        start = ink_from(angle, radius - 0.75, radius * 2)
        end = _reach(surface, centre, angle, _ink, radius * 2 if start is None else start)
        while (again := ink_from(angle, end, end + RING_GAP)) is not None:
            end = _reach(surface, centre, angle, _ink, again)
        return end

    return _middle([edge(2 * math.pi * k / RAYS) for k in range(RAYS)])


def _drawn_at(centre: Point) -> Point:
    """The pixel pygame centres an anti-aliased circle on: it drops the fractions of the centre it is given."""
    return float(math.floor(centre[0])), float(math.floor(centre[1]))


def _game_px(radius: float, zoom: float) -> float:
    """The game's disc radius on screen: the board's size for it, never below the game's smallest station."""
    return max(style.STATION_MIN_PX, radius * zoom)


def _in_the_clear(doc: Document, kinds: tuple[str, ...]) -> list[MapObject]:
    """The nodes of `kinds` that no other station's name covers (a name drawn over a disc hides part of it),
    and no terminus (its bar is part of what it draws)."""
    names = station_names(doc)
    discs = node_discs(doc)

    def covered(node: MapObject) -> bool:
        (x, y), r = node.pos, discs[node.id].radius * 1.3  # with room for a destination's ring
        boxes = [name.box for station, name in names.items() if station != node.id]
        return any(bx - r < x < bx + bw + r and by - r < y < by + bh + r for bx, by, bw, bh in boxes)

    return [o for o in doc.of_kind(*kinds) if not o.flag("terminus") and not covered(o)]


@pytest.mark.parametrize("name", ["berlin", "newyork"])
def test_plain_discs_and_waypoints_are_the_size_proportions_gives(open_board: Opener, name: str) -> None:
    driver = open_board(name)
    zoom = driver.app.view.zoom
    board = load_board(BOARDS / f"{name}.tmx")
    radii = dict(zip((n.name for n in board.nodes), proportions.node_radii(board), strict=True))
    plain = [o for o in _in_the_clear(driver.app.doc, ("station", "waypoint")) if not o.props.get("destination")]
    assert len(plain) > 20
    drawn = {o.name: _editor_disc(driver.app.screen, driver.screen(o.pos)) for o in plain}
    wanted = {o.name: _game_px(radii[o.name], zoom) for o in plain}
    wrong = {k: (drawn[k], round(wanted[k], 2)) for k in drawn if abs(drawn[k] - wanted[k]) > PIXEL}
    assert wrong == {}  # name: (drawn, the game's), in screen px


def test_express_and_standard_discs_reach_as_far_as_in_the_game(open_board: Opener) -> None:
    """The game wears an ink ring outside a destination's disc: the canvas's disc ends where that ring does."""
    driver = open_board("berlin")
    zoom = driver.app.view.zoom
    game = BoardView(load_board(BOARDS / "berlin.tmx"), (0, 0, *WINDOW))
    game.camera.fit_scale, game.camera.level, game.camera.offset = zoom, 0, driver.screen((0, 0))
    shown = pygame.Surface(WINDOW)
    game.draw(shown)  # the game's board at the canvas's scale and place
    node = {n.name: n for n in game.board.nodes}
    destinations = [o for o in _in_the_clear(driver.app.doc, ("station",)) if o.props.get("destination")]
    assert len(destinations) > 15
    drawn = {o.name: _editor_disc(driver.app.screen, driver.screen(o.pos)) for o in destinations}
    shown_px = {o.name: _game_disc(shown, _drawn_at(game.camera.to_screen((node[o.name].x, node[o.name].y))),
                                   _game_px(game.metrics.radius[node[o.name].index], zoom)) for o in destinations}
    wrong = {k: (drawn[k], round(shown_px[k], 2)) for k in drawn if abs(drawn[k] - shown_px[k]) > PIXEL + AA}
    assert wrong == {}  # name: (drawn on the canvas, drawn in the game), in screen px
