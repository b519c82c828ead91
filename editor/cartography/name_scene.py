"""What a name's box may not touch, indexed once per board: station and waypoint discs, track, icons, the
board's edge, and the other stations a name must stay further from than from its own.

`hits` says, one readable line each, everything one box breaks. The placer asks it with a small clearance
`pad` (so what it calls clean is clean with room to spare); the board check asks it with none.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from editor.cartography.name_geometry import Grid, box_inside, boxes_overlap, inflate, point_distance, segment_near
from editor.cartography.name_types import MAX_REACH, NameObstacles, NameStation
from editor.cartography.network import Box, Frame

CELL = 48.0  # grid cell size in board px: about a name's reach, so a query touches a handful of cells
_SAME_SPOT = 0.01


class NameScene:
    """The board around the names: built once, asked about many candidate boxes."""

    def __init__(self, stations: Sequence[NameStation], obstacles: NameObstacles, frame: Frame) -> None:
        self.stations = tuple(stations)
        self.frame = frame
        self.station_grid: Grid[int] = Grid(CELL)
        for pos, station in enumerate(self.stations):
            self.station_grid.add((station.x, station.y, 0.0, 0.0), pos)
        # Discs: each station's own (owner = its position), then the obstacles' other discs (owner -1).
        self.discs: list[tuple[float, float, float, str, int]] = [
            (s.x, s.y, s.radius, s.name, pos) for pos, s in enumerate(self.stations)]
        for disc in obstacles.discs:
            if not any(abs(s.x - disc.x) < _SAME_SPOT and abs(s.y - disc.y) < _SAME_SPOT
                       for s in self._stations_at(disc.x, disc.y)):
                self.discs.append((disc.x, disc.y, disc.radius, disc.name, -1))
        self.disc_grid: Grid[int] = Grid(CELL)  # filed by centre: a query grows by the widest radius instead
        for k, (x, y, _, _, _) in enumerate(self.discs):
            self.disc_grid.add((x, y, 0.0, 0.0), k)
        self.widest_disc = max((r for _, _, r, _, _ in self.discs), default=0.0)
        self.track_names = [track.name for track in obstacles.tracks]
        self.segments: list[tuple[float, float, float, float, float, int]] = []
        self.segment_grid: Grid[int] = Grid(CELL)
        self.segment_bounds: list[tuple[float, float, float, float]] = []  # x0, y0, x1, y1 with half-width
        for t, track in enumerate(obstacles.tracks):
            hw = track.half_width
            for (ax, ay), (bx, by) in zip(track.path, track.path[1:], strict=False):
                self.segment_grid.add((min(ax, bx) - hw, min(ay, by) - hw, abs(bx - ax) + 2 * hw,
                                       abs(by - ay) + 2 * hw), len(self.segments))
                self.segments.append((ax, ay, bx, by, hw, t))
                self.segment_bounds.append((min(ax, bx) - hw, min(ay, by) - hw, max(ax, bx) + hw, max(ay, by) + hw))
        self.icons = [(icon.box, icon.name) for icon in obstacles.icons]
        self.icon_grid: Grid[int] = Grid(CELL)
        for k, (box, _) in enumerate(self.icons):
            self.icon_grid.add(box, k)

    def _stations_at(self, x: float, y: float) -> list[NameStation]:
        return [self.stations[p] for p in self.station_grid.near((x - 1, y - 1, 2, 2))]

    def breaks(self, pos: int, box: Box, pad: float = 0.0) -> Iterator[tuple[str, str]]:
        """Each hard constraint the box of station `pos`'s name breaks, as (kind, what it hits).

        Kinds: "board", "reach", "own", "station", "disc", "nearer", "icon", "link"; `describe` turns one
        into a line a designer reads. Lazy, cheapest checks first, so asking only whether a box is clean
        stops at the first thing it breaks.
        """
        me = self.stations[pos]
        f = self.frame
        if not box_inside(box, (pad, pad, f.width - 2 * pad, f.height - 2 * pad)):
            yield "board", ""
        reach = point_distance(box, me.x, me.y)
        if reach > MAX_REACH + 1e-9:
            yield "reach", f"{reach:.0f}"
        # One look round serves both the discs the box may cover and the stations it may be nearer to.
        for k in self.disc_grid.around(inflate(box, max(reach, self.widest_disc) + pad)):  # one cell each
            x, y, r, name, owner = self.discs[k]
            distance = point_distance(box, x, y)
            if distance < r + pad:
                yield ("own", "") if owner == pos else ("station", name) if owner >= 0 else ("disc", name)
            if owner >= 0 and owner != pos and distance <= reach + pad:
                yield "nearer", name
        grown = inflate(box, pad) if pad else box
        for k in self.icon_grid.near(grown) if self.icons else ():
            icon, name = self.icons[k]
            if boxes_overlap(grown, icon):
                yield "icon", name
        crossed: set[int] = set()
        gx0, gy0, gw, gh = grown
        gx1, gy1 = gx0 + gw, gy0 + gh
        for k in self.segment_grid.around(grown):  # repeats are cheap: bounds first, `crossed` after
            sx0, sy0, sx1, sy1 = self.segment_bounds[k]
            if sx0 >= gx1 or gx0 >= sx1 or sy0 >= gy1 or gy0 >= sy1:
                continue  # not even the bounds meet
            ax, ay, bx, by, hw, t = self.segments[k]
            if t not in crossed and segment_near(box, ax, ay, bx, by, hw + pad):
                crossed.add(t)
                yield "link", self.track_names[t]

    def rivals(self, pos: int, box: Box, margin: float) -> list[float]:
        """For each other station less than `margin` px further from the box than station `pos` itself,
        how much further it is: the readers' doubt about whose name this is."""
        me = self.stations[pos]
        own = point_distance(box, me.x, me.y)
        found = []
        for k in self.disc_grid.around(inflate(box, own + margin)):
            x, y, _, _, owner = self.discs[k]
            if owner >= 0 and owner != pos:
                extra = point_distance(box, x, y) - own
                if extra < margin:
                    found.append(extra)
        return found

    def describe(self, pos: int, kind: str, what: str) -> str:
        """One broken constraint as a line a designer reads."""
        name = self.stations[pos].name
        label = f"name of {name}"
        if kind == "board":
            return f"{label} leaves the board"
        if kind == "reach":
            return f"{label} is {what} px from its station (at most {MAX_REACH:.0f})"
        if kind == "own":
            return f"{label} covers its own station"
        if kind == "station":
            return f"{label} covers station {what}"
        if kind == "disc":
            return f"{label} covers {what or 'a waypoint'}"
        if kind == "nearer":
            return f"{label} is nearer {what} than {name}"
        if kind == "icon":
            return f"{label} covers an icon ({what})" if what else f"{label} covers an icon"
        return f"{label} crosses a link ({what})" if what else f"{label} crosses a link"

    def hits(self, pos: int, box: Box, pad: float = 0.0) -> list[str]:
        """Everything the box of station `pos`'s name breaks, one readable line each."""
        return [self.describe(pos, kind, what) for kind, what in self.breaks(pos, box, pad)]

    def clean(self, pos: int, box: Box, pad: float = 0.0) -> bool:
        """True when the box breaks nothing (stops at the first thing it breaks)."""
        return next(self.breaks(pos, box, pad), None) is None
