"""Names on a finished layout: placed as the game will draw them, and judged as the board check judges them."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import replace

from editor.cartography.metro.request import MapRequest, Progress
from editor.cartography.metro.scene import NameScene, name_scene
from editor.cartography.names.placer import place_names
from editor.cartography.names.types import Measure, PlacedName
from editor.cartography.network import Schematic
from game.board.label_spec import gap_for, label_box, line_sizes
from game.board.name_clearance import NAMES_MEET, check_boxes
from game.board.text_metrics import name_metrics
from game.geometry import Box


def placed(request: MapRequest, schematic: Schematic, progress: Progress | None, seed: int) -> tuple[
    NameScene, dict[int, PlacedName]
]:
    """Every station's name placed on this layout, as the game will draw it."""
    scene = scene_of(request, schematic)
    placement = place_names(scene.stations, scene.obstacles, request.frame, measure_of(request),
                            label_px=request.label_px, clear_scale=request.clear_scale, progress=progress, seed=seed)
    return scene, placement.names


def measure_of(request: MapRequest) -> Measure:
    """One line of a name's text measured at the request's label size, as the game measures it."""
    metrics = name_metrics()
    px = request.label_px
    return lambda text: metrics.size(text, px)


def scene_of(request: MapRequest, schematic: Schematic) -> NameScene:
    """The stations, discs, track beds and water of this layout, as the names see them."""
    frame = request.frame
    water = [area.points for area in schematic.areas if area.kind == "water"] if request.names_off_water else []
    return name_scene(request.network, schematic.positions, schematic.paths, request.track_spaces(),
                      request.place_badges(), request.labels, request.label_px, frame.width, frame.height,
                      request.termini, water)


def name_problems(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName]) -> list[str]:
    """Every name rule broken at the clear scale (the board check's own judgement), one line each."""
    return check_boxes(scene.stations, scene.obstacles, request.frame, clear_boxes(request, scene, names))


def clear_boxes(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName],
                skip: Collection[int] = ()) -> dict[int, Box]:
    """Each placed name's box at the clear scale, where its rules are judged (but those of `skip`)."""
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    boxes = {}
    for station in scene.stations:
        placed = names.get(station.index)
        if placed is not None and station.index not in skip:
            sizes = line_sizes(placed.lines, measure, station.lead)
            boxes[station.index] = label_box(station.x, station.y, station.radius, placed.spec, sizes, gap,
                                             request.clear_scale)
    return boxes


def carried(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName]) -> dict[int, PlacedName]:
    """Each name set as it was round its station, its box where the station stands on this layout (a station
    stepped aside carries its name along)."""
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    found = {}
    for station in scene.stations:
        name = names.get(station.index)
        if name is not None:
            sizes = line_sizes(name.lines, measure, station.lead)
            box = label_box(station.x, station.y, station.radius, name.spec, sizes, gap, 1.0)
            found[station.index] = replace(name, box=box)
    return found


def troubled(problems: list[str], scene: NameScene) -> set[int]:
    """The place indices of the stations whose names the problem lines are about."""
    by_name: dict[str, list[int]] = {}
    for station in scene.stations:
        by_name.setdefault(station.name, []).append(station.index)
    found: set[int] = set()
    for line in problems:
        body = line.removeprefix("name of ")
        between = next((b for b in NAMES_MEET if b in body), None)
        if between is not None:
            for name in body.split(between):
                found.update(by_name.get(name, ()))
            continue
        for name, indices in by_name.items():
            if body.startswith(f"{name} "):
                found.update(indices)
    return found
