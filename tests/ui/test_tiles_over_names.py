"""A station's connection tile stays on the map while a lit space is hovered. The scene draws the names again
over a hovered space's highlight (`BoardView.draw_names_again`), and the names' layer holds each tile's empty
slot: a fresh player saw every tile on the map turn into a grey square, and back, as the pointer swept over
the lit spaces."""

from __future__ import annotations

import pygame

from game.ui.scenes.play import PlayScene
from tests.ui.driver import move, open_table, space_point
from tests.ui.test_map_notices import _frame


def _tile_centres(scene: PlayScene) -> list[tuple[int, int]]:
    """Where each tile on the board is drawn on screen."""
    view, ctl = scene.view, scene.ctl
    assert view is not None and ctl is not None
    static = view._static_for_view()
    placed = view._placed(static)
    centres = []
    for station, _symbol in ctl.shown.tiles:
        (x, y), _half = view._tile_place(static.frame, station)
        centres.append((round(placed.x + x), round(placed.y + y)))
    return centres


def test_tiles_stay_while_a_space_is_hovered(make_app) -> None:
    app, scene = open_table(make_app, "london", "1280x720", seed=5, frames=3)
    ctl = scene.ctl
    assert ctl is not None and ctl.shown.tiles, "the set-up: a board whose stations have tiles"
    area = pygame.Rect(*(round(v) for v in scene.board_rect()))
    centres = [c for c in _tile_centres(scene) if area.collidepoint(c)]
    assert centres
    move(app, (area.right + 40, area.bottom - 40))  # the pointer off the map
    app.step()
    bare = _frame(app, scene)
    link = next(link for link in ctl.legal_spaces() if area.inflate(-80, -80).collidepoint(space_point(scene, link)))
    x, y = space_point(scene, link)
    move(app, (round(x), round(y)))
    app.step()
    hovered = _frame(app, scene)
    assert scene.overlay is not None and scene.overlay.pick_link(space_point(scene, link), ctl.legal_spaces(),
                                                                  False) == link
    changed = [c for c in centres if bare.get_at(c) != hovered.get_at(c)]
    assert not changed, f"tiles changed by a hovered space at {changed}"
