"""The problems list under the side panel: the compiler's report on the board, each problem a link to its
object."""

from __future__ import annotations

import html

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UILabel, UIPanel, UITextBox

from editor import text
from editor.document.problems import ProblemWatcher, Report

ERROR_COLOUR = "#c62828"
WARNING_COLOUR = "#b26a00"
CLEAN_COLOUR = "#2e7d32"


class ProblemsPanel:
    """Shows the watcher's latest report; `items` maps each link target to its object id and line."""

    def __init__(self, ui: UIManager, rect: pygame.Rect) -> None:
        self.panel = UIPanel(rect, manager=ui, object_id="#problems_panel")
        self.title = UILabel(pygame.Rect(10, 6, rect.width - 20, 26), text.PANEL_PROBLEMS, ui,
                             container=self.panel, object_id="#panel_title")
        self.box = UITextBox("", pygame.Rect(8, 36, rect.width - 22, rect.height - 48), ui,
                             container=self.panel, object_id="#problems_box")
        self.items: dict[str, tuple[int | None, str]] = {}
        self.shown_report: Report | None = None

    def show(self, watcher: ProblemWatcher) -> None:
        """Refill the list when the watcher has a new report."""
        report = watcher.report
        if report is self.shown_report:
            return
        self.shown_report = report
        self.items = {}
        rows = []
        for i, (problem, line) in enumerate(zip(report.problems, watcher.lines(), strict=False)):
            target = f"problem:{i}"
            self.items[target] = (problem.object_id, line)
            colour = ERROR_COLOUR if problem.severity == "error" else WARNING_COLOUR
            rows.append(f"<font color='{colour}'>{'×' if problem.severity == 'error' else '!'}</font> "
                        f"<a href='{target}'>{html.escape(line[2:])}</a>")
        if not report.problems:
            rows = [f"<font color='{CLEAN_COLOUR}'>{html.escape(line)}</font>" for line in watcher.lines()]
        self.box.set_text("<br>".join(rows))
        title = text.PANEL_PROBLEMS
        if report.problems:
            title += "  —  " + text.PROBLEMS_COUNT.format(errors=len(report.errors), warnings=len(report.warnings))
        self.title.set_text(title)

    def target(self, link: str) -> tuple[int | None, str]:
        """The object id (if any) and the line of a clicked problem."""
        return self.items.get(link, (None, ""))
