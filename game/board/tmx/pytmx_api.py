"""The one door to pytmx: it reads each map element for us, and only ever sees what we hand it.

pytmx (no type stubs) is imported here and nowhere else. It is given *views*: fresh elements copied from
the tree defusedxml has already screened, holding only the attributes and children the compiler reads.
That keeps it from what it would otherwise do with an untrusted file: open external tilesets with an
unscreened parser, decompress tile data without a bound, set any attribute name onto its own objects
(`parent=`, `__class__=`), abort on a class-typed property, or stop the whole map at the first unreadable
value. pytmx builds a `TiledMap` whose object groups, objects and image layers are added one element at
a time, so one unreadable object is reported on its own while the rest of the map is still read.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import pytmx  # type: ignore[import-untyped]

MAP_ATTRIBUTES = ("orientation", "width", "height", "tilewidth", "tileheight")
OBJECT_ATTRIBUTES = ("id", "name", "type", "class", "x", "y", "width", "height", "rotation", "template")

Result = TypeVar("Result")


class PytmxError(Exception):
    """pytmx could not read an element; the message is one line."""


@dataclass(frozen=True)
class TmxObject:
    """An object's attributes as pytmx read them."""

    id: int
    name: str
    type: str  # the `type` attribute, or `class` when `type` is empty (Tiled 1.9), as written
    x: float
    y: float
    width: float
    height: float
    rotation: float
    template: str


def _no_images(filename: str, colorkey: object, **kwargs: object) -> Callable[..., None]:
    """An image loader that loads nothing: the compiler only needs an image layer's file name."""

    def load(rect: object = None, flags: object = None) -> None:
        return None

    return load


def _guarded(read: Callable[..., Result], *args: Any, **kwargs: Any) -> Result:
    """Run one pytmx reader; whatever it raises (it raises bare Exception too) becomes a PytmxError."""
    try:
        return read(*args, **kwargs)
    except Exception as error:
        raise PytmxError(f"{type(error).__name__}: {str(error)[:200]}") from None


def _view(tag: str, element: ET.Element, names: tuple[str, ...]) -> ET.Element:
    """A copy of the element with only the named, non-empty attributes (pytmx casts "" to a number and fails;
    Tiled's default for an absent number is 0, which is also pytmx's)."""
    return ET.Element(tag, {name: element.attrib[name] for name in names if element.attrib.get(name, "") != ""})


class TmxMap:
    """A pytmx TiledMap, filled element by element; `attributes` are the map's, already checked by the caller."""

    def __init__(self, attributes: dict[str, str]) -> None:
        self._map: Any = _guarded(pytmx.TiledMap, image_loader=_no_images)
        self._map.filename = ""  # image layers' paths are joined to the map's folder; nothing is opened
        view = ET.Element("map", {k: v for k, v in attributes.items() if k in MAP_ATTRIBUTES})
        _guarded(self._map.parse_xml, view)

    @property
    def orientation(self) -> str:
        return str(vars(self._map).get("orientation") or "")

    @property
    def pixel_size(self) -> tuple[int, int]:
        """Width and height in pixels (tiles × tile size)."""
        attrs = vars(self._map)
        return int(attrs["width"]) * int(attrs["tilewidth"]), int(attrs["height"]) * int(attrs["tileheight"])

    def object_group(self, element: ET.Element) -> TmxObjectGroup:
        """A new, empty object group; its objects are read one by one with `TmxObjectGroup.read`."""
        group = _guarded(pytmx.TiledObjectGroup, self._map, _view("objectgroup", element, ("name",)), {})
        self._map.add_layer(group)
        return TmxObjectGroup(self._map, group)

    def image_source(self, layer: ET.Element, image: ET.Element) -> str:
        """The file name of an image layer's image (never loaded)."""
        view = _view("imagelayer", layer, ("name",))
        view.append(_view("image", image, ("source",)))
        image_layer = _guarded(pytmx.TiledImageLayer, self._map, view)
        self._map.add_layer(image_layer)
        return str(vars(image_layer).get("source") or "")


class TmxObjectGroup:
    """One pytmx object group of the map."""

    def __init__(self, tiled_map: Any, group: Any) -> None:
        self._map = tiled_map
        self._group = group

    def read(self, element: ET.Element) -> TmxObject:
        """Read an <object>'s attributes.

        pytmx sees neither its properties nor its shape (read directly, see read.py) nor `gid` (it would shift a
        tile object by its height and look its tile up in tilesets we never hand it).
        """
        obj = _guarded(pytmx.TiledObject, self._map, _view("object", element, OBJECT_ATTRIBUTES), {})
        self._group.append(obj)
        attrs = vars(obj)  # not getattr: pytmx answers unknown attribute names from the object's properties
        return TmxObject(
            id=int(attrs["id"]),
            name=str(attrs.get("name") or ""),
            type=str(attrs.get("type") or attrs.get("class") or ""),
            x=float(attrs["x"]),
            y=float(attrs["y"]),
            width=float(attrs["width"]),
            height=float(attrs["height"]),
            rotation=float(attrs["rotation"]),
            template=str(attrs.get("template") or ""),
        )
