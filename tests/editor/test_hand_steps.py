"""A finished metro map's stations moved by hand: a shipped board's `"finish"` (`step_by_hand`), and a station
dragged in the editor, whose links are drawn again straight or at 45° (`redraw_links`)."""

from __future__ import annotations

import json
import math
from itertools import pairwise
from pathlib import Path

import pygame
import pytest

from editor.app import EditorApp
from editor.cartography.metro_map import StepRefused
from editor.document.names import node_discs, station_names
from editor.document.tmx import Document
from editor.importing.network_data import ImportError_
from editor.importing.schematic import lay_out, step_by_hand
from game.geometry import box_point_distance
from tests.editor.driver import Driver
from tests.editor.test_map_commands import sketch


@pytest.fixture(scope="module")
def laid_out(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The small sketch laid out as a metro map with its names placed: a finished map to step on."""
    path = tmp_path_factory.mktemp("hand") / "sketch.tmx"
    sketch(path)
    doc = Document.from_bytes(path.read_bytes(), path)
    lay_out(doc)
    return doc.to_bytes()


def _doc(data: bytes) -> Document:
    return Document.from_bytes(data, Path("sketch.tmx"))


def _station(doc: Document, name: str) -> tuple[int, tuple[float, float]]:
    station = next(s for s in doc.of_kind("station") if s.name == name)
    return station.id, station.pos


def _octilinear(p: tuple[float, float], q: tuple[float, float]) -> bool:
    angle = math.degrees(math.atan2(q[1] - p[1], q[0] - p[0])) % 45
    return min(angle, 45 - angle) < 0.5


@pytest.mark.parametrize("by", [(40, 0), (0, 40), (40, 40)])
def test_a_station_stepped_by_hand_takes_its_links_along_octilinear_and_its_name_with_it(
        laid_out: bytes, by: tuple[int, int]) -> None:
    doc = _doc(laid_out)
    echo, (x, y) = _station(doc, "Echo")
    others = {s.id: s.pos for s in doc.of_kind("station") if s.id != echo}

    step_by_hand(doc, [("Echo", *by)])

    assert _station(doc, "Echo")[1] == (x + by[0], y + by[1])
    assert {s.id: s.pos for s in doc.of_kind("station") if s.id != echo} == others
    links = [link for link in doc.of_kind("link") if echo in (link.ref("a"), link.ref("b"))]
    assert len(links) == 4
    for link in links:
        assert (x + by[0], y + by[1]) in (link.points[0], link.points[-1])
        assert all(_octilinear(p, q) for p, q in pairwise(link.points)), link.points
    name, disc = station_names(doc)[echo], node_discs(doc)[echo]
    assert disc.centre == (x + by[0], y + by[1])
    assert box_point_distance(name.box, *disc.centre) <= disc.radius + 30  # the board check's reach


def test_a_step_onto_a_neighbour_is_refused_with_the_reason_and_changes_nothing(laid_out: bytes) -> None:
    doc = _doc(laid_out)
    _, (bx, by) = _station(doc, "Golf")
    _, (ex, ey) = _station(doc, "Echo")
    with pytest.raises(StepRefused, match=r"Echo moved by -4\d\d, \+0 px: it would come nearer another station"):
        step_by_hand(doc, [("Echo", bx - ex + 20, by - ey)])
    assert doc.to_bytes() == laid_out


def test_a_step_into_or_across_the_river_is_refused(laid_out: bytes) -> None:
    """A station keeps its bank: the river is the city's geography, and a station stood in it reads as wet."""
    doc = _doc(laid_out)
    water = doc.of_kind("water")[0].points
    _, (x, y) = _station(doc, "Golf")
    top = min(qy for qx, qy in water if qx <= x + 100)
    assert top < y  # the set-up: the river runs north of Golf
    with pytest.raises(StepRefused, match=r"Golf moved by \+0, -\d+ px: it would step into or across the water"):
        step_by_hand(doc, [("Golf", 0, round(top - y - 40))])
    assert doc.to_bytes() == laid_out


def test_a_pinned_station_or_one_no_station_is_called_is_refused(laid_out: bytes) -> None:
    doc = _doc(laid_out)
    golf, _ = _station(doc, "Golf")
    doc.set_property(golf, "pinned", "true")
    pinned = doc.to_bytes()
    with pytest.raises(StepRefused, match="Golf moved by -40, \\+0 px: it is pinned"):
        step_by_hand(doc, [("Golf", -40, 0)])
    with pytest.raises(StepRefused, match="no station is called 'Nowhere'"):
        step_by_hand(doc, [("Echo", 40, 0), ("Nowhere", 40, 0)])
    assert doc.to_bytes() == pinned


def test_a_board_configuration_finishes_its_own_map_by_hand_and_a_bad_step_fails_the_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`"finish"` in tools/board_configs: applied to the map the configuration ships, after its layout; not to
    the other choices `--search` measures (their stations stand elsewhere), nor inherited by a configuration
    that extends it."""
    from tools import build_boards

    monkeypatch.setattr(build_boards, "CONFIGS", tmp_path)
    config = {"city": "berlin", "lines": ["U\\d+"], "stations": ["Alexanderplatz", "Klosterstraße", "Märkisches Museum",
                                                                   "Heinrich-Heine-Straße", "Moritzplatz"]}
    (tmp_path / "plain.json").write_text(json.dumps(config), encoding="utf-8")
    _, plain = build_boards.metro_source("plain", None)
    moved = _station(_doc(plain), "Moritzplatz")[1]
    (tmp_path / "finished.json").write_text(
        json.dumps({"extends": "plain", "finish": [["Moritzplatz", 40, 0]]}), encoding="utf-8")

    _, finished = build_boards.metro_source("finished", None)
    _, searched = build_boards.metro_source("finished", None, build_boards.MapChoice())

    assert _station(_doc(finished), "Moritzplatz")[1] == (moved[0] + 40, moved[1])
    assert _station(_doc(searched), "Moritzplatz")[1] == moved
    (tmp_path / "extended.json").write_text(json.dumps({"extends": "finished"}), encoding="utf-8")
    assert build_boards.load_config("extended").get("finish") is None  # London classic ships a map of its own
    (tmp_path / "finished.json").write_text(
        json.dumps({"extends": "plain", "finish": [["Moritzplatzz", 40, 0]]}), encoding="utf-8")
    with pytest.raises(ImportError_, match="\"finish\": no station is called 'Moritzplatzz'"):
        build_boards.metro_source("finished", None)


def _links_of(doc: Document, station: int) -> list[list[tuple[float, float]]]:
    return [list(link.points) for link in doc.of_kind("link") if station in (link.ref("a"), link.ref("b"))]


def test_a_station_dragged_on_a_metro_map_keeps_its_links_straight_or_at_45_in_one_undo_step(
        laid_out: bytes, tmp_path: Path) -> None:
    """A designer finishing a map by hand drags a station: its links are drawn again from where it was dropped,
    the least bent straight-or-45° way, not left running at odd angles to it; one Ctrl+Z puts all back."""
    path = tmp_path / "laid_out.tmx"
    path.write_bytes(laid_out)
    d = Driver(EditorApp(path, size=(1600, 900)))
    doc = d.app.doc
    echo, (x, y) = _station(doc, "Echo")
    before = _links_of(doc, echo)

    d.drag((x, y), (x + 80, y + 20))

    dropped = _station(doc, "Echo")[1]
    assert dropped != (x, y)
    links = _links_of(doc, echo)
    assert len(links) == 4 and links != before
    for points in links:
        assert dropped in (points[0], points[-1])
        assert all(_octilinear(p, q) for p, q in pairwise(points)), points
    d.ctrl(pygame.K_z)
    assert _station(doc, "Echo")[1] == (x, y)
    assert _links_of(doc, echo) == before


def test_a_station_dropped_on_a_neighbour_leaves_its_links_straight_to_it_and_says_why(
        laid_out: bytes, tmp_path: Path) -> None:
    path = tmp_path / "laid_out.tmx"
    path.write_bytes(laid_out)
    d = Driver(EditorApp(path, size=(1600, 900)))
    doc = d.app.doc
    echo, (x, y) = _station(doc, "Echo")
    _, (gx, gy) = _station(doc, "Golf")
    before = _links_of(doc, echo)

    d.drag((x, y), (gx + 20, gy))

    dropped = _station(doc, "Echo")[1]
    assert math.dist(dropped, (gx, gy)) < 40
    after = _links_of(doc, echo)
    assert len(after) == len(before) == 4
    for was, now in zip(before, after, strict=True):  # not redrawn: each keeps its bends, its end follows Echo
        assert now[1:-1] == was[1:-1] and dropped in (now[0], now[-1])
    assert "Echo: its links cannot all run straight or at 45° from here" in d.app.user.current_status()


def test_a_station_dragged_on_a_geographic_board_keeps_its_links_as_drawn(tmp_path: Path) -> None:
    """On a board not laid out (an import kept geographic: links straight at odd angles) a drag moves the
    station and its links' ends only, as before."""
    path = tmp_path / "sketch.tmx"
    sketch(path)
    doc = Document.from_bytes(path.read_bytes(), path)
    for link in doc.of_kind("link"):
        doc.set_points(link.id, [link.points[0], link.points[-1]])
    doc.save(path)
    d = Driver(EditorApp(path, size=(1600, 900)))
    doc = d.app.doc
    echo, (x, y) = _station(doc, "Echo")

    d.drag((x, y), (x + 40, y + 40))

    dropped = _station(doc, "Echo")[1]
    assert dropped != (x, y)
    links = _links_of(doc, echo)
    assert all(len(points) == 2 and dropped in points for points in links)
    assert not all(_octilinear(*points) for points in links)
    assert "Echo" not in d.app.user.current_status()
