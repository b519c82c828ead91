"""game.files: a write replaces the file whole or not at all."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from game.files import write_atomically


def test_writes_the_bytes_and_keeps_the_previous_version_when_asked(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "board.json"
    write_atomically(target, b"first")
    write_atomically(target, b"second", backup=True)
    assert target.read_bytes() == b"second"
    assert (tmp_path / "deep" / "board.json.bak").read_bytes() == b"first"
    assert sorted(p.name for p in target.parent.iterdir()) == ["board.json", "board.json.bak"]


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
