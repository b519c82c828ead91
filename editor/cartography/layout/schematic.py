"""`schematize`: a network's rough geography turned into an octilinear metro map that fills the frame.

Pipeline (after LOOM's octi, Bast, Brosi & Storandt 2020):
1. check the input (planar.validate) and planarize it: a crossing without a station becomes a dummy
   vertex of degree four, so "no new crossing" becomes "draw a plane graph, keep its rotation system";
2. contract chains of degree-2 stations into single edges that need k + 1 grid steps (chains.py);
3. spread the places Beck-style (warp.py: per-axis rank/linear blend, then room made around junctions);
4. pick the largest grid pitch that works (largest first; every edge order on a grid before a finer one,
   as octi tries several; a thorough request as the shipped boards were built, `_search`);
   on each grid, route edge after edge as cheapest grid paths with bend costs, ports kept in the input's
   cyclic order, used hops and crossing diagonals blocked, rip-up and retry where it gets stuck
   (octilinear.py, router.py, drawing.py), then local search (polish.py), which also straightens the lines
   that turn where they cross another (a turn there reads as a junction of the two lines);
5. put the chain stations back evenly along their routes, read the tracks' paths off the grid (dummies
   dropped, only bends kept), scale and widen the drawing to fill the frame (fill.py);
6. carry the areas along, every place kept on its side of every area (areas.py);
7. check the result (checks.py): a layout with any violation is never returned while another attempt
   can do better; if none can, the least bad one is, and `check_schematic` says what is wrong with it.

Pinned places: the grid is anchored on the first pinned place (in place order), so it lands exactly on a
grid node. With two or more pins, the pitch is chosen among those that put every pin on a node (the
editor snaps to `Schematic.pitch` and `Schematic.origin`, so pins placed after a layout line up). The
other places' wished-for spots follow the pins. A pin no such grid can hold is snapped to its nearest node,
and `Schematic.notes` says so; `check_schematic` reports it too. With pins, the layout is not stretched to
fill the frame (that would move them).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

from editor.cartography.layout.areas import carry_areas
from editor.cartography.layout.chains import Contraction, contract, spread_stations
from editor.cartography.layout.checks import check_schematic
from editor.cartography.layout.drawing import Drawing, Route
from editor.cartography.layout.fill import fill_frame
from editor.cartography.layout.grid import Grid
from editor.cartography.layout.octilinear import LayoutFailed, Problem, draw
from editor.cartography.layout.planar import PlaneGraph, degenerate, nudged, planarize, validate
from editor.cartography.layout.polish import improve
from editor.cartography.layout.ports import crossing_partners, port_plan, side_by_side, through_partners, wanted_hops
from editor.cartography.layout.warp import make_room, spread
from editor.cartography.network import Frame, Network, Point, Schematic

MIN_SPACING = 40.0  # board px between places: the layout never uses a finer grid unless it must
MAX_PITCH = 160.0
NODES_PER_VERTEX = 4.0  # grid room the first (largest) pitch allows each vertex
PITCH_STEP = 0.9
LOCAL_SEARCH_ROUNDS = 2
# Variants of one attempt (octi, too, tries several edge orders): variant v routes in edge order v % 2,
# routes first the edges that got stuck before at that pitch, and from v = 2 on nudges the wished-for
# spots a little (deterministically), so that a greedy choice that went wrong goes differently.
VARIANTS = 4
MAX_CLIMB = 2  # pitches `_search` climbs back up as the shipped boards were built (each up to VARIANTS - 1 tries)
PIN_TOLERANCE = 0.01
PARALLEL_REACH = 0.6  # links leaving places this many typical link lengths apart, same way, run "beside"
PIN_PULL_STAY = 1 / 16  # weight of "stay": a pin's pull halves about 4 grid units away
NUDGE = 0.01  # of a typical link: how far places move to break ties in a degenerate input
HUB_ROOM = 2.2  # grid units wished between a junction and its neighbours: its ring of ports stays free


def schematize(
    network: Network, frame: Frame, *, progress: Callable[[float], None] | None = None, crossing_room: float = 1.0,
    descend_first: bool = False,
) -> Schematic:
    """Lay the network out as an octilinear metro map filling `frame` (see the module docstring).

    `descend_first` searches the grids as the shipped boards were built (`_search`); with pins, whose grid is
    the first pitch, the coarse grids are searched first whatever it says.

    `crossing_room` is the share of the evened-out room (warp.spread) a crossing of two links takes,
    against a place's 1: it has no name to make room for, but moves the map's balance."""
    validate(network)
    shown = [0.0]

    def report(fraction: float) -> None:
        """Pass progress on, never backwards (a rip-up un-routes edges; the bar should not shrink)."""
        shown[0] = max(shown[0], min(1.0, fraction))
        if progress is not None:
            progress(shown[0])

    report(0.0)
    extra_notes: list[str] = []
    if degenerate(network):
        # Ties in the input (links overlapping, running through places) would leave the cyclic order
        # undecided: lay out a copy with every place moved a hair (deterministically) instead.
        network = nudged(network, NUDGE * _typical_link(planarize(network)))
        extra_notes.append("links overlap or run through places in the input: their order was chosen arbitrarily")
    graph = planarize(network)
    pins = [i for i, p in enumerate(network.places) if p.pinned]
    candidates, notes = _pitches(network, frame, graph.vertex_count, pins)
    notes = notes + extra_notes
    lines = [t.lines for t in network.tracks]
    contraction = contract(graph, set(pins))
    routed = contraction.graph
    partner = through_partners(routed, lines)
    min_hops = [len(chain) + 1 for chain in contraction.inner]
    plan = port_plan(routed)
    parallel = side_by_side(routed, PARALLEL_REACH * _typical_link(graph))
    unit = spread(graph.positions, weights=[1.0] * graph.place_count
                  + [crossing_room] * (graph.vertex_count - graph.place_count))
    knights = max(map(len, routed.rotation), default=0) > 8
    stuck_at: dict[float, set[int]] = {}
    tries = [0]
    budget = len(candidates) * VARIANTS

    def attempt(pitch: float, variant: int) -> Attempt | None:
        """One try at drawing on a grid of this pitch; None if routing got stuck for good."""
        grid = _grid(network, frame, pitch, pins, knights=knights)
        if grid.node_count < graph.vertex_count:  # not even one node per place: no need to try
            return None
        ideal = _ideal(grid, frame, unit, network, pins, contraction, jitter=variant // 2)
        fixed = {v: grid.nearest_node(*ideal[v]) for v in pins}
        urgent = frozenset(stuck_at.setdefault(pitch, set()))
        problem = Problem(
            routed, grid, ideal, fixed, partner, min_hops, contraction.contracted, variant % 2, plan, urgent=urgent
        )
        problem.patient = variant > 0
        problem.parallel = parallel
        base = 0.6 * min(tries[0], budget - 1) / budget
        tries[0] += 1
        try:
            drawing, edge_cost = draw(problem, lambda f: report(base + 0.6 * f / budget))
        except LayoutFailed:
            stuck_at[pitch].update(problem.stuck)
            return None
        schematic = _assemble(network, frame, graph, contraction, drawing, notes, pins)
        # a pin no grid can hold is already in the notes: it is no reason to try another grid
        problems = sum(1 for p in check_schematic(network, schematic, frame) if not p.startswith("pinned "))
        return Attempt(problem, drawing, edge_cost, schematic, problems, sum(edge_cost.values()))

    found, fallback = _search(candidates, attempt, descend_first=descend_first and not pins)
    if found is None:
        if fallback is None:
            raise ValueError(
                f"{len(network.places)} places do not fit a {frame.width:.0f}×{frame.height:.0f} frame: "
                f"no grid down to {candidates[-1]:.0f} px could hold them (use a larger frame)"
            )
        report(1.0)
        return fallback.schematic
    report(0.6)
    # Polish with room for names in mind: links may now ask for more than their minimum length (only
    # here: asked during the first drawing, it makes dense cities fail on every grid).
    found.problem.want_hops = wanted_hops(routed, found.problem.ideal, min_hops)
    # and lines straight through their crossings (asked during the first drawing, it got the router stuck on
    # coarser grids: a fresh Manhattan import's 66 px pitch became 53)
    found.problem.straight_crossings = True
    found.problem.partner = {**found.problem.partner, **crossing_partners(routed)}
    improve(found.problem, found.drawing, found.edge_cost, LOCAL_SEARCH_ROUNDS, lambda f: report(0.6 + 0.35 * f))
    improved = _assemble(network, frame, graph, contraction, found.drawing, notes, pins)
    report(1.0)
    kept = [p for p in check_schematic(network, improved, frame) if not p.startswith("pinned ")]
    return improved if not kept else found.schematic


@dataclass(slots=True)
class Attempt:
    problem: Problem
    drawing: Drawing
    edge_cost: dict[int, float]
    schematic: Schematic
    problems: int  # violations check_schematic found (0 = a layout we can return)
    cost: float  # what the drawing's routes cost (bends, strays from geography...): lower reads better


def _search(
    pitches: list[float], attempt: Callable[[float, int], Attempt | None], descend_first: bool = False
) -> tuple[Attempt | None, Attempt | None]:
    """The largest pitch that works: every variant at each pitch, largest first, before a finer one (greedy
    routing is chaotic: another order may get through), and a second look at the pitch that works. Returns
    (a valid attempt, the least bad one).

    `descend_first` searches as the shipped boards were built: one variant per pitch down to one that works,
    then the other variants back up at most `MAX_CLIMB` pitches (if none works, every variant at every pitch).
    Where the first variant works at no pitch, as on a fresh import of Manhattan (111 stations), that tries
    every finer, slower grid in vain first (2.0 s of the layout's 2.7); but London classic's build, searched
    coarse grids first, took a larger pitch, another map, and far longer to finish (stopped after 47 minutes
    of CPU against 6), so a thorough request, which has the time, keeps it."""
    fallback: Attempt | None = None
    tried: set[tuple[float, int]] = set()

    def run(pitch: float, variant: int) -> Attempt | None:
        nonlocal fallback
        tried.add((pitch, variant))
        result = attempt(pitch, variant)
        if result is None:
            return None
        if result.problems == 0:
            return result
        if fallback is None or result.problems < fallback.problems:
            fallback = result
        return None

    if descend_first:
        return _descended(pitches, run, tried), fallback
    for pitch in pitches:
        for variant in range(VARIANTS):
            found = run(pitch, variant)
            if found is not None:
                return _second_look(pitch, found, run, tried), fallback
    return None, fallback


def _descended(
    pitches: list[float], run: Callable[[float, int], Attempt | None], tried: set[tuple[float, int]]
) -> Attempt | None:
    """`_search` as the shipped boards were built (see there)."""
    for k, pitch in enumerate(pitches):
        found = run(pitch, 0)
        if found is None:
            continue
        climbed = 0
        while k > 0 and climbed < MAX_CLIMB:  # while another variant works one pitch larger, take it
            larger = next((r for v in range(1, VARIANTS) if (r := run(pitches[k - 1], v)) is not None), None)
            if larger is None:
                break
            found, k, climbed = larger, k - 1, climbed + 1
        return _second_look(pitches[k], found, run, tried)
    for pitch in pitches:
        for variant in range(1, VARIANTS):
            found = run(pitch, variant)
            if found is not None:
                return found
    return None


def _second_look(
    pitch: float,
    found: Attempt,
    run: Callable[[float, int], Attempt | None],
    tried: set[tuple[float, int]],
) -> Attempt:
    """One more variant at the chosen pitch, kept if its drawing is cheaper: greedy routing is chaotic,
    and of two valid drawings on the same grid the cheaper one reads better."""
    for variant in range(VARIANTS):
        if (pitch, variant) in tried:
            continue
        other = run(pitch, variant)
        return other if other is not None and other.cost < found.cost else found
    return found


def _assemble(
    network: Network,
    frame: Frame,
    graph: PlaneGraph,
    contraction: Contraction,
    drawing: Drawing,
    notes: list[str],
    pins: list[int],
) -> Schematic:
    """The schematic a drawing stands for: chain stations spread, paths read off, areas carried."""
    grid = drawing.grid
    inner_nodes, piece_routes = spread_stations(contraction, drawing.routes)
    node_of = list(drawing.vertex_node)
    for v, node in inner_nodes.items():
        node_of[v] = node
    positions = [grid.point(node_of[v]) for v in range(graph.place_count)]
    all_notes = list(notes)
    for v in pins:
        place = network.places[v]
        x, y = positions[v]
        if abs(x - place.x) > PIN_TOLERANCE or abs(y - place.y) > PIN_TOLERANCE:
            all_notes.append(
                f"pinned place {v} ({place.name!r}) is off the layout grid: moved from "
                f"({place.x:.1f}, {place.y:.1f}) to ({x:.1f}, {y:.1f})"
            )
        else:
            positions[v] = (place.x, place.y)
    paths = _paths(graph, piece_routes, grid, positions)
    dummies_after = [grid.point(node_of[v]) for v in range(graph.place_count, graph.vertex_count)]
    pitch, origin = grid.pitch, grid.origin
    if not pins:  # pins fix the grid; without them, use all the room the frame has
        count = len(positions)
        stretched, paths_list, pitch, origin = fill_frame(
            [*positions, *dummies_after], paths, grid.pitch, grid.origin, frame
        )
        positions, dummies_after, paths = stretched[:count], stretched[count:], tuple(paths_list)
    dummies_before = graph.positions[graph.place_count :]
    areas = carry_areas(
        network.areas, graph.positions[: graph.place_count], positions, dummies_before, dummies_after, pitch,
        (frame.width, frame.height),
    )
    return Schematic(tuple(positions), paths, areas, pitch, tuple(all_notes), origin)


def _pitches(network: Network, frame: Frame, vertices: int, pins: list[int]) -> tuple[list[float], list[str]]:
    """The pitches to try, largest first, and a note if the pins fit no grid."""
    width = frame.width - 2 * frame.margin
    height = frame.height - 2 * frame.margin
    largest = max(MIN_SPACING, min(MAX_PITCH, math.sqrt(width * height / (NODES_PER_VERTEX * max(1, vertices)))))
    plain = []
    pitch = largest
    while pitch > MIN_SPACING:
        plain.append(pitch)
        pitch *= PITCH_STEP
    plain += [MIN_SPACING, MIN_SPACING * 0.8, MIN_SPACING * 0.6]
    if len(pins) < 2:
        return plain, []
    anchor = network.places[pins[0]]
    offsets = [(network.places[v].x - anchor.x, network.places[v].y - anchor.y) for v in pins[1:]]
    found: set[float] = set()
    for dx, dy in offsets:
        for d in (abs(dx), abs(dy)):
            steps = 1
            while d > 0.5 and d / steps >= MIN_SPACING * 0.999:
                if d / steps <= MAX_PITCH * 2:
                    found.add(d / steps)
                steps += 1
    aligned = sorted(
        (p for p in found if all(_on_grid(dx, p) and _on_grid(dy, p) for dx, dy in offsets)), reverse=True
    )
    if aligned:
        return [*aligned[:4], *(p for p in plain if p < aligned[-1])], []
    return plain, ["the pinned places fit no common grid: only the first pinned place anchors the grid"]


def _on_grid(offset: float, pitch: float) -> bool:
    steps = round(offset / pitch)
    return abs(offset - steps * pitch) <= PIN_TOLERANCE


def _grid(network: Network, frame: Frame, pitch: float, pins: list[int], knights: bool = False) -> Grid:
    """The grid over the frame (less margin), centred, or anchored on the first pin; pins always inside."""
    lo_x, hi_x = frame.margin, frame.width - frame.margin
    lo_y, hi_y = frame.margin, frame.height - frame.margin
    for v in pins:
        p = network.places[v]
        lo_x, hi_x = min(lo_x, p.x), max(hi_x, p.x)
        lo_y, hi_y = min(lo_y, p.y), max(hi_y, p.y)
    if pins:
        ax, ay = network.places[pins[0]].x, network.places[pins[0]].y
        ox = ax - math.floor((ax - lo_x) / pitch + 1e-9) * pitch
        oy = ay - math.floor((ay - lo_y) / pitch + 1e-9) * pitch
    else:
        cols = math.floor((hi_x - lo_x) / pitch + 1e-9)
        rows = math.floor((hi_y - lo_y) / pitch + 1e-9)
        ox = lo_x + ((hi_x - lo_x) - cols * pitch) / 2
        oy = lo_y + ((hi_y - lo_y) - rows * pitch) / 2
    cols = math.floor((hi_x - ox) / pitch + 1e-9) + 1
    rows = math.floor((hi_y - oy) / pitch + 1e-9) + 1
    return Grid(max(cols, 2), max(rows, 2), pitch, (ox, oy), knights=knights)


def _ideal(
    grid: Grid,
    frame: Frame,
    unit: list[Point],
    network: Network,
    pins: list[int],
    contraction: Contraction,
    jitter: int = 0,
) -> list[tuple[float, float]]:
    """Each vertex's wished-for spot in grid units: the warped position over the frame's nodes; pins exact."""
    ox, oy = grid.origin
    c0 = max(0, math.ceil((frame.margin - ox) / grid.pitch - 1e-9))
    c1 = min(grid.cols - 1, math.floor((frame.width - frame.margin - ox) / grid.pitch + 1e-9))
    r0 = max(0, math.ceil((frame.margin - oy) / grid.pitch - 1e-9))
    r1 = min(grid.rows - 1, math.floor((frame.height - frame.margin - oy) / grid.pitch + 1e-9))
    # Keep wished-for spots half a cell off the grid's edge: a place on the edge has no ports outwards.
    inset = 0.5 if c1 - c0 > 4 and r1 - r0 > 4 else 0.0
    ideal = [(c0 + inset + u * (c1 - c0 - 2 * inset), r0 + inset + w * (r1 - r0 - 2 * inset)) for u, w in unit]
    if jitter:
        ideal = [(x + _wobble(v, jitter, 0), y + _wobble(v, jitter, 1)) for v, (x, y) in enumerate(ideal)]
    if pins:
        ideal = _follow_pins(ideal, {v: ((network.places[v].x - ox) / grid.pitch, (network.places[v].y - oy) /
                                         grid.pitch) for v in pins})  # fmt: skip
    graph = contraction.graph
    movable = [v for v in range(graph.vertex_count) if graph.degree(v) > 0 and v not in pins]
    gap = [HUB_ROOM if graph.degree(v) >= 3 else 1.2 for v in range(graph.vertex_count)]
    pulls = [(p, q, len(chain) + 1.0) for (p, q), chain in zip(graph.edges, contraction.inner, strict=True)]
    bounds = (c0 + inset, r0 + inset, c1 - inset, r1 - inset)
    room = [_edge_room(graph.degree(v)) for v in range(graph.vertex_count)]
    return make_room(ideal, movable, gap, pulls, bounds, room)


def _follow_pins(ideal: list[Point], pinned: dict[int, Point]) -> list[Point]:
    """Pins exact; every other spot moved by the pins' displacements, weighted by 1/distance², so the
    places around a pin come along with it (it may sit far from where the warp alone would put it),
    while places far from every pin stay put."""
    moves = {v: (x - ideal[v][0], y - ideal[v][1]) for v, (x, y) in pinned.items()}
    result = []
    for v, (x, y) in enumerate(ideal):
        if v in pinned:
            result.append(pinned[v])
            continue
        total = PIN_PULL_STAY  # far from every pin, a spot stays where the warp put it
        dx = dy = 0.0
        for w, (mx, my) in moves.items():
            weight = 1.0 / ((x - ideal[w][0]) ** 2 + (y - ideal[w][1]) ** 2 + 1.0)
            total += weight
            dx += weight * mx
            dy += weight * my
        result.append((x + dx / total, y + dy / total))
    return result


def _edge_room(degree: int) -> float:
    """How far (grid units) inside the grid's edge a junction wants to be: busier ones need more rows
    beyond them for the links that head outwards."""
    return 0.0 if degree < 3 else 0.5 if degree < 5 else 1.0 if degree < 7 else 2.0


def _typical_link(graph: PlaneGraph) -> float:
    """The median input length of the links (board px): the scale "a short distance apart" refers to."""
    lengths = sorted(math.dist(graph.positions[p], graph.positions[q]) for p, q in graph.edges)
    return lengths[len(lengths) // 2] if lengths else 1.0


def _wobble(vertex: int, jitter: int, axis: int) -> float:
    """A fixed pseudo-random offset in [-0.35, 0.35] grid units (the same every run: deterministic)."""
    h = (vertex * 2654435761 + jitter * 40503 + axis * 97) % 2**32
    h = (h ^ (h >> 15)) * 2246822519 % 2**32
    return ((h % 1000) / 999 - 0.5) * 0.7


def _paths(
    graph: PlaneGraph, routes: dict[int, Route], grid: Grid, positions: list[Point]
) -> tuple[tuple[Point, ...], ...]:
    """Each track's path a → b through its pieces, as board points with only the bends kept."""
    paths = []
    for pieces in graph.track_edges:
        nodes: list[int] = []
        for e in pieces:
            r = routes[e]
            seq = r.nodes if r.start == graph.edges[e][0] else list(reversed(r.nodes))
            nodes.extend(seq if not nodes else seq[1:])
        points = [grid.point(n) for n in nodes]
        a, b = graph.edges[pieces[0]][0], graph.edges[pieces[-1]][1]
        points[0], points[-1] = positions[a], positions[b]
        paths.append(_bends_only(points))
    return tuple(paths)


def _bends_only(points: list[Point]) -> tuple[Point, ...]:
    """Drop points where the path runs straight on."""
    kept = [points[0]]
    for i in range(1, len(points) - 1):
        (x0, y0), (x1, y1), (x2, y2) = kept[-1], points[i], points[i + 1]
        ax, ay, bx, by = x1 - x0, y1 - y0, x2 - x1, y2 - y1
        norm = math.hypot(ax, ay) * math.hypot(bx, by)
        if norm == 0 or abs(ax * by - ay * bx) > 1e-9 * norm or ax * bx + ay * by <= 0:
            kept.append(points[i])
    kept.append(points[-1])
    return tuple(kept)
