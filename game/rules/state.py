"""The game state and the one way it changes: `apply(action) -> events`.

Pure Python with no pygame, deterministic from its seed: all randomness (deck order, connection tiles,
landmark stacks) is drawn at setup, so a game is its setup plus its action log. The state copies
cheaply, round-trips through JSON unchanged, and can undo the current turn's actions up to the
passenger's move.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from contextlib import AbstractContextManager
from typing import Any

from game.board.model import Board
from game.rules.actions import Action, ChooseRoute, PlaceTrack, TakeBranch, action_from_json, action_to_json
from game.rules.events import Event
from game.rules.lines import LineState, trial_track
from game.rules.placement import can_finish_crossings, legal_placements, placement_cost
from game.rules.players import PlayerState
from game.rules.reasons import Reason
from game.rules.refusals import IllegalAction, Refusal
from game.rules.routing import RouteResult, find_routes
from game.rules.scoring import Outcome, placement_outcome

STATE_VERSION = 1
PHASES = ("actions", "passenger", "over")


class GameState:
    """A game in progress. Build one with `new_game`; change it only through `apply`."""

    def __init__(self, board: Board, seed: int, players: list[PlayerState]) -> None:
        self.board = board
        self.seed = seed
        self.players = players
        self.lines: dict[str, LineState] = {
            line: LineState(seat, board.settings.line_tokens[line])
            for seat, player in enumerate(players)
            for line in player.lines
        }
        self.tracks: list[list[str]] = [[] for _ in board.links]
        self.deck: list[tuple[int, str]] = []  # the hidden draw pile; the top card is the last
        self.face_up: list[tuple[int, str]] = []
        self.discards = 0
        self.passenger: int | None = board.start
        self.connection_tiles: dict[int, str] = {}
        self.landmark_stacks: dict[int, tuple[str, int]] = {}
        self.current = 0
        self.actions_left = 0
        self.turn = 0  # turns begun so far, all seats together
        self.phase = "actions"
        self.pending_moves: list[str] = []  # the kinds of the passenger moves still to make this turn
        self.end_triggered = False
        self.winners: list[int] = []
        self.log: list[Action] = []
        self.undoable = 0  # actions of this turn that undo may take back
        self.water_rule = any(node.water for node in board.nodes)
        self._routes: RouteResult | None = None
        self._turn_start: GameState | None = None

    # ----- what the players may see and do -----

    @property
    def player_count(self) -> int:
        return len(self.players)

    @property
    def deck_size(self) -> int:
        return len(self.deck)

    def owner_of(self, line: str) -> int:
        return self.lines[line].owner

    def line_nodes(self) -> dict[str, dict[int, int]]:
        return {line: line_state.degree for line, line_state in self.lines.items()}

    def legal_actions(self) -> list[Action]:
        if self.phase == "actions":
            actions: list[Action] = [action for action, _ in legal_placements(self)]
            if not self.water_rule or can_finish_crossings(self, self.actions_left - 1):
                actions.append(TakeBranch())
            return actions
        if self.phase == "passenger":
            routes = self.passenger_options()
            return [ChooseRoute(option.destination, option.lines) for option in routes.options] if routes else []
        return []

    def legal_placements(self) -> list[tuple[PlaceTrack, int]]:
        """The active player's legal placements with their branch-token cost (for the screens)."""
        return legal_placements(self) if self.phase == "actions" else []

    def why_illegal(self, action: Action) -> Refusal | None:
        """None if the action is legal now, otherwise which rule forbids it (`game.i18n.explain` words it)."""
        if self.phase == "over":
            return Refusal.of("game_over")
        if isinstance(action, ChooseRoute):
            if self.phase != "passenger":
                return Refusal.of("passenger_not_yet")
            if action not in self.legal_actions():
                return Refusal.of("not_a_best_route")
            return None
        if self.phase != "actions":
            return Refusal.of("passenger_first")
        if isinstance(action, TakeBranch):
            if self.water_rule and not can_finish_crossings(self, self.actions_left - 1):
                return Refusal.of("water_unfinished")
            return None
        result = placement_cost(self, action.line, action.link)
        return result if isinstance(result, Refusal) else None

    def preview(self, action: PlaceTrack) -> Outcome:
        """What a placement would score now, with reasons (for hovering a space)."""
        return placement_outcome(self, action.line, action.link)

    def passenger_options(self) -> RouteResult | None:
        """The passenger's optimal options for the move now due (cached until the state changes)."""
        if self.phase != "passenger" or not self.pending_moves or self.passenger is None:
            return None
        if self._routes is None:
            kind = self.pending_moves[0]
            targets = {station for station, card_kind in self.face_up if card_kind == kind}
            self._routes = find_routes(self.board, self.tracks, self.line_nodes(), self.passenger, targets)
        return self._routes

    def trial_track(self, line: str, link: int) -> AbstractContextManager[None]:
        """Lay a track only for a look-ahead (no scoring, no log), and take it up again afterwards."""
        return trial_track(self.board, self.tracks, self.lines[line], line, link)

    # ----- changing the state -----

    def apply(self, action: Action) -> list[Event]:
        """Carry out one action; raises IllegalAction (state unchanged) if the rules forbid it."""
        refusal = self.why_illegal(action)
        if refusal is not None:
            raise IllegalAction(refusal)
        self.log.append(action)
        self._routes = None
        if isinstance(action, PlaceTrack):
            events = [self._place(action)]
        elif isinstance(action, TakeBranch):
            self.players[self.current].branch_tokens += 1
            events = [Event("branch", self.current, branch_tokens=1)]
        else:
            self.undoable = 0
            return self._ride(action)
        self.actions_left -= 1
        self.undoable += 1
        if self.actions_left == 0:
            events += self._begin_passenger()
        return events

    def _place(self, action: PlaceTrack) -> Event:
        line, link = action.line, action.link
        cost = placement_cost(self, line, link)
        assert isinstance(cost, int)
        outcome = placement_outcome(self, line, link)
        line_state = self.lines[line]
        player = self.players[self.current]
        player.branch_tokens -= cost
        line_state.tokens_left -= 1
        self.tracks[link].append(line)
        the_link = self.board.links[link]
        for node in (the_link.a, the_link.b):
            line_state.degree[node] = line_state.degree.get(node, 0) + 1
        line_state.loop_scored.update(outcome.loop_stations)
        player.points += outcome.points
        player.branch_tokens += outcome.branch_tokens
        for station, kind in outcome.tiles:
            stack_kind, count = self.landmark_stacks[station]
            self.landmark_stacks[station] = (stack_kind, count - 1)
            player.landmarks[kind] = player.landmarks.get(kind, 0) + 1
        for _ in range(outcome.sets):
            for kind in self.board.settings.landmark_types:
                player.landmarks[kind] -= 1
        return Event(
            "place", self.current, points=outcome.points, branch_tokens=outcome.branch_tokens, paid=cost,
            reasons=outcome.reasons, line=line, link=link, tile=",".join(k for _, k in outcome.tiles) or None,
        )

    def _begin_passenger(self) -> list[Event]:
        """After the last action: line up the passenger's moves (rules §5), then end the turn if none."""
        due = move_kinds(self.face_up, self.board.settings.single_kind_moves)
        self.pending_moves = due if self.passenger is not None else []
        return self._next_move()

    def _next_move(self) -> list[Event]:
        """Skip moves with nothing to reach; wait for the active player's choice, or end the turn."""
        self._routes = None
        while self.pending_moves:
            self.phase = "passenger"
            if self.passenger_options() is not None:
                return []
            self.pending_moves.pop(0)
            self._routes = None
        self.phase = "actions"
        return self._end_turn()

    def _ride(self, action: ChooseRoute) -> list[Event]:
        routes = self.passenger_options()
        assert routes is not None
        option = next(o for o in routes.options if o.destination == action.destination and o.lines == action.lines)
        kind = self.pending_moves.pop(0)
        self.face_up.remove((action.destination, kind))
        self.discards += 1
        self.passenger = action.destination
        events = [Event("passenger", self.current, station=action.destination, path=option.path, lines=option.lines)]
        owners: dict[int, list[str]] = {}
        for line in option.lines:
            owners.setdefault(self.lines[line].owner, []).append(line)
        for owner, lines in sorted(owners.items()):
            self.players[owner].points += len(lines)
            reasons = tuple(Reason.of("ride", line=line) for line in lines)
            events.append(Event("score", owner, points=len(lines), reasons=reasons, lines=tuple(lines)))
        return events + self._next_move()

    def _end_turn(self) -> list[Event]:
        """Refill the display, check the end of the game, and hand over to the next seat."""
        events: list[Event] = []
        settings = self.board.settings
        drawn = []
        while len(self.face_up) < settings.face_up and self.deck:
            card = self.deck.pop()
            self.face_up.append(card)
            drawn.append(card[0])
        if drawn:
            events.append(Event("refill", path=tuple(drawn)))
        self.players[self.current].turns += 1
        if not self.deck and not self.end_triggered:
            self.end_triggered = True
            events.append(Event("end_triggered", self.current))
            if not settings.passenger_after_deck and self.passenger is not None:
                self.passenger = None
                events.append(Event("passenger_removed"))
        last_seat = self.current == self.player_count - 1
        if (self.end_triggered and last_seat) or self.turn + 1 >= settings.turn_limit:
            return events + self._finish()
        self.current = (self.current + 1) % self.player_count
        self.turn += 1
        self._start_turn()
        events.append(Event("turn", self.current))
        return events

    def _start_turn(self) -> None:
        settings = self.board.settings
        actions = settings.actions_per_turn
        if self.turn < self.player_count and settings.first_round == "staggered":
            if self.current == 0:
                actions -= 1
            elif self.current == self.player_count - 1:
                actions += 1
        self.actions_left = actions
        self.phase = "actions"
        self.pending_moves = []
        self.undoable = 0
        self._turn_start = None
        self._turn_start = self.clone()

    def _finish(self) -> list[Event]:
        """End of game: the landmark majority (Berlin), then the winners with the branch-token tie-break."""
        events: list[Event] = []
        majority_points = self.board.settings.landmark_majority_points
        for seat, player in enumerate(self.players):
            most = max(player.landmarks.values(), default=0)
            if most and majority_points and self.landmark_stacks:
                player.points += most * majority_points
                events.append(Event("score", seat, points=most * majority_points,
                                    reasons=(Reason.of("landmark_majority", n=most),)))
        best = max((p.points, p.branch_tokens) for p in self.players)
        self.winners = [seat for seat, p in enumerate(self.players) if (p.points, p.branch_tokens) == best]
        self.phase = "over"
        self.pending_moves = []
        events.append(Event("game_over", winners=tuple(self.winners)))
        return events

    # ----- undo, copies, JSON -----

    def can_undo(self) -> bool:
        return self.undoable > 0 and self.phase != "over"

    def undo(self) -> bool:
        """Take back the last action of this turn (never the passenger's move); False if nothing to undo."""
        if not self.can_undo():
            return False
        keep = self.log[len(self.log) - self.undoable : -1]
        if self._turn_start is not None:
            restored = self._turn_start.clone()
        else:  # restored from a save: rebuild the turn start by replaying the log
            restored = replay(self.board, self.seed, self.player_count, self.log[: len(self.log) - self.undoable])
        for action in keep:
            restored.apply(action)
        restored._turn_start = self._turn_start or restored._turn_start
        self.__dict__.update(restored.__dict__)
        return True

    def clone(self) -> GameState:
        copy = GameState.__new__(GameState)
        copy.__dict__.update(self.__dict__)
        copy.players = [p.copy() for p in self.players]
        copy.lines = {line: s.copy() for line, s in self.lines.items()}
        copy.tracks = [list(t) for t in self.tracks]
        copy.deck = list(self.deck)
        copy.face_up = list(self.face_up)
        copy.connection_tiles = dict(self.connection_tiles)
        copy.landmark_stacks = dict(self.landmark_stacks)
        copy.pending_moves = list(self.pending_moves)
        copy.winners = list(self.winners)
        copy.log = list(self.log)
        return copy

    def to_json(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "board": self.board.name,
            "seed": self.seed,
            "players": [
                {"lines": p.lines, "points": p.points, "branch_tokens": p.branch_tokens,
                 "landmarks": dict(sorted(p.landmarks.items())), "turns": p.turns}
                for p in self.players
            ],
            "lines": {
                line: {"tokens_left": s.tokens_left, "loop_scored": sorted(s.loop_scored)}
                for line, s in self.lines.items()
            },
            "tracks": {str(i): list(t) for i, t in enumerate(self.tracks) if t},
            "deck": [list(card) for card in self.deck],
            "face_up": [list(card) for card in self.face_up],
            "discards": self.discards,
            "passenger": self.passenger,
            "connection_tiles": {str(k): v for k, v in sorted(self.connection_tiles.items())},
            "landmark_stacks": {str(k): list(v) for k, v in sorted(self.landmark_stacks.items())},
            "current": self.current,
            "actions_left": self.actions_left,
            "turn": self.turn,
            "phase": self.phase,
            "pending_moves": list(self.pending_moves),
            "end_triggered": self.end_triggered,
            "winners": list(self.winners),
            "undoable": self.undoable,
            "log": [action_to_json(a) for a in self.log],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any], board: Board) -> GameState:
        """Rebuild a state saved by `to_json`; the caller checks the version and catches errors."""
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"saved game version {data.get('version')!r} is not {STATE_VERSION}")
        players = [
            PlayerState(list(p["lines"]), int(p["points"]), int(p["branch_tokens"]),
                        {str(k): int(v) for k, v in p["landmarks"].items()}, int(p["turns"]))
            for p in data["players"]
        ]
        state = cls(board, int(data["seed"]), players)
        for line, saved in data["lines"].items():
            state.lines[line].tokens_left = int(saved["tokens_left"])
            state.lines[line].loop_scored = {int(n) for n in saved["loop_scored"]}
        for key, lines in data["tracks"].items():
            state.tracks[int(key)] = [str(line) for line in lines]
            the_link = board.links[int(key)]
            for line in lines:
                degree = state.lines[line].degree
                for node in (the_link.a, the_link.b):
                    degree[node] = degree.get(node, 0) + 1
        state.deck = [(int(s), str(k)) for s, k in data["deck"]]
        state.face_up = [(int(s), str(k)) for s, k in data["face_up"]]
        state.discards = int(data["discards"])
        state.passenger = None if data["passenger"] is None else int(data["passenger"])
        state.connection_tiles = {int(k): str(v) for k, v in data["connection_tiles"].items()}
        state.landmark_stacks = {int(k): (str(v[0]), int(v[1])) for k, v in data["landmark_stacks"].items()}
        state.current = int(data["current"])
        state.actions_left = int(data["actions_left"])
        state.turn = int(data["turn"])
        state.phase = str(data["phase"])
        if state.phase not in PHASES:
            raise ValueError(f"unknown phase {state.phase!r}")
        state.pending_moves = [str(k) for k in data["pending_moves"]]
        state.end_triggered = bool(data["end_triggered"])
        state.winners = [int(s) for s in data["winners"]]
        state.undoable = int(data["undoable"])
        state.log = [action_from_json(a) for a in data["log"]]
        return state


def move_kinds(face_up: Sequence[tuple[int, str]], single_kind_moves: int) -> list[str]:
    """The kinds of the moves due (rules §5): express then standard, or the one kind on display."""
    kinds = {kind for _, kind in face_up}
    if not kinds:
        return []
    if len(kinds) == 2:
        return ["express", "standard"]
    return [next(iter(kinds))] * single_kind_moves


def new_game(board: Board, players: int, seed: int) -> GameState:
    """Set up a game (rules §1, §3): lines per seat, shuffled deck, tiles and stacks, four cards face up."""
    settings = board.settings
    if not 2 <= players <= 5:
        raise ValueError(f"a game is for 2 to 5 players, not {players}")
    rng = random.Random(seed)
    seats = [PlayerState(lines) for lines in settings.seats_lines(players)]
    for seat, points in zip(seats, settings.start_points, strict=False):
        seat.points = points
    state = GameState(board, seed, seats)
    state.deck = list(board.deck)
    rng.shuffle(state.deck)

    connection_stations = [node.index for node in board.nodes if node.connection]
    symbols = settings.connection_symbols
    tiles = [symbols[i % len(symbols)] for i in range(len(connection_stations) // 2) for _ in range(2)]
    rng.shuffle(tiles)
    state.connection_tiles = dict(zip(connection_stations, tiles, strict=False))

    for size in sorted({node.landmarks for node in board.nodes if node.landmarks}, reverse=True):
        stations = [node.index for node in board.nodes if node.landmarks == size]
        rng.shuffle(stations)
        for i, station in enumerate(stations):
            state.landmark_stacks[station] = (settings.landmark_types[i % len(settings.landmark_types)], size)

    while len(state.face_up) < settings.face_up and state.deck:
        state.face_up.append(state.deck.pop())
    state._start_turn()
    return state


def replay(board: Board, seed: int, players: int, log: list[Action]) -> GameState:
    """The state a log leads to from setup: how saves are checked and undo rebuilds a turn."""
    state = new_game(board, players, seed)
    for action in log:
        state.apply(action)
    return state
