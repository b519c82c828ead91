"""The board being edited, with no window: the TMX tree, undoable commands and their history, the editing
session the tools and the panel work through, files and backups, and the in-memory compile.

`editor.document.Document` (and its companions) stay importable from here for code outside the editor
(`editor.importing` builds a `Document`); inside this folder modules import `editor.document.tmx` itself.
"""

from editor.document.tmx import (
    BOARD_LAYER,
    CLUSTER_LAYER,
    DECORATION_LAYER,
    LINKS_LAYER,
    Document,
    DocumentError,
    MapObject,
    Point,
)

__all__ = ["BOARD_LAYER", "CLUSTER_LAYER", "DECORATION_LAYER", "LINKS_LAYER", "Document", "DocumentError", "MapObject",
           "Point"]
