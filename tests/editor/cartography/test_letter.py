"""The last look by the letter (names/letter.py): a name that breaks the cartography figure moves where it keeps
it, never at the price of another name's, and not where the largest text size would pay too much for it."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from editor.cartography.names import letter
from editor.cartography.names.letter import by_the_letter
from editor.cartography.names.placer import NameObstacles, NameStation, TrackLine, check_boxes, name_box
from editor.cartography.names.types import PlacedName
from editor.cartography.network import Frame
from game.board.label_spec import SIDES, LabelSpec, gap_for
from game.board.legibility import CLEAR_SCALE
from game.board.name_clearance import name_spacing
from game.board.text_metrics import name_metrics
from tests.editor.cartography.conftest import LABEL_PX, fake_measure, names_in_trouble
from tests.editor.cartography.test_names_properties import FRAME, boards
from tests.editor.cartography.test_names_small import discs, station


def _names(placed: dict[NameStation, LabelSpec]) -> dict[int, PlacedName]:
    names = {}
    for s, spec in placed.items():
        lines, box = name_box(s, spec, fake_measure, gap_for(LABEL_PX), 1.0)
        names[s.index] = PlacedName(s.index, spec, lines, box)
    return names


def _figure(stations: list[NameStation], obstacles: NameObstacles, names: dict[int, PlacedName],
            scale: float = 1.0, with_lines: bool = False) -> set[str]:
    """The names breaking the figure's rules that the last look by the letter judges (at `scale`): all the game's
    `figure_problems` judges a compiled board by but a link's centre line through a name (see letter.py), or
    `with_lines` that too, worked out here from the specs alone."""
    lines = obstacles.as_lines() if with_lines else replace(obstacles, tracks=())
    boxes = {s.index: name_box(s, names[s.index].spec, fake_measure, gap_for(LABEL_PX), scale)[1]
             for s in stations}
    return names_in_trouble(check_boxes(stations, lines, FRAME, boxes), [s.name for s in stations])


def _lettered(stations: list[NameStation], obstacles: NameObstacles,
              names: dict[int, PlacedName], lines: bool = False) -> dict[int, PlacedName]:
    return by_the_letter(stations, obstacles, FRAME, names, fake_measure, label_px=LABEL_PX,
                         clear_scale=CLEAR_SCALE, lines=lines)


def test_a_name_nearer_a_neighbour_than_its_own_station_moves_where_it_is_not() -> None:
    """Bank's name set east runs past Monument's ring, nearer it than Bank's own: it moves to a side clear of
    Monument, and Monument's name, which keeps the figure, stays."""
    bank, monument = station(0, "Bank", 200, 200), station(1, "Monument", 250, 222)
    obstacles = NameObstacles(discs(bank, monument))
    given_names = _names({bank: LabelSpec("E"), monument: LabelSpec("SE")})
    assert _figure([bank, monument], obstacles, given_names) == {"Bank"}  # the set-up
    result = _lettered([bank, monument], obstacles, given_names)
    assert result[0].spec != LabelSpec("E")
    assert result[1] == given_names[1]
    assert _figure([bank, monument], obstacles, result) == set()


def test_a_name_over_a_link_moves_off_its_centre_line_only_in_the_last_look() -> None:
    """Angel's name set east runs along its link to Old Street. The layout's stages leave it (a link is judged
    there by its bed at the clear scale, not by the letter); the finished map's last look (`lines`) moves it
    to a side clear of the line, and Old Street's name, clear of it already, stays."""
    angel, old_street = station(0, "Angel", 200, 200), station(1, "Old Street", 400, 200)
    link = TrackLine(((200.0, 200.0), (400.0, 200.0)), 5.35, "Angel–Old Street")
    obstacles = NameObstacles(discs(angel, old_street), (link,))
    given_names = _names({angel: LabelSpec("E"), old_street: LabelSpec("S")})
    assert _figure([angel, old_street], obstacles, given_names, with_lines=True) == {"Angel"}  # the set-up
    assert _lettered([angel, old_street], obstacles, given_names) == given_names
    result = _lettered([angel, old_street], obstacles, given_names, lines=True)
    assert result[0].spec != LabelSpec("E")
    assert result[1] == given_names[1]
    assert _figure([angel, old_street], obstacles, result, with_lines=True) == set()


# A corner of a fresh Paris import (48.84,2.30,48.88,2.40), as the pipeline left it, moved to the frame's corner:
# (name, x, y, ring radius, side, words on line one).
_ROQUETTE = (("Oberkampf", 231, 227, 10.97, "NW", 0), ("Richard-Lenoir", 231, 292, 9, "WNW", 1),
             ("Rue Saint-Maur", 298, 227, 9, "NE", 0), ("Saint-Ambroise", 298, 293, 9, "SW", 0),
             ("Voltaire (Léon Blum)", 298, 341, 9, "WSW", 1), ("Père-Lachaise", 365, 293, 9, "NE", 1),
             ("Philippe Auguste", 365, 341, 9, "E", 0), ("Ménilmontant", 365, 168, 9, "NE", 0),
             ("Parmentier", 154, 160, 9, "NE", 0))
_ROQUETTE_LINKS = (("Oberkampf", "Richard-Lenoir"), ("Oberkampf", "Saint-Ambroise"),
                   ("Père-Lachaise", "Rue Saint-Maur"), ("Ménilmontant", "Père-Lachaise"),
                   ("Saint-Ambroise", "Voltaire (Léon Blum)"), ("Philippe Auguste", "Père-Lachaise"))
_ROQUETTE_FRAME = Frame(600.0, 500.0)


def test_a_place_that_the_largest_text_size_would_bury_is_not_taken(monkeypatch: pytest.MonkeyPatch) -> None:
    """Saint-Ambroise's name, south-west, is nearer Richard-Lenoir than its own station at the usual size. The one
    place that keeps the figure (north) crosses four links and runs nearer two stations once the text grows to
    the largest size: the name stays. Allowed any price, it would have moved there."""
    metrics = name_metrics()

    def measure(text: str) -> tuple[float, float]:
        return metrics.size(text, 20.0)

    stations = [NameStation(k, name, x, y, radius) for k, (name, x, y, radius, _, _) in enumerate(_ROQUETTE)]
    at = {s.name: s for s in stations}
    tracks = tuple(TrackLine(((at[a].x, at[a].y), (at[b].x, at[b].y)), 5.35, f"{a}–{b}") for a, b in _ROQUETTE_LINKS)
    obstacles = NameObstacles(discs(*stations), tracks, spacing=name_spacing(20.0))
    names = {}
    for s, (*_, side, split) in zip(stations, _ROQUETTE, strict=True):
        spec = LabelSpec(side, split=split)
        lines, box = name_box(s, spec, measure, gap_for(20.0), 1.0)
        names[s.index] = PlacedName(s.index, spec, lines, box)

    def lettered() -> dict[int, PlacedName]:
        return by_the_letter(stations, obstacles, _ROQUETTE_FRAME, names, measure, label_px=20.0,
                             clear_scale=CLEAR_SCALE)

    assert lettered() == names
    monkeypatch.setattr(letter, "SLACK", math.inf)
    moved = {stations[i].name: name.spec.side for i, name in lettered().items() if name != names[i]}
    assert moved == {"Saint-Ambroise": "N"}


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_no_name_that_kept_the_figure_is_put_out_of_it(board: tuple[list[NameStation], NameObstacles],
                                                         data: st.DataObject) -> None:
    """On random boards with names set anywhere round their stations (one fixed by a designer): the names
    breaking the figure afterwards are some of those that broke it before, every name moved keeps it, and the
    fixed name stays."""
    stations, obstacles = board
    fixed = stations[0]
    stations = [replace(fixed, fixed=LabelSpec("E")), *stations[1:]]
    specs = {s: s.fixed or LabelSpec(data.draw(st.sampled_from(SIDES))) for s in stations}
    given_names = _names(specs)
    before = _figure(stations, obstacles, given_names)
    result = _lettered(stations, obstacles, given_names)
    after = _figure(stations, obstacles, result)
    assert after <= before
    assert result[fixed.index] == given_names[fixed.index]
    moved = {s.name for s in stations if result[s.index] != given_names[s.index]}
    assert not moved & after


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(boards(), st.data())
def test_the_last_look_puts_no_name_over_a_line(board: tuple[list[NameStation], NameObstacles],
                                                data: st.DataObject) -> None:
    """The same, judged with the links' centre lines (the finished map's last look): no name that kept every
    rule of the figure is put over a line or out of any other rule."""
    stations, obstacles = board
    specs = {s: LabelSpec(data.draw(st.sampled_from(SIDES))) for s in stations}
    given_names = _names(specs)
    before = _figure(stations, obstacles, given_names, with_lines=True)
    result = _lettered(stations, obstacles, given_names, lines=True)
    after = _figure(stations, obstacles, result, with_lines=True)
    assert after <= before
    moved = {s.name for s in stations if result[s.index] != given_names[s.index]}
    assert not moved & after


def test_the_names_breaking_the_figure_are_told_with_the_stations_they_crowd() -> None:
    """Bank's name set east runs nearer Monument than Bank: Bank breaks the figure, with Monument as its rival;
    a step is worth judging where a place keeps the figure, which Bank has (other names aside) and a station
    ringed close by eight neighbours has not."""
    bank, monument = station(0, "Bank", 200, 200), station(1, "Monument", 250, 222)
    obstacles = NameObstacles(discs(bank, monument))
    given_names = _names({bank: LabelSpec("E"), monument: LabelSpec("SE")})
    breaking = letter.figure_breakers([bank, monument], obstacles, FRAME, given_names, fake_measure,
                                      label_px=LABEL_PX, clear_scale=CLEAR_SCALE)
    assert breaking == {0: frozenset({1})}
    assert letter.has_figure_place([bank, monument], obstacles, FRAME, 0, fake_measure, label_px=LABEL_PX,
                                   clear_scale=CLEAR_SCALE)
    middle = station(0, "Walthamstow Central", 300, 300)
    ring = [station(k + 1, f"N{k}", 300 + 30 * dx, 300 + 30 * dy)
            for k, (dx, dy) in enumerate(((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)))]
    crowded = [middle, *ring]
    assert not letter.has_figure_place(crowded, NameObstacles(discs(*crowded)), FRAME, 0, fake_measure,
                                       label_px=LABEL_PX, clear_scale=CLEAR_SCALE)
