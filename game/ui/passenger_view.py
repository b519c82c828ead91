"""The passenger's move before it happens: each optimal route drawn on the map, the choices marked, and
picking one by clicking its destination, one of its lines, or its row in the choice panel.
"""

from __future__ import annotations

import itertools
import math

import pygame

from game.board.model import Board
from game.rules.routing import RouteOption
from game.ui import geometry, style, symbols, text
from game.ui.board_overlay import BoardOverlay
from game.ui.route_path import route_links
from game.ui.turn_controller import TurnController
from game.ui.widgets import Hotspot

ROW_H = 40
PANEL_W = 460


class PassengerView:
    """Draws the pending move and resolves clicks into one of the options."""

    def __init__(self, overlay: BoardOverlay) -> None:
        self.overlay = overlay
        self.spots: list[Hotspot] = []

    @property
    def board(self) -> Board:
        return self.overlay.view.board

    # ----- choosing -----

    def candidates_at(self, ctl: TurnController, pos: tuple[float, float]) -> list[RouteOption]:
        """The options a click on the map points at: by destination, else by a line on the clicked link."""
        options = ctl.route_options()
        if not options:
            return []
        view = self.overlay.view
        world = view.camera.to_world(pos)
        node = view.metrics.node_at(world, slack=1.8)
        if node is None:
            # a small station at fit scale: allow a few pixels around it
            reach = 16 / view.camera.scale
            near = [(math.dist(world, (n.x, n.y)), n.index) for n in self.board.nodes
                    if n.index in {o.destination for o in options}]
            near = [item for item in near if item[0] <= reach]
            node = min(near)[1] if near else None
        if node is not None:
            found = [o for o in options if o.destination == node]
            if found:
                return found
        used = {link for o in options for link in route_links(self.board, o.path)}
        tracks = ctl.shown.tracks
        ridden = {line for o in options for line in o.lines}
        link = self.overlay.pick_link(pos, [i for i, lines in enumerate(tracks) if set(lines) & ridden] or used)
        if link is None:
            return []
        on_link = set(tracks[link]) if link < len(tracks) else set()
        by_line = [o for o in options if set(o.lines) & on_link]
        if by_line:
            return by_line
        return [o for o in options if link in route_links(self.board, o.path)]

    # ----- drawing -----

    def draw(self, surface: pygame.Surface, ctl: TurnController, area: pygame.Rect, time: float,
             hover: tuple[int, int] | None) -> list[Hotspot]:
        """The routes, the destination marks and the choice panel; returns the panel's rows."""
        options = ctl.route_options()
        self.spots = []
        if not options:
            return []
        focus = self._focus(ctl, options, hover)
        half = max(3.0, self.overlay._half() * 1.2)
        order = sorted(range(len(options)), key=lambda k: k in focus)
        for k in order:
            self._route(surface, ctl, options[k], half * (1.25 if k in focus else 0.8), k in focus or len(options) == 1)
        many = len(options) > 1
        for k, option in enumerate(options):
            self._destination(surface, option, k, many, k in focus, time, options)
        self.spots = self._panel(surface, ctl, options, focus, area, hover)
        return self.spots

    def _focus(self, ctl: TurnController, options: tuple[RouteOption, ...],
               hover: tuple[int, int] | None) -> set[int]:
        """Which options the mouse is on (panel row or map), so they are drawn on top and bold."""
        if hover is None:
            return set()
        for spot in self.spots:
            if spot.kind == "route" and spot.rect.collidepoint(hover):
                return {spot.value}
        if not self.overlay.view.camera.view or not pygame.Rect(
                *(round(v) for v in self.overlay.view.camera.view)).collidepoint(hover):
            return set()
        found = self.candidates_at(ctl, hover) if len(options) > 1 else []
        return {options.index(o) for o in found}

    def _route(self, surface: pygame.Surface, ctl: TurnController, option: RouteOption, half: float,
               strong: bool) -> None:
        """Ridden stretches as a solid gold band, walked ones as dashes."""
        tracks = ctl.shown.tracks
        to_screen = self.overlay.view.camera.to_screen
        fill = style.GOLD if strong else style.mix(style.GOLD, style.PAPER, 0.45)
        edge = style.INK if strong else style.mix(style.INK, style.PAPER, 0.45)
        for a, b in itertools.pairwise(option.path):
            index = self.board.link_between[(a, b)]
            points = [to_screen(p) for p in self.board.links[index].path_from(a)]
            ridden = bool(set(tracks[index]) & set(option.lines)) if index < len(tracks) else False
            if ridden:
                symbols.polygon(surface, edge, geometry.band(points, half + 2, -half - 2))
                symbols.polygon(surface, fill, geometry.band(points, half, -half))
            else:
                total = geometry.length(points)
                dash = max(8.0, half * 3)
                steps = max(1, int(total / dash))
                for s in range(0, steps, 2):
                    piece = [geometry.point_along(points, s / steps), geometry.point_along(points, (s + 1) / steps)]
                    symbols.polygon(surface, edge, geometry.band(piece, half * 0.8 + 2, -half * 0.8 - 2))
                    symbols.polygon(surface, fill, geometry.band(piece, half * 0.8, -half * 0.8))

    def _destination(self, surface: pygame.Surface, option: RouteOption, k: int, many: bool, focused: bool,
                     time: float, options: tuple[RouteOption, ...]) -> None:
        node = self.board.nodes[option.destination]
        view = self.overlay.view
        centre = view.camera.to_screen((node.x, node.y))
        r = max(style.STATION_MIN_PX, view.metrics.radius[node.index] * view.camera.scale)
        pulse = 0.5 + 0.5 * math.sin(time * 5)
        pygame.draw.circle(surface, style.INK, centre, r + 9 + 3 * pulse, 3)
        pygame.draw.circle(surface, style.GOLD, centre, r + 6 + 3 * pulse, 4)
        if not many:
            return
        same = [j for j, o in enumerate(options) if o.destination == option.destination]
        slot = same.index(k)
        angle = -math.pi / 4 + slot * 0.9
        bx, by = centre[0] + math.cos(angle) * (r + 22), centre[1] + math.sin(angle) * (r + 22)
        size = 15 if focused else 13
        symbols.disc(surface, style.INK, (bx, by), size + 2)
        symbols.disc(surface, style.GOLD if focused else style.HALO, (bx, by), size)
        label = style.text(str(k + 1), size + 3, "black", style.INK)
        surface.blit(label, label.get_rect(center=(bx, by)))

    def _panel(self, surface: pygame.Surface, ctl: TurnController, options: tuple[RouteOption, ...],
               focus: set[int], area: pygame.Rect, hover: tuple[int, int] | None) -> list[Hotspot]:
        state = ctl.state
        name = ctl.session.name(state.current)
        if ctl.computer_turn():
            title = text.tr("play.route.wait", name=name)
        elif len(options) > 1:
            title = text.tr("play.route.choose", name=name)
        else:
            title = text.tr("play.route.title")
        width = min(PANEL_W + 120, area.width - 40)
        head = style.fit_text(title, 18, "black", style.HALO, width - 32)
        routes = ctl.state.passenger_options()
        walked = routes.walked if routes else 0
        rows = len(options)
        panel = pygame.Rect(0, 0, width, 52 + rows * ROW_H + 8)
        panel.midtop = (area.centerx, area.y + 14)
        pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.5), panel.move(0, 4), border_radius=14)
        pygame.draw.rect(surface, style.INK, panel, border_radius=14)
        surface.blit(head, (panel.x + 16, panel.y + 14))
        spots: list[Hotspot] = []
        y = panel.y + 50
        for k, option in enumerate(options):
            row = pygame.Rect(panel.x + 8, y, panel.width - 16, ROW_H - 4)
            lit = k in focus or (hover is not None and row.collidepoint(hover))
            pygame.draw.rect(surface, style.GOLD if lit else style.HALO, row, border_radius=9)
            number = style.text(str(k + 1) if rows > 1 else "→", 17, "black", style.INK)
            surface.blit(number, number.get_rect(midleft=(row.x + 12, row.centery)))
            station = self.board.nodes[option.destination].name
            if len(option.path) <= 1:
                station = text.tr("play.route.stay", station=station)
            label = style.fit_text(station, 17, "bold", style.INK, row.width // 2)
            surface.blit(label, label.get_rect(midleft=(row.x + 38, row.centery)))
            x = row.x + 48 + label.get_width()
            for line in option.lines:
                chip = pygame.Rect(x, row.centery - 9, 40, 18)
                pygame.draw.rect(surface, style.line_edge(line), chip, border_radius=5)
                pygame.draw.rect(surface, style.line_colour(line), chip.inflate(-4, -4), border_radius=4)
                x += 46
            extra = text.tr("play.route.walk", count=walked) if walked else ""
            if not option.lines and len(option.path) > 1:
                extra = text.tr("play.route.by_foot") + (f" · {extra}" if extra else "")
            if extra:
                image = style.text(extra, 14, "semibold", style.INK_SOFT)
                surface.blit(image, image.get_rect(midright=(row.right - 12, row.centery)))
            spots.append(Hotspot(row, "route", k))
            y += ROW_H
        return spots
