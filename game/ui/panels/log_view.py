"""The side panel's log ("What happened"): its heading and newest entries, each wrapped whole.

Drawn at the panel's scale, but never so small that its words fall under style.TEXT_MIN_PX: at 1280×720 the
panel is drawn at 0.8 of its design size and the log came out at 11 px, hard to read from a sofa. Its rows,
lines and bullets grow with its words, so the log shows fewer entries there rather than smaller ones.
"""

from __future__ import annotations

import pygame

from game.ui import style, text
from game.ui.panels.widgets import Hotspot, branch_icon, seat_badge, track_chip
from game.ui.table.event_log import LogEntry

LOG_PX = 14  # the entries' and the heading's size at the design size
LOG_ROW = 25  # an entry's first line, with the air under it
LINE_H = 18  # each further line of an entry
LOG_HEAD = 22  # the heading's row, above the first entry
LOG_HEAD_ROOM = 26  # the room the heading takes from the entries' (its row and a little air)
MAX_LOG = 10
LOG_LINES = 8  # lines an entry may take: enough for the longest (German, at 1280×720)


class LogView:
    """Lays out and draws the log at its own scale (`fit` sets it from the panel's)."""

    def __init__(self) -> None:
        self.k = 1.0

    def fit(self, panel_k: float) -> None:
        """The panel's scale, raised where it would draw the log's words under the floor."""
        self.k = max(panel_k, style.TEXT_MIN_PX / LOG_PX)

    def s(self, value: float) -> int:
        """A design length at the log's scale."""
        return max(1, round(value * self.k))

    @property
    def px(self) -> int:
        """The size the log's words are drawn at."""
        return self.s(LOG_PX)

    def entry_height(self, lines: list[str]) -> int:
        """The log's room an entry of these wrapped lines takes: its row and a line's height for each more."""
        return self.s(LOG_ROW) + (len(lines) - 1) * self.s(LINE_H)

    def entry_lines(self, entry: LogEntry, newest: bool, width: int) -> list[str]:
        """An entry wrapped to the log's `width` at its size and weight (a turn's black, the newest bold)."""
        return style.wrap(entry.text, self.px, _weight(entry, newest), width - self.s(16), max_lines=LOG_LINES)

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, log: list[LogEntry],
             hover: tuple[int, int] | None, headed: bool = True) -> list[Hotspot]:
        """The newest entries, oldest on top, each wrapped on as many lines as it needs at the log's size (never
        shrunk or cut); as many whole entries as fit, at most MAX_LOG. Not `headed`: without the log's
        heading (the little room cards leave over the panel)."""
        s = self.s
        row_h, line_h, size = s(LOG_ROW), s(LINE_H), self.px
        if rect.height < row_h * (2 if headed else 1):
            return []
        room, y = rect.height - s(4), rect.y + s(2)
        if headed:
            title = style.text(text.tr("play.log"), size, "black", style.INK_SOFT)
            surface.blit(title, (rect.x, rect.y))
            pygame.draw.line(surface, style.mix(style.PAPER_DARK, style.INK, 0.2),
                             (rect.x + title.get_width() + s(10), rect.y + title.get_height() // 2 + 1),
                             (rect.right - 1, rect.y + title.get_height() // 2 + 1), 1)
            room, y = rect.height - s(LOG_HEAD_ROOM), rect.y + s(LOG_HEAD + 2)
        rows: list[tuple[LogEntry, list[str]]] = []
        newest_entry = log[-1] if log else None
        for entry in reversed(log[-MAX_LOG:]):  # the older ones that no longer fit are left out
            lines = self.entry_lines(entry, entry is newest_entry, rect.width)
            need = self.entry_height(lines)
            if need > room:
                break
            room -= need
            rows.append((entry, lines))
        rows.reverse()
        spots: list[Hotspot] = []
        for k, (entry, lines) in enumerate(rows):
            height = self.entry_height(lines)
            row = pygame.Rect(rect.x - s(6), y - 2, rect.width + s(12), height - 2)
            if hover is not None and row.collidepoint(hover) and (entry.links or entry.nodes or entry.path):
                pygame.draw.rect(surface, style.HALO, row, border_radius=s(6))
            self._bullet(surface, entry, (rect.x + s(5), y + s(10)))
            weight = _weight(entry, k == len(rows) - 1)
            for n, line in enumerate(lines):  # wrapped to fit: fit_text only guards a word wider than the log
                image = style.fit_text(line, size, weight, style.INK, rect.width - s(16))
                surface.blit(image, (rect.x + s(16), y + s(2) + n * line_h))
            spots.append(Hotspot(row, "log", entry))
            y += height
        return spots

    def _bullet(self, surface: pygame.Surface, entry: LogEntry, centre: tuple[int, int]) -> None:
        """What an entry is about, at a glance: the line placed (in its colour), the seat whose turn it is
        (its number), a branch token, the passenger, or a plain dot."""
        s = self.s
        if entry.line is not None:
            track_chip(surface, (centre[0] + s(1), centre[1]), s(13), entry.line)
        elif entry.kind == "turn" and entry.seat is not None:
            seat_badge(surface, (centre[0] + s(1), centre[1]), s(7), entry.seat)
        elif entry.kind == "branch":
            branch_icon(surface, (centre[0] + s(1), centre[1]), s(6))
        elif entry.kind == "passenger":
            pygame.draw.circle(surface, style.INK, centre, s(5))
            pygame.draw.circle(surface, style.GOLD, centre, s(4))
        else:
            pygame.draw.circle(surface, style.INK_SOFT, centre, s(3))


def _weight(entry: LogEntry, newest: bool) -> str:
    """A turn's entry in black, the newest in bold, the rest regular."""
    return "black" if entry.kind == "turn" else "bold" if newest else "regular"


def free_spans(band: pygame.Rect, covers: list[pygame.Rect]) -> list[tuple[int, int]]:
    """The stretches of `band`, top to bottom, that none of the `covers` reaching across it lies over."""
    taken = sorted((max(band.top, c.top), min(band.bottom, c.bottom)) for c in covers
                   if c.colliderect(band))
    spans, top = [], band.top
    for start, end in taken:
        if start > top:
            spans.append((top, start))
        top = max(top, end)
    if band.bottom > top:
        spans.append((top, band.bottom))
    return spans
