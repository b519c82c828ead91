"""Small icons drawn with primitives (no image files to license): station features, tiles, markers."""

from __future__ import annotations

import math

import pygame

from game.ui import style

Point = tuple[float, float]


def disc(surface: pygame.Surface, colour: style.Colour, center: Point, radius: float) -> None:
    """A filled anti-aliased circle."""
    if radius >= 0.5:
        pygame.draw.aacircle(surface, colour, center, radius)


def ring_disc(surface: pygame.Surface, fill: style.Colour, edge: style.Colour, center: Point, radius: float,
              edge_width: float) -> None:
    """A disc with an outline, the basic station shape."""
    disc(surface, edge, center, radius)
    disc(surface, fill, center, radius - edge_width)


def thick_line(surface: pygame.Surface, colour: style.Colour, a: Point, b: Point, width: float) -> None:
    """A straight stroke with anti-aliased sides and flat ends."""
    if width <= 1.5:
        pygame.draw.aaline(surface, colour, a, b)
        return
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length * width / 2, dx / length * width / 2
    poly = [(a[0] + nx, a[1] + ny), (b[0] + nx, b[1] + ny), (b[0] - nx, b[1] - ny), (a[0] - nx, a[1] - ny)]
    polygon(surface, colour, poly)


def polygon(surface: pygame.Surface, colour: style.Colour, points: list[Point]) -> None:
    """A filled polygon with anti-aliased edges."""
    if len(points) < 3:
        return
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.aalines(surface, colour, True, points)


def badge(surface: pygame.Surface, colour: style.Colour, center: Point, half: float, edge: style.Colour | None = None,
          ) -> pygame.Rect:
    """A rounded square plate the icons sit on."""
    rect = pygame.Rect(0, 0, round(half * 2), round(half * 2))
    rect.center = (round(center[0]), round(center[1]))
    radius = max(1, round(half * 0.45))
    if edge is not None:
        pygame.draw.rect(surface, edge, rect.inflate(2, 2), border_radius=radius + 1)
    pygame.draw.rect(surface, colour, rect, border_radius=radius)
    return rect


def rail(surface: pygame.Surface, center: Point, half: float) -> None:
    """A mainline railway: the front of a train on a red plate."""
    badge(surface, style.RAIL, center, half, edge=style.HALO)
    cx, cy = center
    body = pygame.Rect(0, 0, max(3, round(half * 1.1)), max(3, round(half * 1.2)))
    body.center = (round(cx), round(cy - half * 0.12))
    pygame.draw.rect(surface, style.HALO, body, border_radius=max(1, round(half * 0.3)))
    window = pygame.Rect(0, 0, max(1, round(half * 0.72)), max(1, round(half * 0.36)))
    window.center = (round(cx), round(cy - half * 0.34))
    pygame.draw.rect(surface, style.RAIL, window, border_radius=max(1, round(half * 0.1)))
    for side in (-1, 1):
        disc(surface, style.RAIL, (cx + side * half * 0.3, cy + half * 0.2), max(0.8, half * 0.11))
        thick_line(surface, style.HALO, (cx + side * half * 0.3, cy + half * 0.45),
                   (cx + side * half * 0.62, cy + half * 0.78), max(1.0, half * 0.16))


def plus(surface: pygame.Surface, center: Point, half: float) -> None:
    """A Berlin "+" station."""
    ring_disc(surface, style.PLUS, style.HALO, center, half, 0)
    disc(surface, style.HALO, center, half)
    disc(surface, style.PLUS, center, half - max(1.0, half * 0.14))
    w = max(1.5, half * 0.3)
    cx, cy = center
    thick_line(surface, style.HALO, (cx - half * 0.55, cy), (cx + half * 0.55, cy), w)
    thick_line(surface, style.HALO, (cx, cy - half * 0.55), (cx, cy + half * 0.55), w)


def wave(surface: pygame.Surface, center: Point, radius: float) -> None:
    """A New York water symbol: a blue disc with two waves."""
    disc(surface, style.HALO, center, radius)
    disc(surface, style.WAYPOINT, center, radius - max(1.0, radius * 0.16))
    cx, cy = center
    for dy in (-0.22, 0.22):
        pts = [(cx + radius * (-0.6 + 1.2 * k / 8),
                cy + radius * (dy + 0.13 * math.sin(k / 8 * 2 * math.pi))) for k in range(9)]
        pygame.draw.aalines(surface, style.HALO, False, pts)
        if radius > 8:
            pygame.draw.lines(surface, style.HALO, False, pts, max(1, round(radius * 0.12)))


def terminus_bar(surface: pygame.Surface, a: Point, b: Point, width: float, colour: style.Colour = style.INK) -> None:
    """The T-end of a terminus: a bar from `a` to `b` with round caps (proportions.terminus_bar says where)."""
    thick_line(surface, colour, a, b, width)
    disc(surface, colour, a, width / 2)
    disc(surface, colour, b, width / 2)


# ----- tile icons: drawn white on a coloured plate -----

def _fork_knife(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    thick_line(s, style.HALO, (cx - h * 0.3, cy - h * 0.6), (cx - h * 0.3, cy + h * 0.6), w)
    for k in (-0.5, -0.3, -0.1):
        thick_line(s, style.HALO, (cx + h * k, cy - h * 0.6), (cx + h * k, cy - h * 0.15), w * 0.6)
    polygon(s, style.HALO, [(cx + h * 0.25, cy - h * 0.62), (cx + h * 0.5, cy - h * 0.3), (cx + h * 0.5, cy),
                            (cx + h * 0.38, cy + h * 0.02)])
    thick_line(s, style.HALO, (cx + h * 0.38, cy - h * 0.1), (cx + h * 0.38, cy + h * 0.6), w)


def _column(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    polygon(s, style.HALO, [(cx - h * 0.65, cy - h * 0.25), (cx, cy - h * 0.68), (cx + h * 0.65, cy - h * 0.25)])
    for k in (-0.42, 0.0, 0.42):
        thick_line(s, style.HALO, (cx + h * k, cy - h * 0.2), (cx + h * k, cy + h * 0.42), w)
    thick_line(s, style.HALO, (cx - h * 0.68, cy + h * 0.55), (cx + h * 0.68, cy + h * 0.55), w * 1.2)


def _bag(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    polygon(s, style.HALO, [(cx - h * 0.55, cy - h * 0.2), (cx + h * 0.55, cy - h * 0.2),
                            (cx + h * 0.62, cy + h * 0.62), (cx - h * 0.62, cy + h * 0.62)])
    rect = pygame.Rect(0, 0, round(h * 0.6), round(h * 0.8))
    rect.center = (round(cx), round(cy - h * 0.2))
    pygame.draw.arc(s, style.HALO, rect, 0, math.pi, max(1, round(w * 0.8)))


def _tree(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    thick_line(s, style.HALO, (cx, cy), (cx, cy + h * 0.68), w * 1.3)
    disc(s, style.HALO, (cx, cy - h * 0.22), h * 0.46)
    disc(s, style.HALO, (cx - h * 0.3, cy + h * 0.02), h * 0.26)
    disc(s, style.HALO, (cx + h * 0.3, cy + h * 0.02), h * 0.26)


def _crown(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    polygon(s, style.HALO, [(cx - h * 0.62, cy + h * 0.45), (cx - h * 0.62, cy - h * 0.4), (cx - h * 0.3, cy),
                            (cx, cy - h * 0.6), (cx + h * 0.3, cy), (cx + h * 0.62, cy - h * 0.4),
                            (cx + h * 0.62, cy + h * 0.45)])


def _church(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    polygon(s, style.HALO, [(cx - h * 0.5, cy + h * 0.62), (cx - h * 0.5, cy - h * 0.05), (cx, cy - h * 0.4),
                            (cx + h * 0.5, cy - h * 0.05), (cx + h * 0.5, cy + h * 0.62)])
    thick_line(s, style.HALO, (cx, cy - h * 0.4), (cx, cy - h * 0.8), w * 0.8)
    thick_line(s, style.HALO, (cx - h * 0.16, cy - h * 0.64), (cx + h * 0.16, cy - h * 0.64), w * 0.8)


def _tower(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    polygon(s, style.HALO, [(cx - h * 0.3, cy + h * 0.68), (cx - h * 0.12, cy - h * 0.35),
                            (cx + h * 0.12, cy - h * 0.35), (cx + h * 0.3, cy + h * 0.68)])
    disc(s, style.HALO, (cx, cy - h * 0.4), h * 0.22)
    thick_line(s, style.HALO, (cx, cy - h * 0.6), (cx, cy - h * 0.85), w * 0.7)


def _gate(s: pygame.Surface, c: Point, h: float, w: float) -> None:
    cx, cy = c
    thick_line(s, style.HALO, (cx - h * 0.7, cy - h * 0.42), (cx + h * 0.7, cy - h * 0.42), w * 1.6)
    for k in (-0.6, -0.2, 0.2, 0.6):
        thick_line(s, style.HALO, (cx + h * k, cy - h * 0.35), (cx + h * k, cy + h * 0.6), w)


ICONS = {
    "restaurants": _fork_knife,
    "monuments": _column,
    "shops": _bag,
    "parks": _tree,
    "museum": _column,
    "palace": _crown,
    "church": _church,
    "tower": _tower,
    "gate": _gate,
}


def tile(surface: pygame.Surface, kind: str | None, center: Point, half: float) -> None:
    """A connection or landmark tile: the symbol on its coloured plate; a plain plate when not yet known."""
    colour = style.SYMBOL_COLOURS.get(kind or "", style.INK_SOFT)
    badge(surface, colour, center, half, edge=style.HALO)
    draw = ICONS.get(kind or "")
    if draw is not None:
        draw(surface, center, half * 0.78, max(1.0, half * 0.2))
    else:
        disc(surface, style.HALO, center, half * 0.28)


def stack(surface: pygame.Surface, kind: str | None, center: Point, half: float, count: int) -> None:
    """A landmark stack: plates stacked upwards behind the front one, the count on its lower corner.

    All of it keeps to the badge's own column (a name or the station's ring is right beside it), so the
    plates rise straight up and the count sits on the tile, on a paper disc of its own.
    """
    shown = max(1, min(count, 3))
    step = half * 0.28
    for k in range(shown - 1, -1, -1):
        c = (center[0], center[1] - k * step)
        if k:
            badge(surface, style.mix(style.SYMBOL_COLOURS.get(kind or "", style.INK_SOFT), style.HALO, 0.35), c, half,
                  edge=style.HALO)
        else:
            tile(surface, kind, c, half)
    if count > 1:
        label = style.font(max(7, round(half * 0.95)), "black").render(str(count), True, style.INK)
        spot = (center[0] + half * 0.55, center[1] + half * 0.55)
        radius = max(label.get_width(), label.get_height() * 0.8) / 2 + 1
        pygame.draw.circle(surface, style.HALO, spot, radius)
        pygame.draw.circle(surface, style.INK, spot, radius, 1)
        surface.blit(label, label.get_rect(center=(round(spot[0]), round(spot[1]))))


def marker(surface: pygame.Surface, tip: Point, head: Point, r: float, express: bool) -> None:
    """A face-up destination marker: a pin standing on the station, its point at `tip`, its head of radius
    `r` at `head` (straight up, or leaning off a name: board/pins.py)."""
    fill = style.GOLD if express else style.HALO
    edge = style.GOLD_DARK if express else style.INK
    length = max(math.dist(tip, head), 1e-9)
    ux, uy = (head[0] - tip[0]) / length, (head[1] - tip[1]) / length  # along the pin, tip to head
    vx, vy = -uy, ux  # across it

    def at(back: float, across: float) -> Point:
        """A point `back` from the head's centre towards the tip and `across` to one side."""
        return (head[0] - ux * back + vx * across, head[1] - uy * back + vy * across)

    polygon(surface, edge, [at(r * 0.55, -r * 0.72), tip, at(r * 0.55, r * 0.72)])
    disc(surface, edge, head, r)
    disc(surface, fill, head, r - max(1.5, r * 0.2))
    inner_tip = (tip[0] + ux * r * 0.35, tip[1] + uy * r * 0.35)
    polygon(surface, fill, [at(r * 0.45, -r * 0.5), inner_tip, at(r * 0.45, r * 0.5)])
    star(surface, edge if express else style.INK, head, r * 0.52)


def star(surface: pygame.Surface, colour: style.Colour, center: Point, radius: float) -> None:
    pts = []
    for k in range(10):
        angle = -math.pi / 2 + k * math.pi / 5
        rr = radius if k % 2 == 0 else radius * 0.45
        pts.append((center[0] + math.cos(angle) * rr, center[1] + math.sin(angle) * rr))
    polygon(surface, colour, pts)


def passenger(surface: pygame.Surface, center: Point, radius: float, colour: style.Colour = style.PASSENGER) -> None:
    """The lazy passenger as a game piece: a white figure on a dark token in a gold ring edged in ink.

    Dark where every station is white, gold like his routes, ink-edged so the ring reads against paper and
    yellow track alike (and without colour, in colour-blind mode, by its dark face and light figure)."""
    ring, edge = _passenger_ring(radius)
    disc(surface, style.INK, center, radius + ring + edge)
    disc(surface, style.GOLD, center, radius + ring)
    passenger_face(surface, center, radius, colour)


def passenger_face(surface: pygame.Surface, center: Point, radius: float,
                   colour: style.Colour = style.PASSENGER) -> None:
    """The piece's face alone, the dark disc with his figure: the least of him that may be shown, so he can
    be drawn whole over what would otherwise cut him away."""
    cx, cy = center
    edge = _passenger_ring(radius)[1]
    disc(surface, style.INK, center, radius)
    disc(surface, colour, center, radius - edge)
    figure = style.HALO
    disc(surface, figure, (cx, cy - radius * 0.34), radius * 0.26)
    body = [(cx - radius * 0.46, cy + radius * 0.58), (cx - radius * 0.4, cy + radius * 0.1),
            (cx - radius * 0.22, cy - radius * 0.03), (cx + radius * 0.22, cy - radius * 0.03),
            (cx + radius * 0.4, cy + radius * 0.1), (cx + radius * 0.46, cy + radius * 0.58)]
    polygon(surface, figure, body)


def _passenger_ring(radius: float) -> tuple[float, float]:
    """The piece's gold ring and ink edge: solid from the sofa, yet no wider round a big interchange, so
    the piece covers its station and little more."""
    return min(4.0, max(3.0, radius * 0.26)), min(2.0, max(1.5, radius * 0.1))


def passenger_reach(radius: float) -> float:
    """How far the piece `passenger` draws reaches from its centre."""
    return radius + sum(_passenger_ring(radius))
