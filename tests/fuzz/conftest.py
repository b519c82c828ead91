"""Report how many hostile inputs the fuzz suite pushed through, so the number can be quoted."""

from __future__ import annotations

from typing import Any

from tests.fuzz.harness import CASES
from tests.fuzz.saves import SAVES


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if CASES:
        total = CASES["tmx"] + CASES["json"] + CASES["cli"]
        parts = ", ".join(f"{kind} {count:,}" for kind, count in sorted(CASES.items()))
        terminalreporter.write_line(f"fuzz: {total:,} hostile inputs checked ({parts})")
    if SAVES:
        terminalreporter.write_line(f"fuzz: {SAVES['saves']:,} saved games through the menu and Continue "
                                    f"({SAVES['saves accepted (and played)']:,} accepted and played on)")
