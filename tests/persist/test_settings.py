"""Settings survive restarts, and no file or disk problem ever stops the game or silently loses a file."""

from __future__ import annotations

import errno
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import i18n
from game.persist import settings as settings_store
from game.persist.settings import VERSION, Settings, SettingsStore, load_settings


@pytest.fixture(autouse=True)
def _config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv(settings_store.CONFIG_ENV, str(tmp_path / "config"))
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)
    yield
    i18n.set_language("en")


def _store() -> SettingsStore:
    return load_settings()


def _write(text: str) -> Path:
    path = settings_store.config_dir() / settings_store.FILE_NAME
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_without_a_file() -> None:
    store = _store()
    assert store.settings == Settings()
    assert store.settings.show_idle_minutes == 3
    assert store.message is None
    assert not store.path.exists()


def test_first_start_speaks_the_system_language(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert _store().settings.language == "fr"
    _write(json.dumps({"version": VERSION, "language": "de"}))
    assert _store().settings.language == "de"  # a saved choice wins


def test_environment_chooses_the_folder(tmp_path: Path) -> None:
    assert settings_store.config_dir() == tmp_path / "config"


def test_update_persists_and_reloads() -> None:
    store = _store()
    store.update(language="de", volume=35, mute=True, colour_blind=True, text_scale=1.25, fullscreen=True,
                 show_idle_minutes=5)
    data = json.loads(store.path.read_text(encoding="utf-8"))
    assert data["version"] == VERSION
    again = _store()
    assert again.settings == Settings("de", 35, True, True, 1.25, True, 5)
    assert again.message is None
    assert [p.name for p in store.folder.iterdir()] == ["settings.json"]  # no temp file left behind


def test_update_refuses_bad_values_and_clamps_numbers() -> None:
    store = _store()
    with pytest.raises(ValueError):
        store.update(language="xx")
    with pytest.raises(ValueError):
        store.update(mute="yes")
    assert not store.path.exists()
    assert store.update(volume=250).volume == 100
    assert store.update(volume=-3).volume == 0
    assert store.update(text_scale=9).text_scale == settings_store.TEXT_SCALE_RANGE[1]


def test_gain_follows_volume_and_mute() -> None:
    assert Settings(volume=100).gain == 1.0
    assert Settings(volume=50).gain == pytest.approx(0.25)
    assert Settings(volume=100, mute=True).gain == 0.0


def test_corrupt_file_is_kept_and_reported() -> None:
    path = _write("{not json")
    store = _store()
    assert store.settings == Settings()
    assert store.notice is not None and store.notice.key == "settings.problem.corrupt"
    bad = path.with_name("settings.json.bad")
    assert bad.read_text(encoding="utf-8") == "{not json"
    assert str(bad) in (store.message or "")
    assert store.update(volume=10).volume == 10
    assert bad.read_text(encoding="utf-8") == "{not json"  # saving afterwards leaves the kept copy alone


def test_a_second_bad_file_does_not_replace_the_first() -> None:
    _write("first")
    _store()
    path = _write("second")
    _store()
    assert path.with_name("settings.json.bad").read_text(encoding="utf-8") == "first"
    assert path.with_name("settings.json.bad2").read_text(encoding="utf-8") == "second"


@pytest.mark.parametrize("text", ['{"volume": 10}', "[1, 2]", '{"version": "1"}', '{"version": true}', "\xff\xfe"])
def test_unversioned_or_wrong_shape_counts_as_corrupt(text: str) -> None:
    _write(text)
    store = _store()
    assert store.notice is not None and store.notice.key == "settings.problem.corrupt"
    assert store.settings == Settings()


def test_newer_version_gives_defaults_and_keeps_the_file() -> None:
    newer = json.dumps({"version": VERSION + 1, "volume": 12, "hologram": True})
    path = _write(newer)
    store = _store()
    assert store.settings == Settings()
    assert store.notice is not None and store.notice.key == "settings.problem.newer"
    assert path.with_name("settings.json.bad").read_text(encoding="utf-8") == newer


def test_bad_values_are_reset_one_by_one() -> None:
    _write(json.dumps({"version": VERSION, "volume": 300, "mute": "no", "language": "klingon",
                       "text_scale": 1.5, "show_idle_minutes": 0, "unknown": 1}))
    store = _store()
    assert store.settings.volume == 100
    assert store.settings.text_scale == 1.5
    assert store.settings.show_idle_minutes == 1
    assert store.settings.mute is False
    assert store.settings.language == "en"
    assert store.notice is not None and store.notice.key == "settings.problem.fixed"
    assert "mute" in (store.message or "") and "language" in (store.message or "")


def test_unreadable_file_is_set_aside(tmp_path: Path) -> None:
    (settings_store.config_dir() / settings_store.FILE_NAME).mkdir(parents=True)  # reading it fails
    store = _store()
    assert store.settings == Settings()
    assert store.notice is not None and store.notice.key == "settings.problem.unreadable"
    assert store.save()


def test_message_is_in_the_interface_language() -> None:
    _write("garbage")
    store = _store()
    i18n.set_language("de")
    assert "Standardwerte" in (store.message or "")
    assert store.take_message() is not None
    assert store.message is None


def test_failed_rename_is_a_message_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    store = _store()
    store.update(volume=40)

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings_store.os, "replace", full)
    assert store.update(volume=60).volume == 60  # kept for this session
    assert store.notice is not None and store.notice.key == "settings.problem.unsaved"
    assert "No space left" in (store.message or "")
    assert json.loads(store.path.read_text(encoding="utf-8"))["volume"] == 40  # the old file is intact
    assert not store.path.with_name("settings.json.tmp").exists()


def test_failed_write_is_a_message_not_a_crash(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(settings_store.os, "fsync", full)
    store = _store()
    assert store.save() is False
    assert store.notice is not None and store.notice.key == "settings.problem.unsaved"
    assert not store.path.exists()


def test_bad_file_that_cannot_be_set_aside_is_never_overwritten(monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write("{broken")

    def refuse(*_args: object) -> None:
        raise OSError(errno.EROFS, "Read-only file system")

    monkeypatch.setattr(settings_store.os, "replace", refuse)
    store = _store()
    assert store.notice is not None and store.notice.key == "settings.problem.not_kept"
    monkeypatch.undo()
    store.update(volume=5)
    assert path.read_text(encoding="utf-8") == "{broken"


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="chmod does not stop root")
def test_read_only_folder(tmp_path: Path) -> None:
    folder = settings_store.config_dir()
    folder.mkdir(parents=True)
    folder.chmod(0o500)
    try:
        store = _store()
        assert store.save() is False
        assert store.notice is not None and store.notice.key == "settings.problem.unsaved"
    finally:
        folder.chmod(0o700)


def test_folder_that_cannot_be_created(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder", encoding="utf-8")
    store = SettingsStore(blocker / "config")
    store.load()
    assert store.save() is False
    assert store.notice is not None and store.notice.key == "settings.problem.unsaved"


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # the parser's recursion limit: a RecursionError at every start, once
    '{"version": 1, "volume": ' + "[" * 50 + "]" * 50 + "}",  # parses, but deeper than settings ever are
    '{"version": 1, "volume": ' + "9" * 5000 + "}",  # more digits than Python turns into an int
    '{"version": 1, "volume": 1e999}',
    " " * (70 * 1024) + "{}",  # bigger than a settings file can be
])
def test_hostile_settings_give_defaults_and_are_kept(text: str) -> None:
    path = _write(text)
    store = _store()
    assert store.settings == Settings()
    assert store.notice is not None and store.notice.key == "settings.problem.corrupt"
    assert path.with_name("settings.json.bad").read_text(encoding="utf-8") == text
    assert store.save() and _store().notice is None  # and the next start is clean


def test_a_deeply_nested_settings_file_no_longer_stops_the_game_or_the_editor(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Both programs start through `load_settings`; the game is launched for real, one frame."""
    import subprocess
    import sys

    _write("[" * 100_000 + "]" * 100_000)
    root = Path(__file__).resolve().parents[2]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               UNDERGROUND_DATA_DIR=str(tmp_path / "data"), PYTHONPATH=str(root))
    shot = tmp_path / "shot.png"
    run = subprocess.run([sys.executable, "-m", "game", "--scene", "menu", "--frames", "2", "--size", "800x600",
                          "--screenshot", str(shot)], cwd=root, env=env, capture_output=True, text=True,
                         timeout=120, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "Traceback" not in run.stderr and shot.is_file()
    assert (settings_store.config_dir() / "settings.json.bad").is_file()

    import editor.__main__ as editor_main
    import editor.app

    _write("[" * 100_000 + "]" * 100_000)
    opened: list[object] = []

    class Window:
        def __init__(self, *args: object, **kwargs: object) -> None:
            opened.append(args)

        def run(self) -> int:
            return 0

    monkeypatch.setattr(editor.app, "EditorApp", Window)
    assert editor_main.main([]) == 0 and opened


def test_the_last_table_is_remembered_and_bad_ones_reset() -> None:
    store = _store()
    seats = (("person", "Anna"), ("hard", ""), ("person", "Ben"), ("easy", ""), ("normal", ""))
    store.update(table_board="berlin", table_players=4, table_seats=seats)
    again = _store().settings
    assert (again.table_board, again.table_players, again.table_seats) == ("berlin", 4, seats)
    with pytest.raises(ValueError):
        store.update(table_players=7)
    with pytest.raises(ValueError):
        store.update(table_seats=[["person"]])
    _write(json.dumps({"version": VERSION, "table_players": 1, "table_seats": "Anna", "table_board": "london"}))
    reset = _store()
    assert (reset.settings.table_players, reset.settings.table_seats) == (0, ())
    assert reset.settings.table_board == "london"
    assert "table_seats" in (reset.message or "")
