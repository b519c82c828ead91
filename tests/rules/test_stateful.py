"""The engine holds its invariants under any sequence of legal and illegal actions and undos.

A hypothesis state machine plays through the public API only (`apply`, `undo`, `legal_actions`,
`why_illegal`) on the small synthetic boards of every ruleset (London with loops and connection tiles and
its classic variant, Berlin with "+" stations and landmarks, New York with water waypoints and clusters,
and a custom board where lines run out). Illegal actions (a track on any line and any link, a route not
offered, a branch token while the passenger must move) must raise IllegalAction with a reason and change
nothing. After every step the checks of the random-game tests run (tokens, pieces, links, connected lines,
points as the sum of events, JSON round trip), undo must restore the exact previous state, and at a sample
of steps the log replays to the same state.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from game.board.rule_settings import LINE_TOKENS
from game.rules.actions import Action, ChooseRoute, PlaceTrack, TakeBranch
from game.rules.state import IllegalAction
from tests.rules.test_random_games import BOARDS, CheckedGame

COLOURS = sorted(LINE_TOKENS)
REPLAY_EVERY = 12
MAX_LINKS = max(len(board.links) for board in BOARDS.values())
MAX_NODES = max(len(board.nodes) for board in BOARDS.values())


class EngineMachine(RuleBasedStateMachine):
    """One game per example, driven step by step; `self.undos` mirrors what undo may take back."""

    game: CheckedGame
    undos: list[tuple[dict[str, Any], dict[str, Any]]]  # (state, checker's bookkeeping) before each undoable action

    @initialize(board=st.sampled_from(sorted(BOARDS)), players=st.integers(2, 5), seed=st.integers(0, 10_000))
    def start(self, board: str, players: int, seed: int) -> None:
        self.game = CheckedGame(BOARDS[board], players, seed)
        self.undos = []
        self.steps = 0

    @property
    def state(self) -> Any:
        return self.game.state

    def bookkeeping(self) -> dict[str, Any]:
        """What the checker has added up from events (points, tiles...), to roll back with an undo."""
        return {key: copy.deepcopy(value) for key, value in vars(self.game).items() if key not in ("state", "board")}

    def play(self, action: Action) -> None:
        """A legal action: apply it, account for its events, and remember how to check its undo."""
        state = self.state
        before, books = state.to_json(), self.bookkeeping()
        seat, passenger, undoable = state.current, state.passenger, state.undoable
        events = state.apply(action)
        self.game.account(events, seat, passenger)
        if isinstance(action, ChooseRoute) or state.undoable != undoable + 1:
            self.undos.clear()  # the passenger moved or a new turn began: nothing earlier can be undone
        else:
            self.undos.append((before, books))
        self.steps += 1
        if self.steps % REPLAY_EVERY == 0:
            self.game.check_replay()

    def refuse(self, action: Action) -> None:
        """An illegal action raises IllegalAction with a reason, and leaves the state exactly as it was."""
        before = self.state.to_json()
        reason = self.state.why_illegal(action)
        assert reason, f"{action} should be illegal here"
        with pytest.raises(IllegalAction) as refused:
            self.state.apply(action)
        assert str(refused.value).strip() and "\n" not in str(refused.value)
        assert self.state.to_json() == before, f"the refused {action} changed the state"

    def attempt(self, action: Action) -> None:
        if self.state.why_illegal(action) is None:
            assert action in self.state.legal_actions(), f"{action} is allowed but not listed as legal"
            self.play(action)
        else:
            assert action not in self.state.legal_actions(), f"{action} is listed as legal but refused"
            self.refuse(action)

    @precondition(lambda self: self.state.phase != "over")
    @rule(picks=st.lists(st.integers(0, 10**6), min_size=1, max_size=8))
    def legal_actions(self, picks: list[int]) -> None:
        """A run of legal actions, so games get past the first turns within the step budget."""
        for pick in picks:
            if self.state.phase == "over":
                return
            actions = self.state.legal_actions()
            assert actions, "a turn is always possible"
            self.play(actions[pick % len(actions)])
            self.game.check()

    @rule(line=st.sampled_from([*COLOURS, "magenta"]), link=st.integers(-2, MAX_LINKS + 2))
    def any_placement(self, line: str, link: int) -> None:
        self.attempt(PlaceTrack(line, link))

    @rule(destination=st.integers(-1, MAX_NODES), lines=st.sets(st.sampled_from(COLOURS), max_size=3))
    def any_route(self, destination: int, lines: set[str]) -> None:
        self.attempt(ChooseRoute(destination, tuple(sorted(lines))))

    @precondition(lambda self: self.state.phase != "actions")
    @rule()
    def branch_token_while_the_passenger_must_move(self) -> None:
        self.refuse(TakeBranch())

    @rule()
    def undo(self) -> None:
        state = self.state
        if not state.can_undo():
            before = state.to_json()
            assert not state.undo()
            assert state.to_json() == before
            return
        assert self.undos, "undo is offered for an action the player did not take this turn"
        before, books = self.undos.pop()
        assert state.undo()
        assert state.to_json() == before, "undo did not restore the exact previous state"
        vars(self.game).update(books)

    @invariant()
    def invariants_hold(self) -> None:
        if not hasattr(self, "game"):
            return
        self.game.check()
        if self.state.phase != "over":
            assert len(self.undos) == self.state.undoable, "undo would take back a different number of actions"


EngineMachine.TestCase.settings = settings(
    max_examples=30, stateful_step_count=60, derandomize=True, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_engine_state_machine = EngineMachine.TestCase
