"""Live validation: compile the document in memory a moment after each edit and list what is wrong, in the
editor's language (`editor.problem_text`)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from editor import text
from editor.document.bus import is_bus
from editor.document.tmx import Document
from editor.problem_text import PLACE, PLACES, PROBLEM, its_name, said, translate
from game import i18n
from game.board.tmx.bus import compile_bus_bytes
from game.board.tmx.compiler import compile_tmx_bytes

if TYPE_CHECKING:
    from game.board.model import Board
    from game.bus.board import BusBoard

DEBOUNCE_SECONDS = 0.4


@dataclass
class Report:
    """The latest compile of the document: its board (when error-free) and its problems, the board check's
    legibility findings (names that collide, a link through a station, stations too close) last."""

    board: Board | BusBoard | None
    problems: list[Any]

    @property
    def errors(self) -> list[Any]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> list[Any]:
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def hard_to_read(self) -> list[Any]:
        """The board check's findings (severity "legibility"): never an error, but worth fixing."""
        return [p for p in self.problems if p.severity == "legibility"]

    @property
    def places_hard_to_read(self) -> set[tuple[int | None, str]]:
        """The stations and links the board check's lines are about: a name over two links and its neighbour is
        one place with three lines (counting lines, the panel said "4 places" where the status said "1 name");
        what the Problems panel's title, the import and Tidy layout all count."""
        return {(problem.object_id, problem.object_name) for problem in self.hard_to_read}


def compile_document(doc: Document) -> Report:
    """Compile what is being edited, as if it were saved, without touching the disk: with the bus tour's
    compiler (and its board check) when the map says it is a bus-tour board, else with the Underground's."""
    name = doc.path.name if doc.path else text.UNTITLED
    if is_bus(doc):
        bus = compile_bus_bytes(doc.to_bytes(), name, doc.base_dir)
        return Report(bus.board, list(bus.problems))
    result = compile_tmx_bytes(doc.to_bytes(), name, doc.base_dir)
    return Report(result.board, [*result.problems, *result.legibility])


def describe(problem: Any) -> str:
    """One line per problem for the list, in the editor's language: severity mark, object, message. An object
    is named by its name (an unnamed one, such as a link, by the message itself; the list's click still selects
    it), and a message about the name's text says "its name" rather than the name a second time."""
    mark = "×" if problem.severity == "error" else "!"
    name = problem.object_name or ""
    message = message_of(problem)
    if not name:
        return f"{mark} {message}"
    if problem.object_id is None:  # a map-level place ("map properties"), never a station's own name
        name = said(PLACE, PLACES, name) or name
    return f"{mark} {i18n.tr(f'{PROBLEM}.about', name=name, message=message)}"


def message_of(problem: Any) -> str:
    """What is wrong, in the editor's language, without the object's name in front ("its name crosses a link");
    a name's problem found only with the names drawn larger says so (the editor draws them at the usual size,
    and a designer saw a name 25 px clear of the link it was said to cross)."""
    said = said_of(problem.message, problem.object_name or "")
    return f"{said} {text.PROBLEM_GROWN}" if getattr(problem, "grown", False) else said


def said_of(message: str, name: str) -> str:
    """The board check's `message` about the object called `name`, in the editor's language, without the name
    in front."""
    said = translate(message, name)
    if said is None:
        said = its_name(message, name) if name else message
    return said


class ProblemWatcher:
    """Recompiles when the document has been still for a moment; `refresh(force=True)` does it now."""

    def __init__(self, doc: Document) -> None:
        self.doc = doc
        self.report = Report(None, [])
        self.compiled_revision = -1
        self.seen_revision = -1
        self.changed_at = 0.0

    def watch(self, doc: Document) -> None:
        self.doc = doc
        self.compiled_revision = -1

    def refresh(self, force: bool = False, now: float | None = None) -> bool:
        """True when a new report was made."""
        now = time.monotonic() if now is None else now
        revision = self.doc.revision
        if revision != self.seen_revision:
            self.seen_revision = revision
            self.changed_at = now
        if revision == self.compiled_revision:
            return False
        if not force and now - self.changed_at < DEBOUNCE_SECONDS and self.compiled_revision != -1:
            return False
        self.report = compile_document(self.doc)
        self.compiled_revision = revision
        return True

    @property
    def object_ids(self) -> set[int]:
        return {p.object_id for p in self.report.errors if p.object_id is not None}

    def lines(self) -> list[str]:
        if not self.report.problems:
            return [text.PROBLEMS_NONE]
        return [describe(p) for p in self.report.problems]


def base_dir_of(path: Path | None) -> Path | None:
    return path.parent if path else None
