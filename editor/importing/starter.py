"""The board the importer builds, by station name, before it is written as a Tiled map (`editor.tmx_write`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Point = tuple[float, float]


def pair(a: str, b: str) -> tuple[str, str]:
    """A link's two station names in one order, so either way round finds it."""
    return (a, b) if a < b else (b, a)


@dataclass
class StarterNode:
    name: str
    x: float
    y: float
    waypoint: bool = False
    properties: dict[str, Any] = field(default_factory=dict)


@dataclass
class StarterLink:
    a: str
    b: str
    spaces: int
    lines: tuple[str, ...] = ()
    bends: list[Point] = field(default_factory=list)


@dataclass
class StarterBoard:
    """Everything that goes into the TMX, by station name."""

    name: str
    ruleset: str
    width: float
    height: float
    properties: dict[str, Any]
    nodes: list[StarterNode]
    links: list[StarterLink]
    clusters: list[tuple[str, list[Point]]] = field(default_factory=list)
    decorations: list[tuple[str, list[Point], str]] = field(default_factory=list)

    def node(self, name: str) -> StarterNode:
        for node in self.nodes:
            if node.name == name:
                return node
        raise KeyError(name)

    def link(self, a: str, b: str) -> StarterLink:
        for link in self.links:
            if {link.a, link.b} == {a, b}:
                return link
        raise KeyError((a, b))
