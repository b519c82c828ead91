"""What the board view needs from a game, read in one place so the renderer never digs into the engine."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class BoardSnapshot:
    """The visible, changing parts of a game board; equal snapshots draw identically."""

    tracks: tuple[tuple[str, ...], ...] = ()  # per link, the lines on it in slot order
    face_up: tuple[tuple[int, str], ...] = ()  # (station, "express" | "standard")
    passenger: int | None = None
    tiles: tuple[tuple[int, str], ...] = ()  # connection tiles: (station, symbol)
    stacks: tuple[tuple[int, str, int], ...] = ()  # landmark stacks: (station, type, tiles left)

    @property
    def layer_key(self) -> tuple[Any, ...]:
        """What the cached state layer depends on (the passenger is drawn every frame instead)."""
        return (self.tracks, self.face_up, self.tiles, self.stacks)

    @classmethod
    def of(cls, state: Any) -> BoardSnapshot:
        """Read a rules-engine GameState (or anything shaped like one)."""
        raw_tracks = getattr(state, "tracks", ())
        if isinstance(raw_tracks, dict):
            size = max(raw_tracks, default=-1) + 1
            tracks = tuple(tuple(raw_tracks.get(i, ())) for i in range(size))
        else:
            tracks = tuple(tuple(lines) for lines in raw_tracks)
        stacks = getattr(state, "landmark_stacks", {}) or {}
        return cls(
            tracks=tracks,
            face_up=tuple((int(s), str(k)) for s, k in getattr(state, "face_up", ())),
            passenger=getattr(state, "passenger", None),
            tiles=tuple(sorted((getattr(state, "connection_tiles", {}) or {}).items())),
            stacks=tuple(sorted((station, kind, count) for station, (kind, count) in stacks.items())),
        )
