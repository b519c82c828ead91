"""Build a whole board from an empty map with mouse and keyboard, save it, reopen it, compile it, play it."""

from __future__ import annotations

import random
from pathlib import Path

import pygame
from pygame_gui.elements import UICheckBox, UIDropDownMenu

from editor.document import Document
from game.rules.state import new_game
from tests.editor.driver import Driver

STATIONS = {
    "Harbour": (320, 320),
    "Market": (640, 320),
    "Castle": (960, 480),
    "Mill Lane": (640, 640),
    "Old Town": (1280, 480),
    "Riverside": (1280, 800),
}
WATER = (1120, 480)
LINKS = [("Harbour", "Market"), ("Market", "Castle"), ("Market", "Mill Lane"), ("Old Town", "Riverside")]
DESTINATIONS = {"Market": "standard", "Mill Lane": "standard", "Old Town": "standard", "Riverside": "standard",
                "Castle": "express"}


def build(d: Driver, crossing: bool = True) -> None:
    """Everything a designer does for a small board, through posted events only; without `crossing`, Castle
    and Old Town are joined by one link straight over the water, with no water symbol."""
    for name, p in STATIONS.items():
        d.station(p, name)
    if crossing:
        d.tool("w")
        d.click(WATER)
    d.tool("l")
    for a, b in LINKS:
        d.drag(STATIONS[a], STATIONS[b])
    if crossing:
        d.drag(STATIONS["Castle"], WATER)  # the water crossing: Castle ~ Old Town over a water symbol
        d.drag(WATER, STATIONS["Old Town"])
    else:
        d.drag(STATIONS["Castle"], STATIONS["Old Town"])
    d.tool("c")
    for p in [(256, 256), (720, 256), (720, 400), (256, 400)]:
        d.click(p)
    d.key(pygame.K_RETURN, "\r")
    d.tool("r")
    for p in [(1088, 96), (1152, 96), (1152, 1200), (1088, 1200)]:
        d.click(p)
    d.key(pygame.K_RETURN, "\r")
    d.tool("v")
    for name, kind in DESTINATIONS.items():
        d.click(STATIONS[name])
        menu = next(w for w in d.app.panel.widgets
                    if isinstance(w, UIDropDownMenu) and "express" in [o[0] for o in w.options_list])
        d.choose(menu, kind)
    d.click(STATIONS["Castle"])
    railway = next(w for w in d.app.panel.widgets if isinstance(w, UICheckBox) and w.text == "Railway station")
    d.click_element(railway)
    d.click(STATIONS["Harbour"])
    d.click(((STATIONS["Harbour"][0] + STATIONS["Market"][0]) / 2, 320))  # select the first link
    d.key(pygame.K_2, "2")


def test_build_save_reopen_compile(driver: Driver, tmp_path: Path) -> None:
    from game.board.tmx.compiler import compile_tmx

    build(driver)
    doc = driver.app.doc
    assert sorted(o.name for o in doc.of_kind("station")) == sorted(STATIONS)
    assert len(doc.of_kind("link")) == 6
    assert len(doc.of_kind("cluster")) == 1 and len(doc.of_kind("water")) == 1
    driver.ctrl(pygame.K_s)
    path = tmp_path / "board.tmx"
    assert path.is_file() and not doc.dirty

    reopened = Document.load(path)
    stations = {o.name: o for o in reopened.of_kind("station")}
    assert stations["Castle"].props["destination"] == "express" and stations["Castle"].flag("railway")
    assert stations["Harbour"].flag("start")
    result = compile_tmx(path)
    assert result.errors == [], [str(p) for p in result.errors]
    board = result.board
    assert board is not None
    assert sum(1 for n in board.nodes if n.is_station) == 6
    assert sum(1 for n in board.nodes if n.water) == 1
    assert len(board.links) == 6 and len(board.clusters) == 1
    harbour_market = board.link("Harbour", "Market")
    assert harbour_market.spaces == 2
    cluster = board.clusters[0]
    assert {board.nodes[i].name for i in cluster.stations} == {"Harbour", "Market"}


def test_play_a_computer_game_on_the_built_board(driver: Driver) -> None:
    build(driver)
    driver.app.watcher.refresh(force=True)
    board = driver.app.watcher.report.board
    assert board is not None, driver.app.watcher.lines()
    state = new_game(board, players=2, seed=1)
    rng = random.Random(1)
    for _ in range(20000):
        if state.phase == "over":
            break
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase == "over"


def test_status_and_title_show_unsaved_marker(driver: Driver) -> None:
    driver.station((320, 320), "Alpha")
    assert driver.app.doc.dirty
    driver.frames(1)
    assert pygame.display.get_caption()[0].startswith("*board.tmx")
    driver.ctrl(pygame.K_s)
    driver.frames(1)
    assert pygame.display.get_caption()[0].startswith("board.tmx")
