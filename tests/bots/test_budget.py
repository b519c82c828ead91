"""The hard level with a tiny budget, by nodes or by the clock, still returns a legal action."""

from __future__ import annotations

import pytest

from game.bots.planning_bot import hard_bot
from game.rules.observation import observe
from tests.bots.helpers import positions


@pytest.mark.parametrize("budget", [{"evaluations": 1, "seconds": None}, {"seconds": 0.0}, {"seconds": 0.001}])
def test_tiny_budget_still_legal(budget: dict) -> None:
    for state in positions("london", 2, seed=3, every=5)[:8]:
        bot = hard_bot(5, **budget)
        action = bot.choose(observe(state))
        assert action in state.legal_actions()
        if state.phase == "actions":  # the rest of its plan stays legal too
            copy = state.clone()
            copy.apply(action)
            while copy.phase == "actions" and copy.current == state.current:
                follow = bot.choose(observe(copy))
                assert follow in copy.legal_actions()
                copy.apply(follow)
