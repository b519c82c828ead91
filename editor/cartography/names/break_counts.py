"""What every place round a station breaks, counted as arrays (`kind_counts`).

The placer asks of each station's places what they break (`NameScene.breaks`, one box at a time, read lazily:
a clean place is one that breaks nothing). For a station in a tight spot it asks of all of them, and how much
each breaks: a third of a whole import's time went there. Here the same checks, with the same arithmetic,
run over a station's places and the things near them at once; each place gets how many of each kind of rule
it breaks (KINDS), as many as `breaks` yields.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence

import numpy as np

from game.board.name_clearance import MAX_REACH, NameScene
from game.geometry import THROUGH, Box, inflate_box

KINDS = ("board", "reach", "own", "station", "disc", "nearer", "icon", "link", "bar")
_BOARD, _REACH, _OWN, _STATION, _DISC, _NEARER, _ICON, _LINK, _BAR = range(len(KINDS))
_REACH_SLACK = 1e-9  # as `NameScene.breaks` allows


class _SceneArrays:
    """A scene's discs, icons and stroke segments as arrays, built once per scene."""

    def __init__(self, scene: NameScene) -> None:
        self.discs = np.array([(x, y, r, owner) for x, y, r, _, owner in scene.discs], dtype=float).reshape(-1, 4)
        self.icons = np.array([box for box, _ in scene.icons], dtype=float).reshape(-1, 4)
        self.segments = np.array(scene.segments, dtype=float).reshape(-1, 6)  # ax, ay, bx, by, half-width, stroke
        self.bounds = np.array(scene.segment_bounds, dtype=float).reshape(-1, 4)
        self.bars = np.array([kind == "bar" for kind in scene.stroke_kinds], dtype=bool)
        self.strokes = len(scene.stroke_kinds)


_ARRAYS: weakref.WeakKeyDictionary[NameScene, _SceneArrays] = weakref.WeakKeyDictionary()


def _arrays_of(scene: NameScene) -> _SceneArrays:
    arrays = _ARRAYS.get(scene)
    if arrays is None:
        arrays = _ARRAYS[scene] = _SceneArrays(scene)
    return arrays


def kind_counts(scene: NameScene, pos: int, boxes: Sequence[Box], pad: float = 0.0) -> np.ndarray:
    """For each box (a place for station `pos`'s name), how many times `scene.breaks(pos, box, pad)` yields
    each of KINDS: places by kinds."""
    arrays = _arrays_of(scene)
    counts = np.zeros((len(boxes), len(KINDS)), dtype=np.int64)
    if not boxes:
        return counts
    b = np.array(boxes, dtype=float)
    x, y, w, h = b[:, 0], b[:, 1], b[:, 2], b[:, 3]
    frame = scene.frame
    ox, oy, ow, oh = pad, pad, frame.width - 2 * pad, frame.height - 2 * pad
    counts[:, _BOARD] = ~((x >= ox) & (y >= oy) & (x + w <= ox + ow) & (y + h <= oy + oh))
    me = scene.stations[pos]
    own = _box_point_distance(x, y, w, h, np.array(me.x), np.array(me.y))
    reach = own - me.radius
    counts[:, _REACH] = reach > MAX_REACH + _REACH_SLACK
    union = _union(b)
    near = list(scene.disc_grid.near(inflate_box(union, float(own.max()) + scene.widest_disc + pad)))
    if near:
        dx, dy, dr, downer = arrays.discs[near].T
        distance = _box_point_distance(x[:, None], y[:, None], w[:, None], h[:, None], dx[None, :], dy[None, :])
        covers = distance < dr[None, :] + pad
        counts[:, _OWN] = (covers & (downer == pos)[None, :]).sum(axis=1)
        counts[:, _STATION] = (covers & ((downer >= 0) & (downer != pos))[None, :]).sum(axis=1)
        counts[:, _DISC] = (covers & (downer < 0)[None, :]).sum(axis=1)
        rival = (downer >= 0) & (downer != pos)
        counts[:, _NEARER] = (rival[None, :] & (distance - dr[None, :] <= reach[:, None] + pad)).sum(axis=1)
    gx, gy, gw, gh = (x - pad, y - pad, w + 2 * pad, h + 2 * pad) if pad else (x, y, w, h)
    grown_union = inflate_box(union, pad) if pad else union
    icons = list(scene.icon_grid.near(grown_union)) if scene.icons else []
    if icons:
        ix, iy, iw, ih = (column[None, :] for column in arrays.icons[icons].T)
        overlaps = (gx[:, None] < ix + iw) & (ix < gx[:, None] + gw[:, None]) & \
            (gy[:, None] < iy + ih) & (iy < gy[:, None] + gh[:, None])
        counts[:, _ICON] = overlaps.sum(axis=1)
    segments = list(scene.segment_grid.near(grown_union))
    if segments:
        counts[:, _LINK], counts[:, _BAR] = _strokes_near(arrays, segments, b, (gx, gy, gw, gh), pad)
    return counts


def _strokes_near(arrays: _SceneArrays, segments: list[int], boxes: np.ndarray,
                  grown: tuple[np.ndarray, ...], pad: float) -> tuple[np.ndarray, np.ndarray]:
    """For each box, how many links and how many bars (strokes, each once) come nearer than their half-width
    and `pad`, as `NameScene.breaks` finds them: bounds first, then `segment_near_box`."""
    gx, gy, gw, gh = (g[:, None] for g in grown)
    gx1, gy1 = gx + gw, gy + gh
    sx0, sy0, sx1, sy1 = (column[None, :] for column in arrays.bounds[segments].T)
    meet = ~((sx0 >= gx1) | (gx >= sx1) | (sy0 >= gy1) | (gy >= sy1))
    ax, ay, bx, by, hw, stroke = (column[None, :] for column in arrays.segments[segments].T)
    x, y, w, h = (boxes[:, k][:, None] for k in range(4))
    distance = hw + pad
    near = meet & ~_clipped_out(ax, ay, bx, by, x - distance, y - distance, w + 2 * distance, h + 2 * distance)
    near &= _box_segment_distance(x, y, w, h, ax, ay, bx, by) < distance
    lines = meet & (distance <= 0)  # a path with no width: through the box, not along its edge
    if lines.any():
        near |= lines & ~_clipped_out(ax, ay, bx, by, x + THROUGH, y + THROUGH, w - 2 * THROUGH, h - 2 * THROUGH)
    hit = np.zeros((len(boxes), arrays.strokes), dtype=bool)
    rows, columns = np.nonzero(near)
    hit[rows, stroke[0, columns].astype(np.int64)] = True
    return hit[:, ~arrays.bars].sum(axis=1), hit[:, arrays.bars].sum(axis=1)


def _union(boxes: np.ndarray) -> Box:
    x0, y0 = float(boxes[:, 0].min()), float(boxes[:, 1].min())
    x1, y1 = float((boxes[:, 0] + boxes[:, 2]).max()), float((boxes[:, 1] + boxes[:, 3]).max())
    return x0, y0, x1 - x0, y1 - y0


def _box_point_distance(x: np.ndarray, y: np.ndarray, w: np.ndarray, h: np.ndarray, px: np.ndarray,
                        py: np.ndarray) -> np.ndarray:
    """`geometry.box_point_distance`, broadcast."""
    dx = np.maximum(np.maximum(x - px, 0.0), px - x - w)
    dy = np.maximum(np.maximum(y - py, 0.0), py - y - h)
    return np.hypot(dx, dy)


def _point_segment_distance(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray, px: np.ndarray,
                            py: np.ndarray) -> np.ndarray:
    """`geometry.point_segment_distance`, broadcast."""
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(length2 == 0, 0.0, np.maximum(0.0, np.minimum(1.0, ((px - ax) * dx + (py - ay) * dy) / length2)))
    return np.hypot(ax + t * dx - px, ay + t * dy - py)


def _clipped_out(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray, x0: np.ndarray, y0: np.ndarray,
                 w: np.ndarray, h: np.ndarray) -> np.ndarray:
    """Where `geometry.clip_segment` finds no stretch of segment a–b inside the closed box, broadcast (its
    early return taken at the end: t0 only grows and t1 only shrinks)."""
    dx, dy = bx - ax, by - ay
    t0 = np.zeros(np.broadcast_shapes(ax.shape, x0.shape))
    t1 = np.ones_like(t0)
    out = np.zeros(t0.shape, dtype=bool)
    for p, q in ((-dx, ax - x0), (dx, x0 + w - ax), (-dy, ay - y0), (dy, y0 + h - ay)):
        p, q = np.broadcast_to(p, t0.shape), np.broadcast_to(q, t0.shape)
        out |= (p == 0) & (q < 0)
        with np.errstate(divide="ignore", invalid="ignore"):
            r = q / p
        t0 = np.where(p < 0, np.maximum(t0, r), t0)
        t1 = np.where(p > 0, np.minimum(t1, r), t1)
    return out | (t0 > t1)


def _box_segment_distance(x: np.ndarray, y: np.ndarray, w: np.ndarray, h: np.ndarray, ax: np.ndarray,
                          ay: np.ndarray, bx: np.ndarray, by: np.ndarray) -> np.ndarray:
    """`geometry.box_segment_distance`, broadcast."""
    best = np.minimum(_box_point_distance(x, y, w, h, ax, ay), _box_point_distance(x, y, w, h, bx, by))
    for cx, cy in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        best = np.minimum(best, _point_segment_distance(ax, ay, bx, by, cx, cy))
    return np.where(_clipped_out(ax, ay, bx, by, x, y, w, h), best, 0.0)
