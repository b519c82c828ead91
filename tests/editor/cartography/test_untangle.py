"""The last look at the names (names/untangle.py): text over text is parted, even over a link."""

from __future__ import annotations

from editor.cartography.names.placer import NameObstacles, NameStation, TrackLine, check_names, name_box
from editor.cartography.names.types import PlacedName
from editor.cartography.names.untangle import untangle
from game.board.label_spec import LabelSpec, gap_for
from game.geometry import boxes_overlap
from tests.editor.cartography.conftest import LABEL_PX, fake_measure
from tests.editor.cartography.test_names_small import FRAME, HW, clear_box, discs, station


def _names(*placed: tuple[NameStation, LabelSpec]) -> dict[int, PlacedName]:
    names = {}
    for s, spec in placed:
        lines, box = name_box(s, spec, fake_measure, gap_for(LABEL_PX), 1.0)
        names[s.index] = PlacedName(s.index, spec, lines, box)
    return names


def test_two_names_facing_each_other_are_parted() -> None:
    """Bank's name east and Monument's west meet in the gap between them; nothing else is near: they part, and
    a third name already clear is left where it is."""
    a, b, c = station(0, "Bank", 400, 300), station(1, "Monument", 470, 300), station(2, "Oval", 400, 480)
    given = _names((a, LabelSpec("E")), (b, LabelSpec("W")), (c, LabelSpec("NE")))
    assert boxes_overlap(clear_box(a, LabelSpec("E")), clear_box(b, LabelSpec("W")))  # the set-up
    result = untangle([a, b, c], NameObstacles(discs(a, b, c)), FRAME, given, fake_measure, label_px=LABEL_PX,
                      clear_scale=1.2)
    assert not boxes_overlap(clear_box(a, result[0].spec), clear_box(b, result[1].spec))
    assert result[2] == given[2]
    specs = {s.index: result[s.index].spec for s in (a, b, c)}
    assert check_names([a, b, c], NameObstacles(discs(a, b, c)), FRAME, fake_measure, specs, label_px=LABEL_PX,
                       scale=1.2) == []


def test_text_over_a_link_is_taken_over_text_over_text() -> None:
    """Monument's name is fixed west, over Bank's east side; Bank's every other side is crossed by one of
    its lines. Text over a link reads, text over text does not: Bank's name goes over a link."""
    a, b = station(0, "Bank", 400, 300), station(1, "Monument", 520, 300, fixed=LabelSpec("W"))
    tracks = (TrackLine(((400.0, 100.0), (400.0, 500.0)), HW, "north-south"),
              TrackLine(((100.0, 300.0), (400.0, 300.0)), HW, "west"),
              TrackLine(((200.0, 100.0), (600.0, 500.0)), HW, "diagonal"),
              TrackLine(((200.0, 500.0), (600.0, 100.0)), HW, "other diagonal"))
    obstacles = NameObstacles(discs(a, b), tracks)
    given = _names((a, LabelSpec("E")), (b, LabelSpec("W")))
    assert boxes_overlap(clear_box(a, LabelSpec("E")), clear_box(b, LabelSpec("W")))  # the set-up
    result = untangle([a, b], obstacles, FRAME, given, fake_measure, label_px=LABEL_PX, clear_scale=1.2)
    assert result[1] == given[1]  # fixed by its designer
    assert not boxes_overlap(clear_box(a, result[0].spec), clear_box(b, LabelSpec("W")))
    found = check_names([a, b], obstacles, FRAME, fake_measure, {0: result[0].spec, 1: LabelSpec("W")},
                        label_px=LABEL_PX, scale=1.2)
    banks = [line for line in found if line.startswith("name of Bank ")]
    assert banks and all("crosses a link" in line for line in banks), found
