"""What a person at the table knows, and nothing more.

The draw pile's order (`state.deck`) and the setup seed are hidden. A player can still know which cards
have not been seen yet: every card of the board, minus those face up, minus those the passenger has
already visited (the public log says where it went). Bots look ahead only on a copy whose draw pile is
replaced by those unseen cards in an order of the bot's own choosing, so no look-ahead can reveal a card.
"""

from __future__ import annotations

import random
from collections import Counter

from game.rules.actions import ChooseRoute
from game.rules.state import GameState

Card = tuple[int, str]


def visited_cards(state: GameState) -> Counter[Card]:
    """The cards the passenger has already taken, read off the public action log."""
    nodes = state.board.nodes
    return Counter((a.destination, nodes[a.destination].destination) for a in state.log if isinstance(a, ChooseRoute))


def unseen_cards(state: GameState) -> list[Card]:
    """The cards still in the draw pile as a multiset, in board order (never the pile's real order)."""
    unseen = Counter(state.board.deck) - Counter(state.face_up) - visited_cards(state)
    return sorted(unseen.elements())


def public_copy(state: GameState, rng: random.Random) -> GameState:
    """A copy safe to play on: its draw pile is the unseen cards shuffled by the bot, its seed erased."""
    copy = state.clone()
    pile = unseen_cards(state)
    rng.shuffle(pile)
    copy.deck = pile
    copy.seed = 0
    copy._turn_start = None  # it holds the real pile; the copy never undoes
    return copy
