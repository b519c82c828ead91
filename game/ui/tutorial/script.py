"""The tutorial's script: its board, a fixed deal, the opponent's moves and the steps the learner takes.

Everything is the real game: the state comes from `new_game` on the tutorial board with a fixed seed, and
only the order of the draw pile is set (the same cards, so the pile the table shows stays true). Each step
says what it asks for (`wants`), which of the learner's moves it lets through (`allows`), and when it is
done, read from the engine's state, so a step advances only when the learner has really done it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from game.board.loader import load_board
from game.board.model import Board
from game.resources import tutorial_board
from game.rules.actions import Action, ChooseRoute, PlaceTrack, TakeBranch
from game.rules.observation import Observation
from game.rules.state import GameState, new_game
from game.ui.table.setup import GameSetup, Seat

SEED = 7
LEARNER, OPPONENT = 0, 1
FACE_UP = ("Harbour", "Hilltop", "Eastwood", "Oakham")
PILE = ("Southgate", "Westfield", "Riverside")  # drawn from the end: Riverside first
OPPONENT_MOVES = (  # the computer's track, turn by turn; it falls back on any legal move if one is taken
    ("green", "Riverside", "Elmfield"), ("green", "Elmfield", "Parkside"), ("yellow", "Southgate", "Lowfield"),
    ("green", "Parkside", "Hilltop"), ("yellow", "Lowfield", "Eastwood"), ("yellow", "Southgate", "Oakham"),
)


def board() -> Board:
    return load_board(str(tutorial_board()))


def link_between(board: Board, a: str, b: str) -> int:
    """The link joining two stations named on the tutorial board."""
    index = {node.name: node.index for node in board.nodes}
    ends = {index[a], index[b]}
    return next(k for k, link in enumerate(board.links) if {link.a, link.b} == ends)


def setup() -> GameSetup:
    return GameSetup("tutorial", [Seat("person", ""), Seat("easy", "")], seed=SEED)


def first_state(board: Board) -> GameState:
    """The real game's setup with the display and the pile in the script's order."""
    state = new_game(board, 2, SEED)
    index = {node.name: node.index for node in board.nodes}
    state.face_up = [(index[name], "standard") for name in FACE_UP]
    state.deck = [(index[name], "standard") for name in PILE]
    assert sorted(state.face_up + state.deck) == sorted(board.deck), "the tutorial board's cards changed"
    return state


class ScriptedOpponent:
    """The computer across the table: lays the script's track and sends the passenger on his first option."""

    name = "tutorial"

    def __init__(self, board: Board) -> None:
        self.moves = [PlaceTrack(line, link_between(board, a, b)) for line, a, b in OPPONENT_MOVES]

    def choose(self, observation: Observation) -> Action:
        legal = observation.sample_state(random.Random(SEED)).legal_actions()  # the pile's order plays no part
        routes = [a for a in legal if isinstance(a, ChooseRoute)]
        if routes:
            return routes[0]
        while self.moves:
            move = self.moves.pop(0)
            if move in legal:
                return move
        return next((a for a in legal if isinstance(a, PlaceTrack)), TakeBranch())


Move = tuple[str, object]  # ("line", "blue"), ("place", (line, link)), ("branch", None), ("route", None)


@dataclass(frozen=True)
class Step:
    """One instruction card: what it asks, the moves it lets through, and when it is done."""

    key: str  # tutorial.KEY / tutorial.KEY.more / tutorial.KEY.nudge in the catalogues
    wants: str  # "next" (its button), "line", "space", "branch", "route", "watch" (the computer plays), "end"
    done: Callable[[GameState, str | None], bool]  # (state, selected line) -> done
    line: str | None = None  # the line chip or the line to lay
    link: tuple[str, str] | None = None  # the space asked for, between two stations
    free: bool = False  # any legal move of its kind is right


def _has(line: str, a: str, b: str) -> Callable[[GameState, str | None], bool]:
    def done(state: GameState, selected: str | None) -> bool:
        return line in state.tracks[link_between(state.board, a, b)]
    return done


def _turn_passed(state: GameState, selected: str | None) -> bool:
    return state.current != LEARNER or state.phase == "over"


def _learners_turn(state: GameState, selected: str | None) -> bool:
    return state.current == LEARNER and state.phase == "actions"


def _red_laid(state: GameState, selected: str | None) -> bool:
    return state.lines["red"].tokens_left < state.board.settings.line_tokens["red"]


def _never(state: GameState, selected: str | None) -> bool:
    return False


STEPS: tuple[Step, ...] = (
    Step("welcome", "next", _never),
    Step("pick", "line", lambda state, selected: selected == "blue", line="blue"),
    Step("railway", "space", _has("blue", "Kingsgate", "Millbrook"), line="blue", link=("Kingsgate", "Millbrook")),
    Step("terminus", "space", _has("blue", "Millbrook", "Harbour"), line="blue", link=("Millbrook", "Harbour")),
    Step("token", "branch", lambda state, selected: state.phase != "actions" or state.current != LEARNER),
    Step("passenger", "route", _turn_passed),
    Step("opponent", "watch", _learners_turn),
    Step("branching", "space", _has("blue", "Millbrook", "Westfield"), line="blue", link=("Millbrook", "Westfield")),
    Step("second_line", "space", _red_laid, line="red", free=True),
    Step("last_action", "space", lambda state, selected: state.phase != "actions" or state.current != LEARNER,
         free=True),
    Step("cards", "next", _never),
    Step("choose", "route", _turn_passed),
    Step("finale", "watch", lambda state, selected: state.phase == "over"),
    Step("end", "end", _never),
)


def allows(step: Step, kind: str, value: object, board: Board) -> bool:
    """Whether the learner's move `kind` (line, place, branch, route, undo) is what `step` asks for."""
    if kind == "undo":
        return False
    if step.wants == "route":
        return kind == "route"
    if step.wants == "branch":
        return kind == "branch" or (kind == "line")
    if step.wants == "line":
        return kind == "line" and value == step.line
    if step.wants != "space":
        return False
    if kind == "line":
        return True  # picking a line changes nothing on the board: only the placement is checked
    if step.free and step.line is None:
        return kind in ("place", "branch")
    if kind != "place" or not isinstance(value, tuple):
        return False
    line, link = value
    if step.line is not None and line != step.line:
        return False
    return step.free or step.link is None or link == link_between(board, *step.link)
