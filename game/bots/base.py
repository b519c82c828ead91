"""What a computer player is: something that picks one of the legal actions.

Bots are given an `Observation` (what a person at the table can see), never the game state: the draw pile's
order and the seed are not in it. To query the rules they ask the observation for a determinised state.
"""

from __future__ import annotations

import random
from typing import Protocol

from game.rules.actions import Action, ChooseRoute
from game.rules.observation import Observation
from game.rules.state import GameState


class Bot(Protocol):
    name: str

    def choose(self, observation: Observation) -> Action: ...


def own_lines_ridden(state: GameState, action: ChooseRoute, seat: int) -> int:
    return sum(1 for line in action.lines if state.owner_of(line) == seat)


def best_route_choice(state: GameState, actions: list[Action], rng: random.Random) -> Action:
    """Among tied passenger options, the one that pays the chooser most and the others least."""
    seat = state.current
    routes = [a for a in actions if isinstance(a, ChooseRoute)]

    def value(action: ChooseRoute) -> tuple[int, int]:
        mine = own_lines_ridden(state, action, seat)
        return mine, -(len(action.lines) - mine)

    top = max(value(a) for a in routes)
    return rng.choice([a for a in routes if value(a) == top])
