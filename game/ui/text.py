"""Every string the player can read, keyed by message id, so translations live in one place."""

from __future__ import annotations

LANGUAGES = ("en",)

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "app.title": "Underground",
        "app.subtitle": "Build the lines. Move the lazy passenger.",
        "menu.board": "City",
        "menu.variant": "Edition",
        "menu.variant.second": "2nd edition",
        "menu.variant.classic": "Classic (1st edition)",
        "menu.players": "Players",
        "menu.seat": "Seat {number}",
        "menu.seat.person": "Person",
        "menu.seat.easy": "Computer · easy",
        "menu.seat.normal": "Computer · normal",
        "menu.seat.hard": "Computer · hard",
        "menu.seat.default_name": "Player {number}",
        "menu.seat.computer_name": "Computer {number}",
        "menu.start": "Start",
        "menu.continue": "Continue",
        "menu.quit": "Quit",
        "menu.no_boards": "No boards are installed.",
        "menu.lines": "lines",
        "menu.stations": "{count} stations",
        "board.london": "London",
        "board.london_classic": "London (classic)",
        "board.berlin": "Berlin",
        "board.newyork": "New York",
        "play.loading": "Loading…",
        "play.turn": "{name}'s turn",
        "play.actions_left": "Actions left: {count}",
        "play.deck": "Cards in the pile: {count}",
        "play.passenger": "The passenger moves",
        "play.over": "Game over",
        "play.no_engine": "The rules engine is not available yet.",
        "play.hint": "Wheel: zoom · Drag or arrows: pan · F: fit · F11: full screen · Esc: menu",
        "show.title": "Show mode",
        "show.caption": "Computer players on a loop",
        "error.board": "Cannot open the board: {reason}",
        "seat.points": "{points} pts",
    },
}

_language = "en"


def set_language(code: str) -> None:
    """Switch the interface language; unknown codes fall back to English so nothing goes blank."""
    global _language
    _language = code if code in TEXT else "en"


def language() -> str:
    return _language


def tr(key: str, **values: object) -> str:
    """The message `key` in the current language, formatted; the key itself if it is missing."""
    table = TEXT.get(_language, TEXT["en"])
    message = table.get(key) or TEXT["en"].get(key) or key
    return message.format(**values) if values else message


def board_title(name: str) -> str:
    """A readable name for a built-in board id (`newyork` → New York)."""
    key = f"board.{name}"
    if key in TEXT["en"]:
        return tr(key)
    return name.replace("_", " ").replace("-", " ").title()
