"""Background work on screen: a progress bar with its percentage in the status bar, and a Cancel button.

While work runs the window keeps drawing and listening, but edits wait: only Esc, Cancel and closing
the window do anything, so the board the work started from is the board its result is applied to.
"""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UIButton

from editor import text
from editor.canvas.render import font
from editor.document.work import BackgroundWork

TRACK = (70, 76, 92)
FILL = (47, 111, 214)
INK = (235, 238, 244)
BUTTON_WIDTH = 130
BAR_WIDTH = 260


class WorkBar:
    """The running work's progress in the status bar, and the button that cancels it."""

    def __init__(self, ui: UIManager, status: pygame.Rect) -> None:
        self.status = status
        rect = pygame.Rect(status.right - BUTTON_WIDTH - 6, status.y + 3, BUTTON_WIDTH, status.height - 6)
        self.cancel = UIButton(rect, text.WORK_CANCEL, ui, object_id="#work_cancel")
        self.cancel.hide()

    def show(self) -> None:
        self.cancel.set_text(text.WORK_CANCEL)
        self.cancel.show()

    def hide(self) -> None:
        self.cancel.hide()

    def bar_rect(self) -> pygame.Rect:
        return pygame.Rect(self.status.x + 10, self.status.y + 8, BAR_WIDTH, self.status.height - 16)

    def draw(self, surface: pygame.Surface, work: BackgroundWork[Any]) -> None:
        """Over the status bar: the bar filled to the work's fraction, then what it is and how far."""
        surface.fill((43, 47, 58), self.status)
        bar = self.bar_rect()
        pygame.draw.rect(surface, TRACK, bar, border_radius=4)
        done = bar.copy()
        done.width = round(bar.width * work.fraction)
        if done.width > 0:
            pygame.draw.rect(surface, FILL, done, border_radius=4)
        percent = round(100 * work.fraction)
        line = text.WORK_PROGRESS.format(title=work.title, percent=percent)
        label = font(20).render(line, True, INK)
        surface.blit(label, (bar.right + 12, self.status.y + (self.status.height - label.get_height()) // 2))
