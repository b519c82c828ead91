"""A river's run between two crossings found through the stations, not guessed (metro/river.py's last resort).

metro/river.py tries a few shapes for each run of a river: two elbows, and detours by one point. Where the layout
drew stations of both banks in a tangle between two crossings (a fresh East London import put Monument and
Tower Hill, on the north bank, below London Bridge's crossing), no such shape keeps the banks, and the river
was left out. Here the run is searched for: a path monotone along the run's longer axis, in straight and 45°
steps on a lattice, that passes every station nearby on the side its bank asks and never nearer than `near`.

Which side a station asks is the even-odd rule's (ways.py `_flipped`: a station is flipped when the run
crosses the ray from it to the right): a path monotone in x crosses that ray an odd number of times exactly
when its height at the station and at the run's right end lie on different sides of the station; a path
monotone in y crosses it once, when it passes to the station's right. So each station between the run's ends
asks the path to pass above or below it (left or right of it), and the search is a shortest path over
columns of the lattice: cheap, and exact for every path it can take.
"""

from __future__ import annotations

import functools
import math

Point = tuple[float, float]

REACH = 16.0  # in `near`s: how far off the straight way between the crossings the path may go
BEND = 1.0  # in steps: what a turn costs the path, so it takes few
DIRECTIONS = (-1, 0, 1)  # a step's rise across the run: 45° one way, straight, 45° the other
ACROSS = 2  # a step straight across the run, within a column (heading ±ACROSS)
SQRT2 = math.sqrt(2.0)
# A step is at most half a `near` along and across (a 45° one): a chord that long between two points CHORD × near
# from a station's centre passes no nearer than `near`.
CHORD = math.sqrt(1.0 + (SQRT2 / 4.0) ** 2)


@functools.lru_cache(maxsize=512)
def corridor(p: Point, q: Point, stations: tuple[Point, ...], flips: tuple[bool, ...],
             near: float) -> tuple[Point, ...] | None:
    """The shortest path from p to q (on the lattice, bends weighed in) that flips the stations `flips` marks
    of those between its ends (of `stations`, those near the run) and keeps `near` from every one; None if
    there is none on the lattice. Kept for the next asking: the routes to every pair of the river's ends
    ask for the same runs."""
    along = 0 if abs(q[0] - p[0]) >= abs(q[1] - p[1]) else 1  # the axis the path is monotone in
    across = 1 - along
    a0, a1 = p[along], q[along]
    count = max(1, math.ceil(abs(a1 - a0) / (near / 2)))
    step = (a1 - a0) / count
    size = abs(step)
    if size < 1e-6:
        return None
    low: list[bool | None] = []  # per station: must the path pass at a smaller coordinate across? (None: free)
    right_end = p if p[0] > q[0] else q
    for k, station in enumerate(stations):
        inside = min(a0, a1) < station[along] < max(a0, a1)
        if not inside:  # beyond the run's ends: every path flips it alike (the runs after it may mend it)
            low.append(None)
        elif along == 0:
            low.append(flips[k] == (right_end[1] > station[1]))
        else:
            low.append(not flips[k])
    first = min(p[across], q[across]) - REACH * near
    last = max(p[across], q[across]) + REACH * near
    lowest = math.floor((first - p[across]) / size)
    rows = range(lowest, math.ceil((last - p[across]) / size) + 1)
    end_row = round((q[across] - p[across]) / size)

    # Per column, the stations near it: how far the path must stay below or above each. The lattice points
    # keep CHORD × near, so that a step between two of them keeps `near` all along.
    outer = CHORD * near
    walls: list[list[tuple[float, float, bool | None]]] = []
    for column in range(count + 1):
        a = a0 + column * step
        walls.append([(station[across] - room, station[across] + room, side)
                      for station, side in zip(stations, low, strict=True)
                      if (gap := abs(a - station[along])) < outer and (room := math.sqrt(outer * outer - gap * gap))])
    known: dict[tuple[int, int], bool] = {}

    def free(column: int, row: int) -> bool:
        found = known.get((column, row))
        if found is None:
            b = p[across] + row * size
            found = known[column, row] = all(
                (b <= under) if side is True else (b >= over) if side is False else (b <= under or b >= over)
                for under, over, side in walls[column])
        return found

    # Least cost to each (column, row, direction of the step into it), column by column; within a column the
    # path may run straight across (ACROSS: a steep climb between two stations, onto a crossing).
    State = tuple[int, int, int]
    back: dict[State, State] = {}
    column_states: dict[State, float] = {(0, 0, 0): 0.0}
    for column in range(count + 1):
        now: dict[State, float] = {} if column else column_states
        by_row: dict[int, list[State]] = {}

        def reach(state: State, cost: float, before: State, now: dict[State, float] = now,
                  by_row: dict[int, list[State]] = by_row) -> None:
            if cost < now.get(state, math.inf):
                if state not in now:
                    by_row.setdefault(state[1], []).append(state)
                now[state] = cost
                back[state] = before

        if column:
            for before, cost in column_states.items():
                row, heading = before[1], before[2]
                for rise in DIRECTIONS:
                    if (nxt := row + rise) in rows and free(column, nxt):
                        reach((column, nxt, rise), cost + size * (SQRT2 if rise else 1.0)
                              + (BEND * size if rise != heading else 0.0), before)
        else:
            by_row[0] = [(0, 0, 0)]
        for heading in (ACROSS, -ACROSS):
            sign = 1 if heading > 0 else -1
            for row in sorted(by_row, reverse=sign < 0):
                row_now = row
                while (nxt := row_now + sign) in rows and free(column, nxt):
                    here = [(state, now[state]) for state in by_row.get(row_now, ())]
                    best = min(((cost + size + (BEND * size if state[2] != heading else 0.0), state)
                                for state, cost in here), default=None)
                    if best is None or best[0] >= now.get((column, nxt, heading), math.inf):
                        break
                    reach((column, nxt, heading), best[0], best[1])
                    row_now = nxt
        column_states = now
        if not column_states:
            return None
    ends = [state for state in column_states if state[1] == end_row]
    if not ends:
        return None
    state = min(ends, key=column_states.__getitem__)
    path_rows = [state]
    while state in back:
        state = back[state]
        path_rows.append(state)
    path_rows.reverse()
    points = [_point(along, a0 + column * step, p[across] + row * size) for column, row, _ in path_rows]
    points[0] = p
    points.append(q)  # a short straight run across onto q, which lies between two rows
    return tuple(_corners(points))  # kept by the cache: not to be changed by a caller


def _point(along: int, a: float, b: float) -> Point:
    return (a, b) if along == 0 else (b, a)


def _corners(points: list[Point]) -> list[Point]:
    """The path with the points in the middle of a straight run left out."""
    kept = [points[0]]
    for i in range(1, len(points) - 1):
        (ax, ay), (bx, by), (cx, cy) = kept[-1], points[i], points[i + 1]
        if abs((bx - ax) * (cy - by) - (by - ay) * (cx - bx)) > 1e-9 or math.dist(points[i], points[i + 1]) < 1e-9:
            kept.append(points[i])
    kept.append(points[-1])
    return [p for i, p in enumerate(kept) if i == 0 or math.dist(p, kept[i - 1]) > 1e-6]
