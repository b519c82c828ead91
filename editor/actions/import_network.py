"""Import a real network (Ctrl+I): a starter board from the open metro data of a city.

The same schematic, labelled board `python -m editor import` writes. Laying it out takes seconds, so it runs
as background work, as Tidy layout does: progress in the status bar, Esc or Cancel stops it, and the
board being edited is only replaced once the import has finished.
"""

from __future__ import annotations

import pygame

from editor import text
from editor.actions.context import Editor
from editor.actions.map_commands import hard_to_read
from editor.actions.registry import Action, Shortcut
from editor.document.asking import ImportChoice
from editor.document.files import Agreed
from editor.document.work import BackgroundWork
from editor.importing import to_document as importing
from editor.importing.importer import SHORT_GAME_CARDS, city_title
from editor.importing.network_data import ImportError_
from game import i18n


def ask(editor: Editor) -> None:
    """Ask for the city once unsaved changes may be dropped; import once the user has chosen."""
    if editor.working:
        return
    editor.files.guard(lambda: _form(editor, editor.files.agreed()))


def _form(editor: Editor, agreed: Agreed, chosen: ImportChoice | None = None, error: str = "") -> None:
    """The form; after a failure, again with what the designer gave and what went wrong. Import asks about
    unsaved changes again only if the board was edited after the designer `agreed` to drop it (the side
    panel stays usable beside the form): once per import, not once per press of Import."""
    editor.user.ask_import(importing.cities(),
                           lambda choice: editor.files.guard(lambda: load(editor, agreed, choice), agreed),
                           chosen=chosen, error=error, folder=editor.session.doc.base_dir)


def load(editor: Editor, agreed: Agreed, choice: ImportChoice) -> None:
    """Start the import in the background; the document it makes replaces the board when it is done."""
    if editor.working:
        return
    doc = editor.session.doc
    city = choice.city
    stations = str(doc.base_dir / choice.stations) if choice.stations else ""  # as the form shows it: by the board

    def finish(imported: importing.Imported) -> None:
        title = text.WORK_IMPORT.format(city=city)
        if editor.session.doc is not doc:  # another board was opened meanwhile: the designer chose that one
            editor.user.status(text.STATUS_WORK_STALE.format(title=title))
            return
        editor.files.show(imported.doc)
        said = text.STATUS_IMPORTED.format(city=city_title(city))  # "Paris", not "paris"
        if imported.cards < SHORT_GAME_CARDS:  # a small board: tell before the designer plays a 2-turn game
            said += " · " + text.plural("STATUS_IMPORT_SHORT", imported.cards, cards=imported.cards)
        editor.user.status(said + hard_to_read(editor, hint=not choice.thorough))

    def failed(error: Exception) -> None:  # the importer reads data files: show any failure, keep the editor alive
        _form(editor, agreed, choice, _said(error))  # the form again as it was, the error in it: correct, import again

    editor.start_work(BackgroundWork(text.WORK_IMPORT.format(city=city),
                                     lambda progress: importing.import_network(city, choice.area, progress,
                                                                               stations, choice.thorough),
                                     finish, failed))


def _said(error: Exception) -> str:
    """What went wrong, in the editor's language where the importer names it (`ImportError_.key`), else as
    the error says it."""
    if isinstance(error, ImportError_) and error.key:
        return i18n.render(i18n.keyed_phrase("editor.import_error", error.key, error.params))
    return str(error)


def actions() -> list[Action]:
    return [Action("import", ask, (Shortcut(pygame.K_i, ctrl=True),), button="board")]
