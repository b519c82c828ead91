"""The screens' words: the catalogue lookups they call, and how they name what the engine knows by id.

No strings live here: every message is in `game/locales/en.po` and its translations, read through
`game.i18n` (`tr`, `ntr` for counts). What is here names game things the same way on every screen: a
line's colour and letter code, a board's title, a list of names.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from game import i18n
from game.board.loader import board_file_title

if TYPE_CHECKING:
    from game.board.model import Board

LANGUAGES: dict[str, str] = i18n.LANGUAGES  # code → the language's own name, in menu order
tr = i18n.tr
ntr = i18n.ntr
joined = i18n.joined


def set_language(code: str | None) -> str:
    """Switch the interface language (unknown codes fall back to English); returns the code in use."""
    return i18n.set_language(code or i18n.FALLBACK)


def language() -> str:
    return i18n.language()


def line_name(line: str) -> str:
    """A line colour's name in the interface language (the engine uses English ids)."""
    return i18n.render(i18n.named("line", line))


def line_code(line: str) -> str:
    """A line's short code (RD, BU, …) for colour-blind mode: letters that tell lines apart without colour."""
    key = f"line.{line}.code"
    return tr(key) if i18n.has(key) else line[:2].upper()


def _builtin_title_key(name: str) -> str | None:
    """The `board.<id>` message of the built-in board whose English title is `name`. Until board files carry
    their own translated titles, this is how a loaded board is known to be, say, London."""
    english = i18n.catalogue(i18n.FALLBACK)
    return next((key for key in english.ids() if key.startswith("board.") and english.message(key) == name),
                None)


def board_title(board: Board | str) -> str:
    """A board's name as every screen shows it, in the interface language.

    Give the loaded `Board` where there is one, else the spec the board is loaded from (`london`,
    `boards/london.json`): a built-in board gets its translated title either way ("Londres" in French);
    any other board shows its own title for the language (`name_fr` in the TMX: `Board.titles`) or its name
    as written (read from the file when it is not loaded), or its file name made readable when the file does
    not say.
    """
    if not isinstance(board, str):
        own = board.titles.get(i18n.language())  # the board's own translation (map property name_xx)
        if own:
            return own
        key = _builtin_title_key(board.name)
        return tr(key) if key else board.name
    is_file = board.lower().endswith((".json", ".tmx"))
    own_name = board_file_title(board) if is_file else None
    if own_name:
        key = _builtin_title_key(own_name)
        return tr(key) if key else own_name
    stem = Path(board).stem if is_file else board
    key = f"board.{stem}"
    return tr(key) if i18n.has(key) else stem.replace("_", " ").replace("-", " ").title()
