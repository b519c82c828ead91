"""Test helper: draw a finished metro map (layout and names) to a PNG, as a person would see it.

Track beds at their real widths, station discs at their real radii, water and parks, and every name in the
game's name face (text_metrics.NAME_FONT) at the board's label size; a name in trouble gets a red box (its box at the
clear scale). `python -m tests.editor.cartography.draw_map OUTDIR [board…]` draws the shipped boards.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from editor.cartography.metro_map import MapRequest, MetroMap
from game.board.label_spec import gap_for, label_box, line_boxes, line_sizes
from game.board.proportions import bed_half_width, node_radius
from game.board.text_metrics import NAME_FONT, name_metrics

ROOT = Path(__file__).resolve().parents[3]
FONT = ROOT / "assets" / "fonts" / NAME_FONT
AREA_COLOURS = {"water": (175, 210, 238), "park": (196, 228, 186), "cluster": (238, 230, 208)}
LINE_COLOURS = [(220, 36, 31), (0, 25, 168), (0, 114, 41), (137, 78, 36), (155, 0, 86), (0, 160, 226),
                (240, 170, 0), (120, 120, 120)]


def draw_map(request: MapRequest, result: MetroMap, out: Path, troubled: set[int] | None = None,
             clear_boxes: bool = False) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.init()
    frame = request.frame
    network = request.network
    schematic = result.schematic
    unit = result.unit
    surface = pygame.Surface((int(frame.width), int(frame.height)))
    surface.fill((252, 250, 245))
    for area in schematic.areas:
        if len(area.points) >= 3:
            pygame.draw.polygon(surface, AREA_COLOURS.get(area.kind, (220, 220, 220)), area.points)
    spaces = request.track_spaces()
    widest = [0] * len(network.places)
    for k, (track, path) in enumerate(zip(network.tracks, schematic.paths, strict=True)):
        n = spaces[k]
        widest[track.a], widest[track.b] = max(widest[track.a], n), max(widest[track.b], n)
        half = bed_half_width(n, unit)
        colour = LINE_COLOURS[k % len(LINE_COLOURS)]
        points = [(float(x), float(y)) for x, y in path]
        pygame.draw.lines(surface, colour, False, points, max(1, round(2 * half)))
        for p in points[1:-1]:
            pygame.draw.circle(surface, colour, p, half)
    for i, place in enumerate(network.places):
        x, y = schematic.positions[i]
        r = node_radius(place.waypoint, widest[i], unit)
        pygame.draw.circle(surface, (255, 255, 255), (x, y), r)
        pygame.draw.circle(surface, (30, 30, 30), (x, y), r, max(1, round(r / 4)))
    px = request.label_px
    font = pygame.font.Font(str(FONT), round(px))
    metrics = name_metrics()
    gap = gap_for(px)
    badges = request.place_badges()
    advance = 1.1 * px
    troubled = troubled or set()
    for index, placed in result.names.items():
        x, y = schematic.positions[index]
        r = node_radius(False, widest[index], unit)
        lead = badges[index] * advance
        sizes = line_sizes(placed.lines, lambda text: metrics.size(text, px), lead)
        for j, ((bx, by, _, _), text) in enumerate(zip(line_boxes(x, y, r, placed.spec, sizes, gap),
                                                       placed.lines, strict=True)):
            left = bx
            if j == 0:
                for b in range(badges[index]):
                    pygame.draw.rect(surface, (90, 90, 160), (bx + b * advance, by + 0.15 * px, 0.9 * px, 0.9 * px),
                                     border_radius=3)
                left += lead
            surface.blit(font.render(text, True, (25, 25, 25)), (left, by + 0.07 * px))
        if clear_boxes or index in troubled:
            box = label_box(x, y, r, placed.spec, sizes, gap, request.clear_scale)
            colour = (230, 0, 0) if index in troubled else (200, 200, 200)
            pygame.draw.rect(surface, colour, pygame.Rect(*box), 2 if index in troubled else 1)
    pygame.image.save(surface, str(out))


def main(argv: list[str]) -> None:
    from editor.cartography.bench import SHIPPED
    from editor.cartography.metro.pipeline import make_metro_map, troubled
    from editor.cartography.metro.scene import name_scene
    from editor.cartography.samples import IMPORTS, board_request, import_request

    out = Path(argv[0]) if argv else Path("/tmp")
    out.mkdir(parents=True, exist_ok=True)
    for name in argv[1:] or SHIPPED:
        request = board_request(name) if name not in IMPORTS else import_request(IMPORTS[name])
        started = time.process_time()
        result = make_metro_map(request)
        f = result.figures
        scene = name_scene(request.network, result.schematic.positions, result.schematic.paths,
                           request.track_spaces(), request.place_badges(), request.labels, request.label_px,
                           request.frame.width, request.frame.height)
        names = troubled([p for p in result.problems if p.startswith("name of ")], scene)
        print(f"{name}: {f.stations} stations, {f.unresolved_names} names in trouble, layout problems "
              f"{f.layout_problems}, octilinear {100 * f.octilinear_share:.1f} %, min spacing {f.min_spacing:.0f}, "
              f"bends {f.bends}, rounds {f.rounds}, {time.process_time() - started:.1f} s cpu")
        draw_map(request, result, out / f"{name}.png", names)


if __name__ == "__main__":
    main(sys.argv[1:])
