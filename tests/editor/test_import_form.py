"""The import form (Ctrl+I) as a designer meets it: an example area of the chosen city, Esc to close it."""

from __future__ import annotations

import pygame

from editor.importing.network_data import EXAMPLE_AREAS
from tests.editor.driver import Driver


def test_the_area_example_follows_the_chosen_city(driver: Driver) -> None:
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None and form.alive
    assert form.area.placeholder_text == EXAMPLE_AREAS["london"]
    driver.choose(form.city, "berlin")
    assert form.area.placeholder_text == EXAMPLE_AREAS["berlin"]
    assert form.alive


def test_esc_closes_the_import_form_and_imports_nothing(driver: Driver) -> None:
    before = driver.app.doc.to_bytes()
    driver.ctrl(pygame.K_i)
    form = driver.app.dialogs.import_form
    assert form is not None and form.alive
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert not form.alive and not driver.app.dialogs.open
    assert driver.app.doc.to_bytes() == before
    driver.tool("s")  # the editor takes keys again
    assert driver.app.tool.name == "station"


def test_esc_closes_a_confirmation_without_its_answer(driver: Driver) -> None:
    answered: list[bool] = []
    dialog = driver.app.dialogs.confirm("Title", "Sure?", "OK", lambda: answered.append(True))
    driver.frames(1)
    driver.key(pygame.K_ESCAPE)
    driver.frames(2)
    assert not dialog.alive() and answered == [] and not driver.app.dialogs.open
