"""Sound through the animations: a placement is heard (place, then score if it paid), nothing when muted,
a refused click says no, buttons click. `Audio.played` lists what was actually sent to the mixer."""

from __future__ import annotations

from pathlib import Path

import pytest

from game.rules.actions import PlaceTrack
from game.ui.app import App
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat
from tests.ui.conftest import click as gui_click
from tests.ui.driver import DT, click, settle, space_point


@pytest.fixture
def table(make_app, board_file: Path):
    def factory(mute: bool) -> tuple[App, PlayScene]:
        app = make_app(["--scene", "menu", "--board", str(board_file), "--size", "1200x800"])
        if not app.audio.enabled:
            pytest.skip("no audio mixer, not even SDL's dummy driver")
        app.fixed_dt = DT
        app.apply_settings(mute=mute, volume=80)
        scene = PlayScene(app, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("person", "Ben")], 4))
        app.replace(scene)
        app.step()
        app.audio.played.clear()
        return app, scene

    return factory


def test_a_placement_is_heard(table) -> None:
    app, scene = table(mute=False)
    link = sorted(scene.ctl.legal_spaces())[0]
    click(app, space_point(scene, link))
    settle(app, scene)
    assert scene.ctl.state.tracks[link], "the click placed a track"
    assert "place" in app.audio.played
    assert "illegal" not in app.audio.played


def test_nothing_is_heard_when_muted(table) -> None:
    app, scene = table(mute=True)
    link = sorted(scene.ctl.legal_spaces())[0]
    click(app, space_point(scene, link))
    settle(app, scene)
    assert scene.ctl.state.tracks[link]
    assert list(app.audio.played) == []


def test_mute_and_volume_apply_live(table) -> None:
    app, _ = table(mute=False)
    app.apply_settings(mute=True)
    assert not app.audio.play("place")
    app.apply_settings(mute=False, volume=0)
    assert not app.audio.play("place")
    app.apply_settings(volume=60)
    assert app.audio.play("place")


def test_a_refused_click_says_no(table) -> None:
    app, scene = table(mute=False)
    ctl = scene.ctl
    line = ctl.selected
    click(app, space_point(scene, sorted(ctl.legal_spaces())[0]))  # the first track: the next must join it
    settle(app, scene)
    app.audio.played.clear()
    far = next(link for link in range(len(scene.board.links))
               if ctl.state.why_illegal(PlaceTrack(line, link)) is not None and ctl.state.tracks[link] == [])
    click(app, space_point(scene, far))
    assert list(app.audio.played) == ["illegal"]


def test_menu_buttons_click(make_app, board_file: Path) -> None:
    app = make_app(["--scene", "menu", "--board", str(board_file)])
    if not app.audio.enabled:
        pytest.skip("no audio mixer")
    app.step()
    gui_click(app, app.scene.count_buttons[4].rect.center)
    assert "click" in app.audio.played
