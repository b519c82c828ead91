"""A hovered track space's preview (points, why, tokens) and the controller's "connected" message hide no
station name (a fresh player saw both sit over names on the map), on every shipped board at 1920×1080 and
1280×720. The preview is tried on the spaces with the most names near them, where one beside the pointer
hid names most.

Measured as test_turn_notices.py measures the banner: the same frame drawn with and without the notice,
every changed pixel is the notice's, and none may fall in a station name's box.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import pygame
import pytest

from game.ui.app import App
from game.ui.input.gamepad import PadLayer
from game.ui.layers import find
from game.ui.scenes.play import PlayScene
from tests.ui.driver import move, save_shot, space_point
from tests.ui.test_turn_notices import SHIPPED, SIZES, _name_boxes, _names_hit, _table

SPACES = 6  # hovered spaces tried per board and size: those with the most names close by


def _frame(app: App, scene: PlayScene) -> pygame.Surface:
    """The frame as the window draws it: the screen, then the layers over it (the controller's among them)."""
    surface = pygame.Surface(app.size)
    scene.draw(surface)
    for layer in app.layers:
        layer.draw(app, surface)
    return surface


def _changed(shown: pygame.Surface, bare: pygame.Surface) -> pygame.Mask:
    """The pixels that differ between two frames."""
    difference = shown.copy()
    difference.blit(bare, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = bare.copy()
    other_way.blit(shown, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(difference, (0, 0, 0, 255), (1, 1, 1, 255))
    changed.invert()
    return changed


def _covered(app: App, scene: PlayScene, without: Callable[[], Callable[[], None]]) -> pygame.Mask:
    """The pixels a notice changes (`without` takes it away and returns what puts it back)."""
    shown = _frame(app, scene)
    put_back = without()
    bare = _frame(app, scene)
    put_back()
    return _changed(shown, bare)


def _crowded_spaces(scene: PlayScene, boxes: list[pygame.Rect]) -> list[int]:
    """The legal spaces with the most station names near them on screen (where a tooltip is likeliest to
    hide one), inside the map."""
    area = pygame.Rect(*(round(v) for v in scene.board_rect())).inflate(-40, -40)

    def crowd(link: int) -> int:
        x, y = space_point(scene, link)
        return sum(1 for box in boxes if math.dist((x, y), box.center) < 260)

    links = [link for link in scene.ctl.legal_spaces() if area.collidepoint(space_point(scene, link))]
    return sorted(links, key=crowd, reverse=True)[:SPACES]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_a_hovered_spaces_preview_covers_no_station_name(make_app, name: str, size: tuple[int, int]) -> None:
    app, scene = _table(make_app, name, size)
    overlay = scene.overlay
    assert overlay is not None
    boxes = _name_boxes(scene)
    panel = scene.sidebar_rect()
    spaces = _crowded_spaces(scene, boxes)
    assert spaces, "the first player has spaces to hover"
    hits, astray = {}, []
    for link in spaces:
        move(app, tuple(round(v) for v in space_point(scene, link)))  # the scene hovers the space: its preview

        def without() -> Callable[[], None]:
            overlay.tooltip = lambda *args: None  # type: ignore[method-assign]
            return lambda: delattr(overlay, "tooltip")

        covered = _covered(app, scene, without)
        assert covered.count(), f"the preview of link {link} is on screen"
        hit = _names_hit(covered, boxes)
        if hit:
            hits[link] = hit
            save_shot(app.screen, f"preview_{name}_{size[0]}x{size[1]}_{link}")
        shown = covered.get_bounding_rects()
        if not panel.contains(shown[0].unionall(shown)):
            astray.append(link)
    save_shot(app.screen, f"preview_{name}_{size[0]}x{size[1]}")
    assert not hits, f"{name} at {size}: previews cover names: {hits}"
    assert not astray, f"{name} at {size}: the previews of {astray} are not in the side panel, beside the map"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
@pytest.mark.parametrize("event", [pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED],
                         ids=["plugged", "unplugged"])
def test_the_controller_message_covers_no_station_name(make_app, name: str, size: tuple[int, int],
                                                       event: int) -> None:
    app, scene = _table(make_app, name, size)
    layer = find(app, PadLayer)
    assert layer is not None
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7, instance_id=7))
    app.step()
    if event == pygame.CONTROLLERDEVICEREMOVED:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
        app.step()
    for _ in range(6):  # the message has faded fully in
        app.step()
    assert layer.toast_time > 0
    time = layer.toast_time

    def without() -> Callable[[], None]:
        layer.toast_time = 0.0

        def put_back() -> None:
            layer.toast_time = time
        return put_back

    covered = _covered(app, scene, without)
    assert covered.count(), "the controller's message is on screen"
    hit = _names_hit(covered, _name_boxes(scene))
    save_shot(_frame(app, scene), f"pad_{name}_{size[0]}x{size[1]}_{pygame.event.event_name(event)}")
    assert hit == [], f"{name} at {size}: the controller's message covers the names at {hit}"
