"""The finished map's last look at names that read as one (names/apart.py): of two names set one over the other,
lined up and close, one moves where it parts them and keeps the figure; a name dragged by hand stays."""

from __future__ import annotations

from editor.cartography.names.apart import set_apart
from editor.cartography.names.placer import NameObstacles, NameStation
from editor.cartography.names.types import PlacedName
from game.board.label_spec import LabelSpec
from game.board.legibility import CLEAR_SCALE
from game.board.name_stacking import read_as_one
from tests.editor.cartography.conftest import LABEL_PX, fake_measure
from tests.editor.cartography.test_letter import _figure, _names
from tests.editor.cartography.test_names_properties import FRAME
from tests.editor.cartography.test_names_small import clear_box, discs, station


def _read_as_one(stations: list[NameStation], names: dict[int, PlacedName]) -> list[tuple[int, int]]:
    return read_as_one([names[s.index].box for s in stations], [(s.x, s.y) for s in stations], LABEL_PX)


def _apart(stations: list[NameStation], names: dict[int, PlacedName]) -> dict[int, PlacedName]:
    return set_apart(stations, NameObstacles(discs(*stations)), FRAME, names, fake_measure, label_px=LABEL_PX,
                     clear_scale=CLEAR_SCALE)


def test_one_of_two_names_that_read_as_one_moves_where_it_parts_them() -> None:
    """Canning Town's name set north-east just over Limehouse's, set north-east too: "Canning Town Limehouse"."""
    canning, limehouse = station(0, "Canning Town", 200, 200), station(1, "Limehouse", 250, 222)
    stations = [canning, limehouse]
    given = _names({canning: LabelSpec("NE"), limehouse: LabelSpec("NE")})
    assert _read_as_one(stations, given) == [(0, 1)]  # the set-up
    assert _figure(stations, NameObstacles(discs(*stations)), given, with_lines=True) == set()
    result = _apart(stations, given)
    assert _read_as_one(stations, result) == []
    assert sum(result[s.index].spec != given[s.index].spec for s in stations) == 1  # one moved, not both
    assert _figure(stations, NameObstacles(discs(*stations)), result, with_lines=True) == set()


def test_names_dragged_by_hand_stay_where_the_designer_put_them() -> None:
    canning = station(0, "Canning Town", 200, 200, fixed=LabelSpec("NE"))
    limehouse = station(1, "Limehouse", 250, 222, fixed=LabelSpec("NE"))
    given = _names({canning: LabelSpec("NE"), limehouse: LabelSpec("NE")})
    assert _apart([canning, limehouse], given) == given


def test_names_that_read_as_one_only_when_grown_are_set_apart_too() -> None:
    """Apart at the usual size, Canning Town's and Limehouse's names run together grown to the clear scale, as
    1280×720 draws them: one moves, and the two read apart at both sizes."""
    canning, limehouse = station(0, "Canning Town", 200, 200), station(1, "Limehouse", 250, 228)
    stations = [canning, limehouse]
    given = _names({canning: LabelSpec("NE"), limehouse: LabelSpec("NE")})
    points = [(s.x, s.y) for s in stations]

    def grown(names: dict[int, PlacedName]) -> list[tuple[int, int]]:
        return read_as_one([clear_box(s, names[s.index].spec) for s in stations], points, LABEL_PX * CLEAR_SCALE)

    assert _read_as_one(stations, given) == [] and grown(given) == [(0, 1)]  # the set-up
    result = _apart(stations, given)
    assert _read_as_one(stations, result) == [] and grown(result) == []
    assert sum(result[s.index].spec != given[s.index].spec for s in stations) == 1
