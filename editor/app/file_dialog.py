"""Open and Save as: pygame_gui's file dialog, saying why its OK button is greyed out.

The toolkit's dialog greys OK out, without a word, while the typed path lies in a folder that does not
exist (a typo in the folder, or a new folder the designer meant to make); this one names that folder
beside the buttons until the path is in one that does.
"""

from __future__ import annotations

from pathlib import Path

import pygame
from pygame_gui import UIManager
from pygame_gui.elements import UILabel
from pygame_gui.windows import UIFileDialog

from editor import text


def missing_folder(typed: str) -> Path | None:
    """The first folder on the typed path that does not exist (None: its folder is there, or nothing typed)."""
    if not typed.strip():
        return None
    folder = Path(typed).expanduser().absolute().parent
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
        self.reason = UILabel(pygame.Rect(10, -40, rect.width - 230, 30), "", ui, container=self,
                              object_id="#form_reason",
                              anchors={"left": "left", "right": "left", "top": "bottom", "bottom": "bottom"})
        self._explain()

    def process_event(self, event: pygame.event.Event) -> bool:
        handled = super().process_event(event)
        if self.alive():
            self._explain()
        return handled

    def _explain(self) -> None:
        """The reason OK is greyed out, or nothing while it can be pressed."""
        folder = missing_folder(self.file_path_text_line.get_text()) if not self.ok_button.is_enabled else None
        said = text.FILE_NO_FOLDER.format(folder=folder.name or folder) if folder is not None else ""
        if self.reason.text != said:
            self.reason.set_text(said)
