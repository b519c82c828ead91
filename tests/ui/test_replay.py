"""Replays, driven by real keys and clicks: "Watch the replay" on the end screen plays the whole game again
to the same final scores, with pause, step and the three speeds; Esc goes back; show mode --replay FILE
plays a saved game over and over; a save that cannot be watched gets one clear sentence, no traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pygame
import pytest

from game.__main__ import main
from game.board.model import Board
from game.rules.observation import observe
from game.ui.app import App
from game.ui.replay.scene import ReplayScene
from game.ui.replay.script import ReplayError, ReplayScript
from game.ui.scenes.end import EndScene
from game.ui.scenes.show import SHOW_OVER_PAUSE, ShowScene
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup, Seat
from tests.ui.driver import DT, click, key, run_until, save_shot

SIZE = "1200x800"


def finished_game(board: Board, board_file: Path, seed: int = 5, stop_after: int | None = None) -> GameSession:
    """A game between computers, with one placement taken back (an undo must not end up in the record)."""
    setup = GameSetup(str(board_file), [Seat("greedy", "Anna"), Seat("easy", "Ben"), Seat("person", "Chloé")], seed)
    session = GameSession(board, setup, None, seed)
    undone = False
    while session.state.phase != "over" and (stop_after is None or len(session.state.log) < stop_after):
        state = session.state
        if not undone and state.turn == 2 and state.phase == "actions":
            placement = next(a for a, _ in state.legal_placements())
            session.apply(placement)
            assert session.undo()
            undone = True
        seat = state.current
        bot = session.bots.get(seat) or session.bots[0]
        session.apply(bot.choose(observe(state)))
    assert undone
    return session


@pytest.fixture
def end_screen(make_app, board: Board, board_file: Path) -> tuple[App, GameSession]:
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.fixed_dt = DT
    session = finished_game(board, board_file)
    app.replace(EndScene(app, session))
    app.step()
    return app, session


def open_replay(app: App) -> ReplayScene:
    end = app.scene
    assert isinstance(end, EndScene)
    click(app, next(s for s in end.spots if s.kind == "replay").rect.center)
    replay = app.scene
    assert isinstance(replay, ReplayScene)
    return replay


def control(replay: ReplayScene, kind: str, value: object = None) -> tuple[int, int]:
    return next(s for s in replay.spots if s.kind == kind and (value is None or s.value == value)).rect.center


def test_the_replay_plays_the_whole_game_to_the_same_scores(end_screen) -> None:
    app, session = end_screen
    replay = open_replay(app)
    assert replay.done == 0 and replay.script.length == len(session.state.log)
    for _ in range(int(3 / DT)):
        app.step()
    assert 0 < replay.done < replay.script.length  # it plays by itself, at the pace of a game
    save_shot(app.screen, "replay_mid_game")
    click(app, control(replay, "speed", 16))
    assert replay.speed == 16
    run_until(app, lambda: replay.finished, 20000)
    state = replay.ctl.state
    assert [p.points for p in state.players] == [p.points for p in session.state.players]
    assert state.phase == "over" and state.winners == session.state.winners
    assert state.log == session.state.log


def test_pause_step_and_speeds(end_screen) -> None:
    app, session = end_screen
    replay = open_replay(app)
    key(app, pygame.K_SPACE)
    assert replay.paused
    done = replay.done
    for _ in range(int(5 / DT)):
        app.step()
    assert replay.done == done  # paused: nothing new happens
    key(app, pygame.K_s)
    assert replay.done == done + 1 and replay.paused
    assert replay.ctl.state.log[-1] == session.state.log[done]
    click(app, control(replay, "step"))
    assert replay.done == done + 2
    click(app, control(replay, "pause"))  # the button plays on
    assert not replay.paused
    key(app, pygame.K_x)
    assert replay.speed == 4
    key(app, pygame.K_x)
    assert replay.speed == 16
    key(app, pygame.K_1)
    assert replay.speed == 1


def test_fast_forward_gets_further_in_the_same_time(end_screen) -> None:
    app, _ = end_screen
    replay = open_replay(app)
    for _ in range(int(4 / DT)):
        app.step()
    slow = replay.done
    replay.restart()
    click(app, control(replay, "speed", 4))
    for _ in range(int(4 / DT)):
        app.step()
    assert replay.done > slow


def test_esc_goes_back_to_the_end_screen_of_the_same_game(end_screen) -> None:
    app, session = end_screen
    open_replay(app)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, EndScene) and app.scene.session is session
    key(app, pygame.K_r)  # R opens it too
    assert isinstance(app.scene, ReplayScene)
    click(app, control(app.scene, "back"))
    assert isinstance(app.scene, EndScene)


def test_the_replay_never_touches_the_autosave(end_screen) -> None:
    from game.persist import saves

    app, _ = end_screen
    replay = open_replay(app)
    replay.speed = 16
    for _ in range(200):
        app.step()
    assert not saves.has_autosave()


# ----- show mode --replay -----


def write_save(path: Path, session: GameSession) -> Path:
    path.write_text(json.dumps(session.to_save()), encoding="utf-8")
    return path


def test_show_mode_plays_a_saved_game_back_and_loops(make_app, board: Board, board_file: Path,
                                                      tmp_path: Path) -> None:
    session = finished_game(board, board_file, seed=8, stop_after=40)  # an autosave of a game under way
    save = write_save(tmp_path / "game.json", session)
    app = make_app(["--replay", str(save), "--size", SIZE])
    app.fixed_dt = DT
    app.step()
    show = app.scene
    assert isinstance(show, ShowScene) and show.script is not None
    assert show.caption().startswith("Replay")
    run_until(app, lambda: len(show.ctl.state.log) >= 10, 5000)
    assert show.ctl.state.log == session.state.log[: len(show.ctl.state.log)]  # the saved game, not a new one
    save_shot(app.screen, "show_replay")
    run_until(app, lambda: show.games == 2, 40000)
    assert show.ctl.state.log == []  # from the start again
    assert show.ctl.over_time < SHOW_OVER_PAUSE


def test_a_version_2_save_still_replays(board: Board, board_file: Path, tmp_path: Path) -> None:
    session = finished_game(board, board_file, stop_after=30)
    data = session.to_save()
    data["version"] = 2
    data["log"] = [{**{k: v for k, v in e.items() if k != "words"}, "text": "an old line"} for e in data["log"]]
    path = tmp_path / "old.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert ReplayScript.read(path).actions == tuple(session.state.log)


@pytest.mark.parametrize("content, words", [
    ("{not json", "Cannot replay bad.json"),
    (json.dumps({"version": 99, "state": {}}), "newer version"),
    (json.dumps({"version": 3, "engine": 1, "setup": {}, "state": {}}), "damaged"),
])
def test_a_save_that_cannot_be_watched_gets_one_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                         content: str, words: str) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    with pytest.raises(ReplayError, match=re.escape(words)):
        ReplayScript.read(bad)
    assert main(["--replay", str(bad), "--size", SIZE]) == 2  # no window, no traceback
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_missing_file_and_an_empty_game(tmp_path: Path, board: Board, board_file: Path) -> None:
    with pytest.raises(ReplayError, match=re.escape("Cannot replay nowhere.json")):
        ReplayScript.read(tmp_path / "nowhere.json")
    fresh = GameSession(board, GameSetup(str(board_file), [Seat("person", "A"), Seat("person", "B")], 1), None, 1)
    with pytest.raises(ReplayError, match="nobody has moved"):
        ReplayScript.read(write_save(tmp_path / "fresh.json", fresh))


def test_a_broken_replay_in_the_window_falls_back_to_the_show_and_says_why(make_app, board_file: Path,
                                                                          tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("[]", encoding="utf-8")
    app = make_app(["--scene", "menu", "--board", str(board_file), "--size", SIZE])
    app.router.go("show", board=str(board_file), players=2, replay=bad)
    show = app.scene
    assert isinstance(show, ShowScene) and show.script is None
    assert "Cannot replay bad.json" in show.ctl.message


def test_the_script_is_the_record(board: Board, board_file: Path) -> None:
    session = finished_game(board, board_file)
    script = ReplayScript.of(session)
    assert script.final_points() == [p.points for p in session.state.players]
    assert script.length == len(session.state.log) and script.seed == session.state.seed
