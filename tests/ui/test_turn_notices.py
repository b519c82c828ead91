"""The turn's banner ("Ben's turn") and an illegal click's reason hide no station name (a fresh player saw
both sit over the map and cover names for a moment), on every shipped board at 1920×1080 and 1280×720.

What a notice covers is found by drawing the same frame twice, with and without it: every pixel that differs
is the notice's doing, whatever it looks like and wherever it is drawn. None may fall in a station name's box
as the board view draws it (its lines and its feature badges, at the name scale of the zoom shown).
"""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game.ui.app import App
from game.ui.board.labels import name_scale
from game.ui.overlays.coach import Hints
from game.ui.scenes.play import PlayScene
from tests.ui.driver import click, key, open_table, run_until, save_shot, settle, space_point, without_value

SHIPPED = ["london", "london_classic", "berlin", "newyork"]
SIZES = [(1920, 1080), (1280, 720)]


def _table(make_app, name: str, size: tuple[int, int]) -> tuple[App, PlayScene]:
    Hints().mark_seen()
    return open_table(make_app, name, f"{size[0]}x{size[1]}", seed=5, frames=1)


def _name_boxes(scene: PlayScene) -> list[pygame.Rect]:
    """Every station name's lines and badges on screen, as the view draws them now (a pixel of halo round)."""
    view = scene.view
    assert view is not None
    camera = view.camera
    scale = name_scale(view.board.label_px, camera.scale)
    area = pygame.Rect(*(round(v) for v in camera.view))
    boxes = []
    for index in view.names.stations():
        setting = view.names.setting(index, scale)
        for x, y, w, h in [box for _, box in setting.lines] + list(setting.badges):
            left, top = camera.to_screen((x, y))
            box = pygame.Rect(round(left), round(top), round(w * camera.scale), round(h * camera.scale))
            box = box.inflate(2, 2).clip(area)
            if box.width and box.height:
                boxes.append(box)
    return boxes


def _covered(app: App, scene: PlayScene, without: Callable[[], Callable[[], None]]) -> pygame.Mask:
    """The pixels a notice changes: this frame drawn as it is, and again with the notice taken away
    (`without` takes it away and returns what puts it back)."""
    shown = pygame.Surface(app.size)
    scene.draw(shown)
    bare = pygame.Surface(app.size)
    put_back = without()
    scene.draw(bare)
    put_back()
    difference = shown.copy()
    difference.blit(bare, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    other_way = bare.copy()
    other_way.blit(shown, (0, 0), special_flags=pygame.BLEND_RGB_SUB)
    difference.blit(other_way, (0, 0), special_flags=pygame.BLEND_RGB_ADD)
    changed = pygame.mask.from_threshold(difference, (0, 0, 0, 255), (1, 1, 1, 255))  # the same pixels, first
    changed.invert()
    return changed


def _names_hit(covered: pygame.Mask, boxes: list[pygame.Rect]) -> list[pygame.Rect]:
    return [box for box in boxes if covered.overlap_area(pygame.Mask(box.size, fill=True), box.topleft)]


def _paper_point(scene: PlayScene) -> tuple[int, int]:
    """A point on the map with no track space in reach: a click there is refused."""
    assert scene.overlay is not None
    x, y, w, h = (round(v) for v in scene.board_rect())
    for py in range(y + h - 6, y, -17):
        for px in range(x + 6, x + w, 23):
            if scene.overlay.pick_link((px, py)) is None:
                return (px, py)
    raise AssertionError("no bare paper on the map")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_an_illegal_clicks_reason_covers_no_station_name(make_app, name: str, size: tuple[int, int]) -> None:
    app, scene = _table(make_app, name, size)
    ctl = scene.ctl
    click(app, _paper_point(scene))
    app.step()
    assert ctl.message  # "That is not a track space", still up
    covered = _covered(app, scene, without_value(ctl, "message", ""))
    assert covered.count(), "the reason is on screen"
    hit = _names_hit(covered, _name_boxes(scene))
    save_shot(app.screen, f"reason_{name}_{size[0]}x{size[1]}")
    assert hit == [], f"{name} at {size}: the reason covers the names at {hit}"


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", SHIPPED)
def test_the_turn_banner_covers_no_station_name(make_app, name: str, size: tuple[int, int]) -> None:
    app, scene = _table(make_app, name, size)
    ctl = scene.ctl
    for _ in range(20):  # Anna plays her turn with the mouse (and Enter for the passenger) until it is Ben's
        if ctl.state.current != 0:
            break
        settle(app, scene)
        if ctl.state.phase == "passenger":
            key(app, pygame.K_RETURN)
            continue
        for line in ctl.state.players[0].lines:
            ctl.select_line(line)
            if ctl.legal_spaces():
                break
        if ctl.legal_spaces():
            click(app, space_point(scene, min(ctl.legal_spaces())))
        else:
            key(app, pygame.K_b)
    run_until(app, lambda: any(e.progress > 0.4 for e in ctl.queue.of_kind("banner")))
    banner = ctl.queue.of_kind("banner")[-1]
    assert banner.data["seat"] == 1 and not ctl.route_options()

    def without() -> Callable[[], None]:
        ctl.queue.effects.remove(banner)
        return lambda: ctl.queue.effects.append(banner)

    covered = _covered(app, scene, without)
    assert covered.count(), "the banner is on screen"
    hit = _names_hit(covered, _name_boxes(scene))
    save_shot(app.screen, f"banner_{name}_{size[0]}x{size[1]}")
    assert hit == [], f"{name} at {size}: the banner covers the names at {hit}"
