"""Draws the map being edited: paper, grid, background art, areas, links, stations, selection marks."""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pygame

from editor.canvas.bus_render import FontSource, draw_bus
from editor.canvas.disc_size import outer_px
from editor.canvas.name_plate import INK, SELECT, name_plate
from editor.canvas.view import View
from editor.document.bus import is_bus
from editor.document.names import StationName, board_unit, node_discs, station_names
from editor.document.tmx import Document, MapObject
from game import resources
from game.board.text_metrics import NAME_FONT
from game.geometry import mean_point

Colour = tuple[int, int, int]

PAPER = (250, 248, 242)
OUTSIDE = (206, 210, 216)
GRID = (232, 229, 220)
GRID_MAJOR = (218, 214, 204)
LINK = (120, 124, 134)
SPACE = (255, 255, 255)
WATER = (170, 205, 235)
WATER_EDGE = (120, 170, 215)
PARK = (190, 222, 170)
PARK_EDGE = (140, 190, 120)
CLUSTER = (170, 90, 200)
EXPRESS = (232, 180, 30)
STANDARD = (70, 110, 200)
PROBLEM = (220, 40, 40)
START = (210, 40, 60)
WAYPOINT = (40, 120, 210)

_fonts: dict[int, pygame.font.Font] = {}
_name_fonts: dict[int, pygame.font.Font] = {}
BADGE_MARKS = (("railway", "R"), ("plus", "+"), ("connection", "C"))


def reset_fonts() -> None:
    """Forget fonts made before a `pygame.quit()`: they are invalid after the next `pygame.init()`."""
    _fonts.clear()
    _name_fonts.clear()


def name_font(size: int) -> pygame.font.Font:
    """The game's station-name face, so a name takes the room on the canvas it takes in the game."""
    size = max(6, min(160, size))
    if size not in _name_fonts:
        try:
            _name_fonts[size] = pygame.font.Font(str(resources.font(NAME_FONT)), size)
        except (OSError, pygame.error):  # a damaged install: the default face is better than no names
            _name_fonts[size] = pygame.font.Font(None, size)
    return _name_fonts[size]


def font(size: int) -> pygame.font.Font:
    size = max(8, min(64, size))
    if size not in _fonts:
        _fonts[size] = pygame.font.Font(None, size)
    return _fonts[size]


class BackgroundCache:
    """The background image, loaded once from the board's folder and rescaled only when the zoom changes."""

    def __init__(self) -> None:
        self.key: tuple[str, float] | None = None
        self.image: pygame.Surface | None = None
        self.scaled: pygame.Surface | None = None
        self.scaled_key: tuple[str, float, float] | None = None

    def get(self, doc: Document, zoom: float) -> tuple[pygame.Surface | None, float]:
        info = doc.background()
        if info is None:
            return None, 0.0
        source, opacity = info
        path = (doc.base_dir / source).resolve()
        if not path.is_relative_to(doc.base_dir.resolve()):
            return None, 0.0  # never read outside the board's folder
        key = (str(path), _mtime(path))
        if key != self.key:
            self.key, self.scaled = key, None
            try:
                self.image = pygame.image.load(str(path))
            except (pygame.error, FileNotFoundError, OSError):
                self.image = None
        if self.image is None:
            return None, 0.0
        scaled_key = (str(path), key[1], round(zoom, 4))
        if scaled_key != self.scaled_key:
            w, h = self.image.get_size()
            size = (max(1, round(w * zoom)), max(1, round(h * zoom)))
            self.scaled = pygame.transform.smoothscale(self.image.convert_alpha() if pygame.display.get_surface()
                                                       else self.image, size)
            self.scaled_key = scaled_key
        return self.scaled, opacity


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return 0.0


class Renderer:
    """Draws a document through a view; keeps only caches, never document state."""

    def __init__(self) -> None:
        self.background = BackgroundCache()

    def draw(self, surface: pygame.Surface, doc: Document, view: View, *, selection: set[int], problems: set[int],
             grid: float, snapping: bool) -> None:
        x, y, w, h = view.canvas
        clip = pygame.Rect(x, y, w, h)
        surface.set_clip(clip)
        surface.fill(OUTSIDE, clip)
        paper = self._paper(surface, doc, view, grid if snapping else 0.0)
        objects = doc.objects()
        for obj in objects:
            if obj.kind in ("water", "park"):
                self._area(surface, view, obj, paper, _mark(obj, selection, problems))
        if is_bus(doc):
            draw_bus(surface, doc, view, FontSource(name_font, font), selection=selection, problems=problems)
        else:
            self._network(surface, doc, view, objects, paper, selection, problems)
        pygame.draw.rect(surface, (150, 150, 150), paper, 1)
        surface.set_clip(None)

    def _paper(self, surface: pygame.Surface, doc: Document, view: View, grid: float) -> pygame.Rect:
        """The board's sheet with its shadow, background image and grid (none for `grid` 0); its screen rect."""
        width, height = doc.size
        top_left = view.to_screen((0, 0))
        bottom_right = view.to_screen((width, height))
        paper = pygame.Rect(top_left, (bottom_right[0] - top_left[0], bottom_right[1] - top_left[1]))
        pygame.draw.rect(surface, (180, 184, 190), paper.move(4, 4))
        surface.fill(PAPER, paper)
        image, opacity = self.background.get(doc, view.zoom)
        if image is not None:
            image.set_alpha(round(255 * opacity))
            with clipped(surface, paper):
                surface.blit(image, top_left)
        if grid:
            self._grid(surface, view, paper, grid)
        return paper

    def _network(self, surface: pygame.Surface, doc: Document, view: View, objects: list[MapObject],
                 paper: pygame.Rect, selection: set[int], problems: set[int]) -> None:
        """An Underground board over its areas: districts, links, stations and waypoints, names."""
        nodes = {o.id: o for o in objects if o.kind in ("station", "waypoint")}
        for obj in objects:
            if obj.kind == "cluster":
                self._cluster(surface, view, obj, paper, _mark(obj, selection, problems))
        for obj in objects:
            if obj.kind == "link":
                self._link(surface, view, obj, nodes, obj.id in selection, obj.id in problems)
        unit = board_unit(doc)
        discs = node_discs(doc, unit)
        for obj in nodes.values():
            reach = outer_px(obj, discs[obj.id].radius, unit, view.zoom)
            self._node(surface, view, obj, reach, obj.id in selection, obj.id in problems)
        names = station_names(doc, discs)
        for object_id in sorted(names, key=lambda i: i in selection):  # a selected one on top: a name dropped
            self._name(surface, view, nodes[object_id], names[object_id], object_id in selection)  # on another

    def _grid(self, surface: pygame.Surface, view: View, paper: pygame.Rect, grid: float) -> None:
        step = grid * view.zoom
        if step < 6:
            return
        x0, y0 = paper.topleft
        for i in range(int(paper.width / step) + 1):
            sx = round(x0 + i * step)
            pygame.draw.line(surface, GRID_MAJOR if i % 4 == 0 else GRID, (sx, paper.top), (sx, paper.bottom))
        for j in range(int(paper.height / step) + 1):
            sy = round(y0 + j * step)
            pygame.draw.line(surface, GRID_MAJOR if j % 4 == 0 else GRID, (paper.left, sy), (paper.right, sy))

    def _area(self, surface: pygame.Surface, view: View, obj: MapObject, paper: pygame.Rect,
              mark: Colour | None) -> None:
        """Water or a park, cut at the board's edge as the game's map is; a selected or faulty area's outline
        is drawn whole, so the designer sees the shape they are editing."""
        points = [view.to_screen(p) for p in obj.points]
        if len(points) < 3:
            return
        fill, edge = (WATER, WATER_EDGE) if obj.kind == "water" else (PARK, PARK_EDGE)
        with clipped(surface, paper):
            pygame.draw.polygon(surface, fill, points)
            if mark is None:
                pygame.draw.polygon(surface, edge, points, 2)
        if mark is not None:
            pygame.draw.polygon(surface, mark, points, _outline_width(mark))

    def _cluster(self, surface: pygame.Surface, view: View, obj: MapObject, paper: pygame.Rect,
                 mark: Colour | None) -> None:
        """A district's tint, cut at the board's edge; its outline and name too unless it is marked."""
        points = [view.to_screen(p) for p in obj.points]
        if len(points) < 3:
            return
        overlay = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        pygame.draw.polygon(overlay, (*CLUSTER, 28), points)
        with clipped(surface, paper):
            surface.blit(overlay, (0, 0))
        if mark is not None:
            _cluster_outline(surface, view, obj, points, mark)
            return
        with clipped(surface, paper):
            _cluster_outline(surface, view, obj, points, CLUSTER)

    def _link(self, surface: pygame.Surface, view: View, obj: MapObject, nodes: dict[int, MapObject],
              selected: bool, problem: bool) -> None:
        path = list(obj.points)
        a, b = nodes.get(obj.ref("a")), nodes.get(obj.ref("b"))
        if len(path) < 2:
            path = [a.pos if a else obj.pos, b.pos if b else obj.pos]
        points = [view.to_screen(p) for p in path]
        width = max(5, round(10 * view.zoom))
        if selected or problem:
            pygame.draw.lines(surface, SELECT if selected else PROBLEM, False, points, width + 6)
        pygame.draw.lines(surface, LINK, False, points, width)
        for p in points:
            pygame.draw.circle(surface, LINK, p, width // 2)
        if selected:
            for p in points[1:-1]:
                pygame.draw.rect(surface, SELECT, pygame.Rect(p[0] - 5, p[1] - 5, 10, 10), 2)
        self._spaces(surface, points, obj.number("spaces", 1), width)

    def _spaces(self, surface: pygame.Surface, points: list[tuple[int, int]], spaces: int, width: int) -> None:
        """Small white cells across the middle of the link, one per track space."""
        lengths = [math.dist(points[i], points[i + 1]) for i in range(len(points) - 1)]
        total = sum(lengths)
        if total < 1:
            return
        half, i = total / 2, 0
        while i < len(lengths) - 1 and half > lengths[i]:
            half -= lengths[i]
            i += 1
        (x1, y1), (x2, y2) = points[i], points[i + 1]
        t = half / lengths[i] if lengths[i] else 0
        mx, my = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        ux, uy = ((x2 - x1) / lengths[i], (y2 - y1) / lengths[i]) if lengths[i] else (1.0, 0.0)
        cell = max(8, width * 1.1)
        for k in range(spaces):
            off = (k - (spaces - 1) / 2) * (cell + 3)
            cx, cy = mx + ux * off, my + uy * off
            rect = pygame.Rect(0, 0, round(cell * 0.75), round(cell * 0.75))
            rect.center = (round(cx), round(cy))
            pygame.draw.rect(surface, SPACE, rect)
            pygame.draw.rect(surface, INK, rect, 1)

    def _node(self, surface: pygame.Surface, view: View, obj: MapObject, reach: float, selected: bool,
              problem: bool) -> None:
        """A station or waypoint whose disc ends `reach` screen px from its centre, where the game's does."""
        centre = view.to_screen(obj.pos)
        r = round(reach)
        if selected or problem:
            pygame.draw.circle(surface, SELECT if selected else PROBLEM, centre, r + 5)
        if obj.kind == "waypoint":
            pygame.draw.circle(surface, (255, 255, 255), centre, r)  # the rim the game draws round it
            pygame.draw.circle(surface, WAYPOINT, centre, round(r * 0.8))
            wave = [(centre[0] - r * 0.5 + i * r / 6, centre[1] + math.sin(i * 1.6) * r * 0.18) for i in range(7)]
            pygame.draw.lines(surface, (255, 255, 255), False, wave, 2)
            return
        destination = obj.props.get("destination", "")
        fill = EXPRESS if destination == "express" else (255, 255, 255)
        pygame.draw.circle(surface, fill, centre, r)
        pygame.draw.circle(surface, STANDARD if destination == "standard" else INK, centre, r, max(2, r // 3))
        if obj.flag("terminus"):
            pygame.draw.circle(surface, INK, centre, max(2, r // 3))
        if obj.flag("start"):
            tip = (centre[0], centre[1] - r - 4)
            pygame.draw.polygon(surface, START, [tip, (tip[0] - 7, tip[1] - 12), (tip[0] + 7, tip[1] - 12)])
        landmarks = obj.number("landmarks", 0)
        if landmarks:
            mark = font(round(14 * max(0.85, min(1.6, view.zoom)))).render(f"L{landmarks}", True, (90, 90, 90))
            surface.blit(mark, (centre[0] - mark.get_width() // 2, centre[1] + r + 2))

    def _name(self, surface: pygame.Surface, view: View, obj: MapObject, name: StationName, selected: bool) -> None:
        """The name in the box its `label` gives it (game/board/label_spec.py), badges in front of line one."""
        name_plate(surface, view, name.box, selected)
        size = round(name.label_px * view.zoom)
        face = name_font(size)
        marks = [mark for flag, mark in BADGE_MARKS if obj.flag(flag)]
        if obj.number("landmarks", 0) and not obj.flag("connection"):
            marks.append("L")
        for i, (line, (lx, ly, lw, lh)) in enumerate(zip(name.lines, name.line_boxes, strict=False)):
            left, top = view.to_screen((lx, ly))
            drawn = face.render(line, True, INK)
            right = view.to_screen((lx + lw, ly))[0]
            baseline = top + round((lh * view.zoom - drawn.get_height()) / 2)
            if i == 0 and marks:
                chip = max(4, round(size * 0.9))
                chip_top = top + round((lh * view.zoom - chip) / 2)
                for k, mark in enumerate(marks):
                    cell = pygame.Rect(left + k * round(size * 1.1), chip_top, chip, chip)
                    pygame.draw.rect(surface, (90, 94, 104), cell, border_radius=2)
                    letter = font(max(8, chip)).render(mark, True, (255, 255, 255))
                    surface.blit(letter, letter.get_rect(center=cell.center))
                surface.blit(drawn, (right - drawn.get_width(), baseline))
            else:
                surface.blit(drawn, (left, baseline))


def _cluster_outline(surface: pygame.Surface, view: View, obj: MapObject, points: list[tuple[int, int]],
                     colour: Colour) -> None:
    """A district's dashed outline, its name at its top corner."""
    _dashed_polygon(surface, colour, points, _outline_width(colour))
    if obj.name:
        label = font(round(20 * max(0.85, min(1.6, view.zoom)))).render(obj.name, True, colour)
        top = min(points, key=lambda p: (p[1], p[0]))
        surface.blit(label, (top[0] + 6, top[1] + 4))


def _mark(obj: MapObject, selection: set[int], problems: set[int]) -> Colour | None:
    """The colour a selected (else a faulty) object is outlined in; None for neither."""
    return SELECT if obj.id in selection else PROBLEM if obj.id in problems else None


def _outline_width(colour: Colour) -> int:
    return 3 if colour == SELECT else 2


@contextmanager
def clipped(surface: pygame.Surface, rect: pygame.Rect) -> Iterator[None]:
    """Draw only inside `rect` (and the clip already set): the board's own art ends at its edge, as the
    game's map does, while marks for the designer may reach past it."""
    previous = surface.get_clip()
    surface.set_clip(rect.clip(previous))
    try:
        yield
    finally:
        surface.set_clip(previous)


def _dashed_polygon(surface: pygame.Surface, colour: tuple[int, int, int], points: list[tuple[int, int]],
                    width: int, dash: int = 10) -> None:
    for i in range(len(points)):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % len(points)]
        length = math.hypot(x2 - x1, y2 - y1)
        steps = max(1, int(length / dash))
        for k in range(0, steps, 2):
            t0, t1 = k / steps, min(1.0, (k + 1) / steps)
            pygame.draw.line(surface, colour, (x1 + (x2 - x1) * t0, y1 + (y2 - y1) * t0),
                             (x1 + (x2 - x1) * t1, y1 + (y2 - y1) * t1), width)


def label_centre(obj: MapObject) -> tuple[float, float]:
    """Where to centre the view on an object (a problem's location)."""
    return obj.pos if obj.shape == "point" else mean_point(obj.points)
