"""A source re-saved by the real Tiled 1.8 must compile to the same board file, byte for byte (contracts §1).

Tiled rewrites numbers to six significant digits, sorts properties, turns bool "1" into "true", drops
unknown `propertytype` attributes and re-encodes tile data; the compiler must not notice any of it.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from game.board.tmx.compiler import compile_tmx

ROOT = Path(__file__).resolve().parents[2]
BOARD_SOURCES = sorted((ROOT / "boards" / "src").glob("*.tmx"))
FIXTURES = sorted((ROOT / "tests" / "boards").glob("*.tmx"))
TILED = shutil.which("tiled")


def _id(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def resave_with_tiled(source: Path, workdir: Path) -> tuple[Path, Path]:
    """Copy the source's folder (so relative references keep working) and let Tiled re-save the map there."""
    folder = workdir / "src"
    shutil.copytree(source.parent, folder, ignore=shutil.ignore_patterns("*.json"))
    original = folder / source.name
    resaved = folder / f"{source.stem}.resaved.tmx"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_RUNTIME_DIR=str(workdir), HOME=str(workdir))
    done = subprocess.run(
        [TILED, "--export-map", "tmx", str(original), str(resaved)],  # type: ignore[list-item]
        capture_output=True, text=True, env=env, timeout=300, check=False,
    )
    assert done.returncode == 0 and resaved.is_file(), f"tiled failed: {done.stdout}\n{done.stderr}"
    return original, resaved


def check_same_board(source: Path, tmp_path: Path) -> None:
    original, resaved = resave_with_tiled(source, tmp_path)
    before, after = compile_tmx(original), compile_tmx(resaved)
    assert before.board is not None, "\n".join(map(str, before.errors))
    assert after.board is not None, "\n".join(map(str, after.errors))
    assert after.board.dumps().encode() == before.board.dumps().encode()
    assert [p.message for p in after.problems] == [p.message for p in before.problems]


pytestmark = pytest.mark.skipif(TILED is None, reason="Tiled is not installed (CI installs the 'tiled' package)")


@pytest.mark.parametrize("source", FIXTURES, ids=_id)
def test_fixture_survives_tiled_resave(source: Path, tmp_path: Path) -> None:
    check_same_board(source, tmp_path)


@pytest.mark.skipif(not BOARD_SOURCES, reason="no boards/src/*.tmx yet")
@pytest.mark.parametrize("source", BOARD_SOURCES or [None], ids=lambda p: _id(p) if p else "none")
def test_board_source_survives_tiled_resave(source: Path, tmp_path: Path) -> None:
    check_same_board(source, tmp_path)


def test_quirks_fixture_really_is_changed_by_tiled(tmp_path: Path) -> None:
    """Guard against a vacuous round trip: Tiled must actually rewrite the quirks fixture's numbers."""
    _, resaved = resave_with_tiled(ROOT / "tests" / "boards" / "quirks.tmx", tmp_path)
    text = resaved.read_text(encoding="utf-8")
    assert 'x="12345.7"' in text and 'x="12450.3"' in text  # six significant digits, halves away from zero
    assert 'type="bool" value="1"' not in text and 'type="bool" value="true"' in text
    assert "propertytype" not in text
