"""Test helper: the shipped boards as the `Network` the layout takes (the bench reads them the same way)."""

from __future__ import annotations

from editor.cartography.bench import SHIPPED
from editor.cartography.bench import board_network as _board
from editor.cartography.network import Frame, Network

__all__ = ["SHIPPED", "board_frame", "board_network"]


def board_network(name: str) -> Network:
    return _board(name)[0]


def board_frame(name: str) -> Frame:
    return _board(name)[1]
