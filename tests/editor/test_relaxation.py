"""The importer's relaxation worked out as arrays gives what the plain loops over pairs and links give, to the
last bit: the loops below are the reference (the code the arrays replaced), on random crowds with links."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from editor.importing.layout import make_room_for_names
from editor.importing.relaxation import relax
from game.geometry import Point


def loop_relax(positions: dict[str, Point], links: list[tuple[str, str]], min_distance: float, size: Point,
               margin: float, fixed: tuple[str, ...] = (), iterations: int = 400, link_clearance: float = 0.0,
               wider: dict[tuple[str, str], float] | None = None) -> dict[str, Point]:
    names = sorted(positions)
    pos = {n: [positions[n][0], positions[n][1]] for n in names}
    home = dict(positions)
    width, height = size
    target = min_distance * 1.04
    for step in range(iterations):
        worst = 0.0
        moves = {n: [0.0, 0.0] for n in names}
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                dx, dy = pos[b][0] - pos[a][0], pos[b][1] - pos[a][1]
                d = math.hypot(dx, dy)
                if d >= target:
                    continue
                worst = max(worst, target - d)
                if d < 1e-6:
                    dx, dy, d = 1.0, 0.618, 1.18
                push = (target - d) / 2
                moves[a][0] -= dx / d * push
                moves[a][1] -= dy / d * push
                moves[b][0] += dx / d * push
                moves[b][1] += dy / d * push
        if link_clearance > 0:
            worst = max(worst, loop_clear_links(pos, links, link_clearance, moves, wider))
        for n in names:
            if n in fixed:
                continue
            pull = 0.02 if step < iterations * 0.8 else 0.0
            x = pos[n][0] + 0.5 * moves[n][0] + pull * (home[n][0] - pos[n][0])
            y = pos[n][1] + 0.5 * moves[n][1] + pull * (home[n][1] - pos[n][1])
            pos[n] = [min(max(x, margin), width - margin), min(max(y, margin), height - margin)]
        if worst < 0.01 and step > 10:
            break
    return {n: (round(p[0], 1), round(p[1], 1)) for n, p in pos.items()}


def loop_clear_links(pos: dict[str, list[float]], links: list[tuple[str, str]], base: float,
                     moves: dict[str, list[float]], wider: dict[tuple[str, str], float] | None) -> float:
    worst = 0.0
    for a, b in links:
        clearance = base + (wider or {}).get((a, b), 0.0)
        (ax, ay), (bx, by) = pos[a], pos[b]
        vx, vy = bx - ax, by - ay
        length2 = vx * vx + vy * vy
        if length2 < 1e-9:
            continue
        for n, p in pos.items():
            if n in (a, b) or not (min(ax, bx) - clearance <= p[0] <= max(ax, bx) + clearance):
                continue
            if not (min(ay, by) - clearance <= p[1] <= max(ay, by) + clearance):
                continue
            t = ((p[0] - ax) * vx + (p[1] - ay) * vy) / length2
            if t <= 0.05 or t >= 0.95:
                continue
            dx, dy = p[0] - (ax + t * vx), p[1] - (ay + t * vy)
            d = math.hypot(dx, dy)
            if d >= clearance:
                continue
            worst = max(worst, clearance - d)
            if d < 1e-6:
                dx, dy, d = -vy, vx, math.sqrt(length2)
            push = clearance - d
            moves[n][0] += dx / d * push * 0.6
            moves[n][1] += dy / d * push * 0.6
            for end in (a, b):
                moves[end][0] -= dx / d * push * 0.2
                moves[end][1] -= dy / d * push * 0.2
    return worst


coordinate = st.floats(200, 600).map(lambda v: round(v, 1))


@st.composite
def crowds(draw: st.DrawFn) -> tuple[dict[str, Point], list[tuple[str, str]], tuple[str, ...]]:
    """A few dozen stations in a small square (some on one point), chained by links, one or two pinned."""
    count = draw(st.integers(3, 30))
    names = [f"s{k:02}" for k in range(count)]
    points = {n: (draw(coordinate), draw(coordinate)) for n in names}
    if draw(st.booleans()):
        points[names[1]] = points[names[0]]
    links = sorted({tuple(sorted((names[k], names[draw(st.integers(0, count - 1))])))  # type: ignore[misc]
                    for k in range(count)} - {(n, n) for n in names})
    fixed = tuple(draw(st.lists(st.sampled_from(names), max_size=2)))
    return points, links, fixed


@settings(max_examples=40, deadline=None)
@given(crowds(), st.sampled_from([0.0, 14.0]))
def test_the_relaxation_as_arrays_is_the_loops_to_the_last_bit(crowd: tuple[dict[str, Point], list[tuple[str, str]],
                                                                           tuple[str, ...]], clearance: float) -> None:
    points, links, fixed = crowd
    wider = {links[0]: 6.0} if links else None
    args = (points, links, 40.0, (800.0, 800.0), 30.0)
    got = relax(*args, fixed=fixed, iterations=60, link_clearance=clearance, wider=wider)
    assert got == loop_relax(*args, fixed=fixed, iterations=60, link_clearance=clearance, wider=wider)


def test_a_station_on_a_link_not_its_own_is_pushed_off_it() -> None:
    points = {"a": (100.0, 300.0), "b": (500.0, 300.0), "c": (300.0, 302.0)}
    moved = relax(points, [("a", "b")], 40.0, (800.0, 800.0), 30.0, link_clearance=14.0)
    (ax, ay), (bx, by), (cx, cy) = moved["a"], moved["b"], moved["c"]
    off_line = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / math.dist((ax, ay), (bx, by))
    assert off_line >= 13.5


def test_making_room_for_names_keeps_stations_off_foreign_links() -> None:
    points = {"Alpha": (100.0, 300.0), "Bravo": (500.0, 300.0), "Charlie": (300.0, 303.0)}
    moved = make_room_for_names(points, [("Alpha", "Bravo")], ["Alpha"], 40.0, (800.0, 800.0), 30.0,
                                iterations=40, link_clearance=14.0)
    (ax, ay), (bx, by), (cx, cy) = moved["Alpha"], moved["Bravo"], moved["Charlie"]
    assert abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / math.dist((ax, ay), (bx, by)) >= 10.0
