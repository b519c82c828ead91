"""Making room for names by moving a finished octilinear layout along one axis at a time (1-D compaction).

An x-pass keeps every y and moves x only: vertical and 45° segments are rigid (their ends move together),
horizontal ones may stretch or shrink. Everything drawn — station points, track beds (diagonals cut into
short pieces), each station's name box riding on its station — is a rectangle tied to the positions of
one or two points, and any two rectangles whose y-spans come closer than their needed gap keep their
left/right order with that gap: a difference constraint. So whatever was apart stays apart, no link
crosses another, every segment keeps its direction. Where two things are in conflict (a name over a
station, a link, another name), the pass on the axis that needs the smaller move separates them.

The constraints are solved as longest paths (least solution above a target), and the targets are the old
positions scaled by the largest factor that still fits the board: slack is squeezed out where the map has
it, and room appears where names need it. The y-pass is the same on the transposed drawing.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

STATION, BOX, SEGMENT = 0, 1, 2
PIECE = 8.0  # px: a diagonal's pieces are this tall (their boxes overstate the bed by at most this much)
SHORTEST_SEGMENT = 12.0  # px: a horizontal segment that stretches never shrinks below this
BISECTIONS = 12
# A value raised this many times has its chain of raises looked along for a positive cycle (raised past the
# count of values, a value proves one; a fresh Manhattan import's room-making found 40 so, a third of a second).
CYCLE_LOOK = 4
MAX_SCALE = 1.0  # the targets never spread a map (its size was chosen for its names: see room.py)
WINDOW = 240.0  # px: things further apart than this along the axis are not tied to each other directly


@dataclass(slots=True)
class Thing:
    """A rectangle: x from xs[lvar] + loff to xs[rvar] + roff, y from ylo to yhi (fixed in this pass)."""

    kind: int
    lvar: int
    loff: float
    rvar: int
    roff: float
    ylo: float
    yhi: float
    owner: int  # station: its var; box: its station's var; segment: its id
    ends: tuple[int, ...]  # the vars a segment joins (for adjacency); a station's own var
    gap: float  # the room it keeps from others (their gaps are added, see _gap)
    lo: float  # bounds on the board
    hi: float


@dataclass(slots=True)
class Pass:
    """The drawing in one pass's orientation: var positions, rigid links, stretchy links, things."""

    xs: list[float]
    ys: list[float]
    rigid: list[tuple[int, int]]  # var pairs whose x difference is fixed
    stretchy: list[tuple[int, int, float]]  # (a, b, least): xs[b] - xs[a] >= least
    things: list[Thing]
    pinned: set[int]
    width: float
    across: list[int] | None = None  # each var's rigid group in the other pass's orientation, if known


def _gap(a: Thing, b: Thing) -> tuple[float, bool] | None:
    """The room two things need between them, and whether it is a wish (a name's) or a keep (the layout's);
    None for things that may touch (a station and its own links, links meeting at a point...)."""
    ka, kb = a.kind, b.kind
    if ka > kb:
        a, b, ka, kb = b, a, kb, ka
    if ka == STATION and kb == STATION:
        return (a.gap + b.gap, False) if a.owner != b.owner else None
    if ka == STATION and kb == BOX:
        return (b.gap, True) if a.owner != b.owner else None  # a box's gap: its station's reach, nearer rule
    if ka == STATION:  # and a segment
        return None if a.owner in b.ends else (a.gap + b.gap, False)
    if ka == BOX and kb == BOX:
        return (1.0, True) if a.owner != b.owner else None
    if ka == BOX:  # and a segment
        return None if a.owner in b.ends else (b.gap + 1.0, True)  # its own links: the placer's to avoid
    if set(a.ends) & set(b.ends) or a.owner == b.owner:
        return None
    return (a.gap + b.gap, False)


class _Groups:
    """Vars joined by rigid links: each var's group and its offset from the group's root."""

    def __init__(self, count: int, xs: Sequence[float], rigid: Sequence[tuple[int, int]]) -> None:
        self.parent = list(range(count))
        for a, b in rigid:
            ra, rb = self.root(a), self.root(b)
            if ra != rb:
                self.parent[rb] = ra
        self.offset = [xs[v] - xs[self.root(v)] for v in range(count)]
        self.group = [self.root(v) for v in range(count)]

    def root(self, v: int) -> int:
        while self.parent[v] != v:
            self.parent[v] = self.parent[self.parent[v]]
            v = self.parent[v]
        return v


def rigid_groups(count: int, rigid: Sequence[tuple[int, int]]) -> list[int]:
    """Each var's group (a var of it) when the `rigid` pairs keep their difference."""
    return _Groups(count, [0.0] * count, rigid).group


def _pairs(things: Sequence[Thing], reach: float) -> list[tuple[int, int]]:
    """Pairs of things whose y-spans come within `reach` of each other (a sweep in y)."""
    order = sorted(range(len(things)), key=lambda i: things[i].ylo)
    found: list[tuple[int, int]] = []
    active: list[int] = []
    for i in order:
        t = things[i]
        active = [j for j in active if things[j].yhi + reach > t.ylo]
        found.extend((j, i) for j in active)
        active.append(i)
    return found


def _constraints(p: Pass, groups: _Groups) -> tuple[list[tuple[int, int, float]], list[tuple[int, int, float]]]:
    """(keeps, wishes): each (group a, group b, w) asks X[b] >= X[a] + w."""
    xs = p.xs
    g, off = groups.group, groups.offset
    keeps: list[tuple[int, int, float]] = []
    wishes: list[tuple[int, int, float]] = []
    for u, w, least in p.stretchy:
        keeps.append((g[u], g[w], off[u] + min(least, xs[w] - xs[u]) - off[w]))
    things = p.things
    reach = max((t.gap for t in things), default=0.0) * 2 + 2.0
    for first, second in _pairs(things, reach):
        a, b = things[first], things[second]
        need = _gap(a, b)
        if need is None:
            continue
        gap, wish = need
        sy = max(a.ylo - b.yhi, b.ylo - a.yhi)
        if sy >= gap:
            continue
        al, ar = xs[a.lvar] + a.loff, xs[a.rvar] + a.roff
        bl, br = xs[b.lvar] + b.loff, xs[b.rvar] + b.roff
        sx = max(bl - ar, al - br)
        if sx > WINDOW:
            continue
        if sx < gap:
            if not wish:
                if sx < 0:
                    continue  # apart in y only: the other pass keeps them apart
                gap = sx
            elif (gap - sx > gap - sy or (sx < 0 <= sy)) and _parted_across(p, a, b):
                continue  # the other pass moves less to part them (or they are apart in y already)
        if bl + br < al + ar:
            a, b, al, ar, bl, br = b, a, bl, br, al, ar
        # b.left - a.right >= gap
        ga, gb = g[a.rvar], g[b.lvar]
        weight = off[a.rvar] + a.roff + gap - off[b.lvar] - b.loff
        if ga == gb:
            continue  # rigidly tied: nothing this pass can change
        (wishes if wish and sx < gap else keeps).append((ga, gb, weight))
    return keeps, wishes


def _parted_across(p: Pass, a: Thing, b: Thing) -> bool:
    """Whether the other pass can move a and b apart at all. Not when all they ride on is one of its rigid
    groups: a name over a diagonal that leaves its station's vertical link (the x-pass cannot part them, and
    the y-pass, asked to leave it to the x-pass as the smaller move, would not either)."""
    if p.across is None:
        return True
    return len({p.across[v] for v in (a.lvar, a.rvar, *a.ends, b.lvar, b.rvar, *b.ends)}) > 1


def _solve(count: int, lower: list[float], edges: Sequence[tuple[int, int, float]]) -> list[float] | None:
    """Least X with X[b] >= X[a] + w for every edge and X >= lower (longest paths, queue-based Bellman-Ford);
    None if the constraints contradict each other (a positive cycle)."""
    found = _longest(count, lower, edges)
    return found if isinstance(found, list) else None


def _longest(count: int, lower: list[float], edges: Sequence[tuple[int, int, float]]) -> list[float] | set[int]:
    """The least solution, or the indices of the edges on a positive cycle."""
    out: list[list[tuple[int, float, int]]] = [[] for _ in range(count)]
    for k, (a, b, w) in enumerate(edges):
        out[a].append((b, w, k))
    pred = [-1] * count
    x = list(lower)
    queue = deque(v for v in range(count) if out[v])
    queued = [bool(out[v]) for v in range(count)]
    relaxed = [0] * count
    limit = count + 2
    while queue:
        v = queue.popleft()
        queued[v] = False
        xv = x[v]
        for u, w, k in out[v]:
            if xv + w > x[u] + 1e-9:
                x[u] = xv + w
                pred[u] = k
                relaxed[u] += 1
                if relaxed[u] > limit or (relaxed[u] % CYCLE_LOOK == 0 and _on_own_cycle(u, pred, edges, count)):
                    return _cycle(u, pred, edges)
                if not queued[u]:
                    queued[u] = True
                    queue.append(u)
    return x


def _on_own_cycle(start: int, pred: list[int], edges: Sequence[tuple[int, int, float]], count: int) -> bool:
    """Whether the chain of last raises leading to `start` comes round to it: a positive cycle (as a cycle among
    a shortest-path search's predecessors is a negative one), found without raising its values `count` times."""
    v = start
    for _ in range(count):
        if pred[v] < 0:
            return False
        v = edges[pred[v]][0]
        if v == start:
            return True
    return False


def _cycle(start: int, pred: list[int], edges: Sequence[tuple[int, int, float]]) -> set[int]:
    """The edges on the cycle the predecessor chain from `start` runs into."""
    seen: dict[int, int] = {}
    v = start
    step = 0
    while v not in seen and pred[v] >= 0:
        seen[v] = step
        step += 1
        v = edges[pred[v]][0]
    cycle: set[int] = set()
    if pred[v] < 0:
        return cycle
    u = v
    while True:
        k = pred[u]
        cycle.add(k)
        u = edges[k][0]
        if u == v or (k in cycle and len(cycle) > len(edges)):
            break
    return cycle


def solve_pass(p: Pass) -> bool:
    """Move `p.xs` (in place) to part what conflicts and fit the board; False if nothing could be done."""
    count = len(p.xs)
    groups = _Groups(count, p.xs, p.rigid)
    keeps, wishes = _constraints(p, groups)
    g, off = groups.group, groups.offset
    low = [-math.inf] * count
    high = [math.inf] * count
    for t in p.things:
        for var, edge, bound, is_low in ((t.lvar, t.loff, t.lo, True), (t.rvar, t.roff, t.hi, False)):
            root = g[var]
            value = bound - edge - off[var]
            if is_low:
                low[root] = max(low[root], value)
            else:
                high[root] = min(high[root], value)
    for v in p.pinned:
        low[g[v]] = max(low[g[v]], p.xs[v] - off[v])
        high[g[v]] = min(high[g[v]], p.xs[v] - off[v])
    start = [p.xs[v] - off[v] if g[v] == v else 0.0 for v in range(count)]
    lowest = min((low[v] for v in range(count) if g[v] == v and low[v] > -math.inf), default=0.0)
    edges = keeps + wishes
    first = [low[v] if low[v] > -math.inf else start[v] for v in range(count)]
    for _ in range(len(wishes) + 1):  # drop the wishes that contradict the layout, one cycle at a time
        cycle = _longest(count, first, edges)
        if isinstance(cycle, list):
            break
        dropped = {k for k in cycle if k >= len(keeps)}
        if not dropped:
            edges = keeps
            break
        edges = [e for k, e in enumerate(edges) if k not in dropped]
        keeps_count = len(keeps)
        edges = edges[:keeps_count] + edges[keeps_count:]

    def attempt(scale: float) -> list[float] | None:
        lower = [max(low[v], lowest + scale * (start[v] - lowest)) if g[v] == v else -math.inf
                 for v in range(count)]
        lower = [value if value > -math.inf else 0.0 for value in lower]
        x = _solve(count, lower, edges)
        if x is None or any(x[v] > high[v] + 1e-6 for v in range(count) if g[v] == v):
            return None
        return x

    best = attempt(0.0)
    if best is None:
        edges = keeps
        best = attempt(0.0)
        if best is None:
            return False
    lo_s, hi_s = 0.0, MAX_SCALE
    for _ in range(BISECTIONS):
        mid = (lo_s + hi_s) / 2
        found = attempt(mid)
        if found is None:
            hi_s = mid
        else:
            lo_s, best = mid, found
    _centre(p, best, g, off, low, high)
    for v in range(count):
        p.xs[v] = best[g[v]] + off[v]
    return True


def _centre(p: Pass, x: list[float], g: list[int], off: list[float], low: list[float], high: list[float]) -> None:
    """Shift the whole solution to the middle of the room the board leaves it (pins hold it in place)."""
    if p.pinned:
        return
    roots = [v for v in range(len(x)) if g[v] == v]
    up = min((high[v] - x[v] for v in roots), default=0.0)
    down = max((low[v] - x[v] for v in roots if low[v] > -math.inf), default=0.0)
    stations = [x[g[t.lvar]] + off[t.lvar] for t in p.things if t.kind == STATION]
    if not stations:
        return
    want = p.width / 2 - (min(stations) + max(stations)) / 2
    shift = min(max(want, down), up) if down <= up else 0.0
    for v in roots:
        x[v] += shift
