"""Station names set on a board: each station's label property turned into the box its name covers.

The compiler calls this once a board is assembled, so the board file carries what the game draws
(docs/contracts.md §1b): the name's lines, its feature badges and its box at the board's label size,
measured with the name font's table and placed by `label_spec` beside the disc `proportions` gives it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from game.board import proportions
from game.board.label_spec import LabelSpec, format_label, gap_for, label_box, line_sizes, split_lines
from game.board.model import Board, NameLabel, Node
from game.board.text_metrics import name_metrics


def badges(node: Node) -> int:
    """The feature badges set in front of a station's name: railway, "+", and its tile's slot."""
    return proportions.badges_of(node.railway, node.plus, node.connection or node.landmarks > 0)


def with_name_labels(board: Board, specs: Mapping[int, LabelSpec]) -> Board:
    """The board with every station's name placed by its spec (east of the station where it has none)."""
    radii = proportions.node_radii(board)
    px = board.label_px
    gap, lead = gap_for(px), proportions.badge_advance(px)
    metrics = name_metrics()

    def measure(text: str) -> tuple[float, float]:
        return metrics.size(text, px)

    nodes = []
    for node in board.nodes:
        if node.waypoint:
            nodes.append(node)
            continue
        spec = specs.get(node.index) or LabelSpec()
        count = badges(node)
        lines = split_lines(node.name, spec)
        x, y, w, h = label_box(node.x, node.y, radii[node.index], spec, line_sizes(lines, measure, count * lead), gap)
        label = NameLabel(round(x, 2), round(y, 2), round(w, 2), round(h, 2), format_label(spec), lines, count)
        nodes.append(replace(node, label=label))
    return replace(board, nodes=tuple(nodes))
