"""Properties on random boards: what the check calls clean really is clean, the placer reports exactly the
names the check finds in trouble, planted trouble is caught, and smaller text never adds trouble."""

from __future__ import annotations

import math

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from editor.cartography.names.placer import (
    Disc,
    IconBox,
    NameObstacles,
    NameStation,
    TrackLine,
    check_boxes,
    check_names,
    name_box,
    place_names,
)
from editor.cartography.network import Box, Frame
from game.board.label_spec import SIDES, LabelSpec, gap_for
from game.board.legibility import CLEAR_SCALE
from game.geometry import box_point_distance, boxes_overlap
from tests.editor.cartography.conftest import LABEL_PX, fake_measure, names_in_trouble

FRAME = Frame(500.0, 350.0)
WORDS = ("Park", "Hill", "Cross", "Old", "Kings", "Water", "Bridge", "Elm", "Angel", "Bow")
CLEAR = CLEAR_SCALE  # what the placer clears names at: the largest the game draws them


@st.composite
def boards(draw: st.DrawFn) -> tuple[list[NameStation], NameObstacles]:
    stations: list[NameStation] = []
    for _ in range(draw(st.integers(2, 12))):
        k = len(stations)
        words = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3))
        x = draw(st.floats(20, FRAME.width - 20))
        y = draw(st.floats(20, FRAME.height - 20))
        radius = draw(st.floats(8, 14))
        if all(math.dist((x, y), (s.x, s.y)) >= radius + s.radius for s in stations):
            # Rings never overlap on a board (the board check wants centres 40 px apart); on one spot,
            # "nearer another station than its own" is a tie only rounding decides.
            stations.append(NameStation(k, f"{' '.join(words)} {k:02d}", x, y, radius))
    assume(len(stations) >= 2)
    count = len(stations)
    pairs = draw(st.lists(st.tuples(st.integers(0, count - 1), st.integers(0, count - 1)), max_size=count + 2))
    tracks = tuple(TrackLine(((stations[a].x, stations[a].y), (stations[b].x, stations[b].y)), draw(st.floats(3, 10)))
                   for a, b in pairs if a != b)
    waypoints = tuple(Disc(draw(st.floats(0, FRAME.width)), draw(st.floats(0, FRAME.height)), 6.0)
                      for _ in range(draw(st.integers(0, 2))))
    icons = tuple(IconBox((draw(st.floats(0, FRAME.width)), draw(st.floats(0, FRAME.height)), 12.0, 12.0))
                  for _ in range(draw(st.integers(0, 2))))
    discs = tuple(Disc(s.x, s.y, s.radius, s.name) for s in stations) + waypoints
    return stations, NameObstacles(discs, tracks, icons)


def sampled_segment_distance(box: Box, a: tuple[float, float], b: tuple[float, float]) -> float:
    steps = max(1, math.ceil(math.dist(a, b) / 0.25))
    return min(box_point_distance(box, a[0] + (b[0] - a[0]) * k / steps, a[1] + (b[1] - a[1]) * k / steps)
               for k in range(steps + 1))


def verify_clean(me: NameStation, box: Box, stations: list[NameStation], obstacles: NameObstacles,
                 boxes: dict[int, Box]) -> None:
    """Every rule of the contract for one name, worked out by brute force, independently of the check."""
    assert box[0] >= 0 and box[1] >= 0 and box[0] + box[2] <= FRAME.width and box[1] + box[3] <= FRAME.height
    own = box_point_distance(box, me.x, me.y) - me.radius  # reach is measured from the ring
    assert own <= 30 + 1e-9
    for other in stations:
        if other.index != me.index:
            assert box_point_distance(box, other.x, other.y) - other.radius > own
            assert not boxes_overlap(box, boxes[other.index])
    for disc in obstacles.discs:
        assert box_point_distance(box, disc.x, disc.y) >= disc.radius - 1e-9
    for track in obstacles.tracks:
        for a, b in zip(track.path, track.path[1:], strict=False):
            assert sampled_segment_distance(box, a, b) >= track.half_width - 0.25
    for icon in obstacles.icons:
        assert not boxes_overlap(box, icon.box)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.integers(0, 3))
def test_what_the_check_calls_clean_is_clean_and_the_placer_reports_the_rest(
        board: tuple[list[NameStation], NameObstacles], seed: int) -> None:
    stations, obstacles = board
    result = place_names(stations, obstacles, FRAME, fake_measure, label_px=LABEL_PX, seed=seed)
    specs = {index: placed.spec for index, placed in result.names.items()}
    assert set(specs) == {s.index for s in stations}
    found = check_names(stations, obstacles, FRAME, fake_measure, specs, label_px=LABEL_PX, scale=CLEAR)
    unresolved = {u.index for u in result.unresolved}
    gap = gap_for(LABEL_PX)
    boxes = {s.index: name_box(s, specs[s.index], fake_measure, gap, CLEAR)[1] for s in stations}
    troubled = names_in_trouble(found, [s.name for s in stations])
    for s in stations:
        assert (s.name in troubled) == (s.index in unresolved), s.name
        if s.name not in troubled:
            verify_clean(s, boxes[s.index], stations, obstacles, boxes)


@settings(max_examples=40, deadline=None)
@given(boards(), st.data())
def test_planted_trouble_is_caught(board: tuple[list[NameStation], NameObstacles], data: st.DataObject) -> None:
    stations, obstacles = board
    gap = gap_for(LABEL_PX)
    boxes = {s.index: name_box(s, LabelSpec(data.draw(st.sampled_from(SIDES))), fake_measure, gap)[1]
             for s in stations}
    a, b = stations[0], stations[1]
    x, y, w, h = boxes[a.index]
    bw, bh = boxes[b.index][2:]
    u, v = data.draw(st.floats(0, 1)), data.draw(st.floats(0, 1))
    boxes[b.index] = (x + u * w - bw / 2, y + v * h - bh / 2, bw, bh)  # b's centre inside a's box
    found = check_boxes(stations, obstacles, FRAME, boxes)
    assert (f"name of {a.name} overlaps name of {b.name}" in found
            or f"name of {b.name} overlaps name of {a.name}" in found)
    boxes[a.index] = (FRAME.width - 5.0, y, w, h)
    assert f"name of {a.name} leaves the board" in check_boxes(stations, obstacles, FRAME, boxes)
    if obstacles.tracks:
        (px, py), (qx, qy) = obstacles.tracks[0].path
        boxes[a.index] = ((px + qx) / 2 - 3, (py + qy) / 2 - 3, 6.0, 6.0)
        found = check_boxes(stations, obstacles, FRAME, boxes)
        assert f"name of {a.name} crosses a link" in found


@settings(max_examples=60, deadline=None)
@given(boards(), st.data(), st.floats(0.5, 1.0))
def test_smaller_text_never_adds_trouble(board: tuple[list[NameStation], NameObstacles], data: st.DataObject,
                                         smaller: float) -> None:
    stations, obstacles = board
    specs = {s.index: LabelSpec(data.draw(st.sampled_from(SIDES)), split=data.draw(st.integers(0, 2)))
             for s in stations}
    large = check_names(stations, obstacles, FRAME, fake_measure, specs, label_px=LABEL_PX, scale=CLEAR)
    small = check_names(stations, obstacles, FRAME, fake_measure, specs, label_px=LABEL_PX, scale=CLEAR * smaller)
    assert set(small) <= set(large)
