"""Test helper: the shipped boards as their build starts — the configuration's import (tools/board_configs),
written as the TMX the layout then tidies — so the layout is tested on the rough geography it really gets,
not on the finished metro map the board file already is."""

from __future__ import annotations

import tempfile
from functools import cache
from pathlib import Path

from editor.cartography.bench import SHIPPED
from editor.cartography.metro.request import MapRequest
from editor.cartography.network import Frame, Network
from editor.document.tmx import Document
from editor.importing.importer import build_board
from editor.importing.map_request import map_inputs
from editor.tmx_write import write_tmx
from tools.build_boards import load_config

__all__ = ["SHIPPED", "board_frame", "board_network", "geographic_request"]


@cache
def geographic_request(name: str) -> MapRequest:
    """The request the board's build hands the pipeline (tools.build_boards, before `schematic.lay_out`)."""
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / f"{name}.tmx"
        write_tmx(build_board(load_config(name)), source)
        return map_inputs(Document.load(source)).request


def board_network(name: str) -> Network:
    return geographic_request(name).network


def board_frame(name: str) -> Frame:
    return geographic_request(name).frame
