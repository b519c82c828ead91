"""Spread a city's crowded parts into its empty ones: a density-equalising warp of the board (a diffusion
cartogram, after Gastner & Newman, PNAS 2004, and the flow-based form of Gastner, Seguy & More, PNAS 2018).

The fisheye (projection.py) evens how far apart stations are from the centre outwards, the same in every
direction. A city is not round: Berlin's stations crowd Mitte and leave the north-west empty, Manhattan
crowds Midtown, and a name needs room in the crowd, not in the empty corner. Here the stations' density
over the board flows out until it is even, as heat does: every point moves with the flow -grad(rho)/rho
while rho diffuses. The flow never crosses the board's edge and never folds the plane over itself, so north
stays north and every station keeps its side of every other; a uniform background density holds it back
(a fully even map would lose the city's shape).
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from game.geometry import Point

Floats = npt.NDArray[np.float64]

CELL = 16.0  # board px a grid cell spans
BLUR = 2.0  # cells: how far a station's weight is smeared (a station is not a point of density)
STEP = 0.2  # of a cell: the most any point moves in one time step
REST = 0.002  # of a cell: a step whose largest move is under this ends the flow
SHORTEST = 1e-6  # a time step is not halved below this (a cell squeezed flat by the board's edge stays so)


class Cartogram:
    """A warp of the box (x0, y0, x1, y1) in which `points` end up spread evenly, held back by a uniform
    `background` (as a share of their mean density: 0 evens fully, more keeps more of the city's shape).
    Call it with a board point for where that point goes. (Weighing each station by its name's length was
    measured and not taken: 180 -> 203 names breaking the figure on the whole import survey.)"""

    def __init__(self, points: list[Point], box: tuple[float, float, float, float], background: float) -> None:
        x0, y0, x1, y1 = box
        self.origin = np.array([x0, y0])
        self.shape = (max(2, round((x1 - x0) / CELL)), max(2, round((y1 - y0) / CELL)))
        nx, ny = self.shape
        self.cell = np.array([(x1 - x0) / nx, (y1 - y0) / ny])
        density = _density(np.array(points, dtype=float).reshape(-1, 2), self.origin, self.cell, self.shape)
        density += background * density.mean()
        gx, gy = np.meshgrid(np.arange(nx + 1, dtype=float), np.arange(ny + 1, dtype=float), indexing="ij")
        self.moved = _flow(density, np.stack([gx, gy], axis=-1))  # each lattice node's end place, in cells

    def __call__(self, x: float, y: float) -> Point:
        """Where the board point (x, y) goes: between the moved corners of the cell it lies in."""
        nx, ny = self.shape
        u, v = (np.array([x, y]) - self.origin) / self.cell
        i, j = min(max(int(u), 0), nx - 1), min(max(int(v), 0), ny - 1)
        fu, fv = min(max(u - i, 0.0), 1.0), min(max(v - j, 0.0), 1.0)
        m = self.moved
        cell = ((1 - fu) * (1 - fv) * m[i, j] + fu * (1 - fv) * m[i + 1, j] + (1 - fu) * fv * m[i, j + 1]
                + fu * fv * m[i + 1, j + 1])
        if not (0.0 <= u <= nx and 0.0 <= v <= ny):  # outside the box: carried as its nearest edge point is
            cell = cell + np.array([u - (i + fu), v - (j + fv)])
        bx, by = self.origin + cell * self.cell
        return float(bx), float(by)


def _density(points: Floats, origin: Floats, cell: Floats, shape: tuple[int, int]) -> Floats:
    """How many points lie at each lattice node, smeared by a Gaussian of BLUR cells (reflected at the edges)."""
    nx, ny = shape
    grid = np.zeros((nx + 1, ny + 1))
    if len(points):
        uv = np.clip(np.rint((points - origin) / cell), 0, [nx, ny]).astype(int)
        np.add.at(grid, (uv[:, 0], uv[:, 1]), 1.0)
    spectrum = np.fft.rfft2(_mirror(grid))
    kx, ky = _wavenumbers(shape)
    smeared = np.fft.irfft2(spectrum * np.exp(-0.5 * BLUR ** 2 * (kx ** 2 + ky ** 2)), s=(2 * nx, 2 * ny))
    return np.maximum(smeared[: nx + 1, : ny + 1], 0.0)


def _flow(density: Floats, nodes: Floats) -> Floats:
    """Carry `nodes` (in cells) along the flow -∇ρ/ρ while ρ diffuses to even (reflecting edges)."""
    nx, ny = density.shape[0] - 1, density.shape[1] - 1
    spectrum = np.fft.rfft2(_mirror(density))
    kx, ky = _wavenumbers((nx, ny))
    k2 = kx ** 2 + ky ** 2
    moved = nodes.copy()
    t, dt = 0.0, 0.1
    for _ in range(2000):
        decay = spectrum * np.exp(-k2 * t)
        rho = np.fft.irfft2(decay, s=(2 * nx, 2 * ny))[: nx + 1, : ny + 1]
        drx = np.fft.irfft2(1j * kx * decay, s=(2 * nx, 2 * ny))[: nx + 1, : ny + 1]
        dry = np.fft.irfft2(1j * ky * decay, s=(2 * nx, 2 * ny))[: nx + 1, : ny + 1]
        velocity = -np.stack([drx, dry], axis=-1) / rho[..., None]
        here = _sample(velocity, moved)
        fastest = float(np.abs(here).max())
        if fastest * dt < REST and t > 1.0:
            break
        dt = min(STEP / max(fastest, 1e-12), 4.0 * dt + 0.1)
        stepped = np.clip(moved + dt * here, 0.0, [nx, ny])
        while not _unfolded(stepped) and dt > SHORTEST:  # a step so long a cell turns over: shorter, until none
            dt /= 2
            stepped = np.clip(moved + dt * here, 0.0, [nx, ny])
        moved = stepped
        t += dt
    return moved


def _unfolded(nodes: Floats) -> bool:
    """Whether every cell of the lattice keeps its corners' turn, cut in two either way (a positive area): a
    step of the flow is straight, and where the flow squeezes hard, one as long as STEP turned a cell over
    (a lopsided crowd at a background of half its density, found by the property test)."""
    a, b, c, d = nodes[:-1, :-1], nodes[1:, :-1], nodes[1:, 1:], nodes[:-1, 1:]
    for p, q, r in ((a, b, c), (a, c, d), (a, b, d), (b, c, d)):
        if float(((q - p)[..., 0] * (r - p)[..., 1] - (q - p)[..., 1] * (r - p)[..., 0]).min()) <= 0.0:
            return False
    return True


def _sample(field: Floats, at: Floats) -> Floats:
    """`field` (on the lattice) at the points `at` (in cells), bilinearly."""
    nx, ny = field.shape[0] - 1, field.shape[1] - 1
    u, v = at[..., 0], at[..., 1]
    i = np.clip(np.floor(u).astype(int), 0, nx - 1)
    j = np.clip(np.floor(v).astype(int), 0, ny - 1)
    fu, fv = (u - i)[..., None], (v - j)[..., None]
    return ((1 - fu) * (1 - fv) * field[i, j] + fu * (1 - fv) * field[i + 1, j]
            + (1 - fu) * fv * field[i, j + 1] + fu * fv * field[i + 1, j + 1])


def _mirror(grid: Floats) -> Floats:
    """The even extension of a lattice of nodes 0..n to a period of 2n (so a Fourier series is a cosine one:
    nothing flows across the edge)."""
    wide = np.concatenate([grid, grid[-2:0:-1]], axis=0)
    return np.concatenate([wide, wide[:, -2:0:-1]], axis=1)


def _wavenumbers(shape: tuple[int, int]) -> tuple[Floats, Floats]:
    """Angular wavenumbers (per cell) of the mirrored lattice's rfft2, broadcast to its spectrum's shape."""
    nx, ny = shape
    kx = 2 * np.pi * np.fft.fftfreq(2 * nx)[:, None].astype(np.float64)
    ky = 2 * np.pi * np.fft.rfftfreq(2 * ny)[None, :].astype(np.float64)
    return kx, ky
