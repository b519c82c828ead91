"""One authoring pipeline: a network in, a printed-style metro map out — layout and station names together.

    request = MapRequest(network, frame, spaces=…, badges=…, labels=…)
    result = make_metro_map(request, progress=bar.set)
    result.schematic, result.names, result.problems, result.figures

`make_metro_map` lays the network out (octilinear, `layout.schematic`), places every station's name
(`names.placer`) against the layout exactly as the game will draw it (`metro.scene`), and lets the names
shape the layout (`metro.room`): the map's size is chosen for its names (the game draws discs and track
beds in proportion to the median link, so a map spread too wide leaves names no room beside its beds),
then rounds of 1-D compaction (`metro.compact`) part names from what they hit, while they help. Places the
designer pinned stay where they are ("Tidy layout" in the editor). Rivers are redrawn last, through the
links that cross them (`metro.river`), when that keeps every station on its own bank.

Status: on the shipped boards and imports of 100+ stations some names are still in trouble at the game's
clear scale 1.2 (docs/cartography/README.md has the board check, board by board); the problems list says
which, one line each.
`place_names_only` keeps a layout as it is and only places the names; `place_names` (the editor's command)
does so unless the names as they stand read at least as well. `result.problems` says, one readable line
each, what still breaks a rule (empty when the map keeps every rule at `clear_scale`).
"""

from __future__ import annotations

from editor.cartography.metro.pipeline import (
    DRAWN_PITCH,
    MapFigures,
    MapRequest,
    MetroMap,
    Progress,
    StepRefused,
    links_redrawn,
    make_metro_map,
    place_names,
    place_names_only,
    step_stations,
    straight_schematic,
    tidy_layout,
)

__all__ = [
    "DRAWN_PITCH",
    "MapFigures",
    "MapRequest",
    "MetroMap",
    "Progress",
    "StepRefused",
    "links_redrawn",
    "make_metro_map",
    "place_names",
    "place_names_only",
    "step_stations",
    "straight_schematic",
    "tidy_layout",
]
