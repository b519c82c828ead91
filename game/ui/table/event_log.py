"""Engine events as sentences people read, each remembering what on the board it is about.

The log panel shows the last few entries; hovering one highlights its links, route or stations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from game.board.model import Board
from game.i18n import describe as describe_reason
from game.rules.events import Event
from game.rules.reasons import Reason
from game.ui import text


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One readable line, with the seat it concerns and the board things to light up on hover."""

    text: str
    seat: int | None = None
    line: str | None = None
    links: tuple[int, ...] = ()
    nodes: tuple[int, ...] = ()
    path: tuple[int, ...] = ()
    kind: str = ""

    def to_json(self) -> dict[str, Any]:
        return {key: list(value) if isinstance(value, tuple) else value for key, value in asdict(self).items()}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogEntry:
        return cls(str(data["text"]), data.get("seat"), data.get("line"), tuple(data.get("links", ())),
                   tuple(data.get("nodes", ())), tuple(data.get("path", ())), str(data.get("kind", "")))


def short_reason(reason: Reason, board: Board, ends: Sequence[int]) -> str:
    """A reason in words, without the station's name when it is one the track itself touches."""
    station = reason.params.get("station")
    return describe_reason(reason, short=any(board.nodes[n].name == station for n in ends))


def _seat_name(names: Sequence[str], seat: int | None) -> str:
    if seat is None:
        return ""
    return names[seat] if 0 <= seat < len(names) else text.tr("menu.seat.default_name", number=seat + 1)


def describe(events: Sequence[Event], board: Board, names: Sequence[str]) -> list[LogEntry]:
    """Sentences for the events of one action; a passenger move and the points it pays make one line."""
    entries: list[LogEntry] = []
    node_name = lambda n: board.nodes[n].name  # noqa: E731
    i = 0
    while i < len(events):
        event = events[i]
        who = _seat_name(names, event.player)
        if event.kind == "place" and event.link is not None and event.line is not None:
            link = board.links[event.link]
            values = {"name": who, "line": text.line_name(event.line), "a": node_name(link.a), "b": node_name(link.b)}
            if event.points:
                reasons = ", ".join(short_reason(r, board, (link.a, link.b)) for r in event.reasons)
                sentence = text.tr("log.place_points", points=event.points, reasons=reasons, **values)
            else:
                sentence = text.tr("log.place", **values)
            extras = []
            if event.branch_tokens:
                extras.append(text.tr("log.tokens", count=event.branch_tokens))
            if event.paid:
                extras.append(text.tr("log.paid", count=event.paid))
            if extras:
                sentence += " · " + " · ".join(extras)
            entries.append(LogEntry(sentence, event.player, event.line, (event.link,), (link.a, link.b), (), "place"))
        elif event.kind == "branch":
            entries.append(LogEntry(text.tr("log.branch", name=who), event.player, kind="branch"))
        elif event.kind == "passenger" and event.station is not None:
            path = tuple(event.path) or (event.station,)
            a, b = node_name(path[0]), node_name(event.station)
            if len(path) <= 1:
                sentence = text.tr("log.stay", b=b)
            elif event.lines:
                sentence = text.tr("log.ride", a=a, b=b, lines=", ".join(text.line_name(x) for x in event.lines))
            else:
                sentence = text.tr("log.ride_walk", a=a, b=b)
            scores = []
            while i + 1 < len(events) and events[i + 1].kind == "score":
                i += 1
                scores.append(text.tr("log.scores", name=_seat_name(names, events[i].player), points=events[i].points))
            if scores:
                sentence += " · " + ", ".join(scores)
            entries.append(LogEntry(sentence, event.player, None, (), (event.station,), path, "passenger"))
        elif event.kind == "score":
            reasons = ", ".join(describe_reason(reason) for reason in event.reasons)
            entries.append(LogEntry(text.tr("log.score", name=who, points=event.points, reasons=reasons),
                                    event.player, kind="score"))
        elif event.kind == "refill" and event.path:
            names_drawn = text.joined([node_name(n) for n in event.path])
            entries.append(LogEntry(text.tr("log.refill", names=names_drawn), None, nodes=tuple(event.path),
                                    kind="refill"))
        elif event.kind == "turn":
            entries.append(LogEntry(text.tr("log.turn", name=who), event.player, kind="turn"))
        elif event.kind in ("end_triggered", "passenger_removed"):
            entries.append(LogEntry(text.tr(f"log.{event.kind}"), event.player, kind=event.kind))
        elif event.kind == "game_over":
            winners = list(event.winners)
            key = "log.game_over_shared" if len(winners) > 1 else "log.game_over"
            entries.append(LogEntry(text.tr(key, names=text.joined([_seat_name(names, w) for w in winners])),
                                    winners[0] if len(winners) == 1 else None, kind="game_over"))
        i += 1
    return entries
