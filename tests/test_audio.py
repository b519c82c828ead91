"""The sound files are ours, rebuildable byte for byte, clean; the sound manager never gets in the way."""

from __future__ import annotations

import math
import os
import wave
from array import array
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest

from game.persist.settings import Settings, SettingsStore
from game.ui import audio as audio_module
from game.ui.audio import SOUND_DIR, SOUNDS, Audio, sounds_for
from tools import make_sounds


@pytest.fixture(scope="module")
def regenerated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("sounds")
    make_sounds.build(folder)
    return folder


def _samples(path: Path) -> tuple[Any, list[float]]:
    with wave.open(str(path), "rb") as handle:
        params = handle.getparams()
        pcm = array("h", handle.readframes(params.nframes))
    return params, [value / 32768 for value in pcm]


def test_every_sound_has_a_generator() -> None:
    assert set(make_sounds.SOUNDS) == set(SOUNDS)


@pytest.mark.parametrize("name", list(SOUNDS))
def test_regenerating_gives_identical_files(regenerated: Path, name: str) -> None:
    assert (regenerated / f"{name}.wav").read_bytes() == (SOUND_DIR / f"{name}.wav").read_bytes(), (
        "assets/sounds is stale: run python -m tools.make_sounds"
    )


@pytest.mark.parametrize("name", list(SOUNDS))
def test_sound_file_is_clean(name: str) -> None:
    params, samples = _samples(SOUND_DIR / f"{name}.wav")
    assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 44100)
    assert 0.03 < params.nframes / params.framerate < make_sounds.MAX_SECONDS
    peak = max(abs(x) for x in samples)
    rms = math.sqrt(sum(x * x for x in samples) / len(samples))
    assert 0.3 < peak < 0.9  # headroom, never clipped
    assert rms > 0.02  # audible, not silence
    assert abs(sum(samples) / len(samples)) < 0.001  # no DC offset
    assert abs(samples[0]) < 0.01 and abs(samples[-1]) < 0.01  # faded in and out: no click at either end


def test_audio_plays_with_the_dummy_driver() -> None:
    player = Audio(Settings(volume=50))
    assert player.enabled
    assert player.play("place")
    assert list(player.played) == ["place"]
    assert player._cache["place"] is not None
    assert player._cache["place"].get_volume() == pytest.approx(0.25, abs=0.01)
    player.preload()
    player.stop()


def test_mute_and_zero_volume_play_nothing() -> None:
    assert not Audio(Settings(mute=True)).play("score")
    assert not Audio(Settings(volume=0)).play("score")


def test_volume_and_mute_follow_the_settings_store(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.load()
    player = Audio(store, clock=iter(range(100)).__next__)
    assert player.play("click")
    store.update(mute=True)
    assert not player.play("click")
    store.update(mute=False, volume=100)
    assert player.play("click")
    assert list(player.played) == ["click", "click"]


def test_the_same_sound_twice_at_once_plays_once() -> None:
    times = iter([0.0, 0.01, 0.5])
    player = Audio(Settings(), clock=lambda: next(times))
    assert player.play("place")
    assert not player.play("place")
    assert player.play("place")


def test_unknown_or_missing_sound_is_silent(tmp_path: Path) -> None:
    player = Audio(Settings(), folder=tmp_path)
    assert not player.play("place")
    assert not Audio(Settings()).play("no-such-sound")


def test_no_audio_device_means_silence(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_device(*_args: object) -> None:
        raise pygame.error("no audio device")

    monkeypatch.setattr(audio_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(audio_module.pygame.mixer, "init", no_device)
    player = Audio(Settings())
    assert not player.enabled
    assert not player.play("place")
    player.preload()
    player.stop()
    assert list(player.played) == []


def test_engine_events_map_to_sounds() -> None:
    from game.rules.events import Event

    assert sounds_for(Event("place", player=0, line="red")) == ("place",)
    assert sounds_for(Event("place", player=0, points=2, branch_tokens=1)) == ("place", "score")
    assert sounds_for(Event("branch", player=0, branch_tokens=1)) == ("branch",)
    assert sounds_for(Event("score", player=1, points=1)) == ("score",)
    assert sounds_for(Event("passenger", path=(1, 2))) == ("ride",)
    assert sounds_for(Event("game_over")) == ("end",)
    assert sounds_for(Event("refill")) == ()
    assert all(name in SOUNDS for kind in ("place", "branch", "score", "passenger", "game_over")
               for name in sounds_for(Event(kind, points=1)))
