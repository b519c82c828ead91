"""Interpret raw Tiled objects as the game's pieces: stations, waypoints, links, clusters, decorations.

Every draft keeps its raw object so later checks can name the Tiled id and name. Coordinates are rounded
to two decimals here, once, so re-saving in Tiled cannot change the board's bytes.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any

from game.board.label_spec import LabelSpec, parse_label
from game.board.model import DESTINATION_KINDS, LABEL_PX, MAX_LABEL_PX, MIN_LABEL_PX, Decoration, Point
from game.board.rule_settings import (
    RULESETS,
    SETTING_FIELDS,
    RuleSettings,
    check_settings,
    parse_setting,
    settings_for,
)
from game.board.tmx.problems import Reporter
from game.board.tmx.props import SCHEMAS, typed_properties
from game.board.tmx.raw import MAX_NAME, Prop, RawMap, RawObject

MAX_CARDS = 20
NODE_KINDS = ("station", "waypoint")


def r2(value: float) -> float:
    """Two decimals and never -0.0, so equal positions give equal bytes."""
    return round(value, 2) + 0.0


def rounded(points: tuple[Point, ...]) -> tuple[Point, ...]:
    return tuple((r2(x), r2(y)) for x, y in points)

TITLE_KEY = re.compile(r"^name_([a-z]{2})$")  # name_fr = the board's title in French


@dataclass
class NodeDraft:
    obj: RawObject
    name: str
    x: float
    y: float
    waypoint: bool
    fields: dict[str, Any] = field(default_factory=dict)
    label: LabelSpec | None = None  # the station's label property, read; None: east of the station


@dataclass
class LinkDraft:
    obj: RawObject
    a: int | None  # Tiled object ids
    b: int | None
    spaces: int
    points: tuple[Point, ...]  # absolute, rounded, as drawn (may be empty)


@dataclass
class ClusterDraft:
    obj: RawObject
    name: str
    polygon: tuple[Point, ...]


@dataclass
class Drafts:
    """Everything read from the source, before the whole-board checks."""

    name: str = ""
    ruleset: str = "custom"
    settings: RuleSettings = field(default_factory=RuleSettings)
    nodes: list[NodeDraft] = field(default_factory=list)
    links: list[LinkDraft] = field(default_factory=list)
    clusters: list[ClusterDraft] = field(default_factory=list)
    decorations: list[tuple[int, Decoration]] = field(default_factory=list)
    by_id: dict[int, RawObject] = field(default_factory=dict)
    background: str = ""
    label_px: float = LABEL_PX
    titles: dict[str, str] = field(default_factory=dict)


def build_drafts(raw: RawMap, report: Reporter, default_name: str) -> Drafts:
    """Sort the objects into drafts, reporting every object-level problem on the way."""
    drafts = Drafts()
    objects = sorted(raw.objects, key=lambda o: o.id)
    for obj in objects:
        if obj.id in drafts.by_id:
            report.error(obj, f"object id {obj.id} is used twice (also {drafts.by_id[obj.id].name!r})")
            continue
        drafts.by_id[obj.id] = obj
    for obj in objects:
        if drafts.by_id.get(obj.id) is not obj:
            continue
        if obj.template:
            report.error(obj, f"is an instance of the template {obj.template[:60]!r}; templates are not read: "
                              "detach it in Tiled (right-click the object → Detach, or export with "
                              "tiled --detach-templates)")
            continue
        if len(obj.name) > MAX_NAME:
            report.error(obj, f"the name is {len(obj.name)} characters long; at most {MAX_NAME}")
            continue
        if obj.kind not in SCHEMAS:
            what = f"has the unknown type {obj.kind[:40]!r}" if obj.kind else "has no type"
            report.warn(obj, f"{what} and is ignored (types: {', '.join(SCHEMAS)})")
            continue
        values = typed_properties(obj, SCHEMAS[obj.kind], report)
        if obj.kind in NODE_KINDS:
            node = _node(obj, values, report)
            if node is not None:
                drafts.nodes.append(node)
        elif obj.kind == "link":
            drafts.links.append(_link(obj, values, report))
        elif obj.kind == "cluster":
            _cluster(obj, drafts, report)
        else:
            _decoration(obj, drafts, report)
    _map_properties(raw, drafts, report, default_name)
    if len(raw.backgrounds) > 1:
        report.warn(None, f"{len(raw.backgrounds)} image layers; only the first, {raw.backgrounds[0]!r}, is used")
    drafts.background = raw.backgrounds[0] if raw.backgrounds else ""
    return drafts


def _node(obj: RawObject, values: dict[str, Any], report: Reporter) -> NodeDraft | None:
    x, y = obj.centre()
    if obj.kind == "waypoint":
        name = obj.name.strip() or f"~waypoint {obj.id}"
        return NodeDraft(obj, name, r2(x), r2(y), True, {"water": values.get("water", True)})
    name = obj.name.strip()
    if not name:
        report.error(obj, "the station has no name (the object's name is the station's name)")
        name = f"~station {obj.id}"
    elif name != obj.name:
        report.warn(obj, "the name starts or ends with spaces; they are dropped")
    flags = ("railway", "terminus", "connection", "plus", "start")
    fields: dict[str, Any] = {key: values[key] for key in flags if key in values}
    destination = values.get("destination", "")
    if destination not in DESTINATION_KINDS:
        report.error(obj, f"unknown destination {destination[:40]!r} (use standard, express or leave it empty)")
        destination = ""
    cards = values.get("cards")
    if destination:
        if cards is None:
            cards = 1
        elif not 1 <= cards <= MAX_CARDS:
            report.error(obj, f"a destination needs 1 to {MAX_CARDS} cards, not {cards}")
            cards = 1
        fields.update(destination=destination, cards=cards)
    elif cards:
        report.warn(obj, f"cards = {cards} has no effect without a destination")
    landmarks = values.get("landmarks", 0)
    if not 0 <= landmarks <= 3:
        report.error(obj, f"landmarks must be 0 to 3, not {landmarks}")
    elif landmarks:
        fields["landmarks"] = landmarks
    return NodeDraft(obj, name, r2(x), r2(y), False, fields, _label(obj, values, report))


def _label(obj: RawObject, values: dict[str, Any], report: Reporter) -> LabelSpec | None:
    text = str(values.get("label", "")).strip()
    if not text:
        return None
    try:
        return parse_label(text)
    except ValueError as error:
        report.error(obj, f"{str(error)[:200]} (e.g. NE, SW/2 or @12,-30)")
        return None


def _link(obj: RawObject, values: dict[str, Any], report: Reporter) -> LinkDraft:
    spaces = values.get("spaces", 1)
    if not 1 <= spaces <= 4:
        report.error(obj, f"a link has 1 to 4 spaces, not {spaces}")
        spaces = 1
    points: tuple[Point, ...] = ()
    if obj.shape == "polyline":
        points = _without_repeats(rounded(obj.points))
    elif obj.shape in ("polygon", "ellipse", "text", "tile"):
        report.error(obj, f"a link must be drawn as a polyline (or a point for a straight line), not a {obj.shape}")
    for end in ("a", "b"):
        if values.get(end) is None and not any(p.name == end and p.type != "object" for p in obj.properties.values()):
            report.error(obj, f"the link has no {end!r} property (an object property naming the station or "
                              f"waypoint at its {'start' if end == 'a' else 'end'})")
    return LinkDraft(obj, values.get("a"), values.get("b"), spaces, points)


def _without_repeats(points: tuple[Point, ...]) -> tuple[Point, ...]:
    kept: list[Point] = []
    for point in points:
        if not kept or kept[-1] != point:
            kept.append(point)
    return tuple(kept)


def _cluster(obj: RawObject, drafts: Drafts, report: Reporter) -> None:
    if obj.shape not in ("polygon", "rectangle"):
        report.error(obj, f"a cluster must be drawn as a polygon (or a rectangle), not a {obj.shape}")
        return
    polygon = rounded(obj.outline())
    if len(polygon) < 3:
        report.error(obj, "a cluster's polygon needs at least three corners")
        return
    name = obj.name.strip()
    if not name:
        report.warn(obj, "the cluster has no name")
    drafts.clusters.append(ClusterDraft(obj, name, polygon))


def _decoration(obj: RawObject, drafts: Drafts, report: Reporter) -> None:
    kind = "park" if obj.kind == "park" else obj.kind
    if kind == "label":
        text = obj.text if obj.shape == "text" else obj.name
        if not text.strip():
            report.warn(obj, "the label has no text")
        points = rounded(obj.outline())
        drafts.decorations.append((obj.id, Decoration("label", points, text)))
        return
    if obj.shape in ("point", "polyline", "text"):
        report.error(obj, f"a {kind} area must be drawn as a polygon, rectangle or ellipse, not a {obj.shape}")
        return
    drafts.decorations.append((obj.id, Decoration(kind, rounded(obj.outline()), obj.name)))


def _map_properties(raw: RawMap, drafts: Drafts, report: Reporter, default_name: str) -> None:
    props = dict(raw.properties)
    name_prop = props.pop("name", None)
    drafts.name = (name_prop.value.strip() if name_prop else "")[:MAX_NAME] or default_name
    if not name_prop or not name_prop.value.strip():
        report.warn("map properties", f"the map has no 'name' property; the board is called {drafts.name!r}")
    ruleset_prop = props.pop("ruleset", None)
    ruleset = ruleset_prop.value.strip().lower() if ruleset_prop else ""
    if not ruleset:
        report.warn("map properties", "the map has no 'ruleset' property; using 'custom'")
        ruleset = "custom"
    elif ruleset not in RULESETS:
        report.error("map properties", f"unknown ruleset {ruleset[:40]!r} (use {', '.join(RULESETS)})")
        ruleset = "custom"
    drafts.ruleset = ruleset
    _board_look(props, drafts, report)
    overrides: dict[str, Any] = {}
    for key in sorted(props):
        prop = props[key]
        if key not in SETTING_FIELDS:
            report.warn(f"map property {key[:40]!r}", "unknown map property is ignored (known: name, ruleset and "
                                                      "the rule settings, see docs/board-format.md)")
            continue
        if prop.type == "class":
            report.error(f"map property {key!r}", "a rule setting must be written as text, not a class")
            continue
        try:
            overrides[key] = parse_setting(key, prop.value.strip())
        except (ValueError, TypeError) as error:
            report.error(f"map property {key!r}", f"cannot be read: {error}")
    try:
        drafts.settings = settings_for(ruleset, overrides)
        _check_settings(drafts.settings)
    except (ValueError, TypeError) as error:
        report.error("map properties", f"the rule settings cannot be used: {error}")
        drafts.settings = settings_for(ruleset)


def _board_look(props: dict[str, Prop], drafts: Drafts, report: Reporter) -> None:
    """The map properties about how the board reads rather than plays: names' size, titles per language."""
    size = props.pop("label_px", None)
    if size is not None:
        try:
            value = float(size.value.strip())
            if not MIN_LABEL_PX <= value <= MAX_LABEL_PX:
                raise ValueError
            drafts.label_px = value
        except ValueError:
            report.error("map property 'label_px'", f"station names' size must be a number from {MIN_LABEL_PX:g} "
                                                    f"to {MAX_LABEL_PX:g} board pixels, not {size.value[:20]!r}")
    for key in sorted(props):
        match = TITLE_KEY.match(key)
        if match:
            title = props.pop(key).value.strip()[:MAX_NAME]
            if title:
                drafts.titles[match.group(1)] = title


def _check_settings(settings: RuleSettings) -> None:
    """Catch override values that parse but make no sense (so the board file stays loadable)."""
    for key, value in settings.to_json().items():
        if isinstance(value, int) and not isinstance(value, bool) and not -1000 <= value <= 100_000:
            raise ValueError(f"{key} = {value} is out of range")
        if isinstance(value, float) and not math.isfinite(value):
            raise ValueError(f"{key} is not finite")
    for key in ("line_tokens", "colour_sets"):
        value = getattr(settings, key)
        if not isinstance(value, dict):
            raise ValueError(f"{key} must be a JSON object")
    check_settings(settings)
