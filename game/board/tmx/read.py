"""Read a screened TMX tree into raw objects: pytmx reads the elements, the checks here refuse what it must not.

Reading goes defusedxml (safe_xml.py) → pytmx (pytmx_api.py) → our checks. pytmx reads the map (orientation,
size), its object groups, each object (id, name, type or class, position, size, rotation, template) and
image layers (the file name). A few things are still read from the tree itself, each because pytmx cannot
give it; the comment at each says why:
- the layer tree and its offsets (`_read_layers`),
- tilesets, only to check the files they name (`_refused`),
- an object's numbers as written, to refuse them before pytmx reads them (`_check_numbers`),
- its shape, a text's words and the points of polygons and polylines (`_shape`, `_read_points`),
- custom properties (`read_properties`).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

from game.board.tmx.problems import Reporter
from game.board.tmx.pytmx_api import PytmxError, TmxMap, TmxObjectGroup
from game.board.tmx.raw import (
    MAX_COORD,
    MAX_GROUP_DEPTH,
    MAX_NAME,
    MAX_OBJECTS,
    MAX_POINTS,
    BadNumber,
    Point,
    Prop,
    RawMap,
    RawObject,
    checked_number,
    six_digits,
    tiled_number,
)
from game.board.tmx.safe_xml import check_reference, normalise_reference

MAP_SIZES = ("width", "height", "tilewidth", "tileheight")
POSITION = ("x", "y")  # Tiled writes both on every object of a map (only a template file leaves them out)
OBJECT_NUMBERS = (("x", MAX_COORD), ("y", MAX_COORD), ("width", MAX_COORD), ("height", MAX_COORD),
                  ("rotation", 360_000.0))
_WHOLE_NUMBER = re.compile(r"\s*[+-]?\d+\s*")


def read_properties(element: ET.Element | None, report: Reporter, about: object | None) -> dict[str, Prop]:
    """The <properties> under an element; a name given twice keeps the last value, with a warning.

    Read directly, not through pytmx: pytmx keeps neither the Tiled type name (we enforce it) nor the text as
    written (we quote it), keeps the last of two properties with one name without a word, stops the whole
    map on a value it cannot convert, and cannot read a class-typed property without the project's type file.
    """
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
    """A whole-number attribute, strictly: pytmx would take "20.5" as 20 for a map size and stop at "abc"."""
    text = element.get(name)
    if text is None or len(text) > 12 or not _WHOLE_NUMBER.fullmatch(text):
        return None
    return int(text)


def read_map(root: ET.Element, report: Reporter, base_dir: Path | None) -> RawMap:
    """Read the whole map; problems go to the reporter, unreadable objects are skipped."""
    raw = RawMap()
    if root.tag != "map":
        report.error(None, f"this is not a Tiled map: the top element is <{root.tag[:40]}>, not <map>")
        return raw
    sizes = {name: _int_attr(root, name) for name in MAP_SIZES}
    sized = all(value is not None and value > 0 for value in sizes.values())
    try:
        tmx = TmxMap({k: v for k, v in root.attrib.items() if k == "orientation" or (sized and k in MAP_SIZES)})
    except PytmxError as error:
        report.error(None, f"the map cannot be read: {error}")
        return raw
    raw.orientation = tmx.orientation
    if raw.orientation != "orthogonal":
        report.warn(None, f"the map is {raw.orientation[:40]!r}; coordinates are read as orthogonal pixels")
    if not sized:
        report.error(None, "the map's width, height, tilewidth and tileheight must be positive whole numbers")
    else:
        width, height = tmx.pixel_size
        raw.width, raw.height = float(width), float(height)
        if raw.width > MAX_COORD or raw.height > MAX_COORD:
            report.error(None, f"the map is {raw.width:g}×{raw.height:g} pixels; at most {MAX_COORD:g} either way")
    raw.properties = read_properties(root, report, "map properties")
    _read_layers(root, raw, tmx, report, base_dir, 0.0, 0.0, 0)
    return raw


def _refused(element: ET.Element, what: str, report: Reporter, base_dir: Path | None) -> bool:
    """Report and refuse a file reference that leaves the board's folder; no `source` is not refused."""
    source = element.get("source")
    refusal = None if source is None else check_reference(source, base_dir)
    if refusal:
        report.error(None, f"{what} refused: {refusal}")
    return refusal is not None


def _read_layers(parent: ET.Element, raw: RawMap, tmx: TmxMap, report: Reporter, base_dir: Path | None,
                 ox: float, oy: float, depth: int) -> None:
    """Walk the layer tree ourselves: pytmx flattens groups, applies no offsets and reads an offset as a whole
    number (Tiled writes 10.125, which stops it). Tilesets are only checked, never handed to pytmx, which would
    open an external .tsx with an unscreened parser; tile layers are skipped (pytmx would decompress their
    data without a bound)."""
    if depth > MAX_GROUP_DEPTH:
        report.error(None, f"layer groups are nested more than {MAX_GROUP_DEPTH} deep")
        return
    for child in parent:
        tag = child.tag
        if tag == "tileset":
            _refused(child, "tileset", report, base_dir)
            for image in child.iter("image"):
                _refused(image, "tileset image", report, base_dir)
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
            _read_layers(child, raw, tmx, report, base_dir, dx, dy, depth + 1)
        elif tag == "imagelayer":
            picture = child.find("image")
            if picture is None or picture.get("source") is None or _refused(picture, "background image", report,
                                                                              base_dir):
                continue
            try:
                raw.backgrounds.append(normalise_reference(tmx.image_source(child, picture)))
            except PytmxError as error:
                report.error(None, f"layer {child.get('name', '')[:MAX_NAME]!r} cannot be read: {error}")
        elif not _read_group(child, raw, tmx, report, dx, dy):
            return


def _read_group(element: ET.Element, raw: RawMap, tmx: TmxMap, report: Reporter, ox: float, oy: float) -> bool:
    """Read an object group's objects; False once the map holds too many objects to go on."""
    try:
        group = tmx.object_group(element)
    except PytmxError as error:
        report.error(None, f"layer {element.get('name', '')[:MAX_NAME]!r} cannot be read: {error}")
        return True
    for child in element.findall("object"):
        if len(raw.objects) >= MAX_OBJECTS:
            report.error(None, f"the map holds more than {MAX_OBJECTS:,} objects")
            return False
        obj = read_object(child, group, report, ox, oy)
        if obj is not None:
            obj.layer = element.get("name", "")[:MAX_NAME]
            raw.objects.append(obj)
    return True


class _Named:
    """Stand-in for an object whose reading failed, so the problem still names id and name."""

    def __init__(self, object_id: int | None, name: str) -> None:
        self.id = object_id
        self.name = name


def read_object(element: ET.Element, group: TmxObjectGroup, report: Reporter, ox: float,
                oy: float) -> RawObject | None:
    """One <object>, checked, then read by pytmx; None (with an error reported) when it cannot be placed."""
    object_id = _int_attr(element, "id")
    who = _Named(object_id, element.get("name", "")[:MAX_NAME])
    if object_id is None or object_id < 0:
        report.error(who, "the object has no valid id (Tiled gives every object one; was the file edited by hand?)")
        return None
    missing = [name for name in POSITION if element.get(name) is None]
    if missing:
        report.error(who, f"the object has no {' and no '.join(missing)} attribute: it has no place on the map "
                          "(Tiled writes x and y on every object; was the file edited by hand?)")
        return None
    try:
        _check_numbers(element)
    except BadNumber as error:
        report.error(who, str(error))
        return None
    try:
        read = group.read(element)
    except PytmxError as error:
        report.error(who, f"the object cannot be read: {error}")
        return None
    shape, points_text, text = _shape(element)
    obj = RawObject(read.id, read.name, read.type.strip().lower(), shape, six_digits(read.x) + ox,
                    six_digits(read.y) + oy, six_digits(read.width), six_digits(read.height),
                    six_digits(read.rotation), text=text, template=read.template)
    obj.properties = read_properties(element, report, who)
    if points_text is not None:
        try:
            obj.points = _read_points(obj, points_text)
        except BadNumber as error:
            report.error(who, str(error))
            return None
    for px, py in (*obj.points, obj.centre()):
        if abs(px) > MAX_COORD or abs(py) > MAX_COORD:
            report.error(who, f"a point lies at ({px:g}, {py:g}), more than {MAX_COORD:g} pixels out")
            return None
    return obj


def _check_numbers(element: ET.Element) -> None:
    """Refuse an object's position, size or rotation as written, before pytmx reads them: the message quotes
    the text, and pytmx would stop at text that is not a number and turn 1e400 into inf."""
    for name, limit in OBJECT_NUMBERS:
        checked_number(element.get(name), name, limit=limit)


def _shape(element: ET.Element) -> tuple[str, str | None, str]:
    """The object's shape (the last shape element wins), the points of its <polygon>/<polyline> and a text
    object's words. Read directly: pytmx records no point, ellipse or text shape, nor a text's words, and never
    sees `gid` (see pytmx_api). For points see `_read_points`."""
    shape, points_text, text = "tile" if element.get("gid") is not None else "rectangle", None, ""
    for child in element:
        if child.tag in ("point", "ellipse"):
            shape = child.tag
        elif child.tag in ("polygon", "polyline"):
            shape, points_text = child.tag, child.get("points", "")
        elif child.tag == "text":
            shape, text = "text", "".join(child.itertext())
    return shape, points_text, text


def _read_points(obj: RawObject, text: str) -> tuple[Point, ...]:
    """A polygon's or polyline's points, absolute. Read directly: pytmx gives only the sums x + dx, but Tiled
    rounds each dx it writes to six digits, so the board is made from dx as written, and that cannot always be
    recovered from the sum: with points of seven or more digits (the editor writes 1234.125) taken from
    pytmx, 64 boards in 3,000 came out different, which a re-save in Tiled could then change again."""
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
