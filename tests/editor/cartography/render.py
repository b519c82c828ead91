"""Test helper: draw a schematic (or the input network) to a PNG with pygame, to look at it.

Not used by the product code. `python -m tests.editor.cartography.render OUTDIR` writes the shipped
boards' input and layout pictures.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from pathlib import Path

from editor.cartography.network import Frame, Network, Point, Schematic

AREA_COLOURS = {"water": (170, 205, 235), "park": (190, 225, 180), "cluster": (235, 225, 200)}
LINE_COLOURS = [(220, 36, 31), (0, 25, 168), (0, 114, 41), (137, 78, 36), (155, 0, 86), (0, 160, 226)]


def render(
    network: Network,
    positions: Sequence[Point],
    paths: Sequence[Sequence[Point]],
    areas: Sequence[Sequence[Point]],
    frame: Frame,
    out: Path,
    pitch: float = 0.0,
    labels: bool = True,
) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    surface = pygame.Surface((int(frame.width), int(frame.height)))
    surface.fill((250, 248, 242))
    if pitch > 0:
        x = frame.margin
        while x <= frame.width - frame.margin:
            pygame.draw.line(surface, (238, 236, 230), (x, frame.margin), (x, frame.height - frame.margin))
            x += pitch
    pygame.draw.rect(
        surface, (200, 200, 200), (frame.margin, frame.margin, frame.width - 2 * frame.margin,
                                   frame.height - 2 * frame.margin), 1)  # fmt: skip
    kinds = [a.kind for a in network.areas]
    for kind, polygon in zip(kinds, areas, strict=True):
        if len(polygon) >= 3:
            pygame.draw.polygon(surface, AREA_COLOURS.get(kind, (220, 220, 220)), [tuple(p) for p in polygon])
            if kind == "cluster":
                pygame.draw.polygon(surface, (170, 150, 110), [tuple(p) for p in polygon], 2)
    for k, path in enumerate(paths):
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        pygame.draw.lines(surface, colour, False, [tuple(p) for p in path], 5)
    font = pygame.font.Font(None, 18)
    for i, (x, y) in enumerate(positions):
        place = network.places[i]
        radius = 5 if place.waypoint else 8
        pygame.draw.circle(surface, (255, 255, 255), (x, y), radius)
        pygame.draw.circle(surface, (20, 20, 20), (x, y), radius, 2)
        if labels and place.name:
            surface.blit(font.render(place.name[:22], True, (40, 40, 40)), (x + 9, y - 16))
    pygame.image.save(surface, str(out))


def render_input(network: Network, frame: Frame, out: Path) -> None:
    positions = [(p.x, p.y) for p in network.places]
    paths = [(positions[t.a], positions[t.b]) for t in network.tracks]
    render(network, positions, paths, [a.points for a in network.areas], frame, out)


def render_schematic(network: Network, schematic: Schematic, frame: Frame, out: Path) -> None:
    render(network, schematic.positions, schematic.paths, [a.points for a in schematic.areas], frame, out,
           schematic.pitch)  # fmt: skip


def main(argv: list[str]) -> None:
    from editor.cartography.layout.schematic import schematize
    from tests.editor.cartography.boards import SHIPPED, board_frame, board_network

    out = Path(argv[0]) if argv else Path("/tmp")
    out.mkdir(parents=True, exist_ok=True)
    for name in argv[1:] or SHIPPED:
        network, frame = board_network(name), board_frame(name)
        render_input(network, frame, out / f"{name}-input.png")
        render_schematic(network, schematize(network, frame), frame, out / f"{name}-schematic.png")


if __name__ == "__main__":
    main(sys.argv[1:])
