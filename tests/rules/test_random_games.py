"""Whole games between bots, with the engine's invariants checked after every single action.

Synthetic boards (12–25 stations) cover every ruleset: London with loops and connection tiles (and its
classic 1st-edition variant), Berlin with "+" stations and landmark stacks, New York with clusters and
water crossings through waypoints, and a "custom" board that mixes everything with few tokens per line
so that lines run out and players get blocked. Each action is also undone and redone whenever undo is
allowed, the state round-trips through JSON, and at a sample of steps the log replays to the same state.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.board.model import Board
from game.bots.base import Bot
from game.bots.greedy import GreedyBot
from game.bots.random_bot import RandomBot
from game.i18n import explain
from game.rules.actions import Action, ChooseRoute, PlaceTrack, TakeBranch
from game.rules.events import Event
from game.rules.observation import Observation, observe
from game.rules.placement import water_debt
from game.rules.refusals import Refusal
from game.rules.state import PHASES, GameState, new_game, replay
from game.simulate import play_game
from tests.rules.boards import make_board
from tests.rules.test_routing_bruteforce import brute_force

Links = list[tuple[str, str] | tuple[str, str, int]]
Stations = dict[str, tuple[float, float, str]]


# ----- synthetic boards -----

MAX_BRUTE_FORCE_ROUTES = 6  # passenger moves per game checked against the (slow) brute force
CARDS = 3  # cards per destination station: a longer deck makes longer games, with longer lines


def _board(stations: Stations, links: Links, ruleset: str, **settings: object) -> Board:
    """make_board, with CARDS cards on every destination station that does not say how many."""
    stations = {
        name: (x, y, f"{features} cards={CARDS}" if _is_destination(features) and "cards=" not in features
               else features)
        for name, (x, y, features) in stations.items()
    }
    return make_board(stations, links, ruleset=ruleset, **settings)  # type: ignore[arg-type]


def _is_destination(features: str) -> bool:
    return bool({"standard", "express"} & set(features.split()))


def _grid(columns: int, rows: int, features: dict[str, str], spaces: Callable[[int, int, bool], int]) -> tuple[
    Stations, Links
]:
    """Stations G<r><c> 100 apart, joined to their right and lower neighbours; features by station name."""
    stations: Stations = {}
    links: Links = []
    for r in range(rows):
        for c in range(columns):
            name = f"G{r}{c}"
            stations[name] = (c * 100.0, r * 100.0, features.get(name, ""))
            if c + 1 < columns:
                links.append((name, f"G{r}{c + 1}", spaces(r, c, True)))
            if r + 1 < rows:
                links.append((name, f"G{r + 1}{c}", spaces(r, c, False)))
    return stations, links


def london_board(**settings: object) -> Board:
    """5×4 grid plus three stations inside grid squares (each hangs off one corner, so loops can enclose
    it), connection tiles on six stations, railway stations and termini, express and standard cards."""
    features = {
        "G00": "terminus standard", "G04": "terminus express", "G30": "terminus express", "G34": "terminus",
        "G01": "connection", "G03": "connection standard", "G12": "connection start", "G21": "connection express",
        "G23": "connection", "G32": "connection standard", "G11": "railway standard", "G13": "railway",
        "G22": "railway express", "G02": "standard", "G10": "express", "G14": "standard", "G20": "standard",
        "G24": "express", "G31": "standard", "G33": "standard",
    }
    stations, links = _grid(5, 4, features, lambda r, c, right: 1 + (r * 3 + c + right) % 3)
    stations |= {"I0": (130.0, 170.0, "standard"), "I1": (250.0, 50.0, "express"), "I2": (350.0, 250.0, "")}
    links += [("I0", "G11", 1), ("I1", "G02", 2), ("I2", "G33", 1), ("G11", "G22", 1), ("G13", "G24", 2)]
    return _board(stations, links, "london", **settings)


def berlin_board() -> Board:
    """4×4 grid plus two outer stations: six "+" stations (more than the table), landmark stacks of 3, 2
    (five of them, so all five types are dealt) and 1."""
    features = {
        "G00": "plus express", "G01": "landmarks=2 standard", "G02": "plus", "G03": "landmarks=3 terminus express",
        "G10": "landmarks=2 standard", "G11": "plus start", "G12": "landmarks=1 standard", "G13": "plus railway",
        "G20": "landmarks=3 express", "G21": "landmarks=2", "G22": "plus standard", "G23": "landmarks=2 express",
        "G30": "railway standard", "G31": "landmarks=1", "G32": "landmarks=2 standard", "G33": "plus terminus",
    }
    stations, links = _grid(4, 4, features, lambda r, c, right: 1 + (r + 2 * c + right) % 3)
    stations |= {"O0": (-100.0, 150.0, "terminus standard"), "O1": (400.0, 150.0, "express")}
    links += [("O0", "G10", 2), ("O0", "G20", 1), ("O1", "G13", 1), ("O1", "G23", 3)]
    return _board(stations, links, "berlin")


def newyork_board(**settings: object) -> Board:
    """Five clusters of stations, and water crossings: station–waypoint–waypoint–station, a single-symbol
    crossing, and a junction in the water where one crossing splits towards two banks."""
    stations: Stations = {
        "M1": (0, 0, "standard"), "M2": (0, 100, "start"), "M3": (0, 200, "standard cards=4"), "M4": (0, 300, ""),
        "B1": (300, 200, "standard"), "B2": (300, 300, "standard"), "B3": (400, 250, "terminus"),
        "Q1": (300, 0, "standard cards=4"), "Q2": (400, 50, "standard"), "Q3": (400, -50, ""),
        "X1": (0, -200, "standard"), "X2": (100, -200, "railway"),
        "J1": (-300, 100, "standard"), "J2": (-300, 250, "standard"),
        "W1": (100, 200, "waypoint water"), "W2": (200, 200, "waypoint water"), "W3": (150, 0, "waypoint water"),
        "W4": (-100, 150, "waypoint water"), "W5": (-200, 150, "waypoint water"),
        "W6": (-100, 300, "waypoint water"),
    }
    links: Links = [
        ("M1", "M2", 2), ("M2", "M3", 1), ("M3", "M4", 2), ("M1", "X1", 1), ("X1", "X2", 1), ("X2", "M1", 2),
        ("B1", "B2", 1), ("B2", "B3", 2), ("B1", "B3", 1), ("Q1", "Q2", 2), ("Q2", "Q3", 1), ("Q1", "Q3", 1),
        ("J1", "J2", 2), ("B1", "Q2", 1),
        ("M3", "W1", 2), ("W1", "W2", 2), ("W2", "B1", 2),  # a two-symbol crossing
        ("M1", "W3", 1), ("W3", "Q1", 1),  # a one-symbol crossing
        ("M2", "W4", 1), ("W4", "W5", 1), ("W5", "J1", 1), ("W4", "W6", 1), ("W6", "J2", 1),  # a junction
        ("M4", "W6", 1),
    ]
    clusters = {"Manhattan": ["M1", "M2", "M3", "M4"], "Brooklyn": ["B1", "B2", "B3"],
                "Queens": ["Q1", "Q2", "Q3"], "Bronx": ["X1", "X2"], "Jersey": ["J1", "J2"]}
    return _board(stations, links, "newyork", clusters=clusters, **settings)


def custom_board() -> Board:
    """Every feature at once on a 4×4 grid, with six tokens per line so lines run out and players block;
    a station and a plain waypoint sit inside grid squares, where loops can enclose them."""
    features = {
        "G00": "start connection express", "G01": "plus standard", "G02": "landmarks=1 railway",
        "G03": "terminus express", "G10": "landmarks=1 standard", "G11": "plus", "G12": "connection standard",
        "G13": "landmarks=1 standard", "G20": "terminus express", "G21": "landmarks=1", "G22": "plus express",
        "G23": "landmarks=1 standard", "G30": "railway standard", "G31": "standard", "G32": "plus",
        "G33": "terminus standard",
    }
    stations, links = _grid(4, 4, features, lambda r, c, right: 1 + (r * c + right) % 2)
    stations |= {"K": (160.0, 140.0, "standard"), "P": (250.0, 260.0, "waypoint"),
                 "V": (450.0, 150.0, "waypoint"), "E": (550.0, 150.0, "standard"),
                 "W1": (-100.0, 150.0, "waypoint water"), "W2": (-200.0, 150.0, "waypoint water"),
                 "F": (-300.0, 150.0, "express")}
    links += [("K", "G11", 1), ("P", "G22", 2), ("G13", "V", 2), ("G23", "V", 1), ("V", "E", 2), ("G10", "W1", 1),
              ("G20", "W1", 1), ("W1", "W2", 2), ("W2", "F", 1)]
    clusters = {"north": ["G00", "G01", "G02", "G03"], "south": ["G30", "G31", "G32", "G33"], "east": ["E"]}
    return _board(stations, links, "custom", clusters=clusters,
                  line_tokens={line: 6 for line in ("red", "yellow", "blue", "purple", "black", "pink",
                                                         "orange", "green", "brown", "white", "grey")})


CLASSIC = {"first_round": "equal", "start_points": (0, 1, 2, 3, 4), "passenger_after_deck": False}

BOARDS: dict[str, Board] = {
    "london": london_board(),
    "london-classic": london_board(**CLASSIC),
    "berlin": berlin_board(),
    "newyork": newyork_board(),
    "custom": custom_board(),
}


# ----- the invariants -----


class CheckedGame:
    """Plays one game action by action and checks everything after each action."""

    def __init__(self, board: Board, players: int, seed: int, replay_every: int = 15) -> None:
        self.board = board
        self.players = players
        self.seed = seed
        self.replay_every = replay_every
        self.state = new_game(board, players, seed)
        self.earned = [player.points for player in self.state.players]  # start points (classic variant)
        self.tiles_taken = [0] * players
        self.sets_cashed = [0] * players
        self.stack_tiles = sum(count for _, count in self.state.landmark_stacks.values())
        self.loop_points: Counter[str] = Counter()
        self.enclosed: dict[str, set[int]] = {line: set() for line in self.state.lines}
        self.routes_checked = 0
        self.steps = 0
        self.undos = 0
        self.check()

    def play(self, bots: Sequence[Bot]) -> GameState:
        state = self.state
        settings = self.board.settings
        moves_per_turn = settings.actions_per_turn + 1 + max(2, settings.single_kind_moves)
        for _ in range(settings.turn_limit * moves_per_turn):
            if state.phase == "over":
                break
            actions = state.legal_actions()
            assert actions, "a turn is always possible (taking a branch token is always legal)"
            action = bots[state.current].choose(observe(state))
            assert action in actions
            self.step(action)
        assert state.phase == "over", "the game did not end within its turn limit"
        assert state.turn < settings.turn_limit
        self.check_replay()
        return state

    def step(self, action: Action) -> None:
        state = self.state
        before = state.to_json()
        seat, passenger, turn = state.current, state.passenger, state.turn
        assert state.why_illegal(action) is None
        if isinstance(action, ChooseRoute) and self.routes_checked < MAX_BRUTE_FORCE_ROUTES:
            self.check_routes()
        events = state.apply(action)
        after = state.to_json()
        if state.can_undo():
            self.undos += 1
            assert state.undo()
            assert state.to_json() == before, f"undo of {action} did not restore the state"
            assert state.apply(action) == events, f"{action} redone gave other events"
            assert state.to_json() == after
        self.steps += 1
        self.account(events, seat, passenger)
        if isinstance(action, PlaceTrack):
            self.check_loops(action.line)
        if state.turn != turn and state.phase == "actions":
            self.check_actions_at_turn_start()
        self.check()
        if self.steps % self.replay_every == 0:
            self.check_replay()
            self.check_undo_after_loading(before, action)

    def account(self, events: list[Event], seat: int, passenger: int | None) -> None:
        """Add up the points the events carry, and check what the passenger events say."""
        position = passenger
        for event in events:
            if event.player is None:
                assert event.points == 0, f"points without a player: {event}"
            else:
                self.earned[event.player] += event.points
            assert event.branch_tokens >= 0 and event.paid >= 0
            if event.kind == "place":
                assert event.player is not None and event.line is not None
                self.tiles_taken[event.player] += len(event.tile.split(",")) if event.tile else 0
                self.sets_cashed[event.player] += sum(r.key == "landmark_set" for r in event.reasons)
                for reason in event.reasons:
                    if reason.key == "loop":
                        self.loop_points[event.line] += reason.params["n"]
            if event.kind == "passenger":
                assert event.player == seat
                assert event.path[0] == position and event.path[-1] == event.station
                assert len(set(event.path)) == len(event.path)
                for here, there in pairwise(event.path):
                    assert (here, there) in self.board.link_between
                assert self.board.nodes[event.station].destination
                position = event.station

    def check(self) -> None:
        state, board = self.state, self.board
        settings = board.settings
        assert state.phase in PHASES
        assert 0 <= state.current < self.players

        for link in board.links:
            on_link = state.tracks[link.index]
            assert len(on_link) <= link.spaces, f"link {link.index} holds more lines than spaces"
            assert len(set(on_link)) == len(on_link), f"a line runs twice on link {link.index}"

        for line, line_state in state.lines.items():
            assert line in state.players[line_state.owner].lines
            assert line_state.tokens_left >= 0, f"{line} has negative tokens"
            links = [link for link in board.links if line in state.tracks[link.index]]
            assert len(links) + line_state.tokens_left == settings.line_tokens[line], f"{line} pieces lost"
            degree: Counter[int] = Counter()
            for link in links:
                degree[link.a] += 1
                degree[link.b] += 1
            assert line_state.degree == dict(degree), f"{line}'s degree bookkeeping is off"
            assert _connected(links), f"the {line} line falls apart"
            assert all(board.nodes[n].is_station for n in line_state.loop_scored), "a waypoint scored in a loop"

        for seat, player in enumerate(state.players):
            assert player.points == self.earned[seat], f"seat {seat}: points are not the sum of its events"
            assert player.branch_tokens >= 0
            assert all(count >= 0 for count in player.landmarks.values())
            types = settings.landmark_types
            assert not all(player.landmarks.get(kind, 0) for kind in types), "a full landmark set not cashed in"
            held = sum(player.landmarks.values())
            assert held == self.tiles_taken[seat] - self.sets_cashed[seat] * len(types), "landmark tiles lost"
        for station, (_, count) in state.landmark_stacks.items():
            assert 0 <= count <= board.nodes[station].landmarks
        remaining = sum(count for _, count in state.landmark_stacks.values())
        assert remaining + sum(self.tiles_taken) == self.stack_tiles
        for line, line_state in state.lines.items():
            assert len(line_state.loop_scored) == self.loop_points[line], f"{line}'s loop points != its stations"

        assert len(state.deck) + len(state.face_up) + state.discards == len(board.deck)
        assert len(state.face_up) <= settings.face_up
        assert Counter(state.deck) + Counter(state.face_up) <= Counter(board.deck)
        if settings.passenger_after_deck:
            assert state.passenger is not None
        elif state.passenger is None:
            assert state.end_triggered and not state.deck

        # New York: nobody but the active player may have a line ending on a water symbol, and the
        # active player must still be able to bring every crossing ashore.
        for line, line_state in state.lines.items():
            if line_state.owner != state.current or state.phase != "actions":
                assert not any(
                    d == 1 and board.nodes[n].water for n, d in line_state.degree.items()
                ), f"the {line} line ends on water outside its owner's turn"
        if state.phase == "actions" and state.water_rule:
            assert water_debt(state) <= state.actions_left

        if state.phase == "passenger":
            assert state.passenger_options() is not None
            assert all(isinstance(action, ChooseRoute) for action in state.legal_actions())
        if state.phase == "over":
            best = max((p.points, p.branch_tokens) for p in state.players)
            assert state.winners == [s for s, p in enumerate(state.players) if (p.points, p.branch_tokens) == best]
            if state.turn + 1 < settings.turn_limit:
                assert state.end_triggered
                assert len({p.turns for p in state.players}) == 1, "players did not have the same number of turns"

        saved = state.to_json()
        assert GameState.from_json(json.loads(json.dumps(saved)), board).to_json() == saved

    def check_loops(self, line: str) -> None:
        """rules §4 loops, computed another way: a station is inside some cycle of the line exactly when
        it is inside one of the fundamental cycles of a spanning tree (the even-odd parity of a point is
        additive over the cycle space), and it scores if the line does not connect it at that moment."""
        board, state = self.board, self.state
        if not board.settings.loops:  # a board without loops (New York) scores none, however it is drawn
            assert state.lines[line].loop_scored == set(), f"{line} scored a loop on a board without loops"
            return
        links = [link for link in board.links if line in state.tracks[link.index]]
        connected = set(state.lines[line].degree)
        parent: dict[int, int] = {links[0].a: links[0].a}
        tree: set[int] = set()
        grown = True
        while grown:
            grown = False
            for link in links:
                if (link.a in parent) != (link.b in parent):
                    inner, outer = (link.a, link.b) if link.a in parent else (link.b, link.a)
                    parent[outer] = inner
                    tree.add(link.index)
                    grown = True
        for link in links:
            if link.index in tree:
                continue
            cycle = _tree_path(parent, link.a, link.b)
            polygon = [(board.nodes[n].x, board.nodes[n].y) for n in cycle]
            self.enclosed[line] |= {
                node.index for node in board.nodes
                if node.is_station and node.index not in connected and _inside(node.x, node.y, polygon)
            }
        assert state.lines[line].loop_scored == self.enclosed[line], f"{line}'s loop stations differ"

    def check_actions_at_turn_start(self) -> None:
        """rules §3 and §7: 4 actions, but 3/4/…/5 in the staggered first round."""
        state, settings = self.state, self.board.settings
        expected = settings.actions_per_turn
        if state.turn < self.players and settings.first_round == "staggered":
            expected += (state.current == self.players - 1) - (state.current == 0)
        assert state.actions_left == expected
        assert state.undoable == 0 and not state.can_undo()

    def check_routes(self) -> None:
        """The passenger's options in a real game agree with the brute force of the routing tests."""
        state = self.state
        targets = {station for station, kind in state.face_up if kind == state.pending_moves[0]}
        assert state.passenger is not None
        expected = brute_force(self.board, state.tracks, state.passenger, targets)
        options = state.passenger_options()
        assert expected is not None and options is not None
        assert (options.walked, options.lines) == expected[0]
        assert {(o.destination, frozenset(o.lines)) for o in options.options} == expected[1]
        self.routes_checked += 1

    def check_replay(self) -> None:
        state = self.state
        assert replay(self.board, self.seed, self.players, state.log).to_json() == state.to_json()

    def check_undo_after_loading(self, before: dict[str, object], action: Action) -> None:
        """Undo also works on a state loaded from a save (it rebuilds the turn start from the log)."""
        loaded = GameState.from_json(json.loads(json.dumps(self.state.to_json())), self.board)
        if loaded.can_undo():
            assert loaded.undo()
            assert loaded.to_json() == before, f"undo of {action} after loading did not restore the state"


def _tree_path(parent: dict[int, int], a: int, b: int) -> list[int]:
    """The nodes from a up the tree to the common ancestor and down to b."""
    up_a = [a]
    while parent[up_a[-1]] != up_a[-1]:
        up_a.append(parent[up_a[-1]])
    up_b = [b]
    while up_b[-1] not in up_a:
        up_b.append(parent[up_b[-1]])
    return up_a[: up_a.index(up_b[-1]) + 1] + up_b[-2::-1]


def _inside(x: float, y: float, polygon: list[tuple[float, float]]) -> bool:
    """Even-odd: count the polygon edges a ray to the right crosses."""
    crossings = 0
    for (x1, y1), (x2, y2) in pairwise([*polygon, polygon[0]]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            crossings += 1
    return crossings % 2 == 1


def _connected(links: list) -> bool:
    if not links:
        return True
    reached = {links[0].a}
    changed = True
    while changed:
        changed = False
        for link in links:
            if (link.a in reached) != (link.b in reached):
                reached |= {link.a, link.b}
                changed = True
    return all(link.a in reached for link in links)


def random_bots(players: int, seed: int) -> list[Bot]:
    return [RandomBot(seed * 101 + seat) for seat in range(players)]


# ----- the tests -----


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("board_name", list(BOARDS))
def test_random_games_keep_every_invariant(board_name: str, players: int) -> None:
    board = BOARDS[board_name]
    undos = 0
    for seed in range(3):
        game = CheckedGame(board, players, seed)
        state = game.play(random_bots(players, seed))
        undos += game.undos
        assert state.log == play_game(board, ["random"] * players, seed).log  # checking changed nothing
    assert undos > 0


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("board_name", list(BOARDS))
def test_greedy_games_keep_every_invariant(board_name: str, players: int) -> None:
    board = BOARDS[board_name]
    bots: list[Bot] = [GreedyBot(seat) if seat % 2 == 0 else RandomBot(seat) for seat in range(players)]
    CheckedGame(board, players, seed=7, replay_every=25).play(bots)
    CheckedGame(board, players, seed=8, replay_every=25).play([GreedyBot(10 + seat) for seat in range(players)])


def test_classic_variant_starts_on_points_and_removes_the_passenger() -> None:
    board = BOARDS["london-classic"]
    state = new_game(board, 5, seed=1)
    assert [p.points for p in state.players] == [0, 1, 2, 3, 4]
    assert state.actions_left == 4
    game = CheckedGame(board, 5, seed=1)
    state = game.play(random_bots(5, 1))
    assert state.passenger is None


def test_an_unreachable_display_still_ends_at_the_turn_limit() -> None:
    # The destinations lie on a separate piece of board, so no card is ever taken and the deck never runs
    # out: the turn limit ends the game.
    board = make_board(
        {"A": (0, 0, "start"), "B": (100, 0, ""), "C": (200, 0, ""), "D": (500, 0, "standard cards=3"),
         "E": (600, 0, "express cards=3"), "F": (700, 0, "standard cards=3")},
        [("A", "B", 2), ("B", "C", 1), ("A", "C", 1), ("D", "E", 1), ("E", "F", 2)],
        turn_limit=12,
    )
    for players in (2, 3):
        state = CheckedGame(board, players, seed=players).play(random_bots(players, players))
        assert state.turn == 11
        assert not state.end_triggered


@pytest.mark.parametrize("board_name", list(BOARDS))
def test_same_seed_and_bots_give_the_same_game(board_name: str) -> None:
    board = BOARDS[board_name]
    for kinds in (["random", "random", "random"], ["greedy", "random"]):
        first = play_game(board, kinds, seed=5)
        second = play_game(board, kinds, seed=5)
        assert first.log == second.log
        assert first.to_json() == second.to_json()
    assert play_game(board, ["random"] * 3, seed=5).log != play_game(board, ["random"] * 3, seed=6).log


# ----- New York: the water rule never leaves a player without a legal action -----


class Drawn:
    """A drawn board, printed briefly in a failure report: stations with features, links with spaces."""

    def __init__(self, board: Board) -> None:
        self.board = board

    def __repr__(self) -> str:
        nodes = {node.name: "water" if node.water else node.destination for node in self.board.nodes}
        names = [node.name for node in self.board.nodes]
        links = [(names[link.a], names[link.b], link.spaces) for link in self.board.links]
        return f"Drawn(nodes={nodes}, links={links})"


FEATURES = ("railway", "terminus", "connection", "plus", "landmarks=1", "landmarks=2", "express")


@st.composite
def water_boards(draw: st.DrawFn, ruleset: str = "newyork", features: bool = False) -> Drawn:
    """A ring of stations with crossings between them: chains of 1–3 water symbols, narrow or wide.

    With `features`, the stations also carry random features of every ruleset and form clusters.
    """
    count = draw(st.integers(4, 7))
    stations: Stations = {
        f"S{i}": (float(i * 100), float(i % 2 * 100), "start standard" if i == 0 else "standard")
        for i in range(count)
    }
    clusters: dict[str, list[str]] = {}
    if features:
        for name, (x, y, words) in list(stations.items()):
            extra = draw(st.lists(st.sampled_from(FEATURES), max_size=3, unique=True))
            if "landmarks=1" in extra and "landmarks=2" in extra:
                extra.remove("landmarks=1")
            if "express" in extra:
                words = words.replace("standard", "")
            stations[name] = (x, y, " ".join([words, *extra]))
            clusters.setdefault(f"C{draw(st.integers(0, 2))}", []).append(name)
    links: Links = [(f"S{i}", f"S{(i + 1) % count}", draw(st.integers(1, 2))) for i in range(count)]
    for crossing in range(draw(st.integers(1, 4))):
        a = draw(st.integers(0, count - 1))
        b = (a + draw(st.integers(1, count - 1))) % count
        chain = [f"S{a}"]
        for k in range(draw(st.integers(1, 3))):
            name = f"W{crossing}{k}"
            stations[name] = (float(a * 100 + 30 * k + 15), float(200 + crossing * 50), "waypoint water")
            chain.append(name)
        chain.append(f"S{b}")
        links += [(here, there, draw(st.integers(1, 2))) for here, there in pairwise(chain)]
    return Drawn(_board(stations, links, ruleset, clusters=clusters))


def refusal_words(refusal: Refusal | None) -> str:
    """A refusal in the English words the CLI prints; empty when the action is legal."""
    return "" if refusal is None else explain(refusal)


class WaterBot:
    """A random bot drawn to the water: it mostly places track on links that touch a water symbol."""

    name = "water"

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        actions = list(observation.legal_actions)
        board = observation.board
        wet = [
            action for action in actions
            if isinstance(action, PlaceTrack)
            and (board.nodes[board.links[action.link].a].water or board.nodes[board.links[action.link].b].water)
        ]
        return self.rng.choice(wet if wet and self.rng.random() < 0.8 else actions)


@settings(max_examples=80, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(water_boards(), st.integers(2, 3), st.integers(0, 1000))
def test_water_crossings_never_block_a_turn(drawn: Drawn, players: int, seed: int) -> None:
    bots: list[Bot] = [WaterBot(seed * 7 + seat) for seat in range(players)]
    CheckedGame(drawn.board, players, seed, replay_every=1000).play(bots)


@settings(max_examples=40, derandomize=True, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["london", "berlin", "newyork", "custom"]).flatmap(lambda r: water_boards(r, True)),
       st.integers(2, 5), st.integers(0, 1000))
def test_random_boards_with_every_feature_keep_every_invariant(drawn: Drawn, players: int, seed: int) -> None:
    CheckedGame(drawn.board, players, seed, replay_every=50).play(random_bots(players, seed))


def test_two_water_ends_never_wait_for_the_same_last_space() -> None:
    # Found by the property above. Red and black both run M–W1 (two spaces) and would each need the single
    # space of W1–S to get ashore: each end alone is one placement away, but only one can ever finish,
    # and the player would be left with no legal action at all. The second crossing must be refused.
    board = make_board(
        {"M": (0, 0, "start standard"), "W1": (100, 0, "waypoint water"), "S": (200, 0, "standard"),
         "Q": (0, 100, "standard")},
        [("M", "W1", 2), ("W1", "S", 1), ("M", "Q", 1)],
        ruleset="newyork",
    )
    state = new_game(board, 2, seed=1)
    red, black = state.players[0].lines[:2]
    state.actions_left = 4
    state.apply(PlaceTrack(red, board.link("M", "W1").index))
    second = PlaceTrack(black, board.link("M", "W1").index)
    assert "across water" in refusal_words(state.why_illegal(second))
    assert second not in state.legal_actions()
    state.apply(PlaceTrack(red, board.link("W1", "S").index))
    assert "across water" in refusal_words(state.why_illegal(second))  # W1–S is full now: black could never land
    assert TakeBranch() in state.legal_actions()
