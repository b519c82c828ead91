"""Report how many hostile inputs the fuzz suite pushed through, so the number can be quoted."""

from __future__ import annotations

from typing import Any

from tests.fuzz.harness import CASES


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not CASES:
        return
    total = CASES["tmx"] + CASES["json"] + CASES["cli"]
    parts = ", ".join(f"{kind} {count:,}" for kind, count in sorted(CASES.items()))
    terminalreporter.write_line(f"fuzz: {total:,} hostile inputs checked ({parts})")
