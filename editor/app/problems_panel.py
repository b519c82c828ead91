"""The problems list under the side panel: the compiler's report on the board, each problem a way to its
object.

A problem's text wraps over several rows of the box. pygame_gui's own links answer only on a wrapped
link's later rows, so the panel does not use them: it finds the problem under the mouse from the box's
laid-out rows itself, and a press and release anywhere on a problem's rows choose it.
"""

from __future__ import annotations

import html
from typing import NamedTuple

import pygame
from pygame_gui import UIManager
from pygame_gui.core.text.line_break_layout_rect import LineBreakLayoutRect
from pygame_gui.elements import UILabel, UIPanel, UITextBox

from editor import text
from editor.document.problems import ProblemWatcher, Report

ERROR_COLOUR = "#c62828"
WARNING_COLOUR = "#b26a00"
LEGIBILITY_COLOUR = "#5e35b1"  # the board check: hard to read (names collide, stations crowd), never an error
CLEAN_COLOUR = "#2e7d32"
HOVER_FILL = (47, 111, 214, 28)
HOVER_EDGE = (47, 111, 214)


class Target(NamedTuple):
    """Where a chosen problem leads: its object (if any), its line, and a link it is about as well (the one a
    station's name crosses, or a link is drawn on), which the canvas marks beside the selected object."""

    object_id: int | None
    line: str
    link_id: int | None = None


def _counts(report: Report) -> str:
    """The title's counts, those that are not zero (so the line fits the panel's width)."""
    counts = (("PROBLEMS_ERRORS", len(report.errors)), ("PROBLEMS_WARNINGS", len(report.warnings)),
              ("PROBLEMS_HARD_TO_READ", len(report.places_hard_to_read)))
    return " · ".join(text.plural(name, count, count=count) for name, count in counts if count)


class ProblemsPanel:
    """Shows the watcher's latest report; `targets[i]` is where the i-th problem leads."""

    def __init__(self, ui: UIManager, rect: pygame.Rect) -> None:
        self.panel = UIPanel(rect, manager=ui, object_id="#problems_panel")
        self.title = UILabel(pygame.Rect(10, 6, rect.width - 20, 26), text.PANEL_PROBLEMS, ui,
                             container=self.panel, object_id="#panel_title")
        self.box = UITextBox("", pygame.Rect(8, 36, rect.width - 22, rect.height - 48), ui,
                             container=self.panel, object_id="#problems_box")
        self.targets: list[Target] = []
        self.shown_report: Report | None = None
        self.pressed: int | None = None
        self.hovered: int | None = None

    def show(self, watcher: ProblemWatcher) -> None:
        """Refill the list when the watcher has a new report."""
        report = watcher.report
        if report is self.shown_report:
            return
        self.shown_report = report
        self.targets = []
        rows = []
        for problem, line in zip(report.problems, watcher.lines(), strict=False):
            line = " ".join(line.split())  # one paragraph each: a line break inside would split the problem
            self.targets.append(Target(problem.object_id, line, getattr(problem, "link_id", None)))
            colour = {"error": ERROR_COLOUR, "legibility": LEGIBILITY_COLOUR}.get(problem.severity, WARNING_COLOUR)
            rows.append(f"<font color='{colour}'>{html.escape(line[:1])}</font> {html.escape(line[2:])}")
        if not report.problems:
            rows = [f"<font color='{CLEAN_COLOUR}'>{html.escape(line)}</font>" for line in watcher.lines()]
        scrolled = self._scrolled()
        self.box.set_text("<br>".join(rows))
        self._scroll_to(scrolled)
        self.pressed = self.hovered = None
        title = text.PANEL_PROBLEMS
        if report.problems:
            counts = _counts(report)
            title = f"{title}  —  {counts}"
            font = self.title.font
            if font is not None and font.get_rect(title).width > self.title.rect.width:
                title = counts  # the counts say more than the heading, and the list below says what it is
        self.title.set_text(title)

    def _scrolled(self) -> float:
        """How far down the list is scrolled, in text px."""
        layout, bar = self.box.text_box_layout, self.box.scroll_bar
        return bar.start_percentage * layout.layout_rect.height if bar is not None and layout is not None else 0.0

    def _scroll_to(self, scrolled: float) -> None:
        """The list scrolled `scrolled` text px down, or as far as it goes: a new report keeps the designer's
        place in a long list (it was refilled from the top after each fix)."""
        layout, bar = self.box.text_box_layout, self.box.scroll_bar
        if scrolled <= 0 or bar is None or layout is None or layout.layout_rect.height <= 0:
            return
        bar.set_scroll_from_start_percentage(min(scrolled / layout.layout_rect.height, 1.0 - bar.visible_percentage))

    # ----- where each problem is on the screen -----

    def _spans(self) -> list[tuple[int, int]]:
        """Each problem's top and bottom in the box's text space: from its first row to the next one's."""
        layout = self.box.text_box_layout
        if layout is None or not self.targets:
            return []
        starts: list[int] = []
        bottom = 0
        new_problem = True
        for row in layout.layout_rows:
            if new_problem:
                starts.append(row.top)
            new_problem = any(isinstance(item, LineBreakLayoutRect) for item in row.items)
            bottom = row.bottom
        starts = starts[: len(self.targets)]
        return [(top, starts[i + 1] if i + 1 < len(starts) else bottom + 2) for i, top in enumerate(starts)]

    def _text_area(self) -> pygame.Rect:
        """The part of the box where text is drawn, on the screen (without its scroll bar)."""
        area = pygame.Rect(self.box.get_abs_rect())
        if self.box.scroll_bar is not None:
            area.width -= self.box.scroll_bar.get_abs_rect().width
        return area

    def _offset(self) -> tuple[int, int]:
        """Where text-space (0, 0) is on the screen, following the scroll bar."""
        left, top = self.box.get_text_layout_top_left()
        layout, bar = self.box.text_box_layout, self.box.scroll_bar
        scrolled = bar.start_percentage * layout.layout_rect.height if bar is not None and layout is not None else 0
        return round(left), round(top - scrolled)

    def rect_of(self, index: int) -> pygame.Rect | None:
        """Problem `index`'s rows on the screen, as wide as the box: where a click chooses it."""
        spans = self._spans()
        if not 0 <= index < len(spans):
            return None
        area = self._text_area()
        _, dy = self._offset()
        top, bottom = spans[index]
        return pygame.Rect(area.x + 2, dy + top - 2, area.width - 4, bottom - top).clip(area)

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The problem whose rows are under a screen point, if any."""
        if not self._text_area().collidepoint(pos):
            return None
        for index in range(len(self.targets)):
            rect = self.rect_of(index)
            if rect is not None and rect.collidepoint(pos):
                return index
        return None

    # ----- the mouse -----

    def handle(self, event: pygame.event.Event) -> Target | None:
        """Track the hovered problem; a left press and release on the same problem returns its target."""
        if event.type == pygame.MOUSEMOTION:
            self.hovered = self.index_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.index_at(event.pos)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            pressed, self.pressed = self.pressed, None
            if pressed is not None and pressed == self.index_at(event.pos):
                return self.targets[pressed]
        return None

    def draw_hover(self, surface: pygame.Surface) -> None:
        """A light band behind the problem under the mouse, so it reads as something to click."""
        rect = self.rect_of(self.hovered) if self.hovered is not None else None
        if rect is None or rect.width <= 0 or rect.height <= 0:
            return
        band = pygame.Surface(rect.size, pygame.SRCALPHA)
        band.fill(HOVER_FILL)
        surface.blit(band, rect.topleft)
        pygame.draw.rect(surface, HOVER_EDGE, rect, 1, border_radius=3)
