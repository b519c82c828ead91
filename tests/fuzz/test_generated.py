"""Hypothesis-generated hostile sources and board files, through the same oracle as the corpus."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz import strategies as gen
from tests.fuzz.harness import check_json_bytes, check_tmx_bytes


def fuzz(examples: int) -> settings:
    """Derandomized, so a run is repeatable and its count can be quoted; no deadline on a shared machine."""
    return settings(max_examples=examples, derandomize=True, deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


FOLDER = Path(tempfile.mkdtemp(prefix="underground-fuzz-"))  # one folder: nothing may ever appear in it
atexit.register(shutil.rmtree, FOLDER, True)


@fuzz(200)
@given(gen.tmx_maps())
def test_generated_maps(data: bytes) -> None:
    check_tmx_bytes(data, FOLDER)


@fuzz(200)
@given(gen.mutated_tiny_tmx())
def test_mutated_tiny_tmx(data: bytes) -> None:
    check_tmx_bytes(data, FOLDER, "tiny.tmx")


@fuzz(150)
@given(st.data())
def test_tiny_tmx_byte_mutations(data: st.DataObject) -> None:
    check_tmx_bytes(data.draw(gen.byte_mutations(gen.tiny_bytes())), FOLDER, "tiny.tmx")


@fuzz(150)
@given(gen.mutated_london_json())
def test_mutated_london_json(data: bytes) -> None:
    check_json_bytes(data, FOLDER)


@fuzz(100)
@given(st.data())
def test_london_json_byte_mutations(data: st.DataObject) -> None:
    check_json_bytes(data.draw(gen.byte_mutations(gen.london_bytes())), FOLDER)
