"""`python -m game bench`: the figures of contracts §4, measured in one run on this machine.

Medians over repeated runs; each row says its target and whether it is met. Benchmarks live here and
never in the test suite (no timed assertions there).
"""

from __future__ import annotations

import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from game import resources
from game.board.loader import load_board
from game.board.model import Board
from game.bots.greedy import GreedyBot
from game.rules.observation import observe
from game.rules.placement import legal_placements
from game.rules.routing import WALK, RouteResult, find_routes
from game.rules.state import GameState, move_kinds, new_game
from game.simulate import play_game

EXTRA = "install underground[bench]"  # the optional dependencies of the figures below that need them


@dataclass
class Row:
    """One figure; `value` and `met` are None when it could not be measured here (the note says why)."""

    figure: str
    value: float | None
    unit: str
    target: str
    met: bool | None
    note: str = ""


def has_networkx() -> bool:
    return importlib.util.find_spec("networkx") is not None


def _median_seconds(call: Callable[[], object], repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def mid_game_positions(board: Board, games: int = 2) -> list[GameState]:
    """Positions from greedy 4-player games, from the middle third of each game."""
    positions = []
    for seed in range(1, games + 1):
        state = new_game(board, 4, seed)
        bots = [GreedyBot(seed * 10 + seat) for seat in range(4)]
        while state.phase != "over":
            if 12 <= state.turn <= 24 and (state.phase == "passenger" or state.actions_left == 4):
                positions.append(state.clone())
            state.apply(bots[state.current].choose(observe(state)))
    return positions


def networkx_routes(board: Board, state: GameState, targets: set[int]) -> set[tuple[int, frozenset[str]]]:
    """The straightforward baseline: a networkx state graph and all its shortest paths."""
    import networkx as nx

    graph = nx.DiGraph()
    for link in board.links:
        if len(state.tracks[link.index]) < link.spaces:
            graph.add_edge(("n", link.a), ("n", link.b), weight=WALK)
            graph.add_edge(("n", link.b), ("n", link.a), weight=WALK)
    for line, degree in state.line_nodes().items():
        for node in degree:
            graph.add_edge(("n", node), ("l", line), weight=1)
            graph.add_edge(("l", line), ("n", node), weight=0)
    source = ("n", state.passenger)
    graph.add_node(source)
    distances = nx.single_source_dijkstra_path_length(graph, source, weight="weight")
    reachable = [t for t in targets if ("n", t) in distances]
    if not reachable:
        return set()
    best = min(distances[("n", t)] for t in reachable)
    options = set()
    for target in reachable:
        if distances[("n", target)] != best:
            continue
        for path in nx.all_shortest_paths(graph, source, ("n", target), weight="weight"):
            options.add((target, frozenset(name for kind, name in path if kind == "l")))
    return options


def _targets(state: GameState) -> set[int]:
    due = move_kinds(state.face_up, 1)
    return {station for station, card_kind in state.face_up if due and card_kind == due[0]}


def routing_rows(board: Board, positions: list[GameState]) -> list[Row]:
    """Our routing's time, and its speed-up over a networkx baseline (which it must agree with) if installed."""
    baseline = has_networkx()
    ours, theirs = [], []
    for state in positions:
        targets, start = _targets(state), state.passenger
        if not targets or start is None:
            continue

        def fast(state: GameState = state, targets: set[int] = targets, start: int = start) -> RouteResult | None:
            return find_routes(board, state.tracks, state.line_nodes(), start, targets)

        def slow(state: GameState = state, targets: set[int] = targets) -> set[tuple[int, frozenset[str]]]:
            return networkx_routes(board, state, targets)

        ours.append(_median_seconds(fast, 30))
        if baseline:
            result = fast()
            expected = {(o.destination, frozenset(o.lines)) for o in result.options} if result else set()
            if expected != slow():
                raise AssertionError("routing and the networkx baseline disagree; the benchmark would be meaningless")
            theirs.append(_median_seconds(slow, 5))
    median_ours = statistics.median(ours) * 1000
    rows = [Row("passenger route, all optimal options, London mid-game", median_ours, "ms", "≤ 0.5 ms",
                median_ours <= 0.5, f"{len(ours)} positions")]
    if not baseline:
        return [*rows, Row("  … speed-up over the networkx baseline", None, "×", "≥ 20×", None,
                           f"not measured — {EXTRA} (networkx)")]
    median_theirs = statistics.median(theirs) * 1000
    speedup = median_theirs / median_ours
    return [*rows, Row("  … speed-up over the networkx baseline", speedup, "×", "≥ 20×", speedup >= 20,
                       f"networkx median {median_theirs:.2f} ms")]


def placement_row(positions: list[GameState]) -> Row:
    actions = [s for s in positions if s.phase == "actions"]
    median = statistics.median(_median_seconds(partial(legal_placements, s), 30) for s in actions) * 1000
    return Row("legal placements for the active player", median, "ms", "≤ 0.2 ms", median <= 0.2,
               f"{len(actions)} positions")


def game_rows(board: Board) -> list[Row]:
    random_ms = statistics.median(
        _median_seconds(partial(play_game, board, ["random"] * 4, seed), 1) for seed in range(1, 12)
    ) * 1000
    greedy_s = statistics.median(
        _median_seconds(partial(play_game, board, ["greedy"] * 4, seed), 1) for seed in range(1, 4)
    )
    return [
        Row("whole 4-player London game, random bots", random_ms, "ms", "≤ 50 ms", random_ms <= 50, "11 games"),
        Row("whole 4-player London game, greedy bots", greedy_s, "s", "≤ 1.5 s", greedy_s <= 1.5, "3 games"),
    ]


def bot_turn_seconds(board: Board, kinds: list[str], seed: int, timed: str) -> list[float]:
    """Time each whole turn (every decision of it, the passenger's included) of the bots of kind `timed`."""
    from game.bots.registry import make_bot

    state = new_game(board, len(kinds), seed)
    bots = [make_bot(kind, seed * 101 + seat) for seat, kind in enumerate(kinds)]
    times: list[float] = []
    while state.phase != "over":
        seat, turn, spent = state.current, state.turn, 0.0
        while state.phase != "over" and state.current == seat and state.turn == turn:
            start = time.perf_counter()
            action = bots[seat].choose(observe(state))
            spent += time.perf_counter() - start
            state.apply(action)
        if kinds[seat] == timed:
            times.append(spent)
    return times


def normal_bot_row(board: Board) -> Row:
    times = [t for seed in (1, 2) for t in bot_turn_seconds(board, ["normal", "normal"], seed, "normal")]
    median = statistics.median(times) * 1000
    return Row("normal bot decision per turn (median)", median, "ms", "≤ 100 ms", median <= 100,
               f"{len(times)} turns, 2-player London, max {max(times) * 1000:.0f} ms")


def hard_bot_row(board: Board) -> Row:
    times = bot_turn_seconds(board, ["hard", "normal"], 1, "hard")
    median = statistics.median(times)
    return Row("hard bot decision per turn (median)", median, "s", "≤ 2 s", median <= 2,
               f"{len(times)} turns, 2-player London against normal, max {max(times):.2f} s")


def idle_rows() -> list[Row]:
    """CPU of the real window loop while the game waits for input: the menu, and a person's turn with
    nothing moving (each in its own process, measured at once, so the two run side by side)."""
    try:
        from game import idle_bench
    except ImportError:
        return []
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(len(idle_bench.SCENES)) as pool:
        results = list(pool.map(idle_bench.measure, idle_bench.SCENES))
    rows = []
    for result, what in zip(results, ("the menu", "a person's turn"), strict=True):
        cpu = idle_bench.median_cpu(result)
        rows.append(Row(f"CPU while the game waits for input: {what}", cpu, "% of a core", "≤ 5 %", cpu <= 5,
                        f"median of {len(result['cpu'])} × {idle_bench.WINDOW_SECONDS:.0f} s, "
                        f"{sum(result['frames'])} frames drawn"))
    return rows


def compile_row() -> Row:
    source = resources.board_source("london")
    from game.board.tmx.compiler import compile_tmx

    median = _median_seconds(lambda: compile_tmx(source), 7) * 1000
    return Row("board compile (London TMX → board file)", median, "ms", "≤ 300 ms", median <= 300, "7 runs")


def frame_row(board: Board) -> Row | None:
    try:
        from game.ui.frame_bench import measure_frame_times
    except ImportError:
        return None
    times = sorted(measure_frame_times(board, 300, (1920, 1080)))  # milliseconds
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    median = statistics.median(times)
    return Row("frame time at 1920×1080, whole board, passenger animating (p99)", p99, "ms", "≤ 8 ms", p99 <= 8,
               f"median {median:.2f} ms, {len(times)} frames")


def big_board_row() -> Row | None:
    """The same frame on the largest board the game accepts: the generated 1,000-station board."""
    try:
        from game.ui.frame_bench import measure_frame_times
    except ImportError:
        return None
    from game.board.big_board import big_board

    board = big_board()
    times = sorted(measure_frame_times(board, 300, (1920, 1080)))  # milliseconds
    p99 = times[min(len(times) - 1, int(len(times) * 0.99))]
    stations = sum(1 for node in board.nodes if node.is_station)
    return Row(f"frame time at 1920×1080, generated {stations:,}-station board, passenger animating (p99)", p99,
               "ms", "≤ 8 ms", p99 <= 8, f"median {statistics.median(times):.2f} ms, {len(times)} frames, "
               f"{len(board.links):,} links")


def startup_row() -> Row:
    """Wall time from launching the game process to its first frame saved on disk."""
    # The child imports the game from where this process does: a clone, an editable or a wheel install.
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=os.pathsep.join(entry for entry in sys.path if entry))
    times = []
    with tempfile.TemporaryDirectory() as folder:
        shot = Path(folder) / "first.png"
        for _ in range(3):
            start = time.perf_counter()
            subprocess.run([sys.executable, "-m", "game", "--frames", "1", "--screenshot", str(shot)],
                           env=env, check=True, capture_output=True, timeout=60)
            times.append(time.perf_counter() - start)
    median = statistics.median(times)
    return Row("game start to first frame", median, "s", "≤ 1.5 s", median <= 1.5, "3 launches")


METRO_TARGETS = {"import": 5.0, "synthetic": 60.0}  # seconds: about 120 stations, and 500 (contracts §4)


def metro_map_rows() -> list[Row]:
    """The editor's metro-map pipeline (import, octilinear layout, names) on a fresh import of about 120
    stations and on a 500-station city, timed by the editor's own bench in a child process: the game never
    imports the editor."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(entry for entry in sys.path if entry))
    try:
        done = subprocess.run([sys.executable, "-m", "editor.cartography.metro_bench", "--json"], env=env,
                              check=True, capture_output=True, timeout=900, text=True)
        measured = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        return [Row("metro map: import, layout and names", None, "s", "≤ 5 s", None,
                    f"not measured ({type(error).__name__})")]
    rows = []
    for row in measured:
        kind = "import" if row["name"].startswith("import") else "synthetic"
        target = METRO_TARGETS[kind]
        what = "fresh import" if kind == "import" else "generated city"
        rows.append(Row(f"metro map: {what} of {row['stations']} stations, import + layout + names",
                        row["cpu_seconds"], "s", f"≤ {target:.0f} s", row["cpu_seconds"] <= target,
                        f"CPU time{', median of 3' if kind == 'import' else ''}, "
                        f"{row['names_in_trouble']} names still crowded"))
    return rows


def bus_rows() -> list[Row]:
    """The bus tour on its built-in board: a whole 4-player game between random bots, a normal bot's
    decision (median over the decisions of whole games between normal bots)."""
    from game.bus.board import bus_board_for
    from game.bus.bots.players import make_bus_bot
    from game.bus.rules.observation import observe
    from game.bus.rules.state import new_game
    from game.bus.simulate import play_bus_game

    board = bus_board_for("london_bus")
    if board is None:
        return [Row("bus tour: whole 4-player game, random bots", None, "ms", "≤ 50 ms", None, "no london_bus board")]
    game_ms = _median_seconds(lambda: play_bus_game(board, ["random"] * 4, 7), 11) * 1000
    decisions: list[float] = []
    for seed in range(3):
        state = new_game(board, 4, seed)
        bots = [make_bus_bot("normal", seed * 10 + seat) for seat in range(4)]
        while state.phase != "over":
            observation = observe(state)
            started = time.perf_counter()
            action = bots[state.current].choose(observation)
            decisions.append((time.perf_counter() - started) * 1000)
            state.apply(action)
    decision_ms = statistics.median(decisions)
    return [
        Row("bus tour: whole 4-player game, random bots", game_ms, "ms", "≤ 50 ms", game_ms <= 50, "11 games"),
        Row("bus tour: normal bot decision (median)", decision_ms, "ms", "≤ 100 ms", decision_ms <= 100,
            f"max {max(decisions):.1f} ms over {len(decisions)} decisions"),
    ]


def collect() -> list[Row]:
    board = load_board("london")
    positions = mid_game_positions(board)
    rows = [*routing_rows(board, positions), placement_row(positions), *game_rows(board)]
    rows += [normal_bot_row(board), hard_bot_row(board)]
    rows += bus_rows()
    for optional in (frame_row(board), big_board_row(), compile_row()):
        if optional is not None:
            rows.append(optional)
    rows += idle_rows()
    rows.append(startup_row())
    rows += metro_map_rows()
    return rows


def run_bench(as_json: bool = False) -> int:
    rows = collect()
    if as_json:
        print(json.dumps([row.__dict__ for row in rows]))
        return 0
    width = max(len(row.figure) for row in rows)
    print(f"{'figure':<{width}}  {'measured':>12}  {'target':<10}  met")
    for row in rows:
        if row.value is None:
            value, met = "—", "—"
        else:
            value = f"{row.value:.3f} {row.unit}" if row.unit != "×" else f"{row.value:.0f} ×"
            met = "yes" if row.met else "NO"
        print(f"{row.figure:<{width}}  {value:>12}  {row.target:<10}  {met:<3}  {row.note}")
    return 0
