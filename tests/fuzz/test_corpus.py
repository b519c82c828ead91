"""The handmade hostile corpus (tests/fuzz/corpus) and the huge inputs generated on the fly.

Every file must be refused with clear one-line messages, in bounded time and memory, writing nothing.
The committed files are small; a 50 MB file, 100,000 objects and 100,000-deep nesting are generated.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.board.tmx.compiler import compile_tmx_bytes
from tests.fuzz import big_inputs
from tests.fuzz.harness import check_json_bytes, check_json_file, check_tmx_bytes, check_tmx_file, load_json_file

CORPUS = Path(__file__).with_name("corpus")
TMX_FILES = sorted(CORPUS.glob("*.tmx"))
JSON_FILES = sorted(CORPUS.glob("*.json"))

# What the refusal of the security-relevant files must say (the rest need only be refused cleanly).
EXPECTED = {
    "billion_laughs.tmx": "DTD",
    "external_entity.tmx": "DTD",
    "parameter_entity.tmx": "DTD",
    "external_dtd.tmx": "DTD",
    "plain_dtd.tmx": "DTD",
    "image_traversal.tmx": "leads out of the board's folder",
    "image_backslash_traversal.tmx": "leads out of the board's folder",
    "image_absolute.tmx": "absolute path or URL",
    "image_file_url.tmx": "absolute path or URL",
    "image_http_url.tmx": "absolute path or URL",
    "image_windows_drive.tmx": "absolute path or URL",
    "image_unc_share.tmx": "absolute path or URL",
    "tileset_traversal.tmx": "tileset refused",
    "tileset_absolute.tmx": "tileset refused",
    "tileset_image_traversal.tmx": "tileset image refused",
    "template_instance.tmx": "template",
    "absurd_numbers.tmx": "out of range",
    "nan_coordinates.tmx": "out of range",
    "duplicate_ids.tmx": "used twice",
    "dangling_links.tmx": "does not exist",
    "wrong_property_types.tmx": "must be of Tiled type",
    "wrong_setting_types.tmx": "rule setting",
    "bogus_encoding.tmx": "unknown encoding",
    "empty.tmx": "empty",
    "schema_999.json": "schema 999",
    "nan_coordinates.json": "NaN is not a number JSON allows",
    "infinite_coordinates.json": "Infinity is not a number JSON allows",
    "absurd_numbers.json": "not a sensible coordinate",
    "huge_int_digits.json": "digits",
    "spaces_infinite.json": "Infinity is not a number JSON allows",
    "cards_billion.json": "cards",
    "deep_nesting_small.json": "nested more than 16 levels deep",
    "settings_wrong_types.json": "actions_per_turn",
    "settings_unknown_line.json": "magenta",
    "settings_zero_actions.json": "actions_per_turn",
    "duplicate_names.json": "two nodes",
    "duplicate_links.json": "two links",
    "cluster_unknown_station.json": "cluster station",
    "dangling_link.json": "node b",
    "non_utf8.json": "UTF-8",
    "line_breaks_in_property_type.tmx": "not object\\nFake report",
    "background_traversal.json": "background image refused",
    "background_absolute.json": "background image refused",
}


def _messages(path: Path, tmp_path: Path) -> str:
    if path.suffix == ".tmx":
        result = check_tmx_file(path)
        assert result.board is None, f"{path.name} was accepted"
        return " | ".join(str(p) for p in result.errors)
    copy = tmp_path / path.name
    shutil.copyfile(path, copy)
    loaded = load_json_file(copy)
    assert isinstance(loaded, str), f"{path.name} was accepted"
    return loaded


@pytest.mark.parametrize("path", TMX_FILES + JSON_FILES, ids=lambda p: p.name)
def test_corpus_file_is_refused_cleanly(path: Path, tmp_path: Path) -> None:
    messages = _messages(path, tmp_path)
    if path.name in EXPECTED:
        assert EXPECTED[path.name] in messages, messages


def test_the_corpus_is_all_there() -> None:
    assert len(TMX_FILES) >= 30 and len(JSON_FILES) >= 25
    assert set(EXPECTED) <= {p.name for p in TMX_FILES + JSON_FILES}


def test_a_hundred_thousand_objects_are_refused(tmp_path: Path) -> None:
    result = check_tmx_bytes(big_inputs.many_objects_tmx(), tmp_path)
    assert any("more than 20,000 objects" in p.message for p in result.errors)


def test_fifty_megabyte_files_are_refused_unread(tmp_path: Path) -> None:
    result = check_tmx_file(big_inputs.write_big_tmx(tmp_path / "big.tmx"))
    assert "limited to" in str(result.errors[0])
    assert check_json_file(big_inputs.write_big_json(tmp_path / "big.json")) is None


def test_fifty_megabytes_in_memory_are_refused_by_the_editor_path(tmp_path: Path) -> None:
    data = bytes(50 * big_inputs.MB)
    assert "limited to" in str(check_tmx_bytes(data, tmp_path).errors[0])


def test_deep_nesting_is_refused_or_harmless(tmp_path: Path) -> None:
    assert check_json_bytes(big_inputs.deep_json(), tmp_path) is None
    assert check_tmx_bytes(big_inputs.deep_xml(), tmp_path).board is None
    result = check_tmx_bytes(big_inputs.deep_groups_tmx(), tmp_path)
    assert any("nested more than" in p.message for p in result.errors)
    result = check_tmx_bytes(big_inputs.many_points_tmx(), tmp_path)
    assert any("at most 10,000" in p.message for p in result.errors)


MEMORY_PROBE = """
import resource, sys
from pathlib import Path
from tests.fuzz import big_inputs
from game.board.model import BoardError, load_board_file
from game.board.tmx.compiler import compile_tmx, compile_tmx_bytes
folder = Path(sys.argv[1])
start = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
if sys.argv[2] == "hostile":
    for path in sorted(Path("tests/fuzz/corpus").glob("*.tmx")):
        compile_tmx(path)
    compile_tmx_bytes(big_inputs.many_objects_tmx(), "many.tmx", folder)
    compile_tmx_bytes(big_inputs.deep_xml(), "deep.tmx", folder)
    compile_tmx(big_inputs.write_big_tmx(folder / "big.tmx"))
    for maker in (big_inputs.write_big_json,):
        try:
            load_board_file(maker(folder / "big.json"))
        except BoardError:
            pass
    (folder / "deep.json").write_bytes(big_inputs.deep_json())
    try:
        load_board_file(folder / "deep.json")
    except BoardError:
        pass
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - start)
"""
MEMORY_BOUND_KB = 400 * 1024  # parsing 100,000 objects into a tree costs ~100 MB; a bomb costs gigabytes


def test_hostile_inputs_stay_within_bounded_memory(tmp_path: Path) -> None:
    """Max RSS growth (getrusage) in a fresh process that swallows every big and hostile input."""
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run([sys.executable, "-c", MEMORY_PROBE, str(tmp_path), "hostile"], cwd=root,
                         capture_output=True, text=True, timeout=300, check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    growth_kb = int(run.stdout.split()[-1])
    print(f"max RSS growth over the hostile inputs: {growth_kb / 1024:.0f} MB")
    assert growth_kb < MEMORY_BOUND_KB, f"max RSS grew by {growth_kb / 1024:.0f} MB"


def test_a_compiled_board_loads_back(tmp_path: Path) -> None:
    """The oracle itself: the tiny fixture compiles, plays, and round-trips through the stricter loader."""
    source = Path(__file__).resolve().parents[1] / "boards" / "tiny.tmx"
    result = compile_tmx_bytes(source.read_bytes(), "tiny.tmx", source.parent)
    assert result.board is not None
    assert check_json_bytes(json.dumps(result.board.to_json()).encode(), tmp_path) is not None
