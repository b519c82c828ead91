"""What is drawn over the board for the turn: the hovered space and its preview, placed tracks pulsing,
ridden lines flashing, and whatever a hover elsewhere points at. The lit legal spaces themselves are
painted into the board under its names (board/marks.py); `marks` says which.

All of it is a handful of polygons per frame in screen space, drawn straight onto the frame (no
alpha surfaces), so the cached board layers stay untouched.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable

import pygame

from game import geometry
from game.rules.actions import PlaceTrack
from game.rules.reasons import Reason
from game.ui import style, text
from game.ui.board import symbols
from game.ui.board.labels import name_scale
from game.ui.board.marks import SpaceMarks, hovered_space, slot_half
from game.ui.board.route_path import route_links, route_polyline
from game.ui.board.view import BoardView
from game.ui.panels.widgets import track_chip
from game.ui.table.event_log import short_reasons
from game.ui.table.turns import TurnController

Point = tuple[float, float]
BADGE_REACH = 90  # pixels: how far from the hovered space's middle its points badge may sit on its link
PICK_PX = 14  # how far from a space a click still counts, in screen pixels


Bands = tuple[list[Point], list[Point], Point, pygame.Rect]  # a lit space: rim, body, middle, extent on screen


class BoardOverlay:
    """Draws the turn's marks over one BoardView and picks spaces under the mouse."""

    def __init__(self, view: BoardView) -> None:
        self.view = view
        self._preview_key: object = None
        self._preview: tuple[int, int, tuple[Reason, ...]] = (0, 0, ())
        self._bands_key: object = None
        self._bands: dict[tuple[int, int], Bands | None] = {}
        self._names_key: object = None
        self._names: list[pygame.Rect] = []

    # ----- geometry -----

    def camera_key(self) -> tuple[object, ...]:
        """What the camera shows: whatever is worked out in screen pixels is kept while this stays."""
        c = self.view.camera
        return (c.level, round(c.offset[0], 2), round(c.offset[1], 2), c.view)

    def slot_screen(self, link: int, slot: int) -> list[Point]:
        """A space's centre line on screen, trimmed so it stops at the station discs."""
        m = self.view.metrics
        board = self.view.board
        the_link = board.links[link]
        slot = max(0, min(slot, the_link.spaces - 1))
        path = m.slot_paths[link][slot]
        trimmed = geometry.trim(path, m.radius[the_link.a] * 0.9, m.radius[the_link.b] * 0.9)
        to_screen = self.view.camera.to_screen
        return [to_screen(p) for p in trimmed]

    def _space_bands(self, link: int, slot: int, half: float) -> Bands | None:
        """A lit space's rim and body outlines on screen and its middle, kept while the camera stays: on a big
        board the first token may go on any of a thousand links, and working them out every frame cost
        more than drawing them."""
        key = (self.camera_key(), half)
        if key != self._bands_key:
            self._bands_key, self._bands = key, {}
        if (link, slot) not in self._bands:
            path = self.slot_screen(link, slot)
            outer = geometry.band(path, half * 1.35, -half * 1.35) if len(path) >= 2 else []
            self._bands[(link, slot)] = None if len(outer) < 3 else (
                outer, geometry.band(path, half * 0.8, -half * 0.8), geometry.point_along(path, 0.5),
                pygame.Rect(geometry.bounding_rect(outer)).inflate(4, 4))
        return self._bands[(link, slot)]

    def _half(self) -> float:
        return slot_half(self.view.metrics, self.view.camera.scale)

    def pick_link(self, pos: Point, candidates: Iterable[int] | None = None, fallback: bool = True) -> int | None:
        """The link under the mouse: among `candidates` first, then (with fallback) any link within reach.

        Where two beds overlap (two links leaving a station side by side), the one with a space drawn
        nearest the mouse: a pointer on a wide bed's outer space means that link, though the other's centre
        line may be nearer (Berlin's Brandenburger Tor–Friedrichstraße beside Friedrichstraße–Hauptbahnhof).
        """
        camera = self.view.camera
        world = camera.to_world(pos)
        m = self.view.metrics
        board = self.view.board
        reach_px = PICK_PX / camera.scale

        def nearest(links: Iterable[int]) -> int | None:
            best, best_d = None, float("inf")
            for index in links:
                link = board.links[index]
                reach = max(reach_px, m.bed_half_width(link.spaces) * 1.15)
                if not any(geometry.segment_distance(world, a, b) <= reach for a, b in itertools.pairwise(link.path)):
                    continue
                d = min(geometry.segment_distance(world, a, b)
                        for lane in m.slot_paths[index] for a, b in itertools.pairwise(lane))
                if d < best_d:
                    best, best_d = index, d
            return best

        if candidates is not None:
            found = nearest(candidates)
            if found is not None or not fallback:
                return found
        return nearest(range(len(board.links)))

    # ----- drawing -----

    def marks(self, ctl: TurnController) -> SpaceMarks | None:
        """The lit spaces of the selected line while a person plays (the board paints them under its names).

        A computer's options are not lit: they would only be noise while it plays.
        """
        line = ctl.selected
        if line is None or ctl.computer_turn():
            return None
        spaces = ctl.legal_spaces()
        if not spaces:
            return None
        tracks = ctl.shown.tracks
        return SpaceMarks(tuple((link, len(tracks[link]) if link < len(tracks) else 0, cost)
                                for link, cost in sorted(spaces.items())))

    def hovered(self, surface: pygame.Surface, ctl: TurnController, link: int) -> None:
        """The lit space under the mouse or a controller's cursor, filled as the track it would become."""
        if ctl.selected is None or link not in ctl.legal_spaces():
            return
        tracks = ctl.shown.tracks
        path = self.slot_screen(link, len(tracks[link]) if link < len(tracks) else 0)
        hovered_space(surface, path, ctl.selected, self._half())
        self.badge(surface, ctl, link, path)

    def badge(self, surface: pygame.Surface, ctl: TurnController, link: int, path: list[Point]) -> None:
        """The points the hovered space would score ("+3", "0"), small on its own track where the player looks
        (the details are in the side panel): at the middle of the space, or the point along it nearest the
        middle whose badge covers no station name and stays on the map; none where no such point is."""
        points = self.preview(ctl, link)[0]
        image = style.text(f"+{points}" if points else "0", max(11, style.ui(14)), "black",
                           style.INK if points else style.INK_SOFT)
        glyphs = image.get_bounding_rect()  # the ink only: the line's blank above and below would crowd names
        pad_x, pad_y = max(4, style.ui(6)), max(2, style.ui(3))
        size = (glyphs.width + 2 * pad_x, glyphs.height + 2 * pad_y)
        spot = self._badge_spot(link, path, size)
        if spot is None:
            return
        radius = spot.height // 2
        pygame.draw.rect(surface, style.INK, spot.inflate(4, 4), border_radius=radius + 2)
        pygame.draw.rect(surface, style.GOLD if points else style.HALO, spot, border_radius=radius)
        surface.blit(image, glyphs.move(spot.x + pad_x - glyphs.x, spot.y + pad_y - glyphs.y).topleft, glyphs)

    def _badge_spot(self, link: int, path: list[Point], size: tuple[int, int]) -> pygame.Rect | None:
        """Where a badge this big (with its 2 px rim) covers no name and stays in view: the hovered space's
        middle, else the point of its link's track nearest that (a short space between two names may have no
        room of its own), or just beside the space, within BADGE_REACH of its middle."""
        if len(path) < 2:
            return None
        area = pygame.Rect(*(round(v) for v in self.view.camera.view))
        names = self.name_boxes()
        middle = geometry.point_along(path, 0.5)
        the_link = self.view.board.links[link]
        radius = self.view.metrics.radius
        track = [self.view.camera.to_screen(p) for p in geometry.trim(the_link.path, radius[the_link.a],
                                                                        radius[the_link.b])]
        on_space = [middle] + [geometry.point_along(path, k / 10) for k in range(1, 10)]
        tries = list(on_space)
        if len(track) >= 2:
            tries += [geometry.point_along(track, k / 40) for k in range(1, 40)]
        # Where names crowd both sides of a short space (London's West End at 1280×720), the badge may stand
        # just beside the space, clear of its own bed.
        aside_x, aside_y = size[0] / 2 + self._half() + 4, size[1] / 2 + self._half() + 4
        tries += [(x + dx, y + dy) for x, y in on_space
                  for dx, dy in ((aside_x, 0), (-aside_x, 0), (0, aside_y), (0, -aside_y))]
        tries = sorted(tries, key=lambda p: math.dist(p, middle))
        for x, y in tries:
            if math.dist((x, y), middle) > BADGE_REACH:
                break
            spot = pygame.Rect(0, 0, *size)
            spot.center = (round(x), round(y))
            outer = spot.inflate(4, 4)  # its rim
            if area.contains(outer) and outer.collidelist(names) < 0:
                return spot
        return None

    def name_boxes(self) -> list[pygame.Rect]:
        """Every station name's lines and badges on screen at this zoom (kept while the camera stays)."""
        key = self.camera_key()
        if key != self._names_key:
            view, camera = self.view, self.view.camera
            scale = name_scale(view.board.label_px, camera.scale)
            boxes = []
            for index in view.names.stations():
                setting = view.names.setting(index, scale)
                for x, y, w, h in [box for _, box in setting.lines] + list(setting.badges):
                    left, top = camera.to_screen((x, y))
                    boxes.append(pygame.Rect(math.floor(left), math.floor(top), math.ceil(w * camera.scale) + 1,
                                             math.ceil(h * camera.scale) + 1).inflate(2, 2))
            self._names_key, self._names = key, boxes
        return self._names

    def preview(self, ctl: TurnController, link: int) -> tuple[int, int, tuple[Reason, ...]]:
        """Points, branch tokens and reasons the hovered placement would earn (cached per state)."""
        key = (ctl.version, ctl.selected, link)
        if key != self._preview_key and ctl.selected is not None:
            outcome = ctl.state.preview(PlaceTrack(ctl.selected, link))
            self._preview = (outcome.points, outcome.branch_tokens, outcome.reasons)
            self._preview_key = key
        return self._preview

    def tooltip_height(self, ctl: TurnController, link: int, width: int) -> int:
        """How tall the hovered space's preview card is at this width."""
        rows = self._tip_rows(ctl, link, width - 2 * style.ui(14))
        return sum(image.get_height() + gap for image, gap in rows) - rows[-1][1] + 2 * style.ui(9)  # no gap last

    def tooltip(self, surface: pygame.Surface, ctl: TurnController, link: int, box: pygame.Rect) -> None:
        """The hovered space's preview on a card at the top of `box`, as tall as its text: points, the link, why,
        tokens gained and paid; the rest of `box` (what the play screen has it cover) is the panel's paper.
        The card's frame is neutral, a chip of the line beside its heading: in the line's colour (red) the
        frame read as an error. The play screen puts it in its side panel: beside the pointer it hid station
        names, and a place clear of them near the pointer is rare on the shipped boards (1 space in 8 within
        60 px at 1920×1080); the points alone are on the map, on the space's track (`badge`)."""
        u = style.ui
        rows = self._tip_rows(ctl, link, box.width - 2 * u(14))
        card = box.copy()
        card.height = min(box.height, self.tooltip_height(ctl, link, box.width))
        radius = u(10)
        pygame.draw.rect(surface, style.PAPER_DARK, box)
        pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.7), card.move(0, 2), border_radius=radius)
        pygame.draw.rect(surface, style.HALO, card, border_radius=radius)
        pygame.draw.rect(surface, style.mix(style.INK_SOFT, style.PAPER, 0.35), card, max(1, u(2)),
                         border_radius=radius)
        y = card.y + u(9)
        chip = self._chip(ctl)
        for k, (image, gap) in enumerate(rows):
            if y + image.get_height() > card.bottom - u(4):
                break  # a tiny window: what fits
            lead = chip if k == 0 else 0
            if lead and ctl.selected is not None:
                track_chip(surface, (card.x + u(14) + lead / 2 - u(3), y + image.get_height() / 2), lead - u(8),
                           ctl.selected)
            surface.blit(image, (card.x + u(14) + lead, y))
            y += image.get_height() + gap

    @staticmethod
    def _chip(ctl: TurnController) -> int:
        """The room the line's chip takes before the preview's heading."""
        return style.ui(30) if ctl.selected is not None else 0

    def _tip_rows(self, ctl: TurnController, link: int, width: int) -> list[tuple[pygame.Surface, int]]:
        """The preview's lines, each with the space after it: the points, the link's two stations, then why,
        the tokens it gains and what it costs, wrapped to `width` (German and French run long)."""
        points, tokens, reasons = self.preview(ctl, link)
        cost = ctl.legal_spaces().get(link, 0)
        board = self.view.board
        the_link = board.links[link]
        ends = (the_link.a, the_link.b)
        u = style.ui
        title = text.tr("play.preview.points", points=points) if points else text.tr("play.preview.nothing")
        rows = [(image, 0) for image in _lines(title, u(26) if points else u(18), "black",
                                               style.GOLD_DARK if points else style.INK_SOFT,
                                               width - self._chip(ctl))]
        names = f"{board.nodes[the_link.a].name} – {board.nodes[the_link.b].name}"
        rows += [(image, 0) for image in _lines(names, u(14), "semibold", style.INK_SOFT, width)]
        rows[-1] = (rows[-1][0], u(6))
        for said in short_reasons(reasons, board, ends):
            rows += [(image, u(2)) for image in _lines(said, u(15), "regular", style.INK, width)]
        if tokens:
            rows += [(image, u(2)) for image in _lines(text.ntr("play.preview.tokens", tokens, count=tokens),
                                                      u(15), "bold", style.INK, width)]
        if cost:
            rows += [(image, u(2)) for image in _lines(text.ntr("play.cost", cost, count=cost), u(15), "bold",
                                                      style.RAIL, width)]
        return rows

    def pulses(self, surface: pygame.Surface, ctl: TurnController) -> None:
        """A newly placed track: a ring of light that shrinks onto it."""
        half = self._half()
        tracks = ctl.shown.tracks
        for effect in ctl.queue.of_kind("pulse"):
            link, line = effect.data["link"], effect.data["line"]
            if link >= len(tracks) or line not in tracks[link]:
                continue
            path = self.slot_screen(link, tracks[link].index(line))
            if len(path) < 2:
                continue
            t = effect.progress
            grow = half * (1.2 + 2.4 * (1 - t))
            colour = style.mix(style.GOLD, style.PAPER, t)
            symbols.polygon(surface, colour, geometry.band(path, grow, grow - max(2.0, half * 0.7)))
            symbols.polygon(surface, colour, geometry.band(path, -grow + max(2.0, half * 0.7), -grow))

    def flashes(self, surface: pygame.Surface, ctl: TurnController, time: float) -> None:
        """The lines the passenger rode, blinking bright while his points are paid."""
        lines: set[str] = set(ctl.gliding_lines())
        strength = 0.35
        for effect in ctl.queue.of_kind("flash"):
            lines.update(effect.data["lines"])
            strength = 0.6 * (1 - effect.progress)
        if not lines:
            return
        half = self._half()
        blink = 0.5 + 0.5 * math.sin(time * 14)
        for link, on_link in enumerate(ctl.shown.tracks):
            for slot, line in enumerate(on_link):
                if line in lines:
                    path = self.slot_screen(link, slot)
                    if len(path) >= 2:
                        colour = style.mix(style.line_colour(line), style.HALO, strength * blink)
                        symbols.polygon(surface, style.GOLD, geometry.band(path, half * 1.5, -half * 1.5))
                        symbols.polygon(surface, colour, geometry.band(path, half, -half))

    def glow_links(self, surface: pygame.Surface, links: Iterable[int], colour: style.Colour = style.GOLD) -> None:
        m = self.view.metrics
        scale = self.view.camera.scale
        to_screen = self.view.camera.to_screen
        for link in links:
            the_link = self.view.board.links[link]
            path = [to_screen(p) for p in the_link.path]
            half = m.bed_half_width(the_link.spaces) * scale + 4
            symbols.polygon(surface, colour, geometry.band(path, half, half - 3))
            symbols.polygon(surface, colour, geometry.band(path, -half + 3, -half))

    def route_line(self, surface: pygame.Surface, path: tuple[int, ...], colour: style.Colour, width: float) -> None:
        """A route through nodes as a bright line with dark edges."""
        points = [self.view.camera.to_screen(p) for p in route_polyline(self.view.board, path)]
        if len(points) < 2:
            return
        symbols.polygon(surface, style.INK, geometry.band(points, width / 2 + 2, -width / 2 - 2))
        symbols.polygon(surface, colour, geometry.band(points, width / 2, -width / 2))

    def trail(self, surface: pygame.Surface, points: list[Point], progress: float) -> None:
        """The passenger's whole trip while he glides: the way ahead bright, the way behind faded."""
        to_screen = self.view.camera.to_screen
        screen = [to_screen(p) for p in points]
        if len(screen) < 2:
            return
        half = max(3.0, self._half() * 1.1)
        symbols.polygon(surface, style.mix(style.GOLD, style.PAPER, 0.55), geometry.band(screen, half, -half))
        total = geometry.length(screen)
        ahead = geometry.trim(screen, total * progress, 0.0) if progress < 1 else []
        if len(ahead) >= 2:
            symbols.polygon(surface, style.INK, geometry.band(ahead, half + 2, -half - 2))
            symbols.polygon(surface, style.GOLD, geometry.band(ahead, half, -half))

    def rings(self, surface: pygame.Surface, stations: Iterable[int], time: float,
              colour: style.Colour = style.GOLD) -> None:
        m = self.view.metrics
        scale = self.view.camera.scale
        pulse = 0.5 + 0.5 * math.sin(time * 5)
        for station in stations:
            node = self.view.board.nodes[station]
            centre = self.view.camera.to_screen((node.x, node.y))
            r = max(style.STATION_MIN_PX, m.radius[station] * scale) + 5 + 3 * pulse
            pygame.draw.circle(surface, style.INK, centre, r + 2, 2)
            pygame.draw.circle(surface, colour, centre, r, 4)

    def entry_highlight(self, surface: pygame.Surface, links: tuple[int, ...], nodes: tuple[int, ...],
                        path: tuple[int, ...], time: float) -> None:
        """What a log line is about: its track, its route, its stations."""
        if len(path) > 1:
            self.route_line(surface, path, style.GOLD, max(5.0, self._half() * 1.4))
            self.glow_links(surface, route_links(self.view.board, path))
        if links:
            self.glow_links(surface, links)
        if nodes:
            self.rings(surface, nodes, time)


def _lines(message: str, size: int, weight: str, colour: style.Colour, width: int) -> list[pygame.Surface]:
    """A message as text images no wider than `width`, wrapped on up to three lines."""
    return [style.fit_text(line, size, weight, colour, width)
            for line in style.wrap(message, size, weight, width, max_lines=3)]
