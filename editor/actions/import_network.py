"""Import a real network (Ctrl+I): a starter board from the open metro data of a city."""

from __future__ import annotations

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.registry import Action, Shortcut
from editor.importing import to_document as importing


def ask(editor: Editor) -> None:
    """Ask for the city once unsaved changes may be dropped; import once the user has chosen."""
    editor.files.guard(lambda: _form(editor))


def _form(editor: Editor) -> None:
    editor.user.ask_import(importing.cities(), lambda city, area: editor.files.guard(lambda: load(editor, city, area)))


def load(editor: Editor, city: str, area: str) -> None:
    try:
        doc = importing.import_network(city, area)
    except Exception as error:  # the importer reads data files: show any failure, keep the editor alive
        editor.user.tell(text.ERROR_TITLE, text.IMPORT_FAILED.format(error=error))
        return
    editor.files.show(doc)
    editor.user.status(text.STATUS_IMPORTED.format(city=city))


def actions() -> list[Action]:
    return [Action("import", ask, (Shortcut(pygame.K_i, ctrl=True),), button="board")]
