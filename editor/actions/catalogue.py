"""Every action of the editor, in one place: their order is the order of their buttons on the tool bar."""

from __future__ import annotations

from editor.actions import (
    background,
    edit_actions,
    file_actions,
    help_sheet,
    import_network,
    map_commands,
    play,
    tool_actions,
    view_actions,
)
from editor.actions.registry import ActionRegistry


def make_registry() -> ActionRegistry:
    """Built when the window opens, after `text.localize`, so tool letters follow the language."""
    return ActionRegistry([
        *file_actions.actions(),
        *edit_actions.actions(),
        *tool_actions.actions(),
        *view_actions.actions(),
        *background.actions(),
        *import_network.actions(),
        *map_commands.actions(),
        *play.actions(),
        *help_sheet.actions(),
    ])
