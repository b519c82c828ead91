"""Where a station's name sits: the `label` property's text, and the box that text puts the name in.

Shared by the board compiler (game side) and the authoring tools' name placer, so that both turn the same
text into the same box. A spec is written by hand in Tiled as well as by the tools, so its text is short:

    E          the name to the right of the station, on one line, vertically centred on it
    NE         above right: the box's bottom-left corner towards the station
    N          centred above the station
    NNE        above, the text starting over the station's centre and running right
    ENE        right of the station, the text's bottom on the level of the station's centre
    NE+6       as NE, 6 board px further out
    SW/2       below left, on two lines: the first 2 words on line one, the rest on line two
    @12,-30    a box dragged by hand: its top-left corner 12 px right of and 30 px above the station centre
    @12,-30/1  the same, on two lines

Sides are the 16 points of the compass, `N NNE NE ENE E ESE SE SSE S SSW SW WSW W WNW NW NNW` (any case).
The box touches the station's disc plus a gap on the named side, aligned the way a cartographer aligns a
name: text on the east starts at the station (left-aligned), text on the west ends at it, text above or
below is centred on it. The in-between points slide the box along that side until one of its corners
faces the station: NNE and NNW are above, the text starting or ending over the station's centre; ENE and
ESE are on the right, the text above or below the level of its centre (and so on round the compass).
There is no place centred on the station: a name over its disc would hide the station. Leaving the property
out means "place it automatically".

Scale: the game has a text-size setting, so a name may be drawn larger than the board's label size. The box
at scale s is the box at scale 1 grown by s about its *anchor*, the point of the box nearest the station
(the middle of its inner edge for N, E, S, W; its inner corner for the others; the nearest point of a
dragged box). The anchor lies on the box's edge, so for s1 <= s2 the box at s1 lies inside the box at s2:
a board checked clear at the largest text size is clear at every smaller one.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

Box = tuple[float, float, float, float]  # x, y (top-left corner), width, height; y grows downwards
Size = tuple[float, float]
Align = Literal["left", "centre", "right"]

SIDES: tuple[str, ...] = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE",
                          "S", "SSW", "SW", "WSW", "W", "WNW", "NW", "NNW")
GAP_PER_PX = 0.2  # the space between a station's disc and its name, as a fraction of the name's font size

# Each side's unit direction from the station to the anchor (y down) and which edge of the text box is at
# the anchor: -1 the box starts there (left/top edge), 0 it is centred on it, +1 it ends there (right/bottom).
_D = math.sqrt(0.5)
_PLACES: dict[str, tuple[tuple[float, float], int, int]] = {
    "N": ((0.0, -1.0), 0, 1), "NNE": ((0.0, -1.0), -1, 1), "NE": ((_D, -_D), -1, 1), "ENE": ((1.0, 0.0), -1, 1),
    "E": ((1.0, 0.0), -1, 0), "ESE": ((1.0, 0.0), -1, -1), "SE": ((_D, _D), -1, -1), "SSE": ((0.0, 1.0), -1, -1),
    "S": ((0.0, 1.0), 0, -1), "SSW": ((0.0, 1.0), 1, -1), "SW": ((-_D, _D), 1, -1), "WSW": ((-1.0, 0.0), 1, -1),
    "W": ((-1.0, 0.0), 1, 0), "WNW": ((-1.0, 0.0), 1, 1), "NW": ((-_D, -_D), 1, 1), "NNW": ((0.0, -1.0), 1, 1),
}

_NUMBER = r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_SIDE_TEXT = re.compile(rf"^([A-Za-z]{{1,3}})\s*(?:\+\s*({_NUMBER}))?\s*(?:/\s*(\S+))?$")
_OFFSET_TEXT = re.compile(rf"^@\s*({_NUMBER})\s*,\s*({_NUMBER})\s*(?:/\s*(\S+))?$")


@dataclass(frozen=True, slots=True)
class LabelSpec:
    """A name's placement: a side of the station (with an optional extra distance out) or a dragged offset.

    `split` is how many words (parts of a hyphenated word count as words) go on line one of a two-line
    name; 0 keeps the name on one line.
    """

    side: str | None = "E"
    away: float = 0.0
    split: int = 0
    offset: tuple[float, float] | None = None

    def __post_init__(self) -> None:
        if (self.side is None) == (self.offset is None):
            raise ValueError("a label is either on a side of the station or at an offset, not both or neither")
        if self.side is not None and self.side not in SIDES:
            raise ValueError(f"unknown side {self.side!r}: use one of {' '.join(SIDES)}")
        if not (math.isfinite(self.away) and self.away >= 0):
            raise ValueError("the distance beyond the station's ring must be a number of 0 or more")
        if self.offset is not None and not (self.away == 0 and all(math.isfinite(v) for v in self.offset)):
            raise ValueError("an offset label takes no extra distance and needs finite coordinates")
        if self.split < 0:
            raise ValueError("the number of words on line one must be 1 or more")


def gap_for(label_px: float) -> float:
    """The space between a station's disc and its name on a board whose names are `label_px` high."""
    return GAP_PER_PX * label_px


def _number(value: float) -> str:
    if value == 0:
        return "0"
    return str(int(value)) if value.is_integer() else repr(value)


def format_label(spec: LabelSpec) -> str:
    """The spec as the `label` property's text; `parse_label` reads it back to an equal spec."""
    split = f"/{spec.split}" if spec.split else ""
    if spec.offset is not None:
        return f"@{_number(spec.offset[0])},{_number(spec.offset[1])}{split}"
    away = f"+{_number(spec.away)}" if spec.away else ""
    return f"{spec.side}{away}{split}"


def _split_count(text: str | None, whole: str) -> int:
    if text is None:
        return 0
    if not text.isdigit() or int(text) < 1:
        raise ValueError(f"label {whole!r}: after '/' give how many words go on line one (1 or more)")
    return int(text)


def parse_label(text: str) -> LabelSpec:
    """The spec a `label` property's text describes; ValueError saying what is wrong with bad text."""
    try:
        return _parse(text.strip())
    except ValueError as error:
        message = str(error)
        raise ValueError(message if message.startswith(("label ", "the label")) else
                         f"label {text.strip()!r}: {message}") from None


def _parse(whole: str) -> LabelSpec:
    if not whole:
        raise ValueError("the label is empty: leave the property out to have the name placed automatically")
    offset = _OFFSET_TEXT.match(whole)
    if offset:
        dx, dy = float(offset.group(1)), float(offset.group(2))
        return LabelSpec(side=None, offset=(dx + 0.0, dy + 0.0), split=_split_count(offset.group(3), whole))
    if whole.startswith("@"):
        raise ValueError(f"label {whole!r}: an offset is written @dx,dy (board px from the station centre)")
    side = _SIDE_TEXT.match(whole)
    if not side or side.group(1).upper() not in SIDES:
        raise ValueError(f"label {whole!r}: write a side ({' '.join(SIDES)}), optionally +distance and /words "
                         "on line one (NE+6/2), or an offset @dx,dy")
    away = float(side.group(2)) if side.group(2) else 0.0
    if away < 0:
        raise ValueError(f"label {whole!r}: the distance after '+' must be 0 or more")
    return LabelSpec(side=side.group(1).upper(), away=away + 0.0, split=_split_count(side.group(3), whole))


# Where a name may break onto a second line: after a space, or after a hyphen, slash or dash that joins two
# parts of a word ("Rosa-Luxemburg-|Platz", "116 St–|Columbia University"), the mark kept at the line's end
# as printed maps set it.
_BREAK = re.compile(r"(?<=\S)\s+(?=\S)|(?<=[^\s\-/–—][\-/–—])(?=[^\s\-/–—])")


SHORTEST_BROKEN = 8  # characters: a shorter name ("18 St", "York St") reads at a glance on one line


def name_breaks(name: str) -> list[int]:
    """The places (string indices where line two would start) the name may break at, in reading order:
    none in a short name, none inside brackets ("14 St (1 2 3 F L M)" keeps its services together), none
    after a number ("23 St", "5 Av": the number and its street are read as one)."""
    if len(name) < SHORTEST_BROKEN:
        return []
    found = []
    for match in _BREAK.finditer(name):
        before = name[: match.start()]
        if before.count("(") <= before.count(")") and not before.split()[-1].isdigit():
            found.append(match.end())
    return found


def split_lines(name: str, spec: LabelSpec) -> tuple[str, ...]:
    """The name's lines: one, or two broken at the spec's `split`-th break (see `name_breaks`).

    A split the name cannot honour (it was renamed to fewer words) leaves it on one line rather than failing.
    """
    breaks = name_breaks(name)
    if spec.split == 0 or spec.split > len(breaks):
        return (name,)
    at = breaks[spec.split - 1]
    return (name[:at].strip(), name[at:].strip())


def line_sizes(lines: tuple[str, ...], measure: Callable[[str], Size], lead: float = 0.0) -> tuple[Size, ...]:
    """Each line's (width, height); the first line is `lead` wider, for the feature badges set in front of it."""
    sizes = [measure(line) for line in lines]
    if sizes and lead:
        sizes[0] = (sizes[0][0] + lead, sizes[0][1])
    return tuple(sizes)


def text_size(line_sizes: tuple[Size, ...]) -> Size:
    """The block of lines stacked one under the other: the widest line's width, the lines' heights summed."""
    return (max((w for w, _ in line_sizes), default=0.0), sum(h for _, h in line_sizes))


def _scaled(box: Box, anchor: tuple[float, float], scale: float) -> Box:
    x, y, w, h = box
    ax, ay = anchor
    return (ax + (x - ax) * scale, ay + (y - ay) * scale, w * scale, h * scale)


def _nearest_point(box: Box, px: float, py: float) -> tuple[float, float]:
    x, y, w, h = box
    return (min(max(px, x), x + w), min(max(py, y), y + h))


def label_anchor_box(x: float, y: float, radius: float, spec: LabelSpec, line_sizes: tuple[Size, ...],
                     gap: float) -> tuple[Box, tuple[float, float]]:
    """The box at scale 1 and its anchor: the point of it nearest the station, which stays put as text grows."""
    w, h = text_size(line_sizes)
    if spec.offset is not None:
        box = (x + spec.offset[0], y + spec.offset[1], w, h)
        return box, _nearest_point(box, x, y)
    assert spec.side is not None  # guaranteed by LabelSpec
    (ux, uy), align_x, align_y = _PLACES[spec.side]
    reach = radius + gap + spec.away
    ax, ay = x + ux * reach, y + uy * reach
    left = ax if align_x < 0 else ax - w if align_x > 0 else ax - w / 2
    top = ay if align_y < 0 else ay - h if align_y > 0 else ay - h / 2
    return (left, top, w, h), (ax, ay)


def label_box(x: float, y: float, radius: float, spec: LabelSpec, line_sizes: tuple[Size, ...], gap: float,
              scale: float = 1.0) -> Box:
    """The box a station's name covers, for a station at (x, y) with a disc of `radius`.

    `line_sizes` are the (width, height) of each line at the board's label size, `gap` the space between the
    disc and the text. At `scale` the box is the scale-1 box grown about its anchor (see the module's notes).
    """
    box, anchor = label_anchor_box(x, y, radius, spec, line_sizes, gap)
    return box if scale == 1.0 else _scaled(box, anchor, scale)


def line_align(spec: LabelSpec, line_sizes: tuple[Size, ...] = ()) -> Align:
    """How the lines of a two-line name line up: towards the station, as a cartographer sets them."""
    if spec.offset is not None:
        width = text_size(line_sizes)[0]
        dx = spec.offset[0]
        return "left" if dx >= 0 else "right" if dx + width <= 0 else "centre"
    assert spec.side is not None
    return ("left", "centre", "right")[_PLACES[spec.side][1] + 1]


def line_boxes(x: float, y: float, radius: float, spec: LabelSpec, line_sizes: tuple[Size, ...], gap: float,
               scale: float = 1.0) -> tuple[Box, ...]:
    """Each line's own box inside the label box (where to draw it), aligned as `line_align` says."""
    bx, by, bw, _ = label_box(x, y, radius, spec, line_sizes, gap, scale)
    align = line_align(spec, line_sizes)
    boxes = []
    top = by
    for w, h in line_sizes:
        lw, lh = w * scale, h * scale
        left = bx if align == "left" else bx + bw - lw if align == "right" else bx + (bw - lw) / 2
        boxes.append((left, top, lw, lh))
        top += lh
    return tuple(boxes)
