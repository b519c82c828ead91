"""The bus tour's rules in our own words (docs/bus-rules.md), for the same rules overlay as the Underground's.

Figures come from the engine and the board, not from the text: the route points table, the buses each
player has, and the districts this board really has with their places and values.
"""

from __future__ import annotations

from game import i18n
from game.bus.board import BusBoard
from game.bus.rules.scoring import ROUTE_POINTS
from game.bus.rules.state import BUSES
from game.ui import text
from game.ui.overlays.help_section import Section


def bus_board_title(board: BusBoard) -> str:
    """"Bus tour · London": the game, then the board's own title in the interface language."""
    return text.tr("bus.menu.file", name=board.title(i18n.language()))


def bus_sections(board: BusBoard | None) -> list[Section]:
    """The rules of the bus tour, with what `board` has (districts) when there is one."""
    tr = text.tr
    points = ", ".join(str(ROUTE_POINTS[n]) for n in sorted(ROUTE_POINTS))
    spaces = ", ".join(str(n) for n in sorted(ROUTE_POINTS))
    districts = [tr("bus.help.6")]
    if board is not None:
        for district in board.districts:
            places = ", ".join(board.places[p].name for p in district.places)
            districts.append("• " + text.ntr("bus.rules.district", district.value, name=district.name,
                                              places=places, count=district.value))
    return [
        Section(tr("bus.rules.goal.title"), (tr("bus.rules.goal"),), "goal"),
        Section(tr("help.turn.title"), (tr("bus.help.1"),), "turn"),
        Section(tr("bus.rules.cards.title"), (tr("bus.rules.deck"), tr("bus.help.2"), tr("bus.rules.redeal")),
                "cards"),
        Section(tr("bus.rules.claim.title"),
                (tr("bus.rules.claim"), text.ntr("bus.rules.buses", BUSES, count=BUSES),
                 tr("bus.rules.points", table=points, lengths=spaces), tr("bus.help.4")), "claim"),
        Section(tr("bus.rules.tickets.title"), (tr("bus.help.5"), tr("bus.rules.last_ticket")), "tickets"),
        Section(tr("bus.rules.districts.title"), tuple(districts), "districts"),
        Section(tr("help.end.title"), (tr("bus.help.7"), tr("bus.rules.passes")), "end"),
        Section(tr("help.controls.title"), (tr("bus.rules.mouse"), tr("bus.rules.keys"), tr("bus.rules.pad")),
                "controls"),
    ]
