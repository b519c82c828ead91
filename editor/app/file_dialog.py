"""Open and Save as: pygame_gui's file dialog, saying why its OK button is greyed out.

The toolkit's dialog greys OK out without a word: while the typed path lies in a folder that does not exist
(a typo in the folder, or a new folder the designer meant to make), while no file name is typed or chosen,
while Open's typed file is not there, and while a folder is chosen in the list with one click. This one says
which, beside the buttons, until OK can be pressed. It also keeps OK greyed where the toolkit left it
pressable for nothing: Open's start, with only a folder shown (pressing it did nothing), and a typed file of
another kind than the dialog opens (a text file, which the editor then failed to read as a board).
"""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui import UI_SELECTION_LIST_NEW_SELECTION, UI_TEXT_ENTRY_CHANGED, UIManager
from pygame_gui.elements import UILabel
from pygame_gui.windows import UIFileDialog

from editor import text


def typed_path(typed: str) -> Path | None:
    """The path line as the toolkit reads it (relative to the working folder; no '~'), None when empty."""
    return Path(typed).absolute() if typed.strip() else None


def shortened(name: str, most: int) -> str:
    """A name cut in the middle to at most `most` characters, its start and its ending (".tmx") kept."""
    if len(name) <= most:
        return name
    head = (most - 1) // 2
    return name[:head] + "…" + name[len(name) - (most - 1 - head):]


def missing_folder(typed: str) -> Path | None:
    """The first folder on the typed path that does not exist (None: its folder is there, or nothing typed)."""
    path = typed_path(typed)
    if path is None:
        return None
    folder = path.parent
    if folder.is_dir():
        return None
    while not folder.parent.is_dir() and folder.parent != folder:
        folder = folder.parent
    return folder


class FileDialog(UIFileDialog):
    """A file dialog with a line, left of OK and Cancel, that tells why OK cannot be pressed."""

    def __init__(self, rect: pygame.Rect, ui: UIManager, *, title: str, start: Path, existing: bool,
                 suffixes: set[str]) -> None:
        super().__init__(rect, ui, window_title=title, initial_file_path=str(start),
                         allow_existing_files_only=existing, allowed_suffixes=suffixes)
        room = self.ok_button.get_abs_rect().left - self.get_container().get_abs_rect().left - 20  # up to OK
        self.reason = UILabel(pygame.Rect(10, -40, room, 30), "", ui, container=self, object_id="#form_reason",
                              anchors={"left": "left", "right": "left", "top": "bottom", "bottom": "bottom"})
        self.chose_in_list = False  # the latest choice was a click in the list, not typing on the path line
        self._explain()

    def process_event(self, event: pygame.event.Event) -> bool:
        element = getattr(event, "ui_element", None)
        if event.type == UI_SELECTION_LIST_NEW_SELECTION and element is self.file_selection_list:
            self.chose_in_list = True
        elif event.type == UI_TEXT_ENTRY_CHANGED and element is self.file_path_text_line:
            self.chose_in_list = False
        handled = super().process_event(event)
        if self.alive():
            self._explain()
        return handled

    def _of_allowed_kind(self, path: Path) -> bool:
        """A file the dialog is for: Open lists only boards, so a typed text file is refused the same way."""
        return "" in self.allowed_suffixes or path.name.lower().endswith(tuple(self.allowed_suffixes))

    def _can_pick(self) -> bool:
        """Whether pressing OK would hand a path on (the toolkit ignores a press without one)."""
        path = self.current_file_path
        if path is None or not self._validate_file_path(path):
            return False
        return not (self.allow_existing_files_only and not self._of_allowed_kind(path))

    def _explain(self) -> None:
        """OK greyed out where it cannot pick anything, and the reason beside it (nothing while it can)."""
        if self.ok_button.is_enabled and not self._can_pick():
            self.ok_button.disable()
        said = "" if self.ok_button.is_enabled else self._reason()
        if self.reason.text != said:
            self.reason.set_text(said)

    def _reason(self) -> str:
        """Why OK is greyed out: a folder the designer just clicked in the list, else what the path line says
        (a folder still highlighted in the list is the reason only when the path line gives none)."""
        chosen = self.file_selection_list.get_single_selection()
        folder_chosen = self._fitted(text.FILE_FOLDER_CHOSEN, folder=chosen) \
            if chosen and (Path(self.current_directory_path) / chosen).is_dir() else ""
        if self.chose_in_list and folder_chosen:
            return folder_chosen
        return self._typed_reason() or folder_chosen

    def _typed_reason(self) -> str:
        """What is wrong with the path line for OK, or "" when nothing is."""
        typed = self.file_path_text_line.get_text()
        folder = missing_folder(typed)
        if folder is not None:
            return self._fitted(text.FILE_NO_FOLDER, folder=folder.name or str(folder))
        path = typed_path(typed)
        if path is None or path.is_dir() or not path.name:
            return text.FILE_CHOOSE if self.allow_existing_files_only else text.FILE_NO_NAME
        if self.allow_existing_files_only and not path.is_file():
            return self._fitted(text.FILE_NOT_FOUND, name=path.name, folder=path.parent.name or str(path.parent))
        if not self._of_allowed_kind(path):
            kinds = " / ".join(sorted(self.allowed_suffixes))
            return self._fitted(text.FILE_WRONG_KIND.replace("{kinds}", kinds), name=path.name)
        return ""

    def _fitted(self, template: str, **names: str) -> str:
        """The message with the names it quotes shortened in the middle until it fits beside OK: a long file
        or folder name would otherwise run under the buttons or be cut off with the reason's end."""
        said = template.format(**names)
        font = self.reason.font
        most = max(map(len, names.values()), default=0)
        while font is not None and most > 8 and font.size(said)[0] > self.reason.relative_rect.width:
            most -= 2
            said = template.format(**{key: shortened(name, most) for key, name in names.items()})
        return said
