"""The camera over the map: zoom and pan, and the conversions between map and screen coordinates."""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]

MIN_ZOOM = 0.1
MAX_ZOOM = 8.0
READABLE_ZOOM = 1.0  # names at the size the board gives them: where a problem about a name can be read


@dataclass
class View:
    """`offset` is the screen position of map point (0, 0) inside the canvas rectangle."""

    canvas: tuple[int, int, int, int]  # x, y, width, height on the window
    zoom: float = 1.0
    offset: Point = (40.0, 40.0)

    def to_screen(self, p: Point) -> tuple[int, int]:
        return (
            round(self.canvas[0] + self.offset[0] + p[0] * self.zoom),
            round(self.canvas[1] + self.offset[1] + p[1] * self.zoom),
        )

    def to_map(self, s: tuple[float, float]) -> Point:
        return (
            (s[0] - self.canvas[0] - self.offset[0]) / self.zoom,
            (s[1] - self.canvas[1] - self.offset[1]) / self.zoom,
        )

    def contains(self, s: tuple[float, float]) -> bool:
        x, y, w, h = self.canvas
        return x <= s[0] < x + w and y <= s[1] < y + h

    def pan(self, dx: float, dy: float) -> None:
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)

    def zoom_at(self, s: tuple[float, float], factor: float) -> None:
        """Zoom keeping the map point under the screen position `s` in place."""
        before = self.to_map(s)
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, self.zoom * factor))
        after = self.to_map(s)
        self.pan((after[0] - before[0]) * self.zoom, (after[1] - before[1]) * self.zoom)

    def fit(self, width: float, height: float, margin: int = 30) -> None:
        _, _, w, h = self.canvas
        if width <= 0 or height <= 0:
            return
        self.zoom = max(MIN_ZOOM, min(MAX_ZOOM, min((w - 2 * margin) / width, (h - 2 * margin) / height)))
        self.offset = ((w - width * self.zoom) / 2, (h - height * self.zoom) / 2)

    def centre_on(self, p: Point) -> None:
        _, _, w, h = self.canvas
        self.offset = (w / 2 - p[0] * self.zoom, h / 2 - p[1] * self.zoom)

    def show(self, p: Point, at_least: float) -> None:
        """Centre on `p`, zoomed in to `at_least` when further out than that; a closer view is kept, since the
        designer chose it and zooming out would only make what they look at smaller."""
        self.zoom = max(self.zoom, min(MAX_ZOOM, at_least))
        self.centre_on(p)

    def pick_radius(self, pixels: float = 10) -> float:
        """A screen distance in map units: how near a click must be to hit something."""
        return pixels / self.zoom
