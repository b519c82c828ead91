"""One section of the rules overlay: its heading and paragraphs ("• " starts a list item)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Section:
    title: str
    paragraphs: tuple[str, ...]
    key: str  # for tests: which section this is
