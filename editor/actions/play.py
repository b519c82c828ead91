"""Play this board (F5): compile it in memory and hand it to the game, in process or as a child process."""

from __future__ import annotations

import importlib
import importlib.util
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut
from editor.document.problems import Report, compile_document, describe
from editor.document.tmx import Document
from game.files import write_atomically

PROJECT_ROOT = Path(__file__).resolve().parents[2]
PROBLEMS_LISTED = 12


@dataclass
class PlayOutcome:
    """What happened: started in process, started as a process, or refused with the problems."""

    started: bool
    problems: list[str]
    process: subprocess.Popen[bytes] | None = None
    error: str = ""


def _launcher() -> object | None:
    if importlib.util.find_spec("game.ui") is None or importlib.util.find_spec("game.ui.launch") is None:
        return None
    module = importlib.import_module("game.ui.launch")
    return getattr(module, "play_board", None)


def play(doc: Document, report: Report | None = None) -> PlayOutcome:
    """Start the game on the document's board unless it has errors."""
    report = report or compile_document(doc)
    if not report.available:
        return PlayOutcome(False, [], error="compiler missing")
    if report.board is None:
        return PlayOutcome(False, [describe(p) for p in report.errors])
    play_board = _launcher()
    if callable(play_board):
        try:
            play_board(report.board)
        except Exception as error:  # the game is another module: show its failure, do not crash the editor
            return PlayOutcome(False, [], error=f"{type(error).__name__}: {error}")
        return PlayOutcome(True, [])
    folder = Path(tempfile.mkdtemp(prefix="underground-play-"))
    target = folder / (doc.path.name if doc.path else "board.tmx")
    write_atomically(target, doc.to_bytes())
    try:
        process = subprocess.Popen([sys.executable, "-m", "game", "--board", str(target)], cwd=PROJECT_ROOT)
    except OSError as error:
        return PlayOutcome(False, [], error=str(error))
    return PlayOutcome(True, [], process=process)


def play_this_board(editor: Editor) -> None:
    """Start the game on the board as it is now, or say why not."""
    editor.panel.commit_pending()
    editor.watcher.refresh(force=True)
    outcome = play(editor.session.doc, editor.watcher.report)
    if outcome.problems:
        listing = "<br>".join(outcome.problems[:PROBLEMS_LISTED])
        editor.user.tell(text.PLAY_ERRORS_TITLE, text.PLAY_ERRORS.format(problems=listing))
    elif outcome.error:
        editor.user.tell(text.ERROR_TITLE, text.PLAY_FAILED.format(error=outcome.error))
    else:
        editor.game_process = outcome.process
        editor.user.status(text.STATUS_PLAY)


def actions() -> list[Action]:
    return [Action("play", play_this_board, (Shortcut(pygame.K_F5),), button="board")]
