"""What every place round a station breaks, counted as arrays (names/break_counts.py), is what the check
itself yields for each place, one box at a time (`NameScene.breaks`), on random boards."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cartography.names.break_counts import KINDS, kind_counts
from editor.cartography.names.placer import IconBox, NameObstacles, NameStation, TrackLine
from game.board.name_clearance import NameScene
from tests.editor.cartography.test_names_properties import FRAME, boards


@st.composite
def places(draw: st.DrawFn, station: NameStation) -> list[tuple[float, float, float, float]]:
    """Boxes round the station, some across it, some off the board; whole pixels or not."""
    whole = draw(st.booleans())
    number = st.integers(-150, 150).map(float) if whole else st.floats(-150, 150)
    size = st.integers(4, 220).map(float) if whole else st.floats(4, 220)
    return [(station.x + draw(number), station.y + draw(number), draw(size), draw(size) / 3)
            for _ in range(draw(st.integers(1, 24)))]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data(), st.sampled_from([0.0, 1.0, 2.5]), st.booleans())
def test_each_place_counts_what_the_check_yields_for_it(board: tuple[list[NameStation], NameObstacles],
                                                       data: st.DataObject, pad: float, lines: bool) -> None:
    """With `lines`, links are paths with no width, as the figure measures them."""
    stations, obstacles = board
    if lines:
        obstacles = obstacles.as_lines()
    pos = data.draw(st.integers(0, len(stations) - 1))
    me = stations[pos]
    icons = tuple(IconBox((me.x + data.draw(st.floats(-80, 80)), me.y + data.draw(st.floats(-60, 60)), 12.0, 12.0))
                  for _ in range(data.draw(st.integers(0, 3))))  # icons where its name may go
    scene = NameScene(stations, replace(obstacles, icons=obstacles.icons + icons, bars=obstacles.tracks[:1]), FRAME)
    boxes = data.draw(places(me))
    counts = kind_counts(scene, pos, boxes, pad)
    for box, row in zip(boxes, counts.tolist(), strict=True):
        yielded = Counter(kind for kind, _ in scene.breaks(pos, box, pad))
        assert dict(zip(KINDS, row, strict=True)) == {kind: yielded[kind] for kind in KINDS}


def test_a_place_over_a_neighbour_and_a_link_counts_both() -> None:
    west, east = NameStation(0, "West", 100.0, 100.0, 10.0), NameStation(1, "East", 160.0, 100.0, 10.0)
    obstacles = NameObstacles(tracks=(TrackLine(((west.x, west.y), (east.x, east.y)), 4.0),))
    scene = NameScene([west, east], obstacles, FRAME)
    (row,) = kind_counts(scene, 0, [(115.0, 92.0, 60.0, 16.0)]).tolist()  # east of West, over East's ring
    assert {kind: n for kind, n in zip(KINDS, row, strict=True) if n} == {"station": 1, "nearer": 1, "link": 1}
    as_lines = NameScene([west, east], replace(obstacles, tracks=(replace(obstacles.tracks[0], half_width=0.0),)),
                         FRAME)
    (row,) = kind_counts(as_lines, 0, [(115.0, 92.0, 60.0, 16.0)]).tolist()  # the link's path through it still
    assert {kind: n for kind, n in zip(KINDS, row, strict=True) if n} == {"station": 1, "nearer": 1, "link": 1}

