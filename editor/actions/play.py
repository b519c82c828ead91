"""Play this board (F5): compile it in memory and, when it has no errors, start the game on it as a child process
(an Underground board or a bus tour's: the game's menu opens with it chosen).

The game is given a copy of the board in the game's own data folder (`play/`, one file per board name,
replaced at each Play): the copy outlives the game, so a game saved on it can be continued later, and
playing again does not leave another copy behind.
"""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut
from editor.document.problems import ProblemWatcher, Report, compile_document, describe
from editor.document.tmx import Document
from game.files import write_atomically
from game.persist.saves import data_dir

PROJECT_ROOT = Path(__file__).resolve().parents[2]


@dataclass
class PlayOutcome:
    """What happened: started (with the game's process), refused with the problems, or failed to start."""

    started: bool
    problems: list[str]
    process: subprocess.Popen[bytes] | None = None
    error: str = ""


def play(doc: Document, report: Report | None = None) -> PlayOutcome:
    """Start the game on the document's board unless it has errors."""
    report = report or compile_document(doc)
    if report.board is None:
        return PlayOutcome(False, [describe(p) for p in report.errors])
    target = play_folder() / (doc.path.name if doc.path else "board.tmx")
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, doc.to_bytes())
    except OSError as error:
        return PlayOutcome(False, [], error=str(error))
    try:
        process = subprocess.Popen([sys.executable, "-m", "game", "--board", str(target)], cwd=PROJECT_ROOT)
    except OSError as error:
        return PlayOutcome(False, [], error=str(error))
    return PlayOutcome(True, [], process=process)


def play_folder() -> Path:
    """Where Play keeps the copies of the boards it starts the game on."""
    return data_dir() / "play"


def current_errors(watcher: ProblemWatcher) -> list[str]:
    """The errors of the watcher's latest compile (it recompiles a moment after each edit), one line each."""
    return [describe(p) for p in watcher.report.errors]


def play_this_board(editor: Editor) -> None:
    """Start the game on the board as it is now, or say why not."""
    editor.panel.commit_pending()
    editor.watcher.refresh(force=True)
    outcome = play(editor.session.doc, editor.watcher.report)
    if outcome.problems:
        editor.user.show_problems(lambda: current_errors(editor.watcher), lambda: play_this_board(editor))
    elif outcome.error:
        editor.user.tell(text.ERROR_TITLE, text.PLAY_FAILED.format(error=outcome.error))
    else:
        editor.game_process = outcome.process
        editor.user.status(text.STATUS_PLAY)


def actions() -> list[Action]:
    return [Action("play", play_this_board, (Shortcut(pygame.K_F5),), button="board")]
