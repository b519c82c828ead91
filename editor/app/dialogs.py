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
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UITextBox, UITextEntryLine, UIWindow
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from editor import text
from editor.app.file_dialog import FileDialog
from editor.app.problems_window import ProblemsWindow


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
        """Esc: close the newest open dialog without its answer (the import form first); False if none."""
        if self.import_form is not None and self.import_form.alive:
            self.import_form.window.kill()
            return True
        windows = [window for window in self.callbacks if window.alive()]
        if windows:
            windows[-1].kill()  # its close event drops the callback
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

    def ask_import(self, cities: dict[str, str], on_import: Callable[[str, str], None], *, city: str = "",
                   area: str = "", error: str = "") -> None:
        """The import form; after a failed import, again with the city and area as they were and the error."""
        rect = self._centred(420, 210 + (ImportForm.ERROR_H if error else 0))
        self.import_form = ImportForm(self.ui, rect, cities, on_import, city=city, area=area, error=error)

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
    """City and area for `editor.importing.importer`; `cities` maps each city to an example area of it.

    The example stands in the area field as a grey placeholder, and an empty field imports that area:
    pygame_gui draws a placeholder in the text colour, so it read as typed-in text the import ignored.

    An import that failed (no station in the area, a mistyped area) opens the form again as it was, with
    `error` under the fields, so the designer corrects what they typed instead of typing it all again."""

    PLACEHOLDER = pygame.Color("#9a9a9a")  # the theme's disabled text: plainly not something typed
    ERROR_H = 110  # the form's extra height when it shows an error

    def __init__(self, ui: UIManager, rect: pygame.Rect, cities: dict[str, str],
                 on_import: Callable[[str, str], None], *, city: str = "", area: str = "", error: str = ""):
        self.window = UIWindow(rect, ui, window_display_title=text.IMPORT_TITLE, resizable=False)
        self.on_import = on_import
        self.examples = cities
        UILabel(pygame.Rect(14, 14, 120, 28), text.IMPORT_CITY, ui, container=self.window, object_id="#field_label")
        choices: list[str | tuple[str, str]] = list(cities)
        chosen = city if city in cities else next(iter(cities))
        self.city = UIDropDownMenu(choices, chosen, pygame.Rect(140, 14, 240, 30), ui, container=self.window)
        UILabel(pygame.Rect(14, 54, 120, 28), text.IMPORT_AREA, ui, container=self.window, object_id="#field_label")
        self.area = UITextEntryLine(pygame.Rect(140, 54, 240, 30), ui, container=self.window,
                                    placeholder_text=cities[chosen], initial_text=area or None)
        self.typed_colour = self.area.text_colour
        self.hint = UILabel(pygame.Rect(14, 100, 240, 34), text.IMPORT_AREA_HINT, ui, container=self.window,
                            object_id="#field_label")
        self.button = UIButton(pygame.Rect(260, 100, 120, 34), text.IMPORT_BUTTON, ui, container=self.window)
        self.error: UITextBox | None = None
        if error:  # the importer's words are plain text: a '<' the designer typed must not read as a tag
            self.error = UITextBox(html.escape(text.IMPORT_FAILED.format(error=error), quote=False),
                                   pygame.Rect(14, 144, 366, self.ERROR_H - 10), ui, container=self.window,
                                   object_id="#form_error")
        self._shade()

    @property
    def alive(self) -> bool:
        return self.window.alive()

    def _shade(self) -> None:
        """The area's text grey while the field shows the placeholder, dark once something is typed."""
        colour = self.typed_colour if self.area.get_text() else self.PLACEHOLDER
        if self.area.text_colour != colour:
            self.area.text_colour = colour
            self.area.rebuild()

    def handle(self, event: pygame.event.Event) -> bool:
        if not self.alive:
            return False
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.button:
            option = self.city.selected_option
            city = option[0] if isinstance(option, tuple) else option
            area = self.area.get_text()
            self.window.kill()
            self.on_import(city, area)
            return True
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element is self.city:
            self.area.placeholder_text = self.examples.get(event.text, "")  # an example of the chosen city
            self.area.rebuild()
            return True
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and event.ui_element is self.area:
            self._shade()
            return True
        return False
