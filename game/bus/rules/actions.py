"""The bus tour's actions (docs/bus-rules.md "A turn"): small frozen values a person or a bot chooses.

A turn is one of three actions; drawing two transport cards takes two steps (`DrawFaceUp`/`DrawBlind`
twice) and drawing tickets two (`DrawTickets`, then `KeepTickets`). `ClaimRoute` names the very cards it
pays, so a screen can preview them and a player can choose to spend wilds or keep them.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

WILD = "wild"


@dataclass(frozen=True, slots=True)
class DrawFaceUp:
    slot: int  # 0–4 in the face-up display


@dataclass(frozen=True, slots=True)
class DrawBlind:
    pass


@dataclass(frozen=True, slots=True)
class ClaimRoute:
    route: int
    cards: tuple[str, ...]  # the cards paid, sorted: colours and "wild"


@dataclass(frozen=True, slots=True)
class DrawTickets:
    pass


@dataclass(frozen=True, slots=True)
class KeepTickets:
    keep: tuple[int, ...]  # indices into the tickets on offer, sorted


@dataclass(frozen=True, slots=True)
class Pass:
    pass


BusAction = DrawFaceUp | DrawBlind | ClaimRoute | DrawTickets | KeepTickets | Pass


def action_to_json(action: BusAction) -> dict[str, Any]:
    if isinstance(action, DrawFaceUp):
        return {"do": "face_up", "slot": action.slot}
    if isinstance(action, ClaimRoute):
        return {"do": "claim", "route": action.route, "cards": list(action.cards)}
    if isinstance(action, KeepTickets):
        return {"do": "keep", "keep": list(action.keep)}
    names = {DrawBlind: "blind", DrawTickets: "tickets", Pass: "pass"}
    return {"do": names[type(action)]}


def action_from_json(data: Any) -> BusAction:
    """An action from its JSON; ValueError for anything else."""
    if not isinstance(data, dict):
        raise ValueError("an action is an object")
    kind = data.get("do")
    if kind == "face_up":
        return DrawFaceUp(int(data["slot"]))
    if kind == "claim":
        return ClaimRoute(int(data["route"]), tuple(sorted(str(c) for c in data["cards"])))
    if kind == "keep":
        return KeepTickets(tuple(sorted(int(i) for i in data["keep"])))
    simple: dict[str, BusAction] = {"blind": DrawBlind(), "tickets": DrawTickets(), "pass": Pass()}
    if kind in simple:
        return simple[kind]
    raise ValueError(f"unknown action {kind!r:.30}")
