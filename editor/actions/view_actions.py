"""Snapping on and off, and the camera: fit the board, zoom about the canvas's centre, pan with the arrows."""

from __future__ import annotations

from functools import partial

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut

ZOOM_IN = 1.25
ZOOM_OUT = 0.8
PAN_STEP = 80


def toggle_snap(editor: Editor) -> None:
    session = editor.session
    session.snapping = not session.snapping
    editor.user.status(text.STATUS_SNAP.format(state=text.STATUS_ON if session.snapping else text.STATUS_OFF))


def fit(editor: Editor) -> None:
    editor.view.fit(*editor.session.doc.size)


def zoom(factor: float, editor: Editor) -> None:
    x, y, w, h = editor.view.canvas
    editor.view.zoom_at((x + w / 2, y + h / 2), factor)


def pan(dx: int, dy: int, editor: Editor) -> None:
    editor.view.pan(dx, dy)


def actions() -> list[Action]:
    zoom_in = (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS)
    zoom_out = (pygame.K_MINUS, pygame.K_KP_MINUS)
    return [
        Action("grid", toggle_snap, (Shortcut(pygame.K_g),), button="board"),
        Action("fit", fit, (Shortcut(pygame.K_HOME),)),
        Action("zoom_in", partial(zoom, ZOOM_IN), tuple(Shortcut(k) for k in zoom_in)),
        Action("zoom_out", partial(zoom, ZOOM_OUT), tuple(Shortcut(k) for k in zoom_out)),
        Action("pan_left", partial(pan, PAN_STEP, 0), (Shortcut(pygame.K_LEFT),)),
        Action("pan_right", partial(pan, -PAN_STEP, 0), (Shortcut(pygame.K_RIGHT),)),
        Action("pan_up", partial(pan, 0, PAN_STEP), (Shortcut(pygame.K_UP),)),
        Action("pan_down", partial(pan, 0, -PAN_STEP), (Shortcut(pygame.K_DOWN),)),
    ]
