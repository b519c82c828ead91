"""The autosave files: rotation of the earlier saves, bad files set aside (never overwritten), disk errors
reported instead of raised, versions and the log. The screens' side is in test_saves_screen.py."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any

import pytest

from game import files
from game.board.model import Board
from game.persist import saves
from game.rules.observation import observe
from game.rules.state import STATE_VERSION
from game.ui.table.session import SAVE_VERSION, GameSession, migrate, read_saved_game
from game.ui.table.setup import GameSetup, Seat


def _save(n: int) -> dict[str, Any]:
    return {"version": SAVE_VERSION, "n": n}


def _read(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def _files() -> dict[str, bytes]:
    folder = saves.data_dir()
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())} if folder.is_dir() else {}


def test_the_current_save_and_three_earlier_ones_are_kept() -> None:
    for n in range(1, 7):
        assert saves.write_autosave(_save(n)) is None
    assert [_read(p)["n"] for p in saves.save_paths()] == [6, 5, 4, 3]
    assert sorted(_files()) == ["autosave.json", "autosave.json.bak", "autosave.json.bak2", "autosave.json.bak3"]


def test_the_previous_save_is_linked_not_copied_so_the_current_one_never_goes_missing() -> None:
    saves.write_autosave(_save(1))
    before = os.stat(saves.autosave_path()).st_ino
    saves.write_autosave(_save(2))
    assert os.stat(saves.backup_path()).st_ino == before  # the old file itself became .bak


def test_without_hard_links_the_previous_save_is_copied(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_links(*_: object) -> None:
        raise OSError(errno.EPERM, "Operation not permitted")

    monkeypatch.setattr(os, "link", no_links)
    for n in range(1, 4):
        assert saves.write_autosave(_save(n)) is None
    assert [_read(p)["n"] for p in saves.save_paths()[:3]] == [3, 2, 1]
    assert not any(name.endswith(".tmp") for name in _files())


def test_continue_falls_back_to_the_previous_save_and_keeps_the_damaged_one() -> None:
    for n in (1, 2):
        saves.write_autosave(_save(n))
    saves.autosave_path().write_bytes(b'{"version": 2, "n": 2, "st')  # truncated
    found = saves.read_saves()
    assert found.data == _save(1) and found.path == saves.backup_path()
    bad = saves.data_dir() / "autosave.json.bad"
    assert bad.read_bytes() == b'{"version": 2, "n": 2, "st'
    assert found.message == ("The last saved game was damaged; it was kept as autosave.json.bad. "
                             "Continue resumes the save before it.")


@pytest.mark.parametrize("content", [b"", b"\x00\x00\x00", b"[1, 2]", b"\xff\xfe{", b'{"version": "two"}'])
def test_anything_unreadable_is_set_aside(content: bytes) -> None:
    saves.write_autosave(_save(1))
    saves.write_autosave(_save(2))
    saves.autosave_path().write_bytes(content)
    found = read_saved_game() if content == b'{"version": "two"}' else saves.read_saves()
    assert found.problems and (saves.data_dir() / "autosave.json.bad").read_bytes() == content


@pytest.mark.parametrize("content", [
    b'{"version": 3, "state": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",  # the parser's recursion limit
    b'{"version": 3, "state": ' + b"[" * 60 + b"]" * 60 + b"}",  # parses, but deeper than any save
    b'{"version": 3, "seed": ' + b"1" * 5000 + b"}",  # more digits than Python turns into an int
    b'{"version": 3, "seed": NaN}',
])
def test_hostile_json_in_a_save_is_set_aside(content: bytes) -> None:
    saves.write_autosave(_save(1))
    saves.write_autosave(_save(2))
    saves.autosave_path().write_bytes(content)
    found = saves.read_saves()
    assert found.data == _save(1) and found.problems[0].key == "save.problem.corrupt"
    assert (saves.data_dir() / "autosave.json.bad").read_bytes() == content


def test_a_300_megabyte_save_is_set_aside_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    saves.write_autosave(_save(1))
    saves.write_autosave(_save(2))
    with saves.autosave_path().open("r+b") as handle:  # sparse: costs no disk
        handle.truncate(300 * files.MB)
    real_fdopen = os.fdopen

    def fdopen(handle: int, *args: Any, **kwargs: Any) -> Any:
        assert os.fstat(handle).st_size < files.MB, "the big save was read"
        return real_fdopen(handle, *args, **kwargs)

    monkeypatch.setattr(os, "fdopen", fdopen)
    found = saves.read_saves()
    assert found.path == saves.backup_path() and found.problems[0].key == "save.problem.corrupt"
    assert (saves.data_dir() / "autosave.json.bad").stat().st_size == 300 * files.MB


def test_a_folder_where_the_save_belongs_is_set_aside_as_unreadable() -> None:
    saves.write_autosave(_save(1))
    saves.write_autosave(_save(2))
    saves.autosave_path().unlink()
    saves.autosave_path().mkdir()
    found = saves.read_saves()
    assert found.path == saves.backup_path()
    assert found.problems[0].key == "save.problem.unreadable"
    assert "is a folder, not a file" in (found.message or "")
    assert (saves.data_dir() / "autosave.json.bad").is_dir()


def test_a_newer_save_is_kept_and_not_read() -> None:
    saves.write_autosave(_save(1))
    saves.write_autosave({"version": SAVE_VERSION + 1, "n": 2})
    found = saves.read_saves()
    assert found.data == _save(1)
    assert found.problems[0].key == "save.problem.newer"
    assert "newer version" in (found.message or "")
    assert _read(saves.data_dir() / "autosave.json.bad")["version"] == SAVE_VERSION + 1


def test_a_newer_engine_state_is_a_newer_save_too() -> None:
    with pytest.raises(saves.NewerSave):
        migrate({"version": SAVE_VERSION, "engine": STATE_VERSION + 1, "state": {}})


def test_an_older_bad_file_is_never_replaced() -> None:
    (saves.data_dir()).mkdir(parents=True)
    (saves.data_dir() / "autosave.json.bad").write_bytes(b"first")
    saves.autosave_path().write_bytes(b"second")
    saves.read_saves()
    assert (saves.data_dir() / "autosave.json.bad").read_bytes() == b"first"
    assert (saves.data_dir() / "autosave.json.bad2").read_bytes() == b"second"


def test_with_every_save_bad_there_is_nothing_to_continue() -> None:
    saves.write_autosave(_save(1))
    saves.autosave_path().write_bytes(b"{")
    saves.backup_path().unlink(missing_ok=True)
    found = saves.read_saves()
    assert found.data is None and not saves.has_autosave()
    assert found.message and found.message.endswith("There is no earlier save to continue.")


def test_a_bad_current_file_is_set_aside_not_rotated_into_the_backups() -> None:
    for n in (1, 2):
        saves.write_autosave(_save(n))
    saves.autosave_path().write_bytes(b"garbage")
    assert saves.write_autosave(_save(3)) is None
    assert _read(saves.autosave_path())["n"] == 3
    assert _read(saves.backup_path())["n"] == 1  # the garbage did not push the good save down
    assert (saves.data_dir() / "autosave.json.bad").read_bytes() == b"garbage"


def test_a_bad_file_that_cannot_be_set_aside_is_not_saved_over(monkeypatch: pytest.MonkeyPatch) -> None:
    saves.write_autosave(_save(1))
    saves.autosave_path().write_bytes(b"garbage")
    real_replace = os.replace

    def refuse_bad(src: object, dst: object) -> None:
        if str(dst).endswith(".bad"):
            raise PermissionError(errno.EACCES, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(os, "replace", refuse_bad)
    problem = saves.write_autosave(_save(2))
    assert problem is not None and problem.key == "save.problem.not_kept"
    assert saves.autosave_path().read_bytes() == b"garbage"
    found = saves.read_saves()
    assert found.problems[0].key == "save.problem.not_kept"


def _fail_fsync(*_: object) -> None:
    raise OSError(errno.ENOSPC, "No space left on device")


def _fail_open(*_: object, **__: object) -> None:
    raise PermissionError(errno.EACCES, "Permission denied")


def _fail_replace(*_: object) -> None:
    raise OSError(errno.EROFS, "Read-only file system")


@pytest.mark.parametrize(("target", "name", "fake", "words"), [
    (os, "fsync", _fail_fsync, "disk full"),
    (files, "open", _fail_open, "the folder is read-only"),
    (os, "replace", _fail_replace, "the folder is read-only"),
])
def test_a_full_or_read_only_disk_gives_a_message_and_leaves_the_saves(
        monkeypatch: pytest.MonkeyPatch, target: object, name: str, fake: object, words: str) -> None:
    for n in (1, 2):
        saves.write_autosave(_save(n))
    before = _files()
    with monkeypatch.context() as patch:
        patch.setattr(target, name, fake, raising=False)
        problem = saves.write_autosave(_save(3))
    assert problem is not None and problem.text() == f"Could not save the game: {words}"
    after = _files()
    after.pop(saves.LOG_NAME, None)
    assert after == before  # the last good save and the earlier ones untouched, no temporary file left


def test_what_cannot_be_written_as_json_is_a_problem_not_a_crash() -> None:
    saves.write_autosave(_save(1))
    problem = saves.write_autosave({"version": SAVE_VERSION, "x": float("nan")})
    assert problem is not None and _read(saves.autosave_path()) == _save(1)


def test_problems_go_to_the_log_file_in_the_data_folder() -> None:
    saves.write_autosave(_save(1))
    saves.autosave_path().write_bytes(b"{")
    saves.read_saves()
    text = saves.log_path().read_text(encoding="utf-8")
    assert "autosave.json" in text and "kept as" in text and "ERROR" in text


def test_a_finished_game_removes_its_saves_but_not_the_bad_files() -> None:
    for n in (1, 2, 3):
        saves.write_autosave(_save(n))
    (saves.data_dir() / "autosave.json.bad").write_bytes(b"x")
    saves.remove_autosave()
    assert not saves.has_autosave() and (saves.data_dir() / "autosave.json.bad").exists()


def _session(board: Board, board_file: Path) -> GameSession:
    session = GameSession(board, GameSetup(str(board_file), [Seat("person", "Anna"), Seat("easy", "Ben")], 3),
                          None, 3)
    for _ in range(5):
        session.apply(session.bots[1].choose(observe(session.state)))
    return session


def test_a_game_save_names_its_format_and_the_engine_state_format(board: Board, board_file: Path) -> None:
    data = _session(board, board_file).to_save()
    assert data["version"] == SAVE_VERSION == saves.SAVE_VERSION
    assert data["engine"] == STATE_VERSION == data["state"]["version"]


def test_a_version_1_save_still_continues(board: Board, board_file: Path) -> None:
    session = _session(board, board_file)
    old = session.to_save()
    old["version"] = 1
    del old["engine"]
    again = GameSession.from_save(old)
    assert again.state.to_json() == session.state.to_json()


def test_a_save_that_parses_but_does_not_restore_falls_back(board: Board, board_file: Path) -> None:
    session = _session(board, board_file)
    saves.write_autosave(session.to_save())
    broken = session.to_save()
    broken["state"]["players"] = "nobody"
    saves.write_autosave(broken)
    found = read_saved_game()
    assert found.data == json.loads(json.dumps(session.to_save()))
    assert found.problems[0].key == "save.problem.corrupt"


def test_a_kill_while_a_finished_game_clears_its_saves_never_brings_back_an_earlier_one(
        monkeypatch: pytest.MonkeyPatch) -> None:
    for n in (1, 2, 3):
        saves.write_autosave(_save(n))

    def killed(_: Path, **__: object) -> None:
        raise SystemExit("killed")  # the process dies right after the current save became the mark

    with monkeypatch.context() as patch, pytest.raises(SystemExit):
        patch.setattr(Path, "unlink", killed)
        saves.remove_autosave()
    assert _read(saves.autosave_path()) == saves.FINISHED and saves.backup_path().exists()
    found = saves.read_saves()
    assert found.data is None and not found.problems and not saves.has_autosave()
    saves.write_autosave(_save(9))  # the next game's first save clears what the last one left
    assert [p.name for p in saves.save_paths() if p.exists()] == ["autosave.json"]


def test_a_save_whose_board_is_gone_says_so_and_is_kept(board: Board, board_file: Path) -> None:
    saves.write_autosave(_session(board, board_file).to_save())
    board_file.unlink()
    found = read_saved_game()
    assert found.data is None and found.problems[0].key == "save.problem.board"
    assert (found.message or "").startswith("The board of the last saved game could not be opened (")
    assert (saves.data_dir() / "autosave.json.bad").is_file()
