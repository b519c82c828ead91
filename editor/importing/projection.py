"""Latitude and longitude to board pixels: a centre-magnifying projection fitted into the board.

Real positions crowd the centre of most cities (where the game is played most) and leave the suburbs
empty; a radial power law r' = R·(r/R)^p with p < 1 spreads the middle out like a fisheye. How much depends on
the city (`even_power`): Berlin's stations thin out fast from Mitte, Manhattan's hardly at all, and a strong
fisheye squeezes an evenly spread city's edge into rows a schematic then draws along the board's edge.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Iterable

from editor.importing.cartogram import Cartogram
from game.geometry import Point

# The fisheye's power when the stations do not say (`even_power`), and the range it is chosen in: 0.5 is a
# strong fisheye, 1 none.
DEFAULT_POWER = 0.6
POWER_RANGE = (0.5, 1.0)
INNER = 0.15  # of the radius: stations nearer the centre say little about how spacing grows with it


def local_xy(lat: float, lon: float, centre: Point) -> Point:
    """Kilometres east and south of the centre (screen y grows downwards)."""
    lat0, lon0 = centre
    x = (lon - lon0) * 111.32 * math.cos(math.radians(lat0))
    y = -(lat - lat0) * 110.57
    return x, y


class Projection:
    """Latitude/longitude to board pixels: fisheye around `centre`, then fitted into the board's box."""

    def __init__(self, points: Iterable[Point], centre: Point | None, power: float | None, size: Point,
                 margin: float, max_stretch: float = 1.35, rotate: float = 0.0, even_out: float | None = None) -> None:
        """`power` None: the one that spreads these stations most evenly (`even_power`). `even_out`: the
        background of the warp that evens the stations out after the fit (cartogram.py), None for none."""
        latlons = list(points)
        if not latlons:
            raise ValueError("nothing to project")
        if centre is None:
            centre = (sum(p[0] for p in latlons) / len(latlons), sum(p[1] for p in latlons) / len(latlons))
        self.centre = centre
        self.cos, self.sin = math.cos(math.radians(rotate)), math.sin(math.radians(rotate))
        local = [self._turn(local_xy(lat, lon, centre)) for lat, lon in latlons]
        self.power = even_power(local) if power is None else power
        self.radius = max(math.hypot(x, y) for x, y in local) or 1.0
        warped = [self._warp(p) for p in local]
        xs, ys = [p[0] for p in warped], [p[1] for p in warped]
        width, height = size
        span_x = max(max(xs) - min(xs), 1e-9)
        span_y = max(max(ys) - min(ys), 1e-9)
        sx = (width - 2 * margin) / span_x
        sy = (height - 2 * margin) / span_y
        # Fill the 16:9 board, but do not squash the city by more than max_stretch.
        small = min(sx, sy)
        self.sx, self.sy = min(sx, small * max_stretch), min(sy, small * max_stretch)
        self.ox = width / 2 - self.sx * (max(xs) + min(xs)) / 2
        self.oy = height / 2 - self.sy * (max(ys) + min(ys)) / 2
        self.cartogram: Cartogram | None = None
        if even_out is not None:
            fitted = [self(lat, lon) for lat, lon in latlons]
            self.cartogram = Cartogram(fitted, (margin, margin, width - margin, height - margin), even_out)

    def _turn(self, p: Point) -> Point:
        """Clockwise on the board by `rotate` degrees: Manhattan lies better across a wide board."""
        return p[0] * self.cos - p[1] * self.sin, p[0] * self.sin + p[1] * self.cos

    def _warp(self, p: Point) -> Point:
        x, y = p
        r = math.hypot(x, y)
        if r == 0:
            return 0.0, 0.0
        scale = self.radius * (r / self.radius) ** self.power / r
        return x * scale, y * scale

    def __call__(self, lat: float, lon: float) -> Point:
        x, y = self._warp(self._turn(local_xy(lat, lon, self.centre)))
        point = self.ox + self.sx * x, self.oy + self.sy * y
        return point if self.cartogram is None else self.cartogram(*point)


def even_power(local: list[Point]) -> float:
    """The fisheye's power that evens out how far apart stations are, for stations `local` about the centre.

    Where the spacing grows with the distance r from the centre as r^a (a fit of log spacing on log r, the
    spacing being the mean distance to a station's two nearest), the warp r^p spreads it by r^(p-1): p = 1 - a
    evens it. Measured on fresh imports: Berlin's centre gives a ≈ 0.35 (p ≈ 0.65), Manhattan's a ≈ 0.15 and
    less (p ≈ 0.85 to 1), where the old fixed 0.6 crushed the Upper West Side into two rows along the top
    edge. DEFAULT_POWER when too few stations lie outside the centre to say."""
    radius = max((math.hypot(x, y) for x, y in local), default=0.0)
    if len(local) < 3 or radius <= 0.0:
        return DEFAULT_POWER
    samples = []
    for k, p in enumerate(local):
        r = math.hypot(*p)
        if r > INNER * radius:
            nearest = sorted(math.dist(p, q) for j, q in enumerate(local) if j != k)[:2]
            spacing = sum(nearest) / len(nearest)
            if spacing > 0.0:
                samples.append((math.log(r / radius), math.log(spacing)))
    if len(samples) < 5:
        return DEFAULT_POWER
    try:
        growth = statistics.linear_regression(*zip(*samples, strict=True)).slope
    except statistics.StatisticsError:  # every station as far from the centre
        return DEFAULT_POWER
    low, high = POWER_RANGE
    return min(high, max(low, 1.0 - growth))
