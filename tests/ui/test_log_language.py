"""The "What happened" log reads in the language of the moment: entries keep phrases, not text, in play
and in the save; entries of a save from before that keep their old text."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game import i18n
from game.board.model import Board
from game.phrase import Phrase, Series, from_json, to_json
from game.rules.actions import Action
from game.rules.observation import observe
from game.ui import text
from game.ui.table.event_log import LogEntry
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup, Seat

SEATS = [Seat("person", "Anna"), Seat("easy", ""), Seat("easy", "Cleo")]  # the second keeps its default name


def _play(board: Board, board_file: Path, actions: list[Action] | None = None) -> tuple[GameSession, list[Action]]:
    """A game of a few turns (bots choosing for every seat), or the given actions replayed."""
    session = GameSession(board, GameSetup(str(board_file), list(SEATS), 5), None, 5)
    if actions is None:
        actions = []
        while len(actions) < 14:
            actions.append(session.bots[1].choose(observe(session.state)))
            session.apply(actions[-1])
    else:
        for action in actions:
            session.apply(action)
    return session, actions


def _texts(session: GameSession) -> list[str]:
    return [entry.text for entry in session.log]


def _resumed(session: GameSession) -> GameSession:
    return GameSession.from_save(json.loads(json.dumps(session.to_save())))


def test_after_a_language_change_the_whole_log_is_in_the_new_language(board: Board, board_file: Path) -> None:
    session, actions = _play(board, board_file)
    english = _texts(session)
    assert {entry.kind for entry in session.log} >= {"place", "turn", "passenger"}
    text.set_language("de")
    german_game, _ = _play(board, board_file, actions)  # what a game played in German writes
    assert _texts(session) == _texts(german_game)
    assert sum(a != b for a, b in zip(english, _texts(session), strict=True)) >= len(english) // 2
    text.set_language("fr")  # the unnamed computer's default name is said in the language of the moment too
    assert any("Ordinateur 2" in line for line in _texts(session))
    assert session.name(1) == "Ordinateur 2" and session.name(0) == "Anna"


def test_save_and_resume_keep_the_log_as_phrases(board: Board, board_file: Path) -> None:
    session, _ = _play(board, board_file)
    english = _texts(session)
    text.set_language("fr")
    french = _texts(session)
    assert french != english
    resumed = _resumed(session)
    assert _texts(resumed) == french
    text.set_language("en")
    assert _texts(resumed) == english
    assert [entry.to_json() for entry in resumed.log] == [entry.to_json() for entry in session.log]


def test_a_version_2_save_keeps_its_log_text_as_it_was(board: Board, board_file: Path) -> None:
    session, _ = _play(board, board_file)
    english = _texts(session)
    old: dict[str, Any] = session.to_save()
    old["version"] = 2
    old["log"] = [{**{k: v for k, v in entry.items() if k != "words"}, "text": line}
                  for entry, line in zip(old["log"], english, strict=True)]
    resumed = GameSession.from_save(old)
    text.set_language("de")
    assert _texts(resumed) == english  # literal entries: the language they were written in
    assert [entry.nodes for entry in resumed.log] == [entry.nodes for entry in session.log]
    assert resumed.to_save()["log"][0]["words"] == english[0]


def test_phrases_survive_json() -> None:
    words = Series((Phrase.of("log.place", name="Anna", line=Phrase("line.red"), a="A", b="B"),
                    Phrase.of("log.tokens", 2, count=2)), " · ")
    again = from_json(json.loads(json.dumps(to_json(words))))
    assert again == words
    assert i18n.render(again) == "Anna placed red A–B · +2 branch tokens"
    text.set_language("fr")
    assert LogEntry(again).text == i18n.render(words) != "Anna placed red A–B · +2 branch tokens"


def test_a_track_ending_at_two_termini_says_terminus_once_with_how_often(board: Board) -> None:
    """A new player read "+4 (terminus, terminus)" as a slip; the log now counts a repeated reason."""
    from game.rules.events import Event
    from game.rules.reasons import Reason
    from game.ui.table.event_log import describe

    link = board.links[0]
    ends = [board.nodes[link.a].name, board.nodes[link.b].name]
    far = next(node.name for node in board.nodes if node.name not in ends and not node.waypoint)
    reasons = (Reason.of("terminus", station=ends[0]), Reason.of("terminus", station=ends[1]),
               Reason.of("railway", station=far))
    event = Event("place", player=0, points=5, reasons=reasons, line="black", link=0)
    i18n.set_language("en")
    (entry,) = describe([event], board, ["Anna"])
    assert entry.text.endswith(f": +5 (terminus ×2, railway station: {far})"), entry.text


def test_the_previews_say_a_repeated_reason_once_as_the_log_does(board: Board) -> None:
    """The hovered space's preview and the hint list reasons row by row: "terminus" twice read as a slip
    there too, so they say what the log says."""
    from game.rules.reasons import Reason
    from game.ui.table.event_log import short_reasons

    link = board.links[0]
    ends = [board.nodes[link.a].name, board.nodes[link.b].name]
    reasons = [Reason.of("terminus", station=ends[0]), Reason.of("terminus", station=ends[1])]
    i18n.set_language("en")
    assert short_reasons(reasons, board, (link.a, link.b)) == ["terminus ×2"]
    assert short_reasons(reasons[:1], board, (link.a, link.b)) == ["terminus"]
