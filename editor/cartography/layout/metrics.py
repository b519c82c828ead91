"""Figures that say how good a schematic is (not pass/fail: that is checks.py): for the bench and reports."""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise

from editor.cartography.layout.checks import is_octilinear, output_crossings
from editor.cartography.layout.planar import input_crossings
from editor.cartography.network import Network, Schematic
from game.geometry import angle_gap, angle_of


@dataclass(frozen=True, slots=True)
class Figures:
    octilinear_share: float  # of the total drawn link length
    bends_per_link: float
    min_spacing: float  # board px between the two closest places
    crossings_before: int
    crossings_after: int
    turned_over_90: int  # links whose overall direction turned more than 90° from the input's


def measure(network: Network, schematic: Schematic) -> Figures:
    total = octilinear = 0.0
    bends = 0
    turned = 0
    for track, path in zip(network.tracks, schematic.paths, strict=True):
        for p, q in pairwise(path):
            length = math.dist(p, q)
            total += length
            if is_octilinear(p, q):
                octilinear += length
        bends += max(0, len(path) - 2)
        a, b = network.places[track.a], network.places[track.b]
        (ax, ay), (bx, by) = schematic.positions[track.a], schematic.positions[track.b]
        if angle_gap(angle_of(b.x - a.x, b.y - a.y), angle_of(bx - ax, by - ay)) > math.pi / 2 + 1e-9:
            turned += 1
    positions = schematic.positions
    closest = min(
        (math.dist(positions[i], positions[j]) for i in range(len(positions)) for j in range(i + 1, len(positions))),
        default=math.inf,
    )
    return Figures(
        octilinear_share=octilinear / total if total else 1.0,
        bends_per_link=bends / len(network.tracks) if network.tracks else 0.0,
        min_spacing=closest,
        crossings_before=len(input_crossings(network)),
        crossings_after=len(output_crossings(network, schematic)),
        turned_over_90=turned,
    )
