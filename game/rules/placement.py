"""Where a track token may go (rules §4) and what it costs in branch tokens.

A line grows from its ends for free; touching it anywhere else costs `branch_cost` branch tokens; a token
from an end back onto the line closes a loop for free. A chord joining two stations the line already
passes through, neither of them an end, is a branch too: legal when paid, and the cycle it closes scores
as a loop (rules §4). New York adds the water rule: no line may end a turn on a water symbol, so a
placement is legal only if the actions left can still finish every crossing begun.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Protocol

from game.board.model import Board
from game.rules.actions import PlaceTrack
from game.rules.lines import LineState, trial_track
from game.rules.players import PlayerState
from game.rules.refusals import Refusal


class PlacementView(Protocol):
    """What the placement rules read of a game (the game state is one); the tracks are laid on trial."""

    @property
    def board(self) -> Board: ...
    @property
    def lines(self) -> Mapping[str, LineState]: ...
    @property
    def tracks(self) -> Sequence[list[str]]: ...
    @property
    def players(self) -> Sequence[PlayerState]: ...
    @property
    def current(self) -> int: ...
    @property
    def actions_left(self) -> int: ...
    @property
    def water_rule(self) -> bool: ...


def placement_cost(state: PlacementView, line: str, link: int) -> int | Refusal:
    """Branch tokens the placement costs the active player, or why it is not allowed."""
    board = state.board
    if line not in state.lines:
        return Refusal.of("unknown_line", line=line)
    line_state = state.lines[line]
    if line_state.owner != state.current:
        return Refusal.of("line_owned", line=line)
    if line_state.tokens_left <= 0:
        return Refusal.of("no_tokens", line=line)
    if not 0 <= link < len(board.links):
        return Refusal.of("unknown_link", link=link)
    on_link = state.tracks[link]
    if line in on_link:
        return Refusal.of("line_on_link", line=line)
    if len(on_link) >= board.links[link].spaces:
        return Refusal.of("link_full")
    cost = _shape_cost(state, line_state, line, link)
    if isinstance(cost, Refusal):
        return cost
    if cost > state.players[state.current].branch_tokens:
        return Refusal.of("branch_cost", line=line, cost=cost, have=state.players[state.current].branch_tokens)
    if state.water_rule and not _water_can_finish(state, line, link):
        return Refusal.of("water_too_far")
    return cost


def _shape_cost(state: PlacementView, line_state: LineState, line: str, link: int) -> int | Refusal:
    if not line_state.degree:
        return 0
    the_link = state.board.links[link]
    degree_a = line_state.degree.get(the_link.a, 0)
    degree_b = line_state.degree.get(the_link.b, 0)
    if degree_a == 1 or degree_b == 1:
        return 0  # extends an end, or closes a loop from an end
    if degree_a == 0 and degree_b == 0:
        return Refusal.of("not_touching", line=line)
    return state.board.settings.branch_cost  # a branch off the line, or a chord between two of its stations


def legal_placements(state: PlacementView) -> list[tuple[PlaceTrack, int]]:
    """Every legal placement of the active player with its branch-token cost."""
    board = state.board
    tracks = state.tracks
    links = board.links
    neighbours = board.neighbours
    branch_cost = board.settings.branch_cost
    tokens = state.players[state.current].branch_tokens
    found: list[tuple[PlaceTrack, int]] = []
    for line in state.players[state.current].lines:
        line_state = state.lines[line]
        if line_state.tokens_left <= 0:
            continue
        degree = line_state.degree
        if not degree:
            found.extend(
                (PlaceTrack(line, link.index), 0)
                for link in links
                if len(tracks[link.index]) < link.spaces and line not in tracks[link.index]
            )
            continue
        costs: dict[int, int] = {}
        for node, node_degree in degree.items():
            for link, other in neighbours[node]:
                on_link = tracks[link]
                if link in costs or line in on_link or len(on_link) >= links[link].spaces:
                    continue
                other_degree = degree.get(other, 0)
                if node_degree == 1 or other_degree == 1:
                    costs[link] = 0
                elif tokens >= branch_cost:  # a branch, or a chord to another station of the line
                    costs[link] = branch_cost
        found.extend((PlaceTrack(line, link), cost) for link, cost in sorted(costs.items()))
    if state.water_rule:
        found = [(action, cost) for action, cost in found if _water_can_finish(state, action.line, action.link)]
    return found


# ----- New York: track over water is finished in the turn it is begun -----


def water_debt(state: PlacementView) -> int:
    """Placements the active player still needs so that none of their lines ends on a water symbol."""
    return sum(line_water_debt(state, line) for line in state.players[state.current].lines)


def line_water_debt(state: PlacementView, line: str) -> int:
    """Placements `line` still needs to bring each of its water ends ashore."""
    nodes = state.board.nodes
    return sum(
        _placements_to_shore(state, line, node)
        for node, node_degree in state.lines[line].degree.items()
        if node_degree == 1 and nodes[node].water
    )


def _placements_to_shore(state: PlacementView, line: str, start: int) -> int:
    """Fewest placements from a water end to a node that is not a water symbol or is already on the line."""
    board = state.board
    degree = state.lines[line].degree
    seen = {start}
    queue = deque([(start, 0)])
    while queue:
        node, steps = queue.popleft()
        for link, other in board.neighbours[node]:
            on_link = state.tracks[link]
            if other in seen or line in on_link or len(on_link) >= board.links[link].spaces:
                continue
            if not board.nodes[other].water or degree.get(other, 0):
                return steps + 1
            seen.add(other)
            queue.append((other, steps + 1))
    return 1 << 20  # cannot be finished at all


def _water_can_finish(state: PlacementView, line: str, link: int) -> bool:
    """Would the actions left after placing this token still finish every crossing?"""
    with trial_track(state.board, state.tracks, state.lines[line], line, link):
        return can_finish_crossings(state, state.actions_left - 1)


def can_finish_crossings(state: PlacementView, budget: int) -> bool:
    """Can at most `budget` more placements leave none of the active player's lines ending on water?

    `water_debt` counts each water end's own shortest way ashore, which is only a lower bound: two ends
    may both need the last free space of one link, and then finishing one strands the other for good and
    the player has no legal action left. So within the bound, try the placements from the water ends
    themselves (the only ones that help) until every crossing is finished; crossings are short, so is this.
    """
    debt = water_debt(state)
    if debt == 0:
        return True
    own_lines = state.players[state.current].lines
    if debt > budget or any(line_water_debt(state, own) > state.lines[own].tokens_left for own in own_lines):
        return False
    board = state.board
    for own in own_lines:
        water_ends = [n for n, d in state.lines[own].degree.items() if d == 1 and board.nodes[n].water]
        for end in water_ends:
            for link, _ in board.neighbours[end]:
                on_link = state.tracks[link]
                if own in on_link or len(on_link) >= board.links[link].spaces:
                    continue
                with trial_track(board, state.tracks, state.lines[own], own, link):
                    if can_finish_crossings(state, budget - 1):
                        return True
    return False
