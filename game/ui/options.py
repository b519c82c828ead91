"""What the game window is asked to do when it opens (contracts §3): what to preselect, and the test hooks.

The command line that fills it in is game/command_line.py, the one parser of `python -m game`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class LaunchOptions:
    show: bool = False
    board: str | None = None
    players: int | None = None
    fullscreen: bool = False
    lang: str | None = None  # None: the language saved in the settings
    seed: int | None = None
    frames: int | None = None
    screenshot: Path | None = None
    scene: str | None = None  # menu | play | show: which screen to open (default: menu, or show with --frames)
    size: tuple[int, int] = (1600, 900)
    windowed: bool = False  # --windowed: never full screen, whatever the settings or --show say
    resume: bool = False  # --continue: open the last saved game; the menu (and why not) when it cannot be
    replay: Path | None = None  # --replay: show mode plays this saved game back, looping

    @property
    def first_scene(self) -> str:
        if self.scene:
            return self.scene
        if self.show or self.replay is not None or self.frames is not None:
            return "show"
        return "menu"
