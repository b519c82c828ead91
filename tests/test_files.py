"""game.files: a write replaces the file whole or not at all; a read of JSON is bounded and fails in one line."""

from __future__ import annotations

import io
import os
from pathlib import Path

import pytest

from game import files
from game.files import JsonFileError, JsonKind, parse_json, read_json, read_json_stream, write_atomically


def test_writes_the_bytes_and_keeps_the_previous_version_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "board.json"
    write_atomically(target, b"first")
    write_atomically(target, b"second", backup=True)
    assert target.read_bytes() == b"second"
    assert (tmp_path / "deep" / "board.json.bak").read_bytes() == b"first"
    assert sorted(p.name for p in target.parent.iterdir()) == ["board.json", "board.json.bak"]


@pytest.mark.skipif(os.name != "posix", reason="POSIX permissions")
def test_a_written_file_is_as_readable_as_any_file_the_user_makes(tmp_path: Path) -> None:
    """Not private to its owner (as a temporary file is): a designer shares a board; a chmod is kept."""
    made = tmp_path / "made"
    made.write_bytes(b"")
    target = tmp_path / "board.tmx"
    write_atomically(target, b"first")
    assert os.stat(target).st_mode & 0o777 == os.stat(made).st_mode & 0o777
    os.chmod(target, 0o640)
    write_atomically(target, b"second", backup=True)
    assert os.stat(target).st_mode & 0o777 == 0o640


def test_a_refused_rename_leaves_the_old_file_and_no_temporary_file(tmp_path: Path, monkeypatch) -> None:
    target = tmp_path / "settings.json"
    write_atomically(target, b"good")

    def full_disk(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(OSError, match="No space"):
        write_atomically(target, b"half")
    assert target.read_bytes() == b"good"
    assert [p.name for p in tmp_path.iterdir()] == ["settings.json"]


# ----- the safe JSON reader -----

KIND = JsonKind("test file", 300_000, 4)


def _refused(path: Path, kind: JsonKind = KIND) -> JsonFileError:
    with pytest.raises(JsonFileError) as caught:
        read_json(path, kind)
    message = str(caught.value)
    assert message.startswith(f"{path}: ") and "\n" not in message and len(message) <= 400
    return caught.value


def test_reads_a_json_file_within_its_limits(tmp_path: Path) -> None:
    path = tmp_path / "ok.json"
    path.write_text('{"a": [1, 2.5, {"b": null}], "c": "ü"}', encoding="utf-8")
    assert read_json(path, KIND) == {"a": [1, 2.5, {"b": None}], "c": "ü"}


@pytest.mark.parametrize(("content", "expected"), [
    (b"[" * 100_000 + b"]" * 100_000, "nested more than 4 levels deep"),  # the parser's own recursion limit
    (b"[[[[[1]]]]]", "nested more than 4 levels deep"),  # parses, but deeper than this kind of file goes
    (b'{"n": ' + b"7" * 5000 + b"}", "a number of more than 4,300 digits"),
    (b'{"n": 1e999}', "the number 1e999 is too large"),
    (b'{"n": -1e999}', "the number -1e999 is too large"),
    (b'{"n": NaN}', "NaN is not a number JSON allows"),
    (b'{"n": -Infinity}', "-Infinity is not a number JSON allows"),
    (b'{"name": "\xff\xfe"}', "not UTF-8 text (byte 0xff at offset 10)"),
    (b'{"a": 1', "not JSON: Expecting ',' delimiter at line 1 column 8"),
    (b"", "not JSON: Expecting value at line 1 column 1"),
    (b"x" * 300_001, "300,001 bytes; a test file is limited to 300,000"),
])
def test_hostile_content_is_one_line_naming_the_file(tmp_path: Path, content: bytes, expected: str) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    error = _refused(path)
    assert error.problem == expected and not error.unreadable


def test_a_huge_file_is_refused_without_being_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "huge.json"
    with path.open("wb") as handle:  # 300 MB, sparse: nothing is written to the disk
        handle.truncate(300 * files.MB)
    opened = []
    monkeypatch.setattr(os, "fdopen", lambda *args, **kw: opened.append(args) or pytest.fail("read"))
    assert _refused(path, files.SAVE_JSON).problem == "314,572,800 bytes; a saved game is limited to 16,777,216"
    assert not opened


def test_missing_folder_and_device_are_told_apart(tmp_path: Path) -> None:
    missing = _refused(tmp_path / "nothing.json")
    assert missing.missing and missing.unreadable and missing.problem == "no such file"
    folder = _refused(tmp_path)
    assert folder.problem == "is a folder, not a file" and folder.unreadable and not folder.missing
    inside_a_file = tmp_path / "plain"
    inside_a_file.write_text("{}", encoding="utf-8")
    assert _refused(inside_a_file / "x.json").missing
    if hasattr(os, "mkfifo"):  # a pipe where the file should be: refused at once, never waited on
        os.mkfifo(tmp_path / "pipe.json")
        assert _refused(tmp_path / "pipe.json").problem == "is not a regular file"


def test_an_unreadable_file_says_why(tmp_path: Path) -> None:
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("permissions do not stop root")
    path = tmp_path / "locked.json"
    path.write_text("{}", encoding="utf-8")
    path.chmod(0)
    error = _refused(path)
    assert error.unreadable and error.problem == "cannot read: Permission denied"


def test_streams_and_bytes_are_held_to_the_same_limits() -> None:
    assert read_json_stream(io.BytesIO(b'{"a": 1}'), "-", KIND) == {"a": 1}
    with pytest.raises(JsonFileError, match=r"^-: 300,001 bytes; a test file is limited to 300,000$"):
        read_json_stream(io.BytesIO(b" " * 400_000), "-", KIND)
    with pytest.raises(JsonFileError, match=r"^stdin: nested more than 4 levels deep$"):
        parse_json(b"[[[[[]]]]]", "stdin", KIND)


def test_every_kind_of_file_has_its_limits() -> None:
    kinds = [files.SETTINGS_JSON, files.SAVE_JSON, files.BOARD_JSON, files.INPUT_JSON]
    assert all(0 < kind.max_bytes <= 20 * files.MB and 4 <= kind.max_depth <= 64 for kind in kinds)
