"""The look of the game in one place: colours, line colours, fonts and board proportions.

Sizes on the board are fractions of the board's own unit (the median link length), so a board
drawn in any coordinate system looks the same once it is fitted to the window.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache

import pygame

from game import resources
from game.board import proportions
from game.board.text_metrics import NAME_FONT

Colour = tuple[int, int, int]

FONT_FILES = {
    "regular": resources.font("Lato-Regular.ttf"),
    "semibold": resources.font("Lato-Semibold.ttf"),
    "bold": resources.font("Lato-Bold.ttf"),
    "black": resources.font("Lato-Black.ttf"),
    "italic": resources.font("Lato-Italic.ttf"),
    "name": resources.font(NAME_FONT),  # station and place names on maps (text_metrics.py)
}

# ----- paper and ink -----
PAPER: Colour = (244, 240, 231)
PAPER_DARK: Colour = (232, 226, 213)
INK: Colour = (38, 40, 46)
INK_SOFT: Colour = (92, 94, 102)
# A name of a station few lines meet: a step lighter than INK, so the map keeps its order of names, yet dark enough
# to read across a room (in INK_SOFT, a player on a sofa found London's Holloway Road and Farringdon faint).
MINOR_NAME: Colour = (64, 66, 74)
HALO: Colour = (250, 248, 242)
WATER: Colour = (190, 214, 229)
WATER_EDGE: Colour = (160, 193, 214)
WATER_TEXT: Colour = (86, 128, 160)
PARK: Colour = (206, 224, 186)
PARK_EDGE: Colour = (178, 204, 158)
PARK_TEXT: Colour = (98, 130, 82)
CLUSTER: Colour = (214, 196, 230)
CLUSTER_EDGE: Colour = (160, 132, 190)
BED: Colour = (176, 170, 160)
SLOT: Colour = (253, 252, 248)
GOLD: Colour = (224, 172, 40)
GOLD_DARK: Colour = (160, 116, 16)
RAIL: Colour = (196, 48, 42)
PLUS: Colour = (38, 40, 46)
WAYPOINT: Colour = (90, 148, 190)
PASSENGER: Colour = (38, 40, 46)
HIGHLIGHT: Colour = (255, 255, 255)
# Where the selected line may go: a highlight hue none of the eleven lines has (a teal between their
# green and blue), always drawn hollow, so a lit space never passes for built track.
OPTION: Colour = (0, 178, 196)
OPTION_EDGE: Colour = (22, 52, 64)

# ----- the eleven lines -----
LINE_COLOURS: dict[str, Colour] = {
    "red": (214, 40, 40),
    "yellow": (246, 196, 20),
    "blue": (24, 82, 170),
    "purple": (128, 58, 150),
    "black": (34, 34, 38),
    "pink": (236, 128, 176),
    "orange": (240, 124, 24),
    "green": (16, 138, 78),
    "brown": (138, 86, 48),
    "white": (252, 252, 250),
    "grey": (148, 154, 160),
}
# Light lines get a dark edge so they read on the paper and on the empty slots; on the board it is drawn
# thicker (LIGHT_EDGE), so built white track never looks like an empty space, but never so thick that the
# colour inside goes thin (LIGHT_FILL_PX): board/view.py, paint_track.
LINE_EDGES: dict[str, Colour] = {"white": (38, 40, 46), "yellow": (150, 112, 0), "grey": (84, 88, 96)}
LIGHT_LINES = frozenset(LINE_EDGES)
TRACK_EDGE = 0.22  # of half a track's width: the darker rim every built track has
LIGHT_EDGE = 0.42  # the light lines' rim, nearly half the band
LIGHT_EDGE_PX = 1.6  # and at least this wide,
LIGHT_FILL_PX = 3.0  # unless that leaves less than this of the line's colour inside (a 1280×720 band is 5 px)

# Connection tiles (London) and landmark types (Berlin): the icon's badge colour.
SYMBOL_COLOURS: dict[str, Colour] = {
    "restaurants": (200, 84, 52),
    "monuments": (110, 104, 150),
    "shops": (204, 140, 30),
    "parks": (70, 140, 70),
    "museum": (120, 80, 140),
    "palace": (180, 140, 40),
    "church": (80, 110, 160),
    "tower": (150, 70, 60),
    "gate": (90, 120, 90),
}

# ----- board proportions, in board units (1 unit = median link length) -----
# Track and station sizes are board data (game/board/proportions.py); these are the screens' own.
STATION_RING = proportions.STATION_RING
STATION_MIN_PX = 5.5  # stations never shrink below this on screen
THINNEST_RING_PX = 1.5  # a station's ring never gets thinner on screen
DESTINATION_RING = 0.9  # an express or standard destination's ink ring reaches this many rings past its disc


def ring_px(unit: float, scale: float) -> float:
    """A station's ring on screen, for a board of `unit` drawn at `scale` (the game's and the editor's)."""
    return max(THINNEST_RING_PX, STATION_RING * unit * scale)
NAME_SIZE = 0.16  # station name height
NAME_MIN_PX = 11
NAME_MAX_PX = 30
LABEL_SIZE = 0.34  # river and park names
BADGE = 0.085  # half-size of feature badges

# ----- scale and accessibility: set by the app from the window size and the player's settings -----
DESIGN_SIZE = (1600, 900)  # the size the interface's numbers were chosen at
# The smallest text a player must read, as a font's size in pixels, whatever the panels' scale: at 1280×720
# the side panel is drawn at 0.8 of its design size, and its key list and key hints came out at 7 to 10 px,
# unreadable from a sofa. 12 px is what the station names keep there (tests/ui/test_name_size.py).
TEXT_MIN_PX = 12
LAYOUT_RANGE = (0.7, 3.0)
CONTENT_SIZE = (1150, 780)  # the tallest panels (menu, sidebar with five seats) at scale 1: never grow past it


class _Look:
    """The current interface scale and colour-blind mode (one per process, like the display)."""

    layout = 1.0  # window size / design size
    size = DESIGN_SIZE
    text = 1.0  # the player's text size setting
    colour_blind = False


def layout_for(size: tuple[int, int]) -> float:
    """How much bigger than the design size the window is: a 4K screen gets 2.4× everything."""
    factor = min(size[0] / DESIGN_SIZE[0], size[1] / DESIGN_SIZE[1])
    return min(max(factor, LAYOUT_RANGE[0]), LAYOUT_RANGE[1])


def set_look(size: tuple[int, int] | None = None, text_scale: float | None = None,
             colour_blind: bool | None = None) -> bool:
    """Change what the panels are drawn at; True if anything changed (caches keyed on `look_key` follow)."""
    before = look_key()
    if size is not None:
        _Look.layout = layout_for(size)
        _Look.size = (int(size[0]), int(size[1]))
    if text_scale is not None:
        _Look.text = float(text_scale)
    if colour_blind is not None:
        _Look.colour_blind = bool(colour_blind)
    return look_key() != before


def look_key() -> tuple[tuple[int, int], float, bool]:
    return (_Look.size, _Look.text, _Look.colour_blind)


def layout_scale() -> float:
    return _Look.layout


def window_size() -> tuple[int, int]:
    """The window the look was last set for."""
    return _Look.size


def text_scale() -> float:
    return _Look.text


def ui_scale(text_scale: float | None = None) -> float:
    """Panels' scale: the window's, times the text size the players asked for (read from a sofa), or the
    one given (the play screen compares its panels with those of the default text size).

    Capped so the tallest panel still fits the window: on a small screen big text grows as far as it can.
    """
    w, h = _Look.size
    chosen = _Look.text if text_scale is None else text_scale
    return max(LAYOUT_RANGE[0], min(_Look.layout * chosen, w / CONTENT_SIZE[0], h / CONTENT_SIZE[1]))


def ui(value: float) -> int:
    """A design-size length in pixels at the panels' scale (text size included)."""
    return max(1, round(value * ui_scale()))


def px(value: float) -> int:
    """A design-size length in pixels at the current window scale."""
    return max(1, round(value * _Look.layout))


def colour_blind() -> bool:
    return _Look.colour_blind


# Colour-blind mode: each line also carries a pattern along its tracks (dash, gap in slot widths; 0 = solid)
# and a short code (translated: IEC 60757 colour codes in English and French, DIN in German).
LINE_PATTERNS: dict[str, tuple[float, float]] = {
    "red": (0.0, 0.0),
    "yellow": (1.0, 1.0),
    "blue": (3.0, 1.0),
    "purple": (0.35, 0.9),
    "black": (2.0, 2.0),
    "pink": (0.35, 0.35),
    "orange": (5.0, 1.2),
    "green": (1.5, 0.6),
    "brown": (0.8, 2.5),
    "white": (3.0, 3.0),
    "grey": (0.35, 2.0),
}


def font(size: int, weight: str = "regular") -> pygame.font.Font:
    """A cached font of the bundled family; loading a TTF is slow enough to matter per frame."""
    if not pygame.font.get_init():
        pygame.font.init()
    return _font(max(1, int(size)), weight)


@cache
def _font(size: int, weight: str) -> pygame.font.Font:
    if _font.cache_info().currsize == 0:
        pygame.register_quit(_font.cache_clear)  # fonts die with pygame.quit(); so must the cache
    return pygame.font.Font(str(FONT_FILES[weight]), size)


def mix(a: Colour, b: Colour, t: float) -> Colour:
    """Blend two colours; t=0 gives a, t=1 gives b."""
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t), round(a[2] + (b[2] - a[2]) * t))


def line_colour(line: str) -> Colour:
    return LINE_COLOURS.get(line, INK_SOFT)


def line_edge(line: str) -> Colour:
    """The outline for a line's tokens: a darker shade, or a real edge for the light colours."""
    return LINE_EDGES.get(line, mix(line_colour(line), (0, 0, 0), 0.28))


def track_edge_width(line: str, half: float) -> float:
    """How wide a built track's rim is, in pixels, for a band `half` pixels either side of its middle: a light
    line's is thick, but gives way on a narrow band so its colour still fills the track (never under 1 px)."""
    if line in LIGHT_LINES:
        return max(1.0, min(max(LIGHT_EDGE_PX, half * LIGHT_EDGE), half - LIGHT_FILL_PX / 2))
    return max(1.0, half * TRACK_EDGE)


_TEXT_CACHE: dict[tuple[str, int, str, Colour], pygame.Surface] = {}
_TEXT_CACHE_LIMIT = 4096


def text(message: str, size: int, weight: str = "regular", colour: Colour = INK) -> pygame.Surface:
    """Rendered text, cached: the sidebar redraws every frame and rendering is the slow part."""
    key = (message, int(size), weight, colour)
    image = _TEXT_CACHE.get(key)
    if image is None:
        if len(_TEXT_CACHE) >= _TEXT_CACHE_LIMIT:
            _TEXT_CACHE.clear()
        image = font(size, weight).render(message, True, colour)
        _TEXT_CACHE[key] = image
    return image


_FIT_CACHE: dict[tuple[str, int, str, Colour, int], pygame.Surface] = {}


def fit_text(message: str, size: int, weight: str, colour: Colour, width: int) -> pygame.Surface:
    """Text shrunk a little, then cut with an ellipsis, so it never runs out of its box (cached)."""
    key = (message, int(size), weight, colour, int(width))
    image = _FIT_CACHE.get(key)
    if image is None:
        if len(_FIT_CACHE) >= _TEXT_CACHE_LIMIT:
            _FIT_CACHE.clear()
        image = _FIT_CACHE[key] = _fit_text(message, size, weight, colour, width)
    return image


def _fit_text(message: str, size: int, weight: str, colour: Colour, width: int) -> pygame.Surface:
    for step in (0, 1, 2):
        image = text(message, size - step, weight, colour)
        if image.get_width() <= width:
            return image
    cut = message
    while len(cut) > 1 and font(size - 2, weight).size(cut + "…")[0] > width:
        cut = cut[:-1]
    return text(cut.rstrip() + "…", size - 2, weight, colour)


def clear_text_cache() -> None:
    _TEXT_CACHE.clear()
    _FIT_CACHE.clear()


def wrap(message: str, size: int, weight: str, width: int, max_lines: int = 2) -> list[str]:
    """Words broken into lines that fit `width`; the last line keeps the rest (fit_text then cuts it). A word
    wider than `width` alone (a station pair, "Baumschulenweg–Schöneweide:") breaks after a dash in it."""
    measure = font(size, weight).size
    lines: list[str] = []
    current = ""
    words = _pieces(message.split(" "), lambda piece: measure(piece)[0] > width)
    for k, (word, glued) in enumerate(words):
        trial = f"{current}{word}" if glued else f"{current} {word}".strip()
        if current and measure(trial)[0] > width:
            lines.append(current)
            current = word
            if len(lines) == max_lines - 1:
                current = _joined([(word, False), *words[k + 1:]])
                break
        else:
            current = trial
    lines.append(current)
    return lines


def _pieces(words: list[str], too_wide: Callable[[str], bool]) -> list[tuple[str, bool]]:
    """The words, a too wide one split after its dashes: (piece, whether it is glued to the piece before)."""
    pieces: list[tuple[str, bool]] = []
    for word in words:
        parts = re.split(r"(?<=[–—-])(?=.)", word) if too_wide(word) else [word]
        pieces += [(part, n > 0) for n, part in enumerate(parts)]
    return pieces


def _joined(pieces: list[tuple[str, bool]]) -> str:
    return "".join(piece if glued or not n else f" {piece}" for n, (piece, glued) in enumerate(pieces))
