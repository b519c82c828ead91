"""Dialog windows: confirm, file pickers, messages, the import form and the live list of a board's errors.
Each remembers what to do on OK."""

from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui import UIManager
from pygame_gui.elements import UIButton, UICheckBox, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from editor import text
from editor.app.file_dialog import FileDialog
from editor.app.problems_window import ProblemsWindow
from editor.document.asking import ImportChoice, ImportCity


class Dialogs:
    """Open dialogs and their callbacks; `handle` runs a callback when its dialog answers."""

    def __init__(self, ui: UIManager, size: tuple[int, int]) -> None:
        self.ui = ui
        self.size = size
        self.callbacks: dict[Any, Callable[..., object]] = {}
        self.import_form: ImportForm | None = None
        self.problems_window: ProblemsWindow | None = None

    def _centred(self, w: int, h: int) -> pygame.Rect:
        rect = pygame.Rect(0, 0, w, h)
        rect.center = (self.size[0] // 2, self.size[1] // 2)
        return rect

    @property
    def open(self) -> bool:
        return any(window.alive() for window in self.callbacks) or bool(self.import_form and self.import_form.alive)

    def dismiss(self) -> bool:
        """Esc: close the newest open dialog without its answer (a file dialog the import form opened before
        the form); False if none."""
        windows = [window for window in self.callbacks if window.alive()]
        if windows:
            windows[-1].kill()  # its close event drops the callback
            return True
        if self.import_form is not None and self.import_form.alive:
            self.import_form.window.kill()
            return True
        return False

    def confirm(self, title: str, message: str, button: str, on_ok: Callable[[], None]) -> UIConfirmationDialog:
        dialog = UIConfirmationDialog(self._centred(440, 220), message, self.ui, window_title=title,
                                      action_short_name=button)
        self.callbacks[dialog] = on_ok
        return dialog

    def pick_file(self, title: str, start: Path, on_pick: Callable[[Path], object], *, existing: bool,
                  suffixes: set[str] | None = None) -> FileDialog:
        dialog = FileDialog(self._centred(620, 480), self.ui, title=title, start=start, existing=existing,
                            suffixes=suffixes or {""})
        self.callbacks[dialog] = on_pick
        return dialog

    def message(self, title: str, html: str) -> UIMessageWindow:
        return UIMessageWindow(self._centred(520, 300), html, self.ui, window_title=title)

    def show_problems(self, problems: Callable[[], list[str]], then: Callable[[], None]) -> ProblemsWindow:
        """The board's errors, kept current; not modal, so the board can be fixed while it is open."""
        if self.problems_window is not None:
            self.problems_window.kill()
        self.problems_window = ProblemsWindow(self.ui, self._centred(560, 280), problems, then)
        return self.problems_window

    def update(self) -> None:
        """Once a frame: windows that show something live catch up with it."""
        if self.problems_window is not None:
            if self.problems_window.alive:
                self.problems_window.update()
            else:
                self.problems_window = None

    def ask_import(self, cities: dict[str, ImportCity], on_import: Callable[[ImportChoice], None], *,
                   chosen: ImportChoice | None = None, error: str = "", folder: Path | None = None) -> None:
        """The import form; after a failed import, again as the designer had `chosen` and with the error. Its
        station list is picked in a file dialog from `folder` (the board's)."""
        rect = self._centred(420, ImportForm.HEIGHT + (ImportForm.ERROR_H if error else 0))

        def pick_stations(start: Path, on_pick: Callable[[Path], object]) -> FileDialog:
            return self.pick_file(text.IMPORT_STATIONS_TITLE, start, on_pick, existing=True)

        self.import_form = ImportForm(self.ui, rect, cities, on_import, chosen=chosen, error=error,
                                      folder=folder or Path.cwd(), pick_stations=pick_stations)

    def handle(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED and element in self.callbacks:
            self.callbacks.pop(element)()
            return True
        if event.type == pygame_gui.UI_FILE_DIALOG_PATH_PICKED and element in self.callbacks:
            self.callbacks.pop(element)(Path(event.text))
            return True
        if self.import_form is not None and self.import_form.handle(event):
            return True
        if self.problems_window is not None and self.problems_window.handle(event):
            return True
        if event.type == pygame_gui.UI_WINDOW_CLOSE and element in self.callbacks:
            # Closed without an answer. A confirmed dialog is closed too, but its answer came first.
            del self.callbacks[element]
        return False


class ImportForm:
    """City and area, or a station list, for `editor.importing.importer`; `cities` maps each city's key to its
    title (what the menu shows) and an example area of it.

    The example stands in the area field as a grey placeholder, and an empty field imports that area:
    pygame_gui draws a placeholder in the text colour, so it read as typed-in text the import ignored.

    A station list (a text file, one name a line, as `python -m editor import --stations FILE`) is typed or
    chosen with '…' in a file dialog; one in the board's `folder` is written relative to it (the field is
    narrow: "kiez.txt", not a path cut off before the name). While one is given the area field is greyed
    out and the hint says the list stands for it.

    "Clearer names" asks for the thorough map (`--thorough`): minutes rather than seconds.

    An import that failed (no station in the area, a mistyped area or station) opens the form again as it
    was, with `error` under the fields, so the designer corrects what they typed instead of typing it all
    again."""

    PLACEHOLDER = pygame.Color("#9a9a9a")  # the theme's disabled text: plainly not something typed
    HEIGHT = 266  # the form's height without an error: its title bar, the fields and the Import row
    ERROR_H = 110  # the form's extra height when it shows an error

    def __init__(self, ui: UIManager, rect: pygame.Rect, cities: dict[str, ImportCity],
                 on_import: Callable[[ImportChoice], None], *, chosen: ImportChoice | None = None, error: str = "",
                 folder: Path | None = None,
                 pick_stations: Callable[[Path, Callable[[Path], object]], FileDialog] | None = None):
        self.window = UIWindow(rect, ui, window_display_title=text.IMPORT_TITLE, resizable=False)
        self.on_import = on_import
        self.examples = cities
        self.folder = folder or Path.cwd()
        self.pick_stations = pick_stations
        self.picker: FileDialog | None = None
        chosen = chosen or ImportChoice("")
        UILabel(pygame.Rect(14, 14, 120, 28), text.IMPORT_CITY, ui, container=self.window, object_id="#field_label")
        choices: list[str | tuple[str, str]] = [(city.title, key) for key, city in cities.items()]
        key = chosen.city if chosen.city in cities else next(iter(cities))
        self.city = UIDropDownMenu(choices, (cities[key].title, key), pygame.Rect(140, 14, 240, 30), ui,
                                   container=self.window)
        UILabel(pygame.Rect(14, 54, 120, 28), text.IMPORT_AREA, ui, container=self.window, object_id="#field_label")
        self.area = UITextEntryLine(pygame.Rect(140, 54, 240, 30), ui, container=self.window,
                                    placeholder_text=cities[key].example, initial_text=chosen.area or None)
        self.typed_colour = self.area.text_colour
        UILabel(pygame.Rect(14, 94, 120, 28), text.IMPORT_STATIONS, ui, container=self.window,
                object_id="#field_label")
        self.stations = UITextEntryLine(pygame.Rect(140, 94, 204, 30), ui, container=self.window,
                                        placeholder_text=text.IMPORT_STATIONS_HINT,
                                        initial_text=chosen.stations or None)
        self.choose_stations = UIButton(pygame.Rect(348, 94, 32, 30), "…", ui, container=self.window,
                                        tool_tip_text=text.IMPORT_STATIONS_TITLE)
        self.thorough = UICheckBox(pygame.Rect(140, 138, 20, 20), text.IMPORT_THOROUGH, ui, container=self.window,
                                   initial_state=chosen.thorough, tool_tip_text=text.IMPORT_THOROUGH_HINT)
        self.hint = UILabel(pygame.Rect(14, 180, 240, 34), text.IMPORT_AREA_HINT, ui, container=self.window,
                            object_id="#field_label")
        self.button = UIButton(pygame.Rect(260, 180, 120, 34), text.IMPORT_BUTTON, ui, container=self.window)
        self.error: UITextBox | None = None
        if error:  # the importer's words are plain text: a '<' the designer typed must not read as a tag
            self.error = UITextBox(html.escape(text.IMPORT_FAILED.format(error=error), quote=False),
                                   pygame.Rect(14, 224, 366, self.ERROR_H - 10), ui, container=self.window,
                                   object_id="#form_error")
        self._shade()

    @property
    def alive(self) -> bool:
        return self.window.alive()

    @property
    def chosen_city(self) -> str:
        """The key (`ImportChoice.city`) of the city the menu shows."""
        return self.city.selected_option[1]

    def _shade(self) -> None:
        """Each field's text grey while it shows its placeholder, dark once something is typed; the area
        greyed out while a station list stands for it."""
        for entry in (self.area, self.stations):
            colour = self.typed_colour if entry.get_text() else self.PLACEHOLDER
            if entry.text_colour != colour:
                entry.text_colour = colour
                entry.rebuild()
        listed = bool(self.stations.get_text().strip())
        if listed and self.area.is_enabled:
            self.area.disable()
            self.hint.set_text(text.IMPORT_LIST_HINT)
        elif not listed and not self.area.is_enabled:
            self.area.enable()
            self.hint.set_text(text.IMPORT_AREA_HINT)

    def _picked(self, path: Path) -> None:
        """The station list chosen in the file dialog, written into its field (relative to the board's folder
        when it lies in it)."""
        if self.alive:
            folder, path = self.folder.resolve(), path.resolve()
            self.stations.set_text(str(path.relative_to(folder)) if path.is_relative_to(folder) else str(path))
            self._shade()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.alive:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            choice = ImportChoice(self.chosen_city, self.area.get_text(), self.stations.get_text().strip(),
                                  bool(self.thorough.get_state()))
            self.window.kill()
            if self.picker is not None and self.picker.alive():
                self.picker.kill()
            self.on_import(choice)
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.choose_stations:
            if self.pick_stations is not None and not (self.picker is not None and self.picker.alive()):
                typed = self.stations.get_text().strip()
                self.picker = self.pick_stations(self.folder / typed if typed else self.folder, self._picked)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.city:
            self.area.placeholder_text = self.examples[self.chosen_city].example  # an example of the chosen city
            self.area.rebuild()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element in (self.area, self.stations):
            self._shade()
            return True
        return False
