"""Editor tests run headless: SDL's dummy drivers, real pygame events posted into the queue."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from collections.abc import Iterator
from pathlib import Path

import pygame
import pytest

from tests.editor.driver import Driver


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Backups of untitled boards go to a throwaway folder, never the real user-data folder."""
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
    monkeypatch.setenv("UNDERGROUND_LOG_DIR", str(tmp_path / "logs"))  # crash logs too


@pytest.fixture
def driver(tmp_path: Path) -> Iterator[Driver]:
    from editor.app import EditorApp

    app = EditorApp(tmp_path / "board.tmx", size=(1600, 900))
    yield Driver(app)
    pygame.quit()
