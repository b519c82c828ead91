"""The plain data the cartography stages exchange: a network to lay out, the frame to fill, a schematic.

Coordinates are board pixels, y growing downwards (north is up), as in the TMX and the compiled board.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.geometry import Box, Point  # Box: x, y (top-left corner), width, height

__all__ = ["Area", "Box", "Frame", "Network", "Place", "Point", "Schematic", "Track"]


@dataclass(frozen=True, slots=True)
class Place:
    """A node of the network: a station, or a waypoint (a water symbol) that links pass through.

    `x`, `y` are the designer's rough position (or the importer's projection of the real one). A pinned
    place is one the designer put by hand: the layout keeps it where it is.
    """

    x: float
    y: float
    name: str = ""
    waypoint: bool = False
    pinned: bool = False


@dataclass(frozen=True, slots=True)
class Track:
    """A link between places `a` and `b` (indices into `Network.places`).

    `lines` names the real metro lines running along it, when known: a line should run straight through
    a station where it can, and links of one line are the ones drawn as parallel track beside another.
    """

    a: int
    b: int
    lines: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Area:
    """A decoration or cluster outline to carry along with the layout: water, a park, a cluster."""

    kind: str  # "water", "park" or "cluster"
    points: tuple[Point, ...]
    name: str = ""


@dataclass(frozen=True, slots=True)
class Network:
    places: tuple[Place, ...]
    tracks: tuple[Track, ...]
    areas: tuple[Area, ...] = ()


@dataclass(frozen=True, slots=True)
class Frame:
    """The board to fill: its size and the margin kept free at its edges (for names and the frame)."""

    width: float = 1920.0
    height: float = 1080.0
    margin: float = 60.0
    names_inside: bool = False  # names standing out past the map cost the placer (`candidates.OUTSIDE_COST_PER_PX`)


@dataclass(frozen=True, slots=True)
class Schematic:
    """A network laid out as a metro map.

    `positions[i]` is place i's new position; `paths[k]` is track k's drawn path from its place `a` to its
    place `b`, both ends included, with a point at every bend; `areas[j]` is area j carried to the new
    layout. `pitch` is the grid spacing the layout used (the editor snaps to it) and `origin` one node of
    that grid: every position and every bend is origin + (i, j) × pitch for whole i, j (a place with more
    than 8 links may have one slanted first segment to a node all the same). `notes` says, one line each,
    what the layout could not do as asked (e.g. a pinned place that had to move).
    """

    positions: tuple[Point, ...]
    paths: tuple[tuple[Point, ...], ...]
    areas: tuple[Area, ...]
    pitch: float
    notes: tuple[str, ...] = ()
    origin: Point = (0.0, 0.0)
