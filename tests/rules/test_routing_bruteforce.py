"""rules §5: the passenger's routing checked against an independent brute force.

`find_routes` is a Dijkstra over nodes plus one state per line, with a bitmask DAG for the ties. Here a
plain depth-first enumeration of routes (sequences of (link, mode), the mode being "walk" or one line on
that link) computes the same answer the slow way, and hypothesis compares the two on random small boards
with random legally grown lines.

Why simple routes (each station passed at most once) are enough, although rules §5 does not forbid a
route from coming back through a station (ride a line through X, then come back to X on another line):
cut any route at its first and last visit of a repeated station and drop the loop in between. The result
uses a subset of the original (link, mode) pairs, so it walks no more links and rides a subset of the
lines. At the optimum (fewest walks, then fewest distinct lines) the shortcut can therefore neither walk
less nor ride a strictly smaller set of lines, so it has the very same cost *and the very same line set*.
Hence every (destination, line set) option of the unrestricted rules is the option of some simple route,
and a simple-route enumeration finds exactly the optimum and exactly the option set. The trail test below
checks this argument empirically with an enumeration that may revisit stations (each link used once).

Riding one line over consecutive links costs one line, and riding it again later in the route does not
count it twice ("lines ridden" counts distinct lines): a route is charged its walks and its set of lines.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.model import Board
from game.board.rule_settings import LINE_TOKENS
from game.rules.routing import RouteOption, RouteResult, find_routes
from tests.rules.boards import make_board

LINE_NAMES = tuple(LINE_TOKENS)

Tracks = list[list[str]]
Options = set[tuple[int, frozenset[str]]]


# ----- the brute force, written without looking at how find_routes works -----


def brute_force(
    board: Board, tracks: Tracks, start: int, destinations: Iterable[int], *, revisit_stations: bool = False
) -> tuple[tuple[int, int], Options] | None:
    """The lexicographic optimum (walks, distinct lines) and every (destination, line set) achieving it.

    Enumerates every simple route from `start` (each station at most once); with `revisit_stations`,
    every trail instead (each link at most once, stations may repeat). The cost of a route never goes
    down as it grows, so a partial route already worse than the best complete one is abandoned.
    """
    targets = set(destinations)
    best: list[tuple[int, int] | None] = [None]
    options: Options = set()

    def record(node: int, walks: int, lines: frozenset[str]) -> None:
        cost = (walks, len(lines))
        if best[0] is None or cost < best[0]:
            best[0] = cost
            options.clear()
        if cost == best[0]:
            options.add((node, lines))

    def visit(node: int, seen_nodes: set[int], used_links: set[int], walks: int, lines: frozenset[str]) -> None:
        if best[0] is not None and (walks, len(lines)) > best[0]:
            return
        if node in targets:
            record(node, walks, lines)
        for link in board.links:
            if node not in (link.a, link.b) or link.index in used_links:
                continue
            other = link.other(node)
            if not revisit_stations and other in seen_nodes:
                continue
            modes: list[str | None] = list(tracks[link.index])
            if len(tracks[link.index]) < link.spaces:
                modes.append(None)  # walk: the link still has an empty space
            for mode in modes:
                visit(
                    other,
                    seen_nodes | {other},
                    used_links | {link.index},
                    walks + (mode is None),
                    lines if mode is None else lines | {mode},
                )

    visit(start, {start}, set(), 0, frozenset())
    if best[0] is None:
        return None
    return best[0], options


def line_nodes_of(board: Board, tracks: Tracks) -> dict[str, set[int]]:
    nodes: dict[str, set[int]] = {}
    for link in board.links:
        for line in tracks[link.index]:
            nodes.setdefault(line, set()).update((link.a, link.b))
    return nodes


def routes(board: Board, tracks: Tracks, start: int, destinations: Iterable[int]) -> RouteResult | None:
    return find_routes(board, tracks, line_nodes_of(board, tracks), start, set(destinations))


def check_path(board: Board, tracks: Tracks, start: int, result: RouteResult, option: RouteOption) -> None:
    """The option's path is a real route: links that exist, ridden on its lines or walked, `walked` walks."""
    path = option.path
    assert path[0] == start
    assert path[-1] == option.destination
    assert len(set(path)) == len(path), f"the passenger passes a station twice: {path}"
    walked = 0
    ridden: set[str] = set()
    for here, there in pairwise(path):
        assert (here, there) in board.link_between, f"no link between {here} and {there} in {path}"
        link = board.link_between[(here, there)]
        on_link = set(tracks[link]) & set(option.lines)
        if on_link:
            ridden |= on_link
        else:
            assert len(tracks[link]) < board.links[link].spaces, f"walks the full link {link}"
            walked += 1
    assert walked == result.walked
    assert ridden >= set(option.lines), f"{option.lines} are charged but the path never touches them"


def check_against_brute_force(board: Board, tracks: Tracks, start: int, destinations: set[int]) -> None:
    expected = brute_force(board, tracks, start, destinations)
    result = routes(board, tracks, start, destinations)
    if expected is None:
        assert result is None
        return
    assert result is not None
    (walks, lines), options = expected
    assert (result.walked, result.lines) == (walks, lines)
    got = [(option.destination, frozenset(option.lines)) for option in result.options]
    assert len(got) == len(set(got)), "an option is offered twice"
    assert set(got) == options
    for option in result.options:
        assert list(option.lines) == sorted(option.lines)
        assert len(option.lines) == result.lines
        check_path(board, tracks, start, result, option)


# ----- random boards with legally grown lines -----


class Scenario:
    """One routing question (a plain class, so that hypothesis prints the short repr below)."""

    def __init__(self, board: Board, tracks: Tracks, start: int, destinations: set[int]) -> None:
        self.board, self.tracks, self.start, self.destinations = board, tracks, start, destinations

    def __repr__(self) -> str:
        """Short enough to read in a failure report: links as (a, b, spaces, lines)."""
        links = [(link.a, link.b, link.spaces, self.tracks[link.index]) for link in self.board.links]
        return f"Scenario(links={links}, start={self.start}, destinations={sorted(self.destinations)})"


@st.composite
def scenarios(draw: st.DrawFn, max_nodes: int = 9, crowded: bool = False) -> Scenario:
    """A connected board, lines grown by the placement rules, a passenger and some destinations.

    `crowded` boards have narrow links and many short lines, so the best routes change lines often.
    """
    count = draw(st.integers(4, max_nodes))
    pairs = {(draw(st.integers(0, i - 1)), i) for i in range(1, count)}  # a random spanning tree
    extra = draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)), max_size=count))
    pairs |= {(min(a, b), max(a, b)) for a, b in extra if a != b}
    links = [(f"N{a}", f"N{b}", draw(st.integers(1, 2 if crowded else 3))) for a, b in sorted(pairs)]
    stations = {f"N{i}": (float(i * 50), float((i * 37) % 200), "") for i in range(count)}
    board = make_board(stations, links)

    tracks: Tracks = [[] for _ in board.links]
    degree: dict[str, dict[int, int]] = {}
    line_count = st.integers(4, 9) if crowded else st.integers(1, 7)
    for line in draw(st.permutations(LINE_NAMES))[: draw(line_count)]:
        line_degree = degree.setdefault(line, {})
        for _ in range(draw(st.integers(1, 3) if crowded else st.integers(2, 8))):
            candidates = [
                link.index for link in board.links
                if len(tracks[link.index]) < link.spaces and line not in tracks[link.index]
                and _may_grow(line_degree, link.a, link.b)
            ]
            if not candidates:
                break
            chosen = board.links[draw(st.sampled_from(candidates))]
            tracks[chosen.index].append(line)
            for node in (chosen.a, chosen.b):
                line_degree[node] = line_degree.get(node, 0) + 1

    start = draw(st.integers(0, count - 1))
    others = [node for node in range(count) if node != start]
    destinations = set(draw(st.lists(st.sampled_from(others), min_size=1, max_size=4)))
    if draw(st.integers(0, 9)) == 9:
        destinations.add(start)  # standing on a destination: rarely, as it ends the search at once
    return Scenario(board, tracks, start, destinations)


def _may_grow(degree: dict[int, int], a: int, b: int) -> bool:
    """rules §4: the first token anywhere; later ones touch the line (an end, a branch, or a loop from an end)."""
    if not degree:
        return True
    da, db = degree.get(a, 0), degree.get(b, 0)
    if da and db:
        return da == 1 or db == 1  # closing a loop from an end
    return bool(da or db)


@settings(max_examples=700, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios())
def test_find_routes_matches_the_brute_force(scenario: Scenario) -> None:
    check_against_brute_force(scenario.board, scenario.tracks, scenario.start, scenario.destinations)


@settings(max_examples=700, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scenarios(crowded=True))
def test_find_routes_matches_the_brute_force_with_many_changes(scenario: Scenario) -> None:
    check_against_brute_force(scenario.board, scenario.tracks, scenario.start, scenario.destinations)


@settings(max_examples=300, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.booleans().flatmap(lambda crowded: scenarios(max_nodes=6, crowded=crowded)))
def test_revisiting_stations_never_changes_the_answer(scenario: Scenario) -> None:
    board, tracks, start, destinations = scenario.board, scenario.tracks, scenario.start, scenario.destinations
    simple = brute_force(board, tracks, start, destinations)
    trails = brute_force(board, tracks, start, destinations, revisit_stations=True)
    assert simple == trails


# ----- worked cases -----


def board_of(links: list[tuple[str, str, int]], names: str = "PABCDEFG") -> tuple[Board, dict[str, int]]:
    used = [n for n in names if any(n in link[:2] for link in links)]
    board = make_board({n: (float(i * 100), float(i * i % 7 * 30), "") for i, n in enumerate(used)}, list(links))
    return board, board.index_of


def lay(board: Board, *lines: tuple[str, str]) -> Tracks:
    """Tracks from (line, "AB") pairs: the line on the link between stations A and B."""
    tracks: Tracks = [[] for _ in board.links]
    for line, ends in lines:
        tracks[board.link(ends[0], ends[1]).index].append(line)
    return tracks


def options_of(result: RouteResult | None, index: dict[str, int]) -> set[tuple[str, tuple[str, ...]]]:
    assert result is not None
    names = {i: n for n, i in index.items()}
    return {(names[o.destination], o.lines) for o in result.options}


def test_two_destinations_at_equal_cost_are_both_offered() -> None:
    board, at = board_of([("P", "A", 1), ("P", "B", 1), ("A", "C", 1)])
    tracks = lay(board, ("red", "PA"), ("blue", "PB"))
    result = routes(board, tracks, at["P"], {at["A"], at["B"]})
    assert result is not None
    assert (result.walked, result.lines) == (0, 1)
    assert options_of(result, at) == {("A", ("red",)), ("B", ("blue",))}
    check_against_brute_force(board, tracks, at["P"], {at["A"], at["B"]})


def test_two_line_sets_to_one_destination_are_both_offered() -> None:
    # Goldhawk Road's second move in miniature: red to A, then orange or green on to D.
    board, at = board_of([("P", "A", 2), ("A", "D", 3)])
    tracks = lay(board, ("red", "PA"), ("orange", "AD"), ("green", "AD"))
    result = routes(board, tracks, at["P"], {at["D"]})
    assert result is not None
    assert (result.walked, result.lines) == (0, 2)
    assert options_of(result, at) == {("D", ("orange", "red")), ("D", ("green", "red"))}
    check_against_brute_force(board, tracks, at["P"], {at["D"]})


def test_standing_on_a_destination_costs_nothing() -> None:
    board, at = board_of([("P", "A", 1), ("A", "B", 1)])
    tracks = lay(board, ("red", "PA"))
    result = routes(board, tracks, at["P"], {at["P"], at["A"]})
    assert result == RouteResult(0, 0, (RouteOption(at["P"], (), (at["P"],)),))
    check_against_brute_force(board, tracks, at["P"], {at["P"], at["A"]})


def test_an_unreachable_destination_gives_no_route() -> None:
    # Two separate pieces of board; and no destination at all.
    board = make_board({"P": (0, 0, ""), "A": (100, 0, ""), "B": (300, 0, ""), "C": (400, 0, "")},
                       [("P", "A", 1), ("B", "C", 1)])
    tracks = lay(board, ("red", "PA"))
    at = board.index_of
    assert routes(board, tracks, at["P"], {at["B"], at["C"]}) is None
    assert routes(board, tracks, at["P"], set()) is None
    assert brute_force(board, tracks, at["P"], {at["B"], at["C"]}) is None
    # With a reachable one beside it, only the reachable one is offered.
    assert options_of(routes(board, tracks, at["P"], {at["A"], at["C"]}), at) == {("A", ("red",))}


def test_a_full_link_can_be_ridden_but_not_walked() -> None:
    board, at = board_of([("P", "A", 1), ("A", "B", 2)])
    tracks = lay(board, ("red", "PA"), ("blue", "AB"), ("green", "AB"))
    result = routes(board, tracks, at["P"], {at["B"]})
    assert result is not None
    assert (result.walked, result.lines) == (0, 2)
    assert options_of(result, at) == {("B", ("blue", "red")), ("B", ("green", "red"))}
    check_against_brute_force(board, tracks, at["P"], {at["B"]})


def test_riding_two_lines_beats_walking_one_link() -> None:
    # rules §5 orders by walks first: 0 walks + 2 lines beats 1 walk + 0 lines, however short the walk.
    board, at = board_of([("P", "D", 1), ("P", "A", 2), ("A", "B", 2), ("B", "D", 2)])
    tracks = lay(board, ("red", "PA"), ("red", "AB"), ("blue", "BD"))
    result = routes(board, tracks, at["P"], {at["D"]})
    assert result is not None
    assert (result.walked, result.lines) == (0, 2)
    assert options_of(result, at) == {("D", ("blue", "red"))}
    assert result.options[0].path == (at["P"], at["A"], at["B"], at["D"])  # length does not matter


def test_at_equal_walks_fewer_lines_wins() -> None:
    # Goldhawk Road: Oxford Circus (1 walk + red) beats Leicester Square (1 walk + 2 lines) and
    # Turnham Green (2 walks).
    board, at = board_of([("P", "A", 2), ("A", "B", 2), ("B", "C", 2), ("P", "D", 1), ("D", "E", 1)])
    tracks = lay(board, ("red", "AB"), ("blue", "BC"))
    result = routes(board, tracks, at["P"], {at["B"], at["C"], at["E"]})
    assert result is not None
    assert (result.walked, result.lines) == (1, 1)
    assert options_of(result, at) == {("B", ("red",))}
    check_against_brute_force(board, tracks, at["P"], {at["B"], at["C"], at["E"]})


def test_walking_alone_beats_walking_the_same_and_riding() -> None:
    # Two walks either way, but one way also rides a line: the walk-only route rides fewer lines.
    board, at = board_of([("P", "A", 1), ("A", "D", 1), ("P", "B", 2), ("B", "C", 1), ("C", "D", 1)])
    tracks = lay(board, ("red", "PB"))
    result = routes(board, tracks, at["P"], {at["D"]})
    assert result is not None
    assert (result.walked, result.lines) == (2, 0)
    assert options_of(result, at) == {("D", ())}
    check_against_brute_force(board, tracks, at["P"], {at["D"]})


def test_one_line_ridden_twice_counts_once_and_scores_once() -> None:
    # Red runs P–A–B; the passenger rides it all the way rather than alighting and reboarding.
    board, at = board_of([("P", "A", 1), ("A", "B", 1), ("B", "C", 2)])
    tracks = lay(board, ("red", "PA"), ("red", "AB"), ("red", "BC"))
    result = routes(board, tracks, at["P"], {at["C"]})
    assert result is not None
    assert (result.walked, result.lines) == (0, 1)
    assert options_of(result, at) == {("C", ("red",))}
    check_against_brute_force(board, tracks, at["P"], {at["C"]})


def test_a_route_may_ride_walk_and_ride_again() -> None:
    # Red P–A, walk A–B, blue B–C: one walk and two lines beats the two walks P–E–C.
    board, at = board_of([("P", "A", 1), ("A", "B", 2), ("B", "C", 1), ("P", "E", 1), ("E", "C", 1)])
    tracks = lay(board, ("red", "PA"), ("blue", "BC"))
    result = routes(board, tracks, at["P"], {at["C"]})
    assert result is not None
    assert (result.walked, result.lines) == (1, 2)
    assert options_of(result, at) == {("C", ("blue", "red"))}
    assert result.options[0].path == (at["P"], at["A"], at["B"], at["C"])
    check_against_brute_force(board, tracks, at["P"], {at["C"]})


@pytest.mark.parametrize("x_before_q", [True, False])
def test_the_path_never_comes_back_through_a_station(x_before_q: bool) -> None:
    # Red P–Q–X and blue X–Q–D (Q–X carries both). The best is red to Q, blue on to D; alighting red at X
    # and boarding blue there costs the same, but that path would pass Q twice: P, Q, X, Q, D.
    # X comes before or after Q among the node indices, so either tie-break order is tried.
    places = {"X": (200.0, 100.0, ""), "Q": (100.0, 0.0, "")}
    order = ["X", "Q"] if x_before_q else ["Q", "X"]
    board = make_board(
        {"P": (0, 0, ""), **{n: places[n] for n in order}, "D": (200, 0, "")},
        [("P", "Q", 1), ("Q", "X", 2), ("Q", "D", 1)],
    )
    at = board.index_of
    tracks = lay(board, ("red", "PQ"), ("red", "QX"), ("blue", "QX"), ("blue", "QD"))
    result = routes(board, tracks, at["P"], {at["D"]})
    assert result is not None
    assert options_of(result, at) == {("D", ("blue", "red"))}
    assert result.options[0].path == (at["P"], at["Q"], at["D"])
    check_against_brute_force(board, tracks, at["P"], {at["D"]})
