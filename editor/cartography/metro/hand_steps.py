"""A designer's finishing steps: a station moved by hand on a finished metro map, its links drawn again.

The layout is a local search, and where it leaves a name that no step of its own frees without troubling
another (the climb judges every name alike), a printed map's designer moves a station a pitch or two by
hand and accepts the trade. A shipped board's configuration lists such steps (`"finish"`, tools/build_boards),
so its build can be repeated and comes out the same. Each is taken as the climb takes a step
(`nudge.step_to`: the station's links drawn again the least bent allowed way); the names within NEARBY of it
are placed again and untangled, the others keep their places. A step the layout cannot take is refused with
the reason, not bent to fit: the designer chose it by looking at the map.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import replace

from editor.cartography.metro.naming import measure_of, placed, scene_of
from editor.cartography.metro.nudge import NEARBY, Guarantees, step_to
from editor.cartography.metro.request import MapRequest
from editor.cartography.metro.scene import NameScene
from editor.cartography.names.types import PlacedName
from editor.cartography.names.untangle import untangle
from editor.cartography.network import Schematic


class StepRefused(ValueError):
    """A finishing step the layout cannot take; the message says which and why, for the designer."""


def step_station(request: MapRequest, schematic: Schematic, names: Mapping[int, PlacedName], index: int,
                 by: tuple[float, float]) -> tuple[Schematic, NameScene, dict[int, PlacedName]]:
    """The layout with station `index` moved `by` (dx, dy) board px, its links drawn again, and the names near
    where it lands placed again; raises StepRefused where the step cannot be taken."""
    place = request.network.places[index]
    x, y = schematic.positions[index]
    to = (x + by[0], y + by[1])
    where = f"{place.name} moved by {by[0]:+g}, {by[1]:+g} px"
    if place.pinned:
        raise StepRefused(f"{where}: it is pinned")
    scene = scene_of(request, schematic)
    stepped = step_to(request, schematic, scene, index, to)
    if stepped is None:
        raise StepRefused(f"{where}: it would come nearer another station than the least spacing, or leave "
                          "one of its links no straight or 45° way")
    stepped_scene = scene_of(request, stepped)
    if not Guarantees(request, schematic, scene).kept(stepped, stepped_scene):
        raise StepRefused(f"{where}: a link would run over a station or break another layout guarantee")
    kept = {i: name.spec for i, name in names.items() if math.dist(stepped.positions[i], to) > NEARBY}
    _scene, fresh = placed(replace(request, labels={**kept, **request.labels}), stepped, None, request.seed)
    untangled = untangle(stepped_scene.stations, stepped_scene.obstacles, request.frame, fresh, measure_of(request),
                         label_px=request.label_px, clear_scale=request.clear_scale)
    return stepped, stepped_scene, untangled
