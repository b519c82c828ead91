"""Sound effects: one small manager the screens call with a name, e.g. `audio.play("place")`.

Sound is a nicety at a couch game, never a reason to fail: with no audio device (or SDL's dummy driver
in tests) the mixer may not start, a file may be missing; then `play` quietly does nothing. Volume and
mute are read from the settings at every call, so a change in the settings screen is heard at once.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from pathlib import Path
from typing import Protocol

import pygame

from game import resources
from game.persist.settings import Settings, SettingsStore

SOUND_DIR = resources.sounds()
# What each sound is for (files made by tools/make_sounds.py).
SOUNDS: dict[str, str] = {
    "place": "a piece of track laid",
    "score": "points scored",
    "ride": "the passenger rides",
    "branch": "a branch token taken",
    "end": "the game is over",
    "click": "a button pressed",
    "illegal": "a move that is not allowed",
    "card": "a transport card drawn (bus tour)",
    "ticket": "tickets drawn and kept (bus tour)",
    "bell": "a bus arriving on its route (bus tour)",
    "miss": "a ticket revealed unfinished at the end (bus tour)",
}
MIN_GAP = 0.04  # seconds: the same sound fired again sooner (fast animations) would only be a louder smear


class EventLike(Protocol):
    """The fields of a rules-engine event that decide its sound (game.rules.events.Event has them)."""

    @property
    def kind(self) -> str: ...

    @property
    def points(self) -> int: ...

    @property
    def branch_tokens(self) -> int: ...


def sounds_for(event: EventLike) -> tuple[str, ...]:
    """The effects an engine event calls for, in order: the screen plays them as it animates the event."""
    if event.kind == "place":
        return ("place", "score") if event.points > 0 else ("place",)
    if event.kind == "branch":
        return ("branch",)
    if event.kind in ("score", "tile"):
        return ("score",) if event.points > 0 else ()
    if event.kind == "passenger":
        return ("ride",)
    if event.kind == "game_over":
        return ("end",)
    return ()


def pre_init() -> None:
    """Ask for a small buffer before `pygame.init()`, so a click is heard with the click (about 12 ms)."""
    pygame.mixer.pre_init(44100, -16, 2, 512)


class Audio:
    """Plays the named effects at the settings' volume; does nothing at all when the mixer is unavailable."""

    def __init__(self, settings: Settings | SettingsStore, folder: Path = SOUND_DIR,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.source = settings
        self.folder = folder
        self.clock = clock
        self.played: deque[str] = deque(maxlen=64)  # names actually sent to the mixer, newest last
        self._cache: dict[str, pygame.mixer.Sound | None] = {}
        self._last: dict[str, float] = {}
        self.enabled = self._start_mixer()

    @property
    def settings(self) -> Settings:
        return self.source.settings if isinstance(self.source, SettingsStore) else self.source

    def play(self, name: str) -> bool:
        """Play effect `name` once; True if it was sent to the mixer (not muted, loaded, not a repeat)."""
        gain = self.settings.gain
        if not self.enabled or gain <= 0.0:
            return False
        now = self.clock()
        if now - self._last.get(name, -1e9) < MIN_GAP:
            return False
        sound = self._sound(name)
        if sound is None:
            return False
        try:
            sound.set_volume(gain)
            sound.play()
        except pygame.error:
            return False
        self._last[name] = now
        self.played.append(name)
        return True

    def preload(self) -> None:
        """Load every effect now (e.g. behind the menu), so the first placement does not stutter."""
        if not self.enabled:
            return
        for name in SOUNDS:
            self._sound(name)

    def stop(self) -> None:
        """Silence everything that is playing (leaving a game, muting)."""
        if self.enabled:
            pygame.mixer.stop()

    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._cache:
            try:
                self._cache[name] = pygame.mixer.Sound(self.folder / f"{name}.wav")
            except (pygame.error, FileNotFoundError, OSError):
                self._cache[name] = None  # missing or unreadable: stay silent, do not retry every frame
        return self._cache[name]

    @staticmethod
    def _start_mixer() -> bool:
        if pygame.mixer.get_init():
            return True
        try:
            pygame.mixer.init(44100, -16, 2, 512)
        except pygame.error:
            return False
        return bool(pygame.mixer.get_init())
