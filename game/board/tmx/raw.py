"""What the reader hands on: raw objects and the map, plus the number rules every reading follows.

Numbers are normalised the way Tiled 1.8 writes them (six significant digits) so that a source re-saved
by Tiled reads back to the same values. Nothing here knows the game's rules; see build.py for that.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal

MAX_OBJECTS = 20_000
MAX_POINTS = 10_000
MAX_COORD = 1e6
MAX_NAME = 100
MAX_GROUP_DEPTH = 32

Point = tuple[float, float]


class BadNumber(ValueError):
    """A coordinate or size that is not a finite, bounded number."""


def checked_number(text: str | None, what: str, default: float = 0.0, limit: float = MAX_COORD) -> float:
    """The number as written (`default` when absent or empty), refused unless finite and within the limit.

    The message quotes the text as written, so a designer can find it in the file.
    """
    if text is None or text == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise BadNumber(f"{what} {text[:40]!r} is not a number") from None
    if not math.isfinite(value) or abs(value) > limit:
        raise BadNumber(f"{what} {text[:40]!r} is out of range (at most {limit:g} either way)")
    return value


def tiled_number(text: str | None, what: str, default: float = 0.0, limit: float = MAX_COORD) -> float:
    """A number as Tiled 1.8 would re-save it: Tiled writes doubles with 6 significant digits."""
    return six_digits(checked_number(text, what, default, limit))


def six_digits(value: float) -> float:
    """Round to 6 significant digits the way Qt's QString::number does: exact halves go away from zero.

    (Python's own formatting rounds exact halves to even, so 12450.25 would differ: Tiled writes 12450.3.)
    """
    if value == 0 or not math.isfinite(value):
        return value + 0.0
    exact = Decimal(value)
    step = Decimal(1).scaleb(exact.adjusted() - 5)
    return float(exact.quantize(step, rounding=ROUND_HALF_UP))


@dataclass(frozen=True)
class Prop:
    """A custom property as written: Tiled type name ("string" when absent) and raw text."""

    name: str
    type: str
    value: str


@dataclass
class RawObject:
    """One Tiled object, read but not yet interpreted. Points are absolute map pixels, unrounded."""

    id: int
    name: str
    kind: str  # the type (or class) attribute, lower case
    shape: str  # point, rectangle, ellipse, polygon, polyline, text or tile
    x: float
    y: float
    width: float
    height: float
    rotation: float
    points: tuple[Point, ...] = ()  # polygon/polyline vertices, absolute
    properties: dict[str, Prop] = field(default_factory=dict)
    text: str = ""
    template: str = ""
    layer: str = ""  # the name of the object group it is in

    def transform(self, dx: float, dy: float) -> Point:
        """An offset from the object's origin to absolute map pixels, applying its rotation."""
        if self.rotation:
            angle = math.radians(self.rotation)
            cos, sin = math.cos(angle), math.sin(angle)
            dx, dy = dx * cos - dy * sin, dx * sin + dy * cos
        return (self.x + dx, self.y + dy)

    def centre(self) -> Point:
        """Where a station drawn as any shape stands: its middle."""
        if self.shape in ("polygon", "polyline") and self.points:
            xs = [p[0] for p in self.points]
            ys = [p[1] for p in self.points]
            return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
        if self.shape == "tile":  # tile objects hang from their bottom-left corner
            return self.transform(self.width / 2, -self.height / 2)
        if self.shape == "point":
            return (self.x, self.y)
        return self.transform(self.width / 2, self.height / 2)

    def outline(self) -> tuple[Point, ...]:
        """The object's area as a polygon: its points, its rectangle's corners or an ellipse's 24-gon."""
        if self.shape in ("polygon", "polyline"):
            return self.points
        if self.shape == "point":
            return ((self.x, self.y),)
        w, h = self.width, self.height
        top = -h if self.shape == "tile" else 0.0
        if self.shape == "ellipse":
            return tuple(
                self.transform(w / 2 + w / 2 * math.cos(2 * math.pi * i / 24), top + h / 2 + h / 2 * math.sin(
                    2 * math.pi * i / 24))
                for i in range(24)
            )
        return tuple(self.transform(dx, dy) for dx, dy in ((0, top), (w, top), (w, top + h), (0, top + h)))


@dataclass
class RawMap:
    """The map's own attributes, properties, background and objects."""

    width: float = 0.0  # pixels
    height: float = 0.0
    orientation: str = "orthogonal"
    properties: dict[str, Prop] = field(default_factory=dict)
    backgrounds: list[str] = field(default_factory=list)
    objects: list[RawObject] = field(default_factory=list)
