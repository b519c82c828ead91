"""Hypothesis profiles: random examples on a developer's machine (they find new cases), the same examples on
every CI run (`HYPOTHESIS_PROFILE=ci`, set by .ci/run), so a landing is never refused by a draw of luck; and
short temporary folders."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))


@pytest.fixture
def tmp_path() -> Iterator[Path]:
    """A fresh folder with a short path. Messages cut a path longer than 80 characters in the middle
    (`game.boundary.MAX_WORD`), and pytest's own folders run longer than that under pytest-xdist (a folder per
    worker): tests that read a path back from a message would then fail on where they ran, not on what."""
    with tempfile.TemporaryDirectory(prefix="u") as folder:
        yield Path(folder)
