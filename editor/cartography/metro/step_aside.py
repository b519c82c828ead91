"""Links step aside for names: where a bent link runs through the only place left for a name, bend it
another way.

The room-making (room.py) moves stations; it cannot move a bend. Yet a bent link can be drawn other
octilinear ways (`track_drawing.octilinear_ways`). For each name in trouble, the places round its station that only
links spoil (no station, name, icon or board edge in the way) are tried in the placer's order of
preference; a place is freed when every link through it has a way that misses it, crosses no placed name
it did not cross before, keeps clear of every other bed and station, leaves its stations in directions of
their own and keeps every layout guarantee (`check_schematic`). Then every name is placed again; a round
is kept only when fewer names are in trouble.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from editor.cartography.layout.checks import check_schematic
from editor.cartography.metro.naming import clear_boxes, measure_of, name_problems, placed, scene_of, troubled
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene, beds_over_stations
from editor.cartography.metro.track_drawing import NAME_CLEARANCE, Path, TrackDrawing, bend_cost, octilinear_ways
from editor.cartography.names.candidates import away_steps, layouts_of
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Schematic
from game.board.label_spec import LabelSpec, gap_for, label_box, line_sizes, split_lines
from game.board.name_clearance import CELL, word_spaced
from game.board.name_clearance import NameScene as RuleScene
from game.geometry import Box, SpatialGrid, inflate_box

ROUNDS = 3


def _places_to_free(request: MapRequest, scene: NameScene, pos: int, kept: Mapping[int, Box],
                    kept_grid: SpatialGrid[int], rules: RuleScene) -> list[tuple[LabelSpec, Box, list[int]]]:
    """The boxes station `pos`'s name could have if only links were out of the way, each with those links
    (by index), in the placer's order of preference; boxes over kept names or anything else left out."""
    station = scene.stations[pos]
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    specs = [station.fixed] if station.fixed is not None else [
        LabelSpec(side, away=away, split=k) for side, k in layouts_of(station, measure)
        for away in away_steps(request.label_px, gap)]
    link_index = {track.name: k for k, track in enumerate(scene.obstacles.tracks)}
    found = []
    for spec in specs:
        lines = split_lines(station.name, spec)
        box = label_box(station.x, station.y, station.radius, spec, line_sizes(lines, measure, station.lead), gap,
                        request.clear_scale)
        links = _only_links(rules.breaks(pos, box, NAME_CLEARANCE))
        if not links:
            continue  # clean already (the placer's business), or more than links in the way
        near = kept_grid.near(word_spaced(inflate_box(box, NAME_CLEARANCE), rules.spacing))
        if any(rules.names_meet(box, kept[q], NAME_CLEARANCE) for q in near):
            continue
        found.append((spec, box, sorted({link_index[what] for what in links})))
    return found


def _only_links(breaks: Iterator[tuple[str, str]]) -> list[str]:
    """The links a place breaks, where it breaks only links; [] where it breaks something else (read no
    further: the checks of links come last and cost most) or nothing."""
    links = []
    for kind, what in breaks:
        if kind != "link":
            return []
        links.append(what)
    return links


def reroute(request: MapRequest, schematic: Schematic, scene: NameScene, names: Mapping[int, PlacedName],
            in_trouble: set[int]) -> tuple[Schematic, dict[int, LabelSpec]]:
    """The layout with links drawn another way where that frees a place for a name in trouble (a way that
    clears the place without running through any other name's box it did not already cross), and the
    place freed for each such name."""
    drawing = TrackDrawing(request, schematic, scene)
    layout_problems = len(check_schematic(request.network, schematic, request.frame))
    kept = clear_boxes(request, scene, names, in_trouble)
    kept_grid: SpatialGrid[int] = SpatialGrid(CELL)  # the kept boxes, by where they are (there are a hundred)
    for index, box in kept.items():
        kept_grid.add(box, index)
    rules = RuleScene(scene.stations, scene.obstacles, request.frame)
    freed: dict[int, LabelSpec] = {}
    for pos, station in enumerate(scene.stations):
        if station.index not in in_trouble:
            continue
        for spec, box, links in _places_to_free(request, scene, pos, kept, kept_grid, rules):
            if any(len(drawing.paths[k]) < 3 for k in links):
                continue  # a straight link has no other way
            before = {k: drawing.paths[k] for k in links}
            cleared = all(_step_aside(drawing, request, schematic, k, box, kept) for k in links)
            layout = drawing.schematic(schematic)
            if cleared and len(check_schematic(request.network, layout, request.frame)) <= layout_problems:
                kept[station.index] = box  # later links keep out of it
                kept_grid.add(box, station.index)
                freed[station.index] = spec
                break
            for k, path in before.items():
                drawing.draw(k, path)
    return drawing.schematic(schematic), freed


def _moved_into(request: MapRequest, scene: NameScene, names: Mapping[int, PlacedName],
                freed: Mapping[int, LabelSpec]) -> dict[int, PlacedName]:
    """The names as they were, but each name in `freed` at the place freed for it."""
    measure = measure_of(request)
    gap = gap_for(request.label_px)
    moved = dict(names)
    for station in scene.stations:
        spec = freed.get(station.index)
        if spec is not None:
            lines = split_lines(station.name, spec)
            box = label_box(station.x, station.y, station.radius, spec, line_sizes(lines, measure, station.lead), gap)
            moved[station.index] = PlacedName(station.index, spec, lines, box)
    return moved


def _step_aside(drawing: TrackDrawing, request: MapRequest, schematic: Schematic, k: int, box: Box,
                kept: Mapping[int, Box]) -> bool:
    """Draw link k the least bent allowed way that clears `box` and crosses no more kept names than now."""
    track = request.network.tracks[k]
    crossed = drawing.names_hit(k, drawing.paths[k], kept)
    best: tuple[float, Path] | None = None
    for way in octilinear_ways(schematic.positions[track.a], schematic.positions[track.b]):
        if drawing.names_hit(k, way, {-1: box}) or drawing.names_hit(k, way, kept) > crossed:
            continue
        cost = bend_cost(way)
        if (best is None or cost < best[0]) and drawing.allowed(k, way):
            best = (cost, way)
    if best is None:
        return False
    drawing.draw(k, best[1])
    return True


def step_aside(request: MapRequest, schematic: Schematic, scene: NameScene,
               names: dict[int, PlacedName]) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """Rounds of rerouting links out of names' way, while that leaves fewer names in trouble.

    After each reroute the names in trouble move into the places freed for them and the others stay (the
    reroute crosses none of them anew) — or, when the request takes time for names (a shipped build, a small map), every
    name is placed again on the new layout: a few names better, but a placement each round, more time
    than a fresh import has (SPEC: 5 s for about 120 stations)."""
    in_trouble = troubled(name_problems(request, scene, names), scene)
    beds = beds_over_stations(request.network, scene)
    for _ in range(ROUNDS):
        if not in_trouble:
            break
        moved, freed = reroute(request, schematic, scene, names, in_trouble)
        if not freed:
            break
        if request.takes_time_for_names():
            new_scene, new_names = placed(request, moved, None, request.seed)
        else:
            new_scene = scene_of(request, moved)
            new_names = _moved_into(request, new_scene, names, freed)
        now = troubled(name_problems(request, new_scene, new_names), new_scene)
        if len(now) >= len(in_trouble) or beds_over_stations(request.network, new_scene) > beds:
            break
        schematic, scene, names, in_trouble = moved, new_scene, new_names, now
    return schematic, scene, names
