"""Engine events as sentences people read, each remembering what on the board it is about.

An entry keeps its sentence as a phrase (message keys and values, see `game.phrase`), not as text:
it is put into words each time it is drawn, so after a change of language the whole log reads in the
new one, and the save keeps the phrases too. The log panel shows the last few entries; hovering one
highlights its links, route or stations.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game import i18n, phrase
from game.board.model import Board
from game.phrase import Phrase, Series, Value
from game.rules.events import Event
from game.rules.reasons import Reason
from game.ui.table.trips import Trip

STEP = " · "  # between the parts of one action's sentence: the placement, then what it earned and paid


@dataclass(frozen=True, slots=True)
class LogEntry:
    """One line of the log, with the seat it concerns and the board things to light up on hover.

    `words` is a phrase, or plain text for an entry of a save written before logs kept phrases.
    """

    words: Value
    seat: int | None = None
    line: str | None = None
    links: tuple[int, ...] = ()
    nodes: tuple[int, ...] = ()
    path: tuple[int, ...] = ()
    kind: str = ""

    @property
    def text(self) -> str:
        """The entry in the current language."""
        return i18n.render(self.words)

    def to_json(self) -> dict[str, Any]:
        return {"words": phrase.to_json(self.words), "seat": self.seat, "line": self.line, "links": list(self.links),
                "nodes": list(self.nodes), "path": list(self.path), "kind": self.kind}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> LogEntry:
        return cls(phrase.from_json(data["words"]), data.get("seat"), data.get("line"), tuple(data.get("links", ())),
                   tuple(data.get("nodes", ())), tuple(data.get("path", ())), str(data.get("kind", "")))


def short_reasons(reasons: Sequence[Reason], board: Board, ends: Sequence[int]) -> list[str]:
    """A placement's reasons in words, one each, as the log says them (`_reasons`): without the station's
    name when it is one the track itself touches, the same one once with how often."""
    return [i18n.render(said) for said in _reasons(reasons, board, ends).items]


def _reason(reason: Reason, board: Board, ends: Sequence[int]) -> Phrase:
    station = reason.params.get("station")
    said = i18n.reason_phrase(reason, short=any(board.nodes[n].name == station for n in ends))
    if said.key.endswith(".short"):  # the short form leaves the station out: two such reasons say the same
        said = Phrase(said.key, tuple(item for item in said.values if item[0] != "station"), said.count)
    return said


def _reasons(reasons: Sequence[Reason], board: Board, ends: Sequence[int]) -> Series:
    """A placement's scoring reasons, the same one said once with how often ("terminus ×2"): a track whose
    two ends are both termini read "terminus, terminus", which a new player took for a slip."""
    phrases = [_reason(r, board, ends) for r in reasons]
    counted: list[Value] = []
    for said in dict.fromkeys(phrases):
        times = phrases.count(said)
        counted.append(said if times == 1 else Phrase.of("log.reason_times", reason=said, times=times))
    return Series(tuple(counted))


def _seat_name(names: Sequence[Value], seat: int | None) -> Value:
    """The name a seat was given (a seat left unnamed: its default, `default_seat_name`), else "Player n", in
    whatever language the log is read."""
    if seat is None:
        return ""
    given = names[seat] if 0 <= seat < len(names) else ""
    return given or default_seat_name(seat)


def default_seat_name(seat: int, computer: bool = False) -> Phrase:
    """An unnamed seat's name, "Player 2" or "Computer 2", said in the language of the moment: a name filled
    in at the table stayed English after the players switched to German mid-game."""
    return Phrase.of("menu.seat.computer_name" if computer else "menu.seat.default_name", number=seat + 1)


def _line(line: str) -> Value:
    return i18n.named("line", line)


def _trip(ride: Phrase, trip: Trip | None) -> Phrase:
    """A passenger move that is one of several this turn says which ("Express trip first: …"): a new player
    saw him move twice and did not know why."""
    if trip is None or not trip.several:
        return ride
    if trip.express_then_standard:
        return Phrase.of("log.trip.express_first" if trip.number == 1 else "log.trip.standard_then", leg=ride)
    return Phrase.of("log.trip.of", number=trip.number, total=trip.total, leg=ride)


def describe(events: Sequence[Event], board: Board, names: Sequence[Value], trip: Trip | None = None) -> list[LogEntry]:
    """Entries for the events of one action; a passenger move and the points it pays make one entry, which
    names the `trip` it is when he makes several this turn."""
    entries: list[LogEntry] = []
    node_name = lambda n: board.nodes[n].name  # noqa: E731
    i = 0
    while i < len(events):
        event = events[i]
        who = _seat_name(names, event.player)
        if event.kind == "place" and event.link is not None and event.line is not None:
            link = board.links[event.link]
            values: dict[str, Value] = {"name": who, "line": _line(event.line), "a": node_name(link.a),
                                        "b": node_name(link.b)}
            if event.points:
                reasons = _reasons(event.reasons, board, (link.a, link.b))
                parts: list[Value] = [Phrase.of("log.place_points", points=event.points, reasons=reasons, **values)]
            else:
                parts = [Phrase.of("log.place", **values)]
            if event.branch_tokens:
                parts.append(Phrase.of("log.tokens", event.branch_tokens, count=event.branch_tokens))
            if event.paid:
                parts.append(Phrase.of("log.paid", event.paid, count=event.paid))
            entries.append(LogEntry(Series(tuple(parts), STEP), event.player, event.line, (event.link,),
                                    (link.a, link.b), (), "place"))
        elif event.kind == "branch":
            entries.append(LogEntry(Phrase.of("log.branch", name=who), event.player, kind="branch"))
        elif event.kind == "passenger" and event.station is not None:
            path = tuple(event.path) or (event.station,)
            a, b = node_name(path[0]), node_name(event.station)
            if len(path) <= 1:
                ride = Phrase.of("log.stay", b=b)
            elif event.lines:
                ride = Phrase.of("log.ride", a=a, b=b, lines=Series(tuple(_line(x) for x in event.lines)))
            else:
                ride = Phrase.of("log.ride_walk", a=a, b=b)
            ride = _trip(ride, trip)
            scores: list[Value] = []
            while i + 1 < len(events) and events[i + 1].kind == "score":
                i += 1
                scores.append(Phrase.of("log.scores", name=_seat_name(names, events[i].player),
                                        points=events[i].points))
            words: Value = Series((ride, Series(tuple(scores))), STEP) if scores else ride
            entries.append(LogEntry(words, event.player, None, (), (event.station,), path, "passenger"))
        elif event.kind == "score":
            reasons = Series(tuple(i18n.reason_phrase(reason) for reason in event.reasons))
            entries.append(LogEntry(Phrase.of("log.score", name=who, points=event.points, reasons=reasons),
                                    event.player, kind="score"))
        elif event.kind == "refill" and event.path:
            drawn = Series(tuple(node_name(n) for n in event.path), conjunction=True)
            entries.append(LogEntry(Phrase.of("log.refill", names=drawn), None, nodes=tuple(event.path),
                                    kind="refill"))
        elif event.kind == "turn":
            entries.append(LogEntry(Phrase.of("log.turn", name=who), event.player, kind="turn"))
        elif event.kind in ("end_triggered", "passenger_removed"):
            entries.append(LogEntry(Phrase.of(f"log.{event.kind}"), event.player, kind=event.kind))
        elif event.kind == "game_over":
            winners = list(event.winners)
            key = "log.game_over_shared" if len(winners) > 1 else "log.game_over"
            everyone = Series(tuple(_seat_name(names, w) for w in winners), conjunction=True)
            entries.append(LogEntry(Phrase.of(key, names=everyone), winners[0] if len(winners) == 1 else None,
                                    kind="game_over"))
        i += 1
    return entries
