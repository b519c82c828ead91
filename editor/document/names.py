"""Where each station's name sits on the board being edited, as the game will draw it.

The geometry is the game's own: `game.board.label_spec` turns a station's `label` property into the box
its name covers, beside a disc as big as `game.board.proportions` makes it, the text measured with the
name font's table. The canvas draws names there, the select tool picks and drags them there, and a
dragged name becomes an `@dx,dy` label.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from editor.document.tmx import Document, MapObject, Point
from game.board import proportions
from game.board.label_spec import (
    LabelSpec,
    format_label,
    gap_for,
    label_box,
    line_boxes,
    line_sizes,
    parse_label,
    split_lines,
)
from game.board.model import LABEL_PX
from game.board.text_metrics import name_metrics
from game.geometry import Box


@dataclass(frozen=True)
class NodeDisc:
    """A station's or waypoint's disc as the game draws it."""

    centre: Point
    radius: float


@dataclass(frozen=True)
class StationName:
    """A station's name on the board: its spec, its lines and the box each line (and the whole) covers."""

    station: int
    spec: LabelSpec
    lines: tuple[str, ...]
    box: Box
    line_boxes: tuple[Box, ...]
    label_px: float


def label_px(doc: Document) -> float:
    """The board's station-name size (the map property `label_px`), the game's default if unset or bad."""
    try:
        value = float(doc.map_properties().get("label_px", LABEL_PX))
    except ValueError:
        return LABEL_PX
    return value if math.isfinite(value) and value > 0 else LABEL_PX


def spec_of(obj: MapObject) -> LabelSpec:
    """A station's label spec; east of the station when it has none or one the compiler will refuse."""
    try:
        return parse_label(obj.props.get("label", ""))
    except ValueError:
        return LabelSpec()


def board_unit(doc: Document) -> float:
    """The board's unit, as the game measures it: its median link, end to end (discs and rings scale with it)."""
    nodes = {n.id: n.pos for n in doc.of_kind("station", "waypoint")}
    ends = [(nodes[link.ref("a")], nodes[link.ref("b")]) for link in doc.of_kind("link")
            if link.ref("a") in nodes and link.ref("b") in nodes]
    return proportions.unit_of(proportions.link_lengths(ends), *doc.size)


def node_discs(doc: Document, unit: float | None = None) -> dict[int, NodeDisc]:
    """Every node's disc, sized from the board's unit (`board_unit`, unless the caller has it) as the game
    sizes it."""
    nodes = {n.id: n for n in doc.of_kind("station", "waypoint")}
    widest = dict.fromkeys(nodes, 1)
    for link in doc.of_kind("link"):
        a, b = nodes.get(link.ref("a")), nodes.get(link.ref("b"))
        if a is not None and b is not None:
            for end in (a.id, b.id):
                widest[end] = max(widest[end], link.number("spaces", 1))
    unit = board_unit(doc) if unit is None else unit
    return {i: NodeDisc(n.pos, proportions.node_radius(n.kind == "waypoint", widest[i], unit))
            for i, n in nodes.items()}


def station_names(doc: Document, discs: dict[int, NodeDisc] | None = None) -> dict[int, StationName]:
    """Every station's name where its `label` puts it (station id → name)."""
    discs = node_discs(doc) if discs is None else discs
    px = label_px(doc)
    gap, lead = gap_for(px), proportions.badge_advance(px)
    metrics = name_metrics()

    def measure(line: str) -> tuple[float, float]:
        return metrics.size(line, px)

    names: dict[int, StationName] = {}
    for station in doc.of_kind("station"):
        spec = spec_of(station)
        lines = split_lines(station.name or "?", spec)
        badges = proportions.badges_of(station.flag("railway"), station.flag("plus"),
                                       station.flag("connection") or station.number("landmarks") > 0)
        sizes = line_sizes(lines, measure, badges * lead)
        radius = discs[station.id].radius
        box = label_box(station.x, station.y, radius, spec, sizes, gap)
        rows = line_boxes(station.x, station.y, radius, spec, sizes, gap)
        names[station.id] = StationName(station.id, spec, lines, box, rows, px)
    return names


def name_at(names: dict[int, StationName], p: Point) -> StationName | None:
    """The name whose box holds map point `p` (the last drawn, on top, when boxes overlap)."""
    x, y = p
    hit = None
    for name in names.values():
        bx, by, bw, bh = name.box
        if bx <= x <= bx + bw and by <= y <= by + bh:
            hit = name
    return hit


def offset_label(station: MapObject, top_left: Point, spec: LabelSpec) -> str:
    """The `label` text for a name dragged so its box's top-left corner is at `top_left` (whole pixels,
    keeping the name's line split)."""
    dx, dy = round(top_left[0] - station.x), round(top_left[1] - station.y)
    return format_label(LabelSpec(side=None, offset=(float(dx), float(dy)), split=spec.split))
