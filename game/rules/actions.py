"""The action vocabulary: the only ways a person or a bot changes a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class PlaceTrack:
    """Put one token of `line` on a free space of link `link`."""

    line: str
    link: int


@dataclass(frozen=True, slots=True)
class TakeBranch:
    """Spend an action on one branch token."""


@dataclass(frozen=True, slots=True)
class ChooseRoute:
    """Send the passenger to `destination` riding exactly the lines `lines` (sorted)."""

    destination: int
    lines: tuple[str, ...]


Action = PlaceTrack | TakeBranch | ChooseRoute


def action_to_json(action: Action) -> dict[str, Any]:
    if isinstance(action, PlaceTrack):
        return {"type": "place", "line": action.line, "link": action.link}
    if isinstance(action, TakeBranch):
        return {"type": "branch"}
    return {"type": "ride", "destination": action.destination, "lines": list(action.lines)}


def action_from_json(data: dict[str, Any]) -> Action:
    kind = data.get("type")
    if kind == "place":
        return PlaceTrack(str(data["line"]), int(data["link"]))
    if kind == "branch":
        return TakeBranch()
    if kind == "ride":
        return ChooseRoute(int(data["destination"]), tuple(sorted(str(x) for x in data["lines"])))
    raise ValueError(f"unknown action type {kind!r}")
