"""Every station name reads across a room: drawn darker than the paper by at least the 7:1 contrast print
guides ask of small text (WCAG's AAA). A player on a sofa found the minor names (stations two lines meet, drawn a
step lighter than the rest) faint at 1920×1080."""

from __future__ import annotations

import pygame

from game.ui import style
from tests.ui.driver import open_table
from tests.ui.test_lit_spaces import name_boxes

SOFA_CONTRAST = 7.0


def _luminance(colour: tuple[int, ...]) -> float:
    def channel(value: int) -> float:
        v = value / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = colour[:3]
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def _contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_every_station_name_is_drawn_dark_enough_to_read_from_the_sofa(make_app) -> None:
    app, scene = open_table(make_app, "london", "1920x1080")
    view, surface, board = scene.view, app.screen, scene.board
    camera = view.camera
    minor = [i for i in view.names.stations() if not board.nodes[i].destination and len(board.links_at[i]) <= 2]
    assert len(minor) > 20  # the set-up: London has many names of the lighter kind
    boxes = name_boxes(view)
    stations = list(view.names.stations())
    for index in minor:
        x0, y0, x1, y1 = boxes[stations.index(index)]
        rect = pygame.Rect(*camera.to_screen((x0, y0)), (x1 - x0) * camera.scale, (y1 - y0) * camera.scale)
        rect = rect.clip(surface.get_rect())
        darkest = min((tuple(surface.get_at((x, y))) for x in range(rect.left, rect.right)
                       for y in range(rect.top, rect.bottom)), key=_luminance)
        assert _contrast(darkest, style.PAPER) >= SOFA_CONTRAST, (board.nodes[index].name, darkest)
