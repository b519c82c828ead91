"""The background image to trace a map: pick one from the board's folder (I), fade it with [ and ]."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut

IMAGE_SUFFIXES = {".png", ".jpg", ".jpeg", ".bmp", ".webp"}
OPACITY_STEP = 0.1


def choose_image(editor: Editor) -> None:
    editor.user.pick_file(text.IMAGE_TITLE, editor.session.doc.base_dir, partial(use_image, editor), existing=True,
                          suffixes=IMAGE_SUFFIXES)


def use_image(editor: Editor, path: Path) -> None:
    """Only an image inside the board's folder: the board refers to it by a relative path."""
    doc = editor.session.doc
    try:
        relative = path.resolve().relative_to(doc.base_dir.resolve())
    except ValueError:
        editor.user.status(text.STATUS_NO_IMAGE)
        return
    editor.session.set_background(relative.as_posix(), (doc.background() or ("", 0.5))[1])
    editor.user.status(text.STATUS_BACKGROUND.format(name=relative.as_posix()))


def change_opacity(step: float, editor: Editor) -> None:
    info = editor.session.doc.background()
    if info and editor.session.set_background_opacity(info[1] + step):
        editor.panel.mark_current()  # as the slider's own edits: the panel is not rebuilt for it


def actions() -> list[Action]:
    return [
        Action("background", choose_image, (Shortcut(pygame.K_i),), button="board"),
        Action("background_fainter", partial(change_opacity, -OPACITY_STEP), (Shortcut(pygame.K_LEFTBRACKET),)),
        Action("background_stronger", partial(change_opacity, OPACITY_STEP), (Shortcut(pygame.K_RIGHTBRACKET),)),
    ]
