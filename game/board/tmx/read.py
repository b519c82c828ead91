"""Turn a parsed TMX tree into plain raw objects: ids, names, types, shapes, absolute points, properties.

Numbers are normalised the way Tiled 1.8 writes them (six significant digits) so that a source re-saved
by Tiled reads back to the same values. Nothing here knows the game's rules; see tmx_build for that.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

from game.board.tmx.problems import Reporter
from game.board.tmx.safe_xml import check_reference, normalise_reference

MAX_OBJECTS = 20_000
MAX_POINTS = 10_000
MAX_COORD = 1e6
MAX_NAME = 100
MAX_GROUP_DEPTH = 32

Point = tuple[float, float]


class BadNumber(ValueError):
    """A coordinate or size that is not a finite, bounded number."""


def tiled_number(text: str | None, what: str, default: float = 0.0, limit: float = MAX_COORD) -> float:
    """A number as Tiled 1.8 would re-save it: Tiled writes doubles with 6 significant digits."""
    if text is None or text == "":
        return default
    try:
        value = float(text)
    except ValueError:
        raise BadNumber(f"{what} {text[:40]!r} is not a number") from None
    if not math.isfinite(value) or abs(value) > limit:
        raise BadNumber(f"{what} {text[:40]!r} is out of range (at most {limit:g} either way)")
    return six_digits(value)


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


def read_properties(element: ET.Element | None, report: Reporter, about: object | None) -> dict[str, Prop]:
    """The <properties> under an element; a name given twice keeps the last value, with a warning."""
    found: dict[str, Prop] = {}
    if element is None:
        return found
    block = element.find("properties")
    if block is None:
        return found
    for prop in block.findall("property"):
        name = prop.get("name", "")
        kind = prop.get("type", "string") or "string"
        value = prop.get("value", "") if "value" in prop.attrib else ("" if kind == "class" else prop.text or "")
        if name in found:
            report.warn(about, f"property {name!r} is given twice; the last one counts")
        found[name] = Prop(name, kind, value)
    return found


def _int_attr(element: ET.Element, name: str) -> int | None:
    text = element.get(name)
    if text is None or not text.strip().lstrip("+-").isdigit() or len(text) > 12:
        return None
    return int(text)


def read_map(root: ET.Element, report: Reporter, base_dir: Path | None) -> RawMap:
    """Read the whole map; problems go to the reporter, unreadable objects are skipped."""
    raw = RawMap()
    if root.tag != "map":
        report.error(None, f"this is not a Tiled map: the top element is <{root.tag[:40]}>, not <map>")
        return raw
    raw.orientation = root.get("orientation", "orthogonal")
    if raw.orientation != "orthogonal":
        report.warn(None, f"the map is {raw.orientation[:40]!r}; coordinates are read as orthogonal pixels")
    sizes = {name: _int_attr(root, name) for name in ("width", "height", "tilewidth", "tileheight")}
    if any(value is None or value <= 0 for value in sizes.values()):
        report.error(None, "the map's width, height, tilewidth and tileheight must be positive whole numbers")
    else:
        raw.width = float(sizes["width"] * sizes["tilewidth"])  # type: ignore[operator]
        raw.height = float(sizes["height"] * sizes["tileheight"])  # type: ignore[operator]
        if raw.width > MAX_COORD or raw.height > MAX_COORD:
            report.error(None, f"the map is {raw.width:g}×{raw.height:g} pixels; at most {MAX_COORD:g} either way")
    raw.properties = read_properties(root, report, "map properties")
    _read_layers(root, raw, report, base_dir, 0.0, 0.0, 0)
    return raw


def _check_source(element: ET.Element, what: str, report: Reporter, base_dir: Path | None) -> str | None:
    source = element.get("source")
    if source is None:
        return None
    refusal = check_reference(source, base_dir)
    if refusal:
        report.error(None, f"{what} refused: {refusal}")
        return None
    return normalise_reference(source)


def _read_layers(parent: ET.Element, raw: RawMap, report: Reporter, base_dir: Path | None,
                 ox: float, oy: float, depth: int) -> None:
    if depth > MAX_GROUP_DEPTH:
        report.error(None, f"layer groups are nested more than {MAX_GROUP_DEPTH} deep")
        return
    for child in parent:
        tag = child.tag
        if tag == "tileset":
            _check_source(child, "tileset", report, base_dir)
            for image in child.iter("image"):
                _check_source(image, "tileset image", report, base_dir)
            continue
        if tag not in ("objectgroup", "group", "imagelayer"):
            continue  # tile layers and anything else are decoration we do not read
        try:
            dx = ox + tiled_number(child.get("offsetx"), "layer offsetx")
            dy = oy + tiled_number(child.get("offsety"), "layer offsety")
        except BadNumber as error:
            report.error(None, f"layer {child.get('name', '')[:MAX_NAME]!r}: {error}")
            continue
        if tag == "group":
            _read_layers(child, raw, report, base_dir, dx, dy, depth + 1)
        elif tag == "imagelayer":
            image = child.find("image")
            if image is not None:
                source = _check_source(image, "background image", report, base_dir)
                if source:
                    raw.backgrounds.append(source)
        else:
            for element in child.findall("object"):
                if len(raw.objects) >= MAX_OBJECTS:
                    report.error(None, f"the map holds more than {MAX_OBJECTS:,} objects")
                    return
                obj = read_object(element, report, dx, dy)
                if obj is not None:
                    raw.objects.append(obj)


class _Named:
    """Stand-in for an object whose reading failed, so the problem still names id and name."""

    def __init__(self, object_id: int | None, name: str) -> None:
        self.id = object_id
        self.name = name


def read_object(element: ET.Element, report: Reporter, ox: float, oy: float) -> RawObject | None:
    """One <object>; None (with an error reported) when it cannot be placed."""
    object_id = _int_attr(element, "id")
    name = element.get("name", "")
    who = _Named(object_id, name[:MAX_NAME])
    if object_id is None or object_id < 0:
        report.error(who, "the object has no valid id (Tiled gives every object one; was the file edited by hand?)")
        return None
    kind = (element.get("type") or element.get("class") or "").strip().lower()
    try:
        x = tiled_number(element.get("x"), "x")
        y = tiled_number(element.get("y"), "y")
        width = tiled_number(element.get("width"), "width")
        height = tiled_number(element.get("height"), "height")
        rotation = tiled_number(element.get("rotation"), "rotation", limit=360_000)
    except BadNumber as error:
        report.error(who, str(error))
        return None
    shape, point_text, text = "rectangle", None, ""
    if element.get("gid") is not None:
        shape = "tile"
    for child in element:
        if child.tag in ("point", "ellipse"):
            shape = child.tag
        elif child.tag in ("polygon", "polyline"):
            shape, point_text = child.tag, child.get("points", "")
        elif child.tag == "text":
            shape, text = "text", "".join(child.itertext())
    obj = RawObject(object_id, name, kind, shape, x + ox, y + oy, width, height, rotation, text=text,
                    template=element.get("template", ""))
    obj.properties = read_properties(element, report, who)
    if point_text is not None:
        try:
            obj.points = _read_points(obj, point_text)
        except BadNumber as error:
            report.error(who, str(error))
            return None
    for px, py in (*obj.points, obj.centre()):
        if abs(px) > MAX_COORD or abs(py) > MAX_COORD:
            report.error(who, f"a point lies at ({px:g}, {py:g}), more than {MAX_COORD:g} pixels out")
            return None
    return obj


def _read_points(obj: RawObject, text: str) -> tuple[Point, ...]:
    pairs = text.split()
    if len(pairs) > MAX_POINTS:
        raise BadNumber(f"the shape has {len(pairs):,} points; at most {MAX_POINTS:,}")
    points = []
    for pair in pairs:
        parts = pair.split(",")
        if len(parts) != 2:
            raise BadNumber(f"point {pair[:40]!r} is not 'x,y'")
        points.append(obj.transform(tiled_number(parts[0], "point x"), tiled_number(parts[1], "point y")))
    return tuple(points)
