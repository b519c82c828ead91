"""Save problems as the player meets them, driven by real events: a damaged or newer save gets a message in
the menu beside Continue, which resumes the previous good save; a full or read-only disk during play gets
a message at the foot of the board while the game goes on."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import files
from game.persist import saves
from game.ui import style
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.conftest import click as gui_click
from tests.ui.driver import DT, click, key, settle, space_point

SIZE = "1200x800"


def _table(make_app, board_file: Path) -> tuple[App, PlayScene]:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("person", "Ben")], 4))
    app.replace(scene)
    app.step()
    return app, scene


def _place(app: App, scene: PlayScene) -> None:
    """Lay the selected line on its first legal space, with a click."""
    before = len(scene.ctl.state.log)
    click(app, space_point(scene, sorted(scene.ctl.legal_spaces())[0]))
    assert len(scene.ctl.state.log) == before + 1


def _two_actions_then_quit(make_app, board_file: Path) -> list[dict]:
    """Play two actions (a track, a branch token), close the window; the states after each action."""
    app, scene = _table(make_app, board_file)
    _place(app, scene)
    states = [scene.ctl.state.to_json()]
    key(app, pygame.K_b)
    states.append(scene.ctl.state.to_json())
    assert len(scene.ctl.state.log) == 2
    pygame.quit()
    return states


def _menu(make_app, board_file: Path) -> tuple[App, MenuScene]:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.step()
    assert isinstance(app.scene, MenuScene)
    return app, app.scene


def _shown_problem(app: App, menu: MenuScene) -> str:
    """The text of the save message as the UI element holds it; it must be visible on the screen."""
    box = menu.widgets["save_problem"]
    assert box.visible and app.screen.get_rect().contains(box.rect)
    return box.html_text


def test_a_damaged_save_is_reported_in_the_menu_and_continue_resumes_the_one_before(
        make_app, board_file: Path) -> None:
    states = _two_actions_then_quit(make_app, board_file)
    damaged = saves.autosave_path().read_bytes()[:200]  # cut short, as by a crash of the disk
    saves.autosave_path().write_bytes(damaged)

    app, menu = _menu(make_app, board_file)
    shown = _shown_problem(app, menu)
    assert "The last saved game was damaged; it was kept as autosave.json.bad." in shown
    assert "Continue resumes the save before it." in shown
    assert (saves.data_dir() / "autosave.json.bad").read_bytes() == damaged
    assert "autosave.json" in saves.log_path().read_text(encoding="utf-8")

    assert menu.widgets["continue"].is_enabled
    gui_click(app, menu.widgets["continue"].rect.center)
    resumed = app.scene
    assert isinstance(resumed, PlayScene)
    assert resumed.ctl.state.to_json() == states[0]  # the previous good save: after the first action


def test_a_save_from_a_newer_version_is_kept_and_the_one_before_continues(make_app, board_file: Path) -> None:
    states = _two_actions_then_quit(make_app, board_file)
    newer = json.loads(saves.autosave_path().read_text(encoding="utf-8"))
    newer["version"] = saves.SAVE_VERSION + 1
    saves.autosave_path().write_text(json.dumps(newer), encoding="utf-8")

    app, menu = _menu(make_app, board_file)
    assert "from a newer version of Underground" in _shown_problem(app, menu)
    gui_click(app, menu.widgets["continue"].rect.center)
    assert isinstance(app.scene, PlayScene) and app.scene.ctl.state.to_json() == states[0]
    assert json.loads((saves.data_dir() / "autosave.json.bad").read_text(encoding="utf-8")) == newer


def test_with_no_good_save_left_continue_is_off_and_the_menu_says_why(make_app, board_file: Path) -> None:
    _two_actions_then_quit(make_app, board_file)
    for path in saves.save_paths():
        if path.exists():
            path.write_bytes(b"\x00" * 64)
    app, menu = _menu(make_app, board_file)
    assert "There is no earlier save to continue." in _shown_problem(app, menu)
    assert not menu.widgets["continue"].is_enabled


def test_a_good_save_gives_no_message(make_app, board_file: Path) -> None:
    _two_actions_then_quit(make_app, board_file)
    _app, menu = _menu(make_app, board_file)
    assert "save_problem" not in menu.widgets and menu.widgets["continue"].is_enabled


def _toast_shown(app: App, scene: PlayScene) -> bool:
    """The message's red plate is drawn in the side panel (beside the map, where it hides no name): its colour
    just inside its left edge."""
    plate = scene.sidebar.message_rect(scene.sidebar_rect())
    return plate is not None and tuple(app.screen.get_at((plate.x + 3, plate.centery)))[:3] == tuple(style.RAIL)[:3]


def _no_space(*_: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _read_only(*_: object, **__: object) -> None:
    raise PermissionError(errno.EACCES, "Permission denied")


@pytest.mark.parametrize(("target", "name", "fake", "message"), [
    (os, "fsync", _no_space, "Could not save the game: disk full"),
    (files, "open", _read_only, "Could not save the game: the folder is read-only"),
    (os, "replace", _read_only, "Could not save the game: the folder is read-only"),
])
def test_a_full_or_read_only_disk_during_play_is_a_message_not_a_crash(
        make_app, board_file: Path, monkeypatch: pytest.MonkeyPatch, target: object, name: str, fake: object,
        message: str) -> None:
    app, scene = _table(make_app, board_file)
    _place(app, scene)
    good = {path.name: path.read_bytes() for path in saves.save_paths() if path.exists()}
    with monkeypatch.context() as patch:
        patch.setattr(target, name, fake, raising=False)
        _place(app, scene)  # the game goes on
        assert scene.ctl.message == message
        app.step()
        assert scene.ctl.message == message  # still up on the next frame, on its plate:
        assert _toast_shown(app, scene)
        key(app, pygame.K_b)
        assert len(scene.ctl.state.log) == 3 and scene.ctl.message == message
    after = {path.name: path.read_bytes() for path in saves.save_paths() if path.exists()}
    assert good.items() <= after.items()  # the last good save (and any before it) untouched
    settle(app, scene)
    key(app, pygame.K_1)  # the disk has room again: the passenger's move is saved, the message goes
    assert not scene.ctl.message and not _toast_shown(app, scene)
    assert len(json.loads(saves.autosave_path().read_text(encoding="utf-8"))["state"]["log"]) == 4


# ----- saves with the right types and impossible values -----


IMPOSSIBLE: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "seat 5 of 2": (lambda d: d["state"].__setitem__("current", 5), "save.problem.corrupt"),
    "the passenger on node 9999": (lambda d: d["state"].__setitem__("passenger", 9999), "save.problem.corrupt"),
    "a card for a station that does not exist": (
        lambda d: d["state"]["face_up"].__setitem__(0, [9999, "standard"]), "save.problem.corrupt"),
    "tokens that do not add up": (
        lambda d: d["state"]["lines"]["red"].__setitem__("tokens_left", 3), "save.problem.corrupt"),
    "a log line lighting link 9999": (lambda d: d["log"][0].__setitem__("links", [9999]), "save.problem.corrupt"),
    "a board that is not installed": (lambda d: d["setup"].__setitem__("board", "atlantis"), "save.problem.board"),
}


@pytest.mark.parametrize("name", list(IMPOSSIBLE))
def test_a_save_with_impossible_values_is_set_aside_and_continue_is_off(
        make_app, board_file: Path, name: str) -> None:
    """Each of these passed the old check, was offered by Continue and crashed it, at every start."""
    _two_actions_then_quit(make_app, board_file)
    for backup in saves.save_paths()[1:]:
        backup.unlink(missing_ok=True)
    data = json.loads(saves.autosave_path().read_text(encoding="utf-8"))
    change, key = IMPOSSIBLE[name]
    change(data)
    saves.autosave_path().write_text(json.dumps(data), encoding="utf-8")

    app, menu = _menu(make_app, board_file)
    assert menu.saved.problems[0].key == key
    shown = _shown_problem(app, menu)
    assert "autosave.json.bad" in shown and "There is no earlier save to continue." in shown
    assert not menu.widgets["continue"].is_enabled
    gui_click(app, menu.widgets["continue"].rect.center)  # a click on the disabled button does nothing
    assert app.scene is menu
    assert json.loads((saves.data_dir() / "autosave.json.bad").read_text(encoding="utf-8")) == data
    assert not saves.autosave_path().exists()
    _app, again = _menu(make_app, board_file)  # and the next start is clean: nothing offered, nothing said
    assert again.saved.data is None and not again.saved.problems


def test_an_impossible_save_falls_back_to_the_one_before_which_plays_on(make_app, board_file: Path) -> None:
    states = _two_actions_then_quit(make_app, board_file)
    data = json.loads(saves.autosave_path().read_text(encoding="utf-8"))
    data["state"]["current"] = 5
    saves.autosave_path().write_text(json.dumps(data), encoding="utf-8")
    app, menu = _menu(make_app, board_file)
    gui_click(app, menu.widgets["continue"].rect.center)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.ctl.state.to_json() == states[0]
    key(app, pygame.K_b)  # and it plays on
    assert len(scene.ctl.state.log) == 2


# ----- the message can be read -----


def _luminance(colour: tuple[int, ...]) -> float:
    """WCAG 2 relative luminance of an sRGB colour."""
    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, ...], b: tuple[int, ...]) -> float:
    """WCAG 2 contrast ratio, 1 to 21."""
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def drawn_contrast(surface: pygame.Surface, rect: pygame.Rect) -> float:
    """The contrast between the commonest colour inside `rect` (the background) and the colour farthest
    from it in luminance among those covering at least 0.5% of it (the letters' core, not their
    anti-aliased edges)."""
    from collections import Counter

    inner = rect.inflate(-8, -8).clip(surface.get_rect())
    counts = Counter(tuple(surface.get_at((x, y)))[:3] for x in range(inner.left, inner.right)
                     for y in range(inner.top, inner.bottom))
    background = counts.most_common(1)[0][0]
    total = sum(counts.values())
    text = [colour for colour, n in counts.items() if n >= total * 0.005 and colour != background]
    assert text, "no text drawn"
    return max(contrast(background, colour) for colour in text)


def test_the_save_message_is_drawn_readably(make_app, board_file: Path) -> None:
    _two_actions_then_quit(make_app, board_file)
    saves.autosave_path().write_bytes(b"{")
    app, menu = _menu(make_app, board_file)
    app.step()
    ratio = drawn_contrast(app.screen, menu.widgets["save_problem"].rect)
    assert ratio >= 4.5, f"the message is drawn at a contrast of {ratio:.2f}:1"


def test_the_contrast_measure_can_fail() -> None:
    assert contrast((250, 248, 242), (244, 240, 231)) < 1.1  # the old near-white on cream
    assert contrast((0, 0, 0), (255, 255, 255)) == pytest.approx(21)
