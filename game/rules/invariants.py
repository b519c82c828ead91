"""What every state the rules can reach satisfies: the check a state read from a file must pass before play.

`GameState.from_json` only checks types, so a saved game with the right types and impossible values (seat 5
of 2, the passenger on node 9999, a card for a station that does not exist, tokens that do not add up) would
load and crash the screens later, at every Continue. `check_state` refuses such a state with one line saying
what is wrong: first the facts a reader can name (every index in range, every count consistent), then the
whole truth, since a game is its setup plus its action log: the log must replay, action by action, to exactly
the saved state.
"""

from __future__ import annotations

from collections import Counter

from game.rules.refusals import IllegalAction
from game.rules.state import PHASES, GameState, new_game

CARD_KINDS = ("standard", "express")


class InvalidState(ValueError):
    """A state no game can reach; the message says what is wrong, in one line."""


def check_state(state: GameState) -> None:
    """Raise InvalidState unless `state` is one the rules can reach on its board (replaying its log)."""
    _check_seats(state)
    _check_board_pieces(state)
    _check_cards(state)
    _check_turn(state)
    _check_replay(state)


def _fail(message: str) -> None:
    raise InvalidState(message)


def _in_range(value: int, count: int, what: str) -> None:
    if not 0 <= value < count:
        _fail(f"{what} {value} is out of range (0 to {count - 1})")


def _check_seats(state: GameState) -> None:
    board, settings = state.board, state.board.settings
    if not 2 <= state.player_count <= 5:
        _fail(f"a game is for 2 to 5 players, not {state.player_count}")
    expected = settings.seats_lines(state.player_count)
    for seat, player in enumerate(state.players):
        if player.lines != expected[seat]:
            _fail(f"seat {seat + 1} holds the lines {player.lines!r:.80}, not this board's {expected[seat]!r}")
        if player.branch_tokens < 0 or player.turns < 0:
            _fail(f"seat {seat + 1} has a negative count")
        for kind, count in player.landmarks.items():
            if kind not in settings.landmark_types or count < 0:
                _fail(f"seat {seat + 1} holds {count} landmark tiles of kind {kind!r:.40}")
    for line, line_state in state.lines.items():
        _in_range(line_state.owner, state.player_count, f"the owner of line {line}")
        for node in line_state.loop_scored:
            _in_range(node, len(board.nodes), f"a station line {line} scored by a loop,")


def _check_board_pieces(state: GameState) -> None:
    """Tracks within their links' spaces, and tokens on the board + in hand = each line's total."""
    board, settings = state.board, state.board.settings
    if len(state.tracks) != len(board.links):
        _fail(f"tracks for {len(state.tracks)} links on a board of {len(board.links)}")
    placed: Counter[str] = Counter()
    for index, lines in enumerate(state.tracks):
        if len(lines) > board.links[index].spaces or len(set(lines)) != len(lines):
            _fail(f"link {index} holds {lines!r:.80}: more tracks than spaces, or a line twice")
        for line in lines:
            if line not in state.lines:
                _fail(f"link {index} holds line {line!r:.40}, which no seat plays")
        placed.update(lines)
    for line, line_state in state.lines.items():
        total = settings.line_tokens[line]
        if line_state.tokens_left < 0 or line_state.tokens_left + placed[line] != total:
            _fail(f"line {line} has {placed[line]} tokens on the board and {line_state.tokens_left} in hand, "
                  f"not {total} in all")
    connection = {node.index for node in board.nodes if node.connection}
    for station, symbol in state.connection_tiles.items():
        if station not in connection or symbol not in settings.connection_symbols:
            _fail(f"a connection tile {symbol!r:.40} on node {station}, which is not a connection station")
    for station, (kind, count) in state.landmark_stacks.items():
        _in_range(station, len(board.nodes), "the landmark stack on node")
        if kind not in settings.landmark_types or not 0 <= count <= board.nodes[station].landmarks:
            _fail(f"the landmark stack on node {station} holds {count} of {kind!r:.40}")


def _check_cards(state: GameState) -> None:
    """Cards of the board's deck only, and deck + face-up + discarded = the board's deck."""
    board = state.board
    deck = Counter(board.deck)
    for card in (*state.deck, *state.face_up):
        station, kind = card
        _in_range(station, len(board.nodes), "a card's station")
        if kind not in CARD_KINDS or deck[card] == 0:
            _fail(f"a card {kind!r:.20} for node {station}, which the board's deck does not hold")
    seen = Counter(state.deck) + Counter(state.face_up)
    if any(seen[card] > deck[card] for card in seen):
        _fail("a destination card is in the game more often than the board's deck holds it")
    if len(state.deck) + len(state.face_up) + state.discards != len(board.deck) or state.discards < 0:
        _fail(f"{len(state.deck)} cards in the pile, {len(state.face_up)} face up and {state.discards} discarded "
              f"do not make the board's {len(board.deck)}")
    if len(state.face_up) > board.settings.face_up:
        _fail(f"{len(state.face_up)} cards face up; this board shows {board.settings.face_up}")


def _check_turn(state: GameState) -> None:
    board, settings = state.board, state.board.settings
    _in_range(state.current, state.player_count, "the seat to play")
    if state.phase not in PHASES:
        _fail(f"unknown phase {state.phase!r:.40}")
    if state.passenger is not None:
        _in_range(state.passenger, len(board.nodes), "the passenger's node")
        if board.nodes[state.passenger].waypoint:
            _fail(f"the passenger stands on node {state.passenger}, which is not a station")
    if not 0 <= state.turn < settings.turn_limit:
        _fail(f"turn {state.turn} is out of range (0 to {settings.turn_limit - 1})")
    if not 0 <= state.actions_left <= settings.actions_per_turn + 1:
        _fail(f"{state.actions_left} actions left; a turn has at most {settings.actions_per_turn + 1}")
    if any(kind not in CARD_KINDS for kind in state.pending_moves):
        _fail("a passenger move of an unknown kind is due")
    for seat in state.winners:
        _in_range(seat, state.player_count, "a winner's seat")
    if not 0 <= state.undoable <= len(state.log):
        _fail(f"{state.undoable} actions to undo of {len(state.log)} played")
    moves = max(2, settings.single_kind_moves)
    longest = (state.turn + 1) * (settings.actions_per_turn + 1 + moves)
    if len(state.log) > longest:
        _fail(f"{len(state.log)} actions in {state.turn + 1} turns: more than a game can hold")


def _check_replay(state: GameState) -> None:
    """The log, replayed from the setup, must be legal at every step and end in exactly this state."""
    replayed = new_game(state.board, state.player_count, state.seed)
    for number, action in enumerate(state.log, 1):
        try:
            replayed.apply(action)
        except IllegalAction as error:
            _fail(f"action {number} of the log is not legal there: {error}")
    ours, theirs = state.to_json(), replayed.to_json()
    if ours != theirs:
        field = next(key for key in theirs if ours.get(key) != theirs[key])
        _fail(f"the log does not lead to the saved state (it differs in {field!r})")
