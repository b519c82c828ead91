"""`make boards` compiles the shipped sources, finished by hand, into the board files; `--regenerate` makes a
source again from its configuration and keeps the one it replaces, so no finishing by hand is lost."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from game.board.tmx.compiler import compile_tmx
from tools import build_boards

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The tool's folders in a temporary place: configurations, boards, sources and replaced sources."""
    for name, folder in (("CONFIGS", "configs"), ("BOARDS", "boards"), ("SOURCES", "boards/src"),
                         ("REPLACED", "out/replaced-sources")):
        monkeypatch.setattr(build_boards, name, tmp_path / folder)
    (tmp_path / "configs").mkdir()
    (tmp_path / "boards" / "src").mkdir(parents=True)
    return tmp_path


def test_the_plain_build_compiles_each_source_as_it_stands(folders: Path) -> None:
    shipped = ROOT / "boards" / "src" / "newyork.tmx"
    source = folders / "boards" / "src" / "newyork.tmx"
    shutil.copyfile(shipped, source)
    (folders / "configs" / "newyork.json").write_text(json.dumps({"city": "newyork"}), encoding="utf-8")

    assert build_boards.main(["newyork"]) == 0

    written = (folders / "boards" / "newyork.json").read_text(encoding="utf-8")
    assert written == compile_tmx(source).board.dumps()
    assert written == (ROOT / "boards" / "newyork.json").read_text(encoding="utf-8")  # as shipped, byte for byte


def test_a_source_made_again_keeps_the_one_it_replaces(folders: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = {"city": "berlin", "lines": ["U\\d+"],
              "stations": ["Alexanderplatz", "Klosterstraße", "Märkisches Museum", "Heinrich-Heine-Straße"]}
    (folders / "configs" / "small.json").write_text(json.dumps(config), encoding="utf-8")
    source = folders / "boards" / "src" / "small.tmx"
    finished = b"<!-- finished by hand -->"
    source.write_bytes(finished)

    assert build_boards.main(["--regenerate", "small"]) == 0

    kept = folders / "out" / "replaced-sources" / "small.tmx"
    assert kept.read_bytes() == finished
    assert str(kept) in capsys.readouterr().out
    assert source.read_bytes() != finished
    assert compile_tmx(source).board.dumps() == (folders / "boards" / "small.json").read_text(encoding="utf-8")


def test_a_source_that_does_not_compile_fails_the_build_and_writes_no_board(folders: Path) -> None:
    (folders / "configs" / "broken.json").write_text(json.dumps({"city": "berlin"}), encoding="utf-8")
    (folders / "boards" / "src" / "broken.tmx").write_text("<map>", encoding="utf-8")

    assert build_boards.main(["broken"]) == 1
    assert not (folders / "boards" / "broken.json").exists()
