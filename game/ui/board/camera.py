"""World ↔ screen mapping for the board: fit, zoom around a point, pan.

The zoom is quantised into levels (a fixed ratio apart) so the board renderer can cache one
static surface per level instead of redrawing on every scroll tick.
"""

from __future__ import annotations

from dataclasses import dataclass

Point = tuple[float, float]
Rect = tuple[float, float, float, float]  # x, y, width, height

ZOOM_STEP = 1.25
MIN_LEVEL = -2
MAX_LEVEL = 12
# Of the view, on every side. The bounds already hold every disc and every name at the largest text size,
# so this only keeps them off the panel's edge: at 1280×720 a board whose names reach its edges then still
# fits at the zoom that draws names 12 px high (a 3 % margin left it at 11 px).
FIT_MARGIN = 0.005
KEEP_VISIBLE = 0.25  # of the view: how much of the board must stay on screen when panning


@dataclass
class Camera:
    """Maps board coordinates to pixels in a view rectangle: screen = world * scale + offset."""

    bounds: Rect  # the board's world rectangle
    view: Rect = (0, 0, 1280, 720)  # where on the screen the board is shown
    level: int = 0
    offset: Point = (0.0, 0.0)
    fit_scale: float = 1.0

    def __post_init__(self) -> None:
        self.fit()

    # ----- derived -----

    @property
    def scale(self) -> float:
        return self.fit_scale * ZOOM_STEP**self.level

    def to_screen(self, point: Point) -> Point:
        scale = self.scale
        return (point[0] * scale + self.offset[0], point[1] * scale + self.offset[1])

    def to_world(self, point: Point) -> Point:
        scale = self.scale
        return ((point[0] - self.offset[0]) / scale, (point[1] - self.offset[1]) / scale)

    def visible_world(self) -> Rect:
        """The part of the world the view shows."""
        x0, y0 = self.to_world((self.view[0], self.view[1]))
        x1, y1 = self.to_world((self.view[0] + self.view[2], self.view[1] + self.view[3]))
        return (x0, y0, x1 - x0, y1 - y0)

    # ----- changes -----

    def set_view(self, view: Rect) -> None:
        """A new window size: fit again, since the old framing no longer means anything."""
        self.view = view
        self.fit()

    def fit(self) -> None:
        """Show the whole board, centred, keeping its aspect."""
        vx, vy, vw, vh = self.view
        bx, by, bw, bh = self.bounds
        usable_w = max(1.0, vw * (1 - 2 * FIT_MARGIN))
        usable_h = max(1.0, vh * (1 - 2 * FIT_MARGIN))
        self.fit_scale = min(usable_w / max(bw, 1e-9), usable_h / max(bh, 1e-9))
        self.level = 0
        scale = self.scale
        self.offset = (vx + (vw - bw * scale) / 2 - bx * scale, vy + (vh - bh * scale) / 2 - by * scale)

    def zoom_at(self, steps: int, screen_point: Point) -> bool:
        """Zoom by whole levels keeping the world point under `screen_point` still; False at a limit."""
        level = max(MIN_LEVEL, min(MAX_LEVEL, self.level + steps))
        if level == self.level:
            return False
        anchor = self.to_world(screen_point)
        self.level = level
        scale = self.scale
        self.offset = (screen_point[0] - anchor[0] * scale, screen_point[1] - anchor[1] * scale)
        self._clamp()
        return True

    def pan(self, dx: float, dy: float) -> None:
        """Move the board by a screen distance, never losing it off screen."""
        self.offset = (self.offset[0] + dx, self.offset[1] + dy)
        self._clamp()

    def _clamp(self) -> None:
        vx, vy, vw, vh = self.view
        bx, by, bw, bh = self.bounds
        scale = self.scale
        keep_x = min(vw * KEEP_VISIBLE, bw * scale)
        keep_y = min(vh * KEEP_VISIBLE, bh * scale)
        left = bx * scale + self.offset[0]
        top = by * scale + self.offset[1]
        left = min(max(left, vx + keep_x - bw * scale), vx + vw - keep_x)
        top = min(max(top, vy + keep_y - bh * scale), vy + vh - keep_y)
        self.offset = (left - bx * scale, top - by * scale)
