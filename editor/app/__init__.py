"""The editor's window: the loop and input routing (`window`), its chrome, side panel, problems list,
dialogs and the name entry. `editor.app.EditorApp` is the window, as `python -m editor` opens it."""

from editor.app.window import EditorApp

__all__ = ["EditorApp"]
