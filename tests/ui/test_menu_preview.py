"""The menu's board preview card after the text size changes in the settings: the map is framed again to
the card's new place, so the card keeps its rounded corners and its shadow lines up (the map used to keep
the old size's frame and paint square paper past the card's edge)."""

from __future__ import annotations

import pygame
import pytest

from game.ui import style
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.settings import SettingsScene
from tests.ui.conftest import click
from tests.ui.driver import save_shot


@pytest.mark.parametrize("scale", [1.5, 1.25])
def test_the_preview_card_fits_its_new_place_after_a_new_text_size(make_app, scale: float) -> None:
    app = make_app(["--scene", "menu", "--board", "london", "--size", "1920x1080"])
    app.step()
    menu = app.scene
    assert isinstance(menu, MenuScene)
    click(app, menu.widgets["settings"].rect.center)
    settings = app.scene
    assert isinstance(settings, SettingsScene)
    click(app, settings.sizes[scale].rect.center)
    click(app, settings.widgets["back"].rect.center)
    assert app.scene is menu and style.text_scale() == scale
    app.step()
    save_shot(app.screen, f"menu_preview_{round(scale * 100)}")
    card = pygame.Rect(*(round(v) for v in menu.preview_rect()))
    screen = app.screen
    backdrop = style.PAPER_DARK[:3]
    for corner in (card.topleft, (card.right - 1, card.top), (card.left, card.bottom - 1),
                   (card.right - 1, card.bottom - 1)):
        assert screen.get_at(corner)[:3] == backdrop, f"the card's corner {corner} is not rounded"
    for outside in ((card.right + 3, card.centery), (card.right + 3, card.top + 10), (card.centerx, card.top - 3)):
        assert screen.get_at(outside)[:3] == backdrop, f"paper outside the card at {outside}"
    shadow = (card.centerx, card.bottom + 2)
    assert screen.get_at(shadow)[:3] == style.mix(style.PAPER_DARK, style.INK, 0.12)[:3]
