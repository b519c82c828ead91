"""The TMX document the editor changes: the XML tree itself, so nothing it does not understand is lost.

Every read goes through small views (`MapObject`); every write changes the element tree in place.
Coordinates are rounded to whole pixels so that a file re-saved by Tiled reads back the same.
"""

from __future__ import annotations

import contextlib
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

from defusedxml.ElementTree import DefusedXMLParser

from game.files import write_atomically

Point = tuple[float, float]

NODE_KINDS = ("station", "waypoint", "place", "ticket")  # point objects ("place", "ticket": the bus tour's)
LINE_KINDS = ("link", "route")  # paths between two nodes (properties a and b), drawn as polylines
AREA_KINDS = ("cluster", "water", "park", "district")
KINDS = (*NODE_KINDS, *LINE_KINDS, *AREA_KINDS)
MAX_FILE_BYTES = 16 * 1024 * 1024
NEW_MAP_TILES = (60, 40)
TILE = 32
BOARD_LAYER = "stations"
LINKS_LAYER = "links"
CLUSTER_LAYER = "clusters"
DECORATION_LAYER = "decoration"  # water and parks
# A layer made on demand goes below the first of these that the map has (drawing order: decoration,
# clusters, links, stations, as the importer and the shipped boards have them); else on top.
DRAWN_ABOVE = {
    DECORATION_LAYER: (CLUSTER_LAYER, LINKS_LAYER, BOARD_LAYER),
    CLUSTER_LAYER: (LINKS_LAYER, BOARD_LAYER),
    LINKS_LAYER: (BOARD_LAYER,),
}
BACKGROUND_LAYER = "background"


class DocumentError(ValueError):
    """A file that cannot be opened as a map; the message is one line for the status bar."""


def fmt(value: float) -> str:
    """Numbers as Tiled writes them: integers without a decimal point."""
    text = f"{float(value):.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def parse_points(text: str) -> list[Point]:
    points: list[Point] = []
    for pair in text.split():
        x, _, y = pair.partition(",")
        points.append((float(x), float(y)))
    return points


@dataclass(frozen=True)
class MapObject:
    """A read-only snapshot of one `<object>`: what tools, rendering and the panel need."""

    id: int
    kind: str
    name: str
    x: float
    y: float
    shape: str  # point, polyline, polygon, rect, ellipse
    points: list[Point] = field(default_factory=list)  # absolute map coordinates
    props: dict[str, str] = field(default_factory=dict)

    @property
    def pos(self) -> Point:
        return (self.x, self.y)

    def flag(self, name: str, default: bool = False) -> bool:
        value = self.props.get(name)
        return default if value is None else value.lower() == "true"

    def number(self, name: str, default: int = 0) -> int:
        try:
            return int(float(self.props.get(name, default)))
        except ValueError:
            return default

    def ref(self, name: str) -> int:
        """An object property (link end): the object id, 0 if unset."""
        return self.number(name, 0)


def _parse(data: bytes) -> ET.Element:
    if len(data) > MAX_FILE_BYTES:
        raise DocumentError(f"file is larger than {MAX_FILE_BYTES // (1024 * 1024)} MB")
    builder = ET.TreeBuilder(insert_comments=True, insert_pis=True)
    parser = DefusedXMLParser(target=builder, forbid_dtd=True, forbid_entities=True, forbid_external=True)
    try:
        parser.feed(data)
        root = parser.close()
    except ET.ParseError as error:
        raise DocumentError(f"not a valid TMX file: {error}") from None
    except Exception as error:  # defusedxml raises its own DefusedXmlException subclasses
        raise DocumentError(f"refused to read the file: {type(error).__name__}") from None
    if root.tag != "map":
        raise DocumentError("not a Tiled map: the root element is not <map>")
    return root


def _new_root(name: str) -> ET.Element:
    width, height = NEW_MAP_TILES
    root = ET.Element("map", {
        "version": "1.8", "tiledversion": "1.8.2", "orientation": "orthogonal", "renderorder": "right-down",
        "width": str(width), "height": str(height), "tilewidth": str(TILE), "tileheight": str(TILE),
        "infinite": "0", "nextlayerid": "5", "nextobjectid": "1",
    })
    props = ET.SubElement(root, "properties")
    ET.SubElement(props, "property", {"name": "name", "value": name})
    ET.SubElement(props, "property", {"name": "ruleset", "value": "custom"})
    for layer_id, layer_name in enumerate((DECORATION_LAYER, CLUSTER_LAYER, LINKS_LAYER, BOARD_LAYER), start=1):
        ET.SubElement(root, "objectgroup", {"id": str(layer_id), "name": layer_name})
    return root


class Document:
    """One open map: its XML tree, its file path and whether it changed since the last save."""

    def __init__(self, root: ET.Element, path: Path | None = None) -> None:
        self.root = root
        self.path = path
        self.revision = 0
        self.saved_revision = 0
        # Both rebuilt after any change (`touch`): the objects as views, and where each object's element is.
        # The second is cheap and all an edit needs, so a run of edits (an import writes every station and
        # link) does not parse every object again for each.
        self._cache: dict[int, MapObject] | None = None
        self._places: tuple[dict[int, Point], dict[int, ET.Element], dict[int, ET.Element]] | None = None

    # ----- creating, reading, writing -----

    @classmethod
    def new(cls, name: str = "New board") -> Document:
        return cls(_new_root(name))

    @classmethod
    def from_bytes(cls, data: bytes, path: Path | None = None) -> Document:
        return cls(_parse(data), path)

    @classmethod
    def load(cls, path: Path) -> Document:
        try:
            data = Path(path).read_bytes()
        except OSError as error:
            raise DocumentError(f"{path}: cannot read: {error.strerror or error}") from None
        return cls.from_bytes(data, Path(path))

    def to_bytes(self) -> bytes:
        for element in self.root.iter():
            if element.tag in ("objectgroup", "group", "properties") and len(element) == 0 \
                    and not (element.text or "").strip():
                element.text = None  # emptied by a deletion: write it as Tiled does, `<objectgroup .../>`
        ET.indent(self.root, space=" ")
        body = ET.tostring(self.root, encoding="unicode", short_empty_elements=True)
        # Tiled writes "<point/>"; ElementTree "<point />". A bare " />" cannot occur elsewhere, since
        # ElementTree escapes ">" in text and attribute values.
        body = body.replace(" />", "/>")
        return ('<?xml version="1.0" encoding="UTF-8"?>\n' + body + "\n").encode("utf-8")

    def save(self, path: Path | None = None) -> Path:
        """Write atomically (temp file, fsync, replace) and keep the previous version as `.bak`."""
        target = Path(path or self.path or "")
        if not target.name:
            raise DocumentError("no file name to save to")
        data = self.to_bytes()
        write_atomically(target, data, backup=True)
        self.path = target
        self.saved_revision = self.revision
        return target

    @property
    def dirty(self) -> bool:
        return self.revision != self.saved_revision

    @property
    def base_dir(self) -> Path:
        return self.path.parent if self.path else Path.cwd()

    @property
    def title(self) -> str:
        return self.path.name if self.path else "untitled.tmx"

    def touch(self, moved: bool = True) -> None:
        """Record a change: views are rebuilt and the document counts as unsaved. `moved=False` for a change
        to one object's own attributes, which leaves every object in its layer: the index of where each one is
        (`_placed`) is kept, so a layout writing every station and link in turn does not rebuild it each time."""
        self.revision += 1
        self._cache = None
        if moved:
            self._places = None

    # ----- map geometry and properties -----

    @property
    def size(self) -> tuple[float, float]:
        r = self.root
        return (
            float(r.get("width", "0")) * float(r.get("tilewidth", "0")),
            float(r.get("height", "0")) * float(r.get("tileheight", "0")),
        )

    def set_size(self, width: float, height: float) -> None:
        tw = float(self.root.get("tilewidth", str(TILE))) or TILE
        th = float(self.root.get("tileheight", str(TILE))) or TILE
        self.root.set("width", str(max(1, round(width / tw))))
        self.root.set("height", str(max(1, round(height / th))))
        self.touch()

    def map_properties(self) -> dict[str, str]:
        return _read_props(self.root)

    def set_map_property(self, name: str, value: str | None, ptype: str = "string") -> None:
        _write_prop(self.root, name, value, ptype)
        self.touch()

    # ----- objects -----

    def _index(self) -> dict[int, MapObject]:
        if self._cache is None:
            cache: dict[int, MapObject] = {}
            for group, (ox, oy) in self._object_layers(self.root, (0.0, 0.0)):
                for element in group.findall("object"):
                    view = _view(element, ox, oy)
                    if view is not None:
                        cache[view.id] = view
            self._cache = cache
        return self._cache

    def _placed(self) -> tuple[dict[int, Point], dict[int, ET.Element], dict[int, ET.Element]]:
        """Each layer's offset (by its id()), and each object's layer and element by object id (as for the
        views: of an id repeated, the first element in the last layer; none with no whole-number id or place)."""
        if self._places is None:
            offsets: dict[int, Point] = {}
            parents: dict[int, ET.Element] = {}
            first: dict[tuple[int, int], ET.Element] = {}
            for group, offset in self._object_layers(self.root, (0.0, 0.0)):
                offsets[id(group)] = offset
                for element in group.findall("object"):
                    if (found := _placed_at(element)) is not None:
                        object_id = found[0]
                        parents[object_id] = group
                        if element.get("id") == str(object_id):
                            first.setdefault((object_id, id(group)), element)
            elements = {i: first[i, id(g)] for i, g in parents.items() if (i, id(g)) in first}
            self._places = (offsets, parents, elements)
        return self._places

    def _object_layers(self, parent: ET.Element, offset: Point) -> list[tuple[ET.Element, Point]]:
        """Every object layer with its total offset (group layers and layers may shift what they hold)."""
        found: list[tuple[ET.Element, Point]] = []
        for child in parent:
            if child.tag not in ("group", "objectgroup"):
                continue
            try:
                shift = (offset[0] + float(child.get("offsetx", "0")), offset[1] + float(child.get("offsety", "0")))
            except ValueError:
                shift = offset
            if child.tag == "group":
                found += self._object_layers(child, shift)
            else:
                found.append((child, shift))
        return found

    def layer_offset(self, layer: ET.Element) -> Point:
        return self._placed()[0].get(id(layer), (0.0, 0.0))

    def objects(self) -> list[MapObject]:
        return list(self._index().values())

    def of_kind(self, *kinds: str) -> list[MapObject]:
        return [o for o in self._index().values() if o.kind in kinds]

    def get(self, object_id: int) -> MapObject | None:
        return self._index().get(object_id)

    def element(self, object_id: int) -> ET.Element:
        return self._placed()[2][object_id]

    def locate(self, object_id: int) -> tuple[ET.Element, int]:
        """The parent layer and position of an object: what undo needs to put it back."""
        element = self.element(object_id)
        parent = self._placed()[1][object_id]
        return parent, list(parent).index(element)

    def find_layer(self, name: str) -> ET.Element | None:
        """The first object layer of that name, also inside group layers."""
        return next((group for group in self.root.iter("objectgroup") if group.get("name") == name), None)

    def layer(self, name: str) -> ET.Element:
        """The object layer of that name, created (with a fresh layer id) when missing: below the layers
        `DRAWN_ABOVE` lists for it (the first of them the map has), else on top of the others."""
        found = self.find_layer(name)
        if found is not None:
            return found
        layer_id = int(self.root.get("nextlayerid", "1"))
        self.root.set("nextlayerid", str(layer_id + 1))
        group = ET.Element("objectgroup", {"id": str(layer_id), "name": name})
        layers = ("objectgroup", "layer", "imagelayer", "group")
        groups = [i for i, child in enumerate(self.root) if child.tag in layers]
        position = groups[-1] + 1 if groups else len(self.root)
        above = DRAWN_ABOVE.get(name, ())
        for i, child in enumerate(self.root):  # a top-level layer, or a group holding one
            if any(g.get("name") in above for g in child.iter("objectgroup")):
                position = i
                break
        self.root.insert(position, group)
        return group

    def new_id(self) -> int:
        next_id = int(self.root.get("nextobjectid", "1"))
        used = {o.id for o in self.objects()}
        while next_id in used:
            next_id += 1
        self.root.set("nextobjectid", str(next_id + 1))
        return next_id

    def make_object(self, kind: str, points: list[Point], name: str = "",
                    props: dict[str, tuple[str, str]] | None = None, layer: ET.Element | None = None) -> ET.Element:
        """A new `<object>` element for `layer` (not yet in it) with a fresh id from `nextobjectid`."""
        if layer is not None:
            ox, oy = self.layer_offset(layer)
            points = [(px - ox, py - oy) for px, py in points]
        element = ET.Element("object", {"id": str(self.new_id())})
        if name:
            element.set("name", name)
        element.set("type", kind)
        x, y = points[0]
        element.set("x", fmt(x))
        element.set("y", fmt(y))
        for prop, (ptype, value) in (props or {}).items():
            _write_prop(element, prop, value, ptype)
        if kind in NODE_KINDS:
            ET.SubElement(element, "point")
        else:
            shape = "polyline" if kind in LINE_KINDS else "polygon"
            ET.SubElement(element, shape, {"points": _points_text(points, (x, y))})
        return element

    def insert(self, element: ET.Element, parent: ET.Element, index: int | None = None) -> None:
        if index is None:
            parent.append(element)
        else:
            parent.insert(index, element)
        self.touch()

    def remove(self, object_id: int) -> tuple[ET.Element, int, ET.Element]:
        parent, index = self.locate(object_id)
        element = parent[index]
        parent.remove(element)
        self.touch()
        return parent, index, element

    def replace(self, object_id: int, new: ET.Element) -> None:
        parent, index = self.locate(object_id)
        parent.remove(parent[index])
        parent.insert(index, new)
        self.touch()

    def set_points(self, object_id: int, points: list[Point]) -> None:
        """Move an object: a point object takes the first point; a shape keeps its origin at its first point."""
        element = self.element(object_id)
        offsets, parents, _ = self._placed()
        ox, oy = offsets.get(id(parents[object_id]), (0.0, 0.0))
        points = [(round(px) - ox, round(py) - oy) for px, py in points]
        x, y = points[0]
        element.set("x", fmt(x))
        element.set("y", fmt(y))
        for tag in ("polyline", "polygon"):
            shape = element.find(tag)
            if shape is not None:
                shape.set("points", _points_text(points, (x, y)))
        self.touch(moved=False)

    def set_name(self, object_id: int, name: str) -> None:
        element = self.element(object_id)
        if name:
            element.set("name", name)
        elif "name" in element.attrib:
            del element.attrib["name"]
        self.touch(moved=False)

    def set_property(self, object_id: int, name: str, value: str | None, ptype: str = "string") -> None:
        _write_prop(self.element(object_id), name, value, ptype)
        self.touch(moved=False)

    # ----- background image layer -----

    def background(self) -> tuple[str, float] | None:
        for layer in self.root.iter("imagelayer"):
            image = layer.find("image")
            if image is not None and image.get("source"):
                return image.get("source", ""), float(layer.get("opacity", "1"))
        return None

    def set_background(self, source: str | None, opacity: float = 0.5) -> None:
        layer = next(iter(self.root.iter("imagelayer")), None)
        if source is None:
            if layer is not None:
                self.root.remove(layer)
                self.touch()
            return
        if layer is None:
            layer_id = int(self.root.get("nextlayerid", "1"))
            self.root.set("nextlayerid", str(layer_id + 1))
            layer = ET.Element("imagelayer", {"id": str(layer_id), "name": BACKGROUND_LAYER})
            first = next((i for i, c in enumerate(self.root) if c.tag in ("layer", "objectgroup", "group")), None)
            self.root.insert(len(self.root) if first is None else first, layer)
        layer.set("opacity", fmt(round(opacity, 2)))
        image = layer.find("image")
        if image is None:
            image = ET.SubElement(layer, "image")
        image.set("source", source)
        self.touch()


# ----- helpers -----


def _points_text(points: list[Point], origin: Point) -> str:
    ox, oy = origin
    return " ".join(f"{fmt(x - ox)},{fmt(y - oy)}" for x, y in points)


def _read_props(element: ET.Element) -> dict[str, str]:
    props: dict[str, str] = {}
    container = element.find("properties")
    if container is None:
        return props
    for prop in container.findall("property"):
        name = prop.get("name")
        if name is not None:
            props[name] = prop.get("value", prop.text or "")
    return props


def _write_prop(element: ET.Element, name: str, value: str | None, ptype: str) -> None:
    """Set or (value None) remove one custom property, keeping every other property untouched."""
    container = element.find("properties")
    existing = None
    if container is not None:
        existing = next((p for p in container.findall("property") if p.get("name") == name), None)
    if value is None:
        if existing is not None and container is not None:
            container.remove(existing)
            if len(container) == 0:
                element.remove(container)
        return
    if container is None:
        container = ET.Element("properties")
        element.insert(0, container)
    if existing is None:
        existing = ET.SubElement(container, "property", {"name": name})
    if ptype == "string":
        existing.attrib.pop("type", None)
    else:
        existing.set("type", ptype)
    existing.set("value", value)


def _placed_at(element: ET.Element) -> tuple[int, float, float] | None:
    """An object element's id and place, or None where either is not a number (no view is made of it)."""
    try:
        return int(element.get("id", "")), float(element.get("x", "0")), float(element.get("y", "0"))
    except ValueError:
        return None


def _view(element: ET.Element, ox: float = 0.0, oy: float = 0.0) -> MapObject | None:
    found = _placed_at(element)
    if found is None:
        return None
    object_id, x, y = found[0], found[1] + ox, found[2] + oy
    kind = element.get("type") or element.get("class") or ""
    shape, points = "rect", [(x, y)]
    if element.find("point") is not None:
        shape = "point"
    elif element.find("ellipse") is not None:
        shape = "ellipse"
    for tag in ("polyline", "polygon"):
        child = element.find(tag)
        if child is not None:
            shape = tag
            with contextlib.suppress(ValueError):
                points = [(x + px, y + py) for px, py in parse_points(child.get("points", ""))] or [(x, y)]
    if shape in ("rect", "ellipse"):
        w, h = float(element.get("width", "0") or 0), float(element.get("height", "0") or 0)
        points = [(x, y), (x + w, y), (x + w, y + h), (x, y + h)]
        x, y = x + w / 2, y + h / 2  # a station drawn as a shape counts at its centre
    return MapObject(object_id, kind, element.get("name", ""), x, y, shape, points, _read_props(element))


