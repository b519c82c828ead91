"""The finished map climbs: a station near a name in trouble steps aside where that frees the name."""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace
from itertools import pairwise

import pytest

from editor.cartography.layout.checks import check_schematic, is_octilinear
from editor.cartography.metro import climb as climb_module
from editor.cartography.metro.climb import climb
from editor.cartography.metro.naming import name_problems, placed, troubled
from editor.cartography.metro.nudge import nudge_stations
from editor.cartography.network import Network, Place, Track
from tests.editor.cartography.test_nudge import END, _drawn, _request


def _pinned_end():  # type: ignore[no-untyped-def]
    """test_nudge's hemmed-in station, pinned where the designer put it: only the north–south link that
    crosses its name's one free side may move (its ends are G and H)."""
    request = _request()
    places = list(request.network.places)
    places[END] = replace(places[END], pinned=True)
    return replace(request, network=Network(tuple(places), request.network.tracks))


def test_a_neighbour_link_steps_aside_for_a_pinned_stations_name() -> None:
    request = _pinned_end()
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert END in troubled(name_problems(request, scene, names), scene)
    # The step a station takes for its own name cannot help a pinned one.
    assert nudge_stations(request, schematic, scene, names)[0] is schematic

    moved, scene, names = climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))

    assert END not in troubled(name_problems(request, scene, names), scene)
    assert moved.positions[END] == schematic.positions[END]
    changed = {i for i, (a, b) in enumerate(zip(moved.positions, schematic.positions, strict=True)) if a != b}
    assert changed and changed <= {6, 7}  # G or H, the ends of the link across the name
    assert all(is_octilinear(a, b) for path in moved.paths for a, b in pairwise(path))
    assert not check_schematic(request.network, moved, request.frame)


def test_a_fresh_import_does_not_climb() -> None:
    """A step costs a placement of the names near it: more time than the editor has (London: 3 minutes)."""
    request = replace(_pinned_end(), thorough=False)
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))[0] is schematic


def test_the_climb_tells_its_progress_at_each_step_and_stops_when_told() -> None:
    """Ctrl+Shift+T runs the climb in the background for minutes: its share moves on with the names it
    works through, and a cancel, raised from the progress call, ends it within one step."""
    request = _pinned_end()
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    heard: list[float] = []
    climb(request, schematic, scene, names, lambda _scene, kept: dict(kept), heard.append)
    assert heard and heard == sorted(heard) and heard[0] >= 0.0 and heard[-1] < 1.0

    class Cancelled(Exception):
        pass

    def cancel(_fraction: float) -> None:
        raise Cancelled

    with pytest.raises(Cancelled):
        climb(request, schematic, scene, names, lambda _scene, kept: dict(kept), cancel)


def _deep_crossing(inset: float):  # type: ignore[no-untyped-def]
    """`_pinned_end` with the north–south link `inset` px further west: across the middle of the name."""
    request = _pinned_end()
    places = list(request.network.places)
    for end in (6, 7):  # G and H
        places[end] = replace(places[end], x=places[end].x - inset)
    return replace(request, network=Network(tuple(places), request.network.tracks))


def test_a_link_across_the_middle_of_a_name_steps_two_pitches_off_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """One pitch moves the link along the name, not off it; at a crowded junction that is where the climb
    stopped. So a station steps up to three pitches."""
    request = _deep_crossing(60.0)
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert END in troubled(name_problems(request, scene, names), scene)
    with monkeypatch.context() as one_pitch:
        one_pitch.setattr(climb_module, "STEPS", (20.0, 40.0))
        assert climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))[0] is schematic

    moved, scene, names = climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))

    assert END not in troubled(name_problems(request, scene, names), scene)
    steps = [math.dist(a, b) for a, b in zip(moved.positions, schematic.positions, strict=True) if a != b]
    assert len(steps) == 1 and 40.0 < steps[0] <= 80.0 * math.sqrt(2) + 1e-6
    assert all(is_octilinear(a, b) for path in moved.paths for a, b in pairwise(path))
    assert not check_schematic(request.network, moved, request.frame)


def _pinned_end_by_a_hemmed_in_name():  # type: ignore[no-untyped-def]
    """`_pinned_end` with a station "Ost" just east of the north–south link, its line running on east: its
    name fits only west of it, between it and that link. Every step that takes the link off the pinned
    station's name puts it across Ost's."""
    request = _pinned_end()
    places = list(request.network.places)
    ost = len(places)
    places += [Place(places[6].x + 60, 300, "Ost"), Place(700, 300, "Zoo")]
    tracks = (*request.network.tracks, Track(ost, ost + 1))
    network = Network(tuple(places), tracks)
    return replace(request, network=network, spaces=(1,) * len(tracks), two_steps=True), ost


def test_a_name_no_one_step_frees_is_freed_by_two() -> None:
    """An ejection chain: the step that frees the pinned station's name troubles Ost's, and a second step (Ost
    east) frees that one; the climb of single steps (a designer's thorough Tidy) stops with the first name in
    trouble."""
    request, ost = _pinned_end_by_a_hemmed_in_name()
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert troubled(name_problems(request, scene, names), scene) == {END}
    single = replace(request, two_steps=False)
    assert climb(single, schematic, scene, names, lambda _scene, kept: dict(kept))[0] is schematic

    moved, scene, names = climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))

    assert not troubled(name_problems(request, scene, names), scene)
    changed = {i for i, (a, b) in enumerate(zip(moved.positions, schematic.positions, strict=True)) if a != b}
    assert ost in changed and len(changed) == 2 and END not in changed
    assert all(is_octilinear(a, b) for path in moved.paths for a, b in pairwise(path))
    assert not check_schematic(request.network, moved, request.frame)


def test_repairs_stop_when_they_have_cost_more_steps_than_single_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """The chain's budget: with no repair step allowed per single step, the hemmed-in name the chain frees above
    stays in trouble and the map is returned as it was."""
    monkeypatch.setattr(climb_module, "REPAIR_SHARE", 0.0)
    request, _ost = _pinned_end_by_a_hemmed_in_name()
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)

    moved, scene, names = climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))

    assert moved is schematic
    assert troubled(name_problems(request, scene, names), scene) == {END}


def _a_hopeless_name_far_west_of_a_pinned_end():  # type: ignore[no-untyped-def]
    """`_pinned_end` on a board twice as wide, moved east, with a station far west (listed first, so its name is
    tried first) whose name, one word wider than the board, fits nowhere: no step frees it, while the pinned
    station's name is freed after it in the first round. Returns the request and the pinned station's index."""
    request = _pinned_end()
    shift = 800.0
    places = [Place(100, 150, "Far" * 60), Place(200, 150, "Beyond")]
    places += [replace(place, x=place.x + shift) for place in request.network.places]
    tracks = (Track(0, 1), *(Track(t.a + 2, t.b + 2) for t in request.network.tracks))
    return replace(request, network=Network(tuple(places), tracks), spaces=(1,) * len(tracks),
                   frame=replace(request.frame, width=1600)), END + 2


@pytest.mark.parametrize("reach, rounds_tried", [(climb_module.REACH, 1), (10_000.0, 2)])
def test_a_name_no_step_freed_is_tried_again_only_when_something_near_it_changed(
        monkeypatch: pytest.MonkeyPatch, reach: float, rounds_tried: int) -> None:
    """The pinned station's name, freed after the far name was tried, makes a second round; the far name's steps
    are tried again only if what changed lies within REACH of its movers (a board-wide reach tries them again)."""
    monkeypatch.setattr(climb_module, "REACH", reach)
    request, end = _a_hopeless_name_far_west_of_a_pinned_end()
    far = 0
    schematic = _drawn(request)
    scene, names = placed(request, schematic, None, 0)
    assert troubled(name_problems(request, scene, names), scene) == {far, end}
    stepped: Counter[int] = Counter()
    real_steps_of = climb_module.steps_of

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        stepped[args[3]] += 1  # the mover
        return real_steps_of(*args, **kwargs)

    monkeypatch.setattr(climb_module, "steps_of", counted)

    _moved, scene, names = climb(request, schematic, scene, names, lambda _scene, kept: dict(kept))

    assert troubled(name_problems(request, scene, names), scene) == {far}
    assert stepped[far] == stepped[far + 1] == rounds_tried
