"""The starter-board importer: merged stops, repaired source faults, layout, and a TMX the compiler takes."""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import pytest

from editor.__main__ import main as editor_main
from editor.cartography.metro.river import centre_line, sides
from editor.cartography.metro_map import tidy_layout
from editor.cartography.network import Frame
from editor.document.problems import compile_document
from editor.document.session import EditingSession
from editor.document.tmx import Document
from editor.importing import schematic as schematic_module
from editor.importing.command import crowded_names
from editor.importing.importer import build_board, select
from editor.importing.layout import clip_polyline, min_spacing
from editor.importing.map_request import map_edits, map_inputs
from editor.importing.network_data import (
    ImportError_,
    Network,
    Station,
    load_network,
    load_rivers,
    london_name,
    paris_name,
)
from editor.importing.projection import Projection, even_power, local_xy
from editor.importing.relaxation import relax
from editor.tmx_write import write_tmx
from game.board.tmx.compiler import compile_tmx
from game.geometry import length, point_in_polygon


def _adjacent(routes: list[list[str]], a: str, b: str) -> bool:
    return any({x, y} == {a, b} for route in routes for x, y in itertools.pairwise(route))


def test_london_names_lose_suffixes_and_qualifiers() -> None:
    assert london_name("Baker Street Underground Station") == "Baker Street"
    assert london_name("Hammersmith (H&C Line) Underground Station") == "Hammersmith"
    assert london_name("Paddington (H&C Line)-Underground") == "Paddington"
    assert london_name("Shepherds Bush Rail Station") == "Shepherd's Bush"
    assert london_name("London Euston Rail Station", {"Euston"}) == "Euston"
    assert london_name("London Bridge Underground Station", {"Euston"}) == "London Bridge"


def test_london_merges_stop_ids_of_one_station() -> None:
    network = load_network("london")
    assert "Bank Underground Station" not in network.stations
    assert {"Central", "Northern", "DLR"} <= network.stations["Bank"].lines
    assert {"Circle", "Hammersmith & City", "District", "Piccadilly"} <= network.stations["Hammersmith"].lines
    assert "London Overground" in network.stations["Euston"].lines
    assert not [name for name in network.stations if name.endswith((" Underground Station", " Rail Station"))]


def test_berlin_faults_are_fixed() -> None:
    network = load_network("berlin", lines=["U\\d+", "S\\d+"])
    u6 = network.routes["U6"][0]
    assert u6[:6] == ["Alt-Tegel", "Borsigwerke", "Holzhauser Straße", "Otisstraße", "Scharnweberstraße",
                      "Kurt-Schumacher-Platz"]
    s1 = network.routes["S1"]
    assert not _adjacent(s1, "Hohen Neuendorf", "Borgsdorf")
    assert _adjacent(s1, "Birkenwerder", "Borgsdorf")
    assert all(route.count("Hohen Neuendorf") == 1 for route in s1)
    jlb, joh = network.stations["Julius-Leber-Brücke"], network.stations["Johannisthal"]
    assert (jlb.lat, jlb.lon) != (joh.lat, joh.lon)
    assert abs(jlb.lat - 52.486) < 0.01 and abs(jlb.lon - 13.361) < 0.01
    for ring in ("S41", "S42"):
        assert _adjacent(network.routes[ring], "Jungfernheide", "Beusselstraße")
    assert not any(line.startswith("M") for line in network.routes)


def test_newyork_complexes_merge_and_express_runs_follow_local_stops() -> None:
    network = load_network("newyork")
    times = network.stations["Times Sq–42 St"]
    assert {"1", "2", "3", "7", "A", "C", "E", "N", "Q", "R", "W", "GS"} <= times.lines
    assert not any("Port Authority" in name for name in network.stations)
    assert "23 St (6)" in network.stations and "23 St (1)" in network.stations  # repeated names told apart
    # The 2 runs express 96 St → 72 St; its links must be the local ones through 86 St and 79 St.
    assert not _adjacent(network.routes["2"], "96 St (1 2 3)", "72 St (1 2 3)")
    assert _adjacent(network.routes["2"], "86 St (1)", "79 St (1)")


def test_paris_gets_its_accents_and_branches_back() -> None:
    assert paris_name("Chatelet") == "Châtelet"
    assert paris_name("Hotel de Ville") == "Hôtel de Ville"
    network = load_network("paris")
    assert "Châtelet" in network.stations
    assert {"Quai de la Rapée", "Saint-Sébastien-Froissart", "Porte Dorée", "Kléber"} <= set(network.stations)
    assert len(network.routes["M13"]) == 2  # the Les Courtilles branch


def test_a_station_list_bridges_left_out_stops_and_counts_lines() -> None:
    network = load_network("london", lines=["Circle", "Hammersmith & City", "District"])
    _, links = select(network, {"stations": ["Paddington", "Hammersmith", "Notting Hill Gate", "Earl's Court"]})
    assert links[("Hammersmith", "Paddington")] == {"Circle", "Hammersmith & City"}
    assert ("Earl's Court", "Notting Hill Gate") in links


def test_projection_magnifies_the_centre() -> None:
    centre = (51.5, -0.12)
    points = [(51.5, -0.12), (51.5, -0.11), (51.5, 0.1)]
    flat = Projection(points, centre, 1.0, (1920, 1080), 50)
    fisheye = Projection(points, centre, 0.5, (1920, 1080), 50)

    def inner_share(projection: Projection) -> float:
        x0 = projection(*points[0])[0]
        return (projection(*points[1])[0] - x0) / (projection(*points[2])[0] - x0)

    assert inner_share(fisheye) > 3 * inner_share(flat)


def _grid(step: float, half: int) -> list[tuple[float, float]]:
    return [(i * step, j * step) for i in range(-half, half + 1) for j in range(-half, half + 1)]


def _crowded(points: list[tuple[float, float]], power: float) -> list[tuple[float, float]]:
    """`points` pulled into their centre so that a fisheye of `power` spreads them back out as they were."""
    radius = max(math.hypot(x, y) for x, y in points)
    moved = []
    for x, y in points:
        r = math.hypot(x, y)
        scale = (r / radius) ** (1 / power - 1) if r else 0.0
        moved.append((x * scale, y * scale))
    return moved


def test_even_power_reads_how_a_city_thins_out() -> None:
    even = _grid(0.5, 8)
    assert even_power(even) == 1.0  # evenly spread: no fisheye
    # a fit of log spacing on log radius over a lattice: near the crowding it was made with, not exact
    assert 0.5 <= even_power(_crowded(even, 0.6)) < 0.65
    assert 0.68 < even_power(_crowded(even, 0.75)) < 0.8
    assert even_power(_crowded(even, 0.2)) == 0.5  # never stronger than the range allows


def test_projection_without_a_power_evens_out_a_crowded_centre() -> None:
    centre = (52.52, 13.40)
    km_per_lat = 110.57
    km_per_lon = 111.32 * math.cos(math.radians(centre[0]))
    crowded = [(centre[0] - y / km_per_lat, centre[1] + x / km_per_lon) for x, y in _crowded(_grid(0.5, 8), 0.6)]
    assert [round(v, 6) for v in local_xy(*crowded[0], centre)] != [0.0, 0.0]
    auto = Projection(crowded, centre, None, (1920, 1080), 50)
    flat = Projection(crowded, centre, 1.0, (1920, 1080), 50)

    def spacing_ratio(projection: Projection) -> float:
        """The outer stations' spacing over the inner ones' on the board."""
        xy = [projection(*p) for p in crowded]
        middle = projection(*centre)
        by_r = sorted(range(len(xy)), key=lambda k: math.dist(xy[k], middle))
        nearest = [min(math.dist(xy[k], q) for q in xy if q is not xy[k]) for k in by_r]
        inner, outer = nearest[1:len(nearest) // 4], nearest[-len(nearest) // 4:]
        return (sum(outer) / len(outer)) / (sum(inner) / len(inner))

    assert 0.5 <= auto.power < 0.65
    assert spacing_ratio(flat) > 1.5
    assert 0.75 < spacing_ratio(auto) < 1.33


def test_relax_separates_and_is_deterministic() -> None:
    crowd = {f"s{i}": (500 + 3 * (i % 5), 400 + 2 * (i // 5)) for i in range(25)}
    once = relax(crowd, [], 30, (1920, 1080), 20)
    assert min_spacing(once) >= 29.5
    assert once == relax(crowd, [], 30, (1920, 1080), 20)
    assert all(math.dist(once[n], crowd[n]) < 200 for n in crowd)


def test_area_import_writes_a_tmx_that_compiles(tmp_path: Path) -> None:
    board = build_board({"city": "berlin", "lines": ["U\\d+", "S\\d+"], "area": [52.49, 13.35, 52.53, 13.45]})
    out = tmp_path / "berlin_mitte.tmx"
    write_tmx(board, out)
    result = compile_tmx(out)
    assert result.errors == []
    stations = [n for n in result.board.nodes if n.is_station]
    assert len(stations) > 20
    assert sum(n.start for n in stations) == 1
    assert any(n.terminus for n in stations) and any(n.destination for n in stations)
    assert min(math.dist((a.x, a.y), (b.x, b.y)) for i, a in enumerate(stations) for b in stations[i + 1:]) >= 39


def test_rivers_with_crossings_make_water_waypoints(tmp_path: Path) -> None:
    config = {
        "city": "newyork", "stations": ["Times Sq–42 St", "Grand Central–42 St", "Vernon Blvd–Jackson Av", "Court Sq"],
        "start": "Grand Central–42 St", "standard": ["Times Sq–42 St", "Court Sq"],
        "rivers": [{"name": "East River", "crossings": True, "points": [[40.76, -73.955], [40.735, -73.971]]}],
    }
    board = build_board(config)
    waypoints = [n for n in board.nodes if n.waypoint]
    assert waypoints and all(n.properties == {"water": True} for n in waypoints)
    out = tmp_path / "crossing.tmx"
    write_tmx(board, out)
    result = compile_tmx(out)
    assert result.errors == []
    assert any(n.water for n in result.board.nodes)


def test_unknown_station_names_are_reported_with_a_hint() -> None:
    with pytest.raises(ImportError_, match="did you mean 'Baker Street'"):
        build_board({"city": "london", "stations": ["Baker Streeet", "Euston"]})


@pytest.mark.parametrize(("typed", "found"), [
    # "bastille", "Chatelet", "Opera": each matches one station, which keeps its own name
    (["bastille", "Chatelet", "Opera", "HOTEL DE VILLE", "République"],
     {"Bastille", "Châtelet", "Opéra", "Hôtel de Ville"}),
    # a fresh designer's "GARE DE L EST" was read as Gare de Lyon; "Gare de l'Est" (the data has "Gare de l'Est
    # (Verdun)"), "montparnasse bienvenue" and "place d italie" were refused
    (["GARE DE L EST", "montparnasse bienvenue", "place d italie", "Gare du Nord"],
     {"Gare de l'Est (Verdun)", "Montparnasse-Bienvenue", "Place d'Italie", "Gare du Nord"}),
])
def test_a_station_list_may_leave_out_case_accents_punctuation_and_a_bracketed_part(
        tmp_path: Path, typed: list[str], found: set[str]) -> None:
    stations = tmp_path / "paris.txt"
    stations.write_text("\n".join(typed) + "\n", encoding="utf-8")
    out = tmp_path / "paris.tmx"
    assert editor_main(["import", "--city", "paris", "--stations", str(stations), "-o", str(out), "--geographic"]) == 0
    assert found <= {station.name for station in Document.load(out).of_kind("station")}


def test_a_name_matching_no_station_or_several_is_still_refused_with_a_hint() -> None:
    network = Network("test", {name: Station(name, 0, 0) for name in ("Opéra", "Opera", "Bastille")},
                      {"1": [["Opéra", "Opera", "Bastille"]]})
    with pytest.raises(ImportError_, match="unknown station 'OPERA' \\(did you mean"):
        select(network, {"stations": ["OPERA", "bastille"]})
    with pytest.raises(ImportError_, match="unknown station 'Bastile' \\(did you mean 'Bastille'"):
        select(network, {"stations": ["Opéra", "Bastile"]})
    assert select(network, {"stations": ["Opera", "BASTILLE"]})[0] == ["Opera", "Bastille"]
    twins = Network("test", {name: Station(name, 0, 0) for name in ("125 St (1)", "125 St (A B C D)", "Bank",
                                                                     "Bank (DLR)")},
                    {"1": [["125 St (1)", "125 St (A B C D)", "Bank", "Bank (DLR)"]]})
    with pytest.raises(ImportError_, match="unknown station '125 st'"):  # two stations shorten to it
        select(twins, {"stations": ["125 st", "bank"]})
    assert select(twins, {"stations": ["125 St (1)", "bank"]})[0] == ["125 St (1)", "Bank"]  # the whole name first


def test_an_area_typed_longitude_first_is_refused_saying_so(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    """A fresh designer swapped latitude and longitude and read "only 0 station(s) selected"."""
    out = tmp_path / "x.tmx"
    assert editor_main(["import", "--city", "paris", "--area", "2.32,48.845,2.37,48.875", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "latitude first" in err and not out.exists()


def test_cli_fails_with_one_line_on_missing_data(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = editor_main(["import", "--city", "london", "--area", "51.5,-0.2,51.52,-0.1", "-o", str(tmp_path / "x.tmx"),
                        "--data", str(tmp_path / "nowhere")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nowhere" in err
    assert not (tmp_path / "x.tmx").exists()


def test_an_import_never_writes_over_a_board_unless_forced(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    """A designer who ran the same import again over a board edited since lost the edits (the one .bak then held
    the first import): an existing file is refused, and --force replaces it keeping the old one as .bak."""
    out = tmp_path / "mine.tmx"
    edited = "<map><!-- stations moved by hand --></map>"
    out.write_text(edited)
    command = ["import", "--city", "london", "--area", "51.5,-0.2,51.52,-0.1", "-o", str(out), "--geographic"]
    assert editor_main(command) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--force" in err and str(out) in err
    assert out.read_text() == edited and not (tmp_path / "mine.tmx.bak").exists()
    assert editor_main([*command, "--force", "--city", "London"]) == 0  # (a city's name as written is taken too)
    assert (tmp_path / "mine.tmx.bak").read_text() == edited
    assert "Paddington" in out.read_text()  # the new import


def test_cli_refuses_a_missing_folder_instead_of_making_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "nonexistent" / "dir" / "x.tmx"
    assert editor_main(["import", "--city", "london", "--area", "51.5,-0.2,51.52,-0.1", "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(out.parent) in err
    assert not (tmp_path / "nonexistent").exists()


def test_cli_writes_a_board(tmp_path: Path) -> None:
    stations = tmp_path / "stations.txt"
    stations.write_text("Baker Street\nEuston\nKing's Cross St. Pancras\nOxford Circus\n# a comment\nBond Street\n",
                        encoding="utf-8")
    out = tmp_path / "mine.tmx"
    assert editor_main(["import", "--city", "london", "--stations", str(stations), "-o", str(out)]) == 0
    assert compile_tmx(out).errors == []


def test_the_summary_warns_that_a_small_import_makes_a_short_game(tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    stations = tmp_path / "seven.txt"
    stations.write_text("Baker Street\nEuston\nBank\nOxford Circus\nBond Street\nVictoria\nWaterloo\n",
                        encoding="utf-8")
    assert editor_main(["import", "--city", "london", "--stations", str(stations), "-o", str(tmp_path / "s.tmx"),
                        "--geographic"]) == 0
    said = capsys.readouterr().out
    first, note = said.splitlines()  # what was written, then a line for what the designer should know
    assert first.startswith("wrote ") and note.startswith("  only ") and "game will be short" in note
    assert "more stations" in note
    assert editor_main(["import", "--city", "london", "--area", "51.48,-0.23,51.55,-0.03", "-o",
                        str(tmp_path / "big.tmx"), "--geographic"]) == 0
    assert "short" not in capsys.readouterr().out  # a board the size of a shipped one: no warning
    two = tmp_path / "two.txt"
    two.write_text("Westminster\nWaterloo\n", encoding="utf-8")
    assert editor_main(["import", "--city", "london", "--stations", str(two), "-o", str(tmp_path / "two.tmx"),
                        "--geographic"]) == 0
    said = capsys.readouterr().out  # counted in English as it is spoken: not "1 links", "1 destination cards"
    assert ": 2 stations, 1 link (" in said and "only 1 destination card (" in said


def _octilinear_share(doc: Document) -> float:
    """The share of drawn link length that runs horizontal, vertical or at 45° (within 1°: the file keeps
    whole pixels, so a 60 px diagonal may lean by half a degree)."""
    straight = total = 0.0
    for link in doc.of_kind("link"):
        for (x0, y0), (x1, y1) in itertools.pairwise(link.points):
            length = math.dist((x0, y0), (x1, y1))
            angle = math.degrees(math.atan2(y1 - y0, x1 - x0)) % 45
            total += length
            straight += length if min(angle, 45 - angle) < 1.0 else 0.0
    return straight / total


def test_an_import_is_a_schematic_map_with_placed_names_unless_asked_otherwise(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    area = "52.49,13.36,52.53,13.44"  # Berlin Mitte: crowded, crossing lines, the Spree
    schematic, geographic = tmp_path / "mitte.tmx", tmp_path / "plain.tmx"
    assert editor_main(["import", "--city", "berlin", "--area", area, "-o", str(schematic)]) == 0
    said = capsys.readouterr().out
    assert "schematic" in said
    # how many places are hard to read, counted as the editor's Problems panel counts them, the crowded names
    # first, so the designer knows where to look, and the way to clearer ones
    places = len(compile_document(Document.load(schematic)).places_hard_to_read)
    assert (f"{places} place" in said and "hard to read" in said) == bool(places) == ("--thorough takes" in said)
    if "crowded names first: " in said:
        names = said.split("crowded names first: ")[1].split("\n")[0].split(", ")
        assert names and all(any(s.name == n.split(" and ")[0] for s in Document.load(schematic).of_kind("station"))
                             for n in names)
    assert not (tmp_path / "mitte.tmx.bak").exists()  # one write: no stray backup of a half-made board
    first = schematic.read_bytes()
    assert editor_main(["import", "--city", "berlin", "--area", area, "-o", str(schematic), "--force"]) == 0
    assert (tmp_path / "mitte.tmx.bak").read_bytes() == first  # a board that was there is kept
    assert editor_main(["import", "--city", "berlin", "--area", area, "-o", str(geographic), "--geographic"]) == 0
    mapped, plain = Document.load(schematic), Document.load(geographic)
    assert _octilinear_share(mapped) >= 0.98 > _octilinear_share(plain)
    stations = mapped.of_kind("station")
    assert stations and all(station.props.get("label") for station in stations)
    assert not any(station.props.get("label") for station in plain.of_kind("station"))
    assert {s.name for s in stations} == {s.name for s in plain.of_kind("station")}  # the same network
    result = compile_tmx(schematic)
    assert result.errors == []


def test_an_import_takes_the_metro_lines_and_deals_cards_like_the_shipped_boards(tmp_path: Path) -> None:
    """No trams or regional rail unless asked; about half the stations on destination cards, one in five
    express (the busiest interchanges), the rest spread over the map; names exactly as the data has them."""
    area = "52.49,13.35,52.54,13.45"  # Berlin Mitte, where the M-trams run beside the U- and S-Bahn
    metro, everything = tmp_path / "metro.tmx", tmp_path / "all.tmx"
    assert editor_main(["import", "--city", "berlin", "--area", area, "-o", str(metro), "--geographic"]) == 0
    assert editor_main(["import", "--city", "berlin", "--area", area, "-o", str(everything), "--geographic",
                        "--all-lines"]) == 0
    board, with_trams = compile_tmx(metro).board, compile_tmx(everything).board
    assert board is not None and with_trams is not None
    stations = [n for n in board.nodes if not n.waypoint]
    tram_only = {"Zionskirchplatz", "Büschingstraße", "Husemannstraße"}
    assert not tram_only & {n.name for n in stations}
    assert tram_only <= {n.name for n in with_trams.nodes}
    assert "Jannowitzbrücke" in {n.name for n in stations}  # accents kept
    express = [n for n in stations if n.destination == "express"]
    standard = [n for n in stations if n.destination == "standard"]
    assert 0.4 <= (len(express) + len(standard)) / len(stations) <= 0.55
    assert 0.12 <= len(express) / len(stations) <= 0.25
    assert "Alexanderplatz" in {n.name for n in express}
    # spread: every station lies within reach of a destination, none of them far from the cards
    destinations = express + standard
    reach = max(min(math.dist((n.x, n.y), (d.x, d.y)) for d in destinations) for n in stations)
    assert reach < 0.25 * board.width


def test_a_new_york_import_follows_its_own_rules(tmp_path: Path) -> None:
    """The newyork rules deal standard cards only, and its data names each service (1, 2, 3, A, C, E…): an
    import must not warn about itself, nor badge every local stop as a railway station."""
    out = tmp_path / "ny.tmx"
    assert editor_main(["import", "--city", "newyork", "--area", "40.70,-74.02,40.76,-73.97", "-o", str(out),
                        "--geographic"]) == 0
    result = compile_tmx(out)
    assert result.board is not None and result.board.name == "New York"
    assert not any("express" in str(warning) for warning in result.warnings)
    stations = [n for n in result.board.nodes if not n.waypoint]
    assert not any(n.destination == "express" for n in stations)
    assert sum(n.destination == "standard" for n in stations) >= len(stations) / 3
    assert 0 < sum(n.railway for n in stations) <= len(stations) / 4


@pytest.mark.parametrize(("city", "area"), [("berlin", "52.49,13.35,52.54,13.45"),
                                              ("london", "51.49,-0.20,51.535,-0.07"),
                                              ("newyork", "40.66,-74.005,40.715,-73.94")])
def test_the_command_line_import_guesses_its_citys_features_and_warns_about_nothing(
        tmp_path: Path, city: str, area: str) -> None:
    """`python -m editor import` as the editor's Import: the city's own features guessed (FRESH_IMPORT), so the
    compiler has no warning; each cluster holds only its own stations (the compiler would refuse two)."""
    out = tmp_path / f"{city}.tmx"
    assert editor_main(["import", "--city", city, "--area", area, "-o", str(out), "--geographic"]) == 0
    result = compile_tmx(out)
    assert result.board is not None and result.errors == [] and result.warnings == []
    stations = [n for n in result.board.nodes if n.is_station]
    if city == "berlin":
        assert sum(n.plus for n in stations) == 4 and sum(bool(n.landmarks) for n in stations) == 10
    if city == "london":
        assert sum(n.connection for n in stations) == 8
    if city == "newyork":
        assert len(result.board.clusters) >= 2
        # Named after the station each grew from, as a player says it: "Lorimer St area", not "Lorimer St (G L)
        # area" (the data's lines, there to tell stations apart, read as raw data in a district's title).
        assert "Lorimer St (G L)" in {n.name for n in stations}
        assert "Lorimer St area" in {c.name for c in result.board.clusters}


def test_a_configuration_gets_only_the_features_it_names() -> None:
    """Without "auto" (the shipped boards' configurations name theirs) nothing is guessed: a board built from
    a configuration is what it says, as before."""
    board = build_board({"city": "berlin", "area": [52.49, 13.35, 52.54, 13.45], "plus": ["Alexanderplatz"]})
    props = {node.name: node.properties for node in board.nodes}
    assert [n for n, p in props.items() if p.get("plus")] == ["Alexanderplatz"]
    assert not any(p.get("landmarks") for p in props.values())
    assert not build_board({"city": "newyork", "area": [40.66, -74.005, 40.715, -73.94]}).clusters


def test_the_import_line_names_each_crowded_station_once_in_order() -> None:
    problems = ["name of Bank Street crosses a link (Bank–Angel)", "name of Angel overlaps name of Bank",
                "name of Bank Street is nearer Bank than Bank Street", "name of Bank covers station Angel"]
    assert crowded_names(problems, ["Bank", "Bank Street", "Angel"]) == "Bank Street, Angel, Bank"
    assert crowded_names(problems, ["Bank", "Bank Street", "Angel"], most=1) == "Bank Street and 2 more"


def test_an_area_import_draws_the_citys_river_cut_to_the_board_with_every_station_on_its_bank() -> None:
    """Paris centre: the Seine, traced across the whole city (rivers.json), is drawn where it crosses this
    board, from its west side to its east, and the stations lie on their own banks."""
    board = build_board({"city": "paris", "area": [48.845, 2.32, 48.875, 2.37]})
    water = [points for kind, points, _ in board.decorations if kind == "water"]
    assert len(water) == 1
    line = centre_line(water[0])
    assert line is not None
    xs = [x for x, _ in line]
    assert min(xs) < 0.1 * board.width and max(xs) > 0.7 * board.width
    assert all(-20 <= x <= board.width + 20 and -20 <= y <= board.height + 20 for x, y in water[0])
    at = {node.name: (node.x, node.y) for node in board.nodes}
    right, left = ["Châtelet", "Louvre-Rivoli", "Concorde", "Pont Marie (Cité des Arts)"], ["Saint-Michel", "Odéon"]
    frame = Frame(board.width, board.height)
    banks = sides([at[name] for name in right + left], [_to_edge(line[0], frame), *line, _to_edge(line[-1], frame)],
                  frame)
    assert len(set(banks[:len(right)])) == 1 and len(set(banks[len(right):])) == 1 and banks[0] != banks[-1]


def test_a_river_that_only_clips_a_corner_of_the_board_is_left_out() -> None:
    """Berlin's centre (52.50,13.36 to 52.54,13.44): a river clipped a corner of the board for about a hundred
    px and came out as a blue blob, not a river; the Spree across the board stays."""
    board = build_board({"city": "berlin", "area": [52.50, 13.36, 52.54, 13.44]})
    water = [points for kind, points, _ in board.decorations if kind == "water"]
    assert water
    for points in water:
        line = centre_line(points)
        assert line is not None and length(line) >= 0.1 * board.width


def _to_edge(point: tuple[float, float], frame: Frame) -> tuple[float, float]:
    x, y = point
    return min([(0.0, y), (frame.width, y), (x, 0.0), (x, frame.height)], key=lambda p: math.dist(p, point))


def test_a_river_named_in_a_configuration_follows_the_citys_traced_course() -> None:
    stations = ["Westminster", "Waterloo", "Embankment", "Lambeth North", "Charing Cross"]
    config = {"city": "london", "stations": stations}
    by_name = build_board({**config, "rivers": [{"name": "Thames"}]})
    traced = load_rivers("london")
    by_points = build_board({**config, "rivers": traced})
    assert [d for d in by_name.decorations if d[0] == "water"] == [d for d in by_points.decorations if d[0] == "water"]
    assert [d for d in by_name.decorations if d[0] == "water"]
    assert not [d for d in build_board({**config, "rivers": []}).decorations if d[0] == "water"]
    with pytest.raises(ImportError_, match="no traced river 'Seine' \\(known: Thames\\)"):
        build_board({**config, "rivers": [{"name": "Seine"}]})


def test_a_line_is_cut_where_it_leaves_the_board() -> None:
    in_out_in = [(-50.0, 50.0), (50.0, 50.0), (150.0, 50.0), (150.0, -50.0), (190.0, -50.0), (190.0, 80.0),
                 (250.0, 80.0)]
    assert clip_polyline(in_out_in, 200.0, 100.0) == [[(0.0, 50.0), (50.0, 50.0), (150.0, 50.0), (150.0, 0.0)],
                                                      [(190.0, 0.0), (190.0, 80.0), (200.0, 80.0)]]
    assert clip_polyline([(150.0, -50.0), (250.0, 50.0)], 200.0, 100.0) == []  # touches a corner only
    assert clip_polyline([(-10.0, -10.0), (-5.0, 300.0)], 200.0, 100.0) == []


def test_a_small_import_steps_stations_aside_for_their_names_and_stacks_no_link(tmp_path: Path) -> None:
    """`python -m editor import` of Downtown Brooklyn (46 stations, up to THOROUGH_UP_TO): its stations step
    aside for their names (2 names were left over a link without the steps), and no step leaves a link drawn
    on another (the first version of the steps put a link's bend on two others, seen on the compiled board)."""
    from game.board.legibility import name_problems
    from game.board.link_overlaps import link_overlaps

    out = tmp_path / "brooklyn.tmx"
    assert editor_main(["import", "--city", "newyork", "--area", "40.66,-74.005,40.715,-73.94", "-o", str(out)]) == 0
    board = compile_tmx(out).board
    assert board is not None
    assert name_problems(board) == []
    assert link_overlaps(board) == []


def test_a_thorough_import_takes_its_time_for_clearer_names_and_shows_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--thorough` builds the board as the shipped ones are built (stations stepped and the map climbed
    for its names): London's zone 1 (66 stations) has fewer name problems than the quick import's, which
    says so, and the minutes it may take show as a percentage on standard error, ending at 100 %."""
    from game.board.legibility import name_problems

    # at the fisheye's power this was measured with: at its own (0.82) the quick import leaves 3, as few
    area = ["--area", "51.49,-0.20,51.535,-0.07", "--power", "0.6"]
    quick, thorough = tmp_path / "quick.tmx", tmp_path / "thorough.tmx"
    assert editor_main(["import", "--city", "london", *area, "-o", str(quick)]) == 0
    said = capsys.readouterr()
    assert "laying out" not in said.err
    assert "crowded" in said.out and "--thorough takes minutes" in said.out  # the quick one points the way
    assert f"\n  each is listed under Problems in the editor: python -m editor {quick}\n" in said.out  # all of them
    assert editor_main(["import", "--city", "london", *area, "-o", str(thorough), "--thorough"]) == 0
    said = capsys.readouterr()
    assert "--thorough takes" not in said.out  # asked already
    shown = said.err
    assert "laying out: 0 %" in shown and shown.endswith("laying out: 100 %\n")
    assert "\r" not in shown  # captured, as in a log file: a line each tenth, no carriage returns
    quick_board, thorough_board = compile_tmx(quick).board, compile_tmx(thorough).board
    assert quick_board is not None and thorough_board is not None
    assert len(name_problems(thorough_board)) < len(name_problems(quick_board))


def _edges_reached(doc: Document, width: float, height: float) -> set[str]:
    """Which edges of the board the document's water reaches (or runs past)."""
    reached: set[str] = set()
    for water in doc.of_kind("water"):
        for x, y in water.points:
            reached |= {side for side, out in (("west", x <= 0.5), ("east", x >= width - 0.5),
                                               ("north", y <= 0.5), ("south", y >= height - 0.5)) if out}
    return reached


def test_the_thames_still_runs_off_the_board_after_import_and_after_tidying_twice(tmp_path: Path) -> None:
    """A fresh designer's London import ended the Thames inside the board at Tower Hill, and two Tidy layouts
    made it a lake in the middle of the map: carried (and shrunk) with the stations near it, its mouths
    drifted in. The schematic keeps the river's way off the board wherever the city's course leaves it."""
    area = ["--city", "london", "--area", "51.49,-0.20,51.535,-0.07"]
    plain, board = tmp_path / "plain.tmx", tmp_path / "london.tmx"
    assert editor_main(["import", *area, "-o", str(plain), "--geographic"]) == 0
    assert editor_main(["import", *area, "-o", str(board)]) == 0
    geographic = Document.load(plain)
    frame = map_inputs(geographic).request.frame  # the board the importer lays out on
    width, height = frame.width, frame.height
    leaves = _edges_reached(geographic, width, height)
    assert leaves >= {"east", "south"}  # the river's way through this area: in from the south, out east
    doc = Document.load(board)
    assert _edges_reached(doc, width, height) >= leaves
    session = EditingSession(doc)
    for _ in range(2):
        inputs = map_inputs(doc)
        result = tidy_layout(inputs.request, None, inputs.drawn, inputs.named)
        edits = map_edits(inputs, result, layout=not result.layout_kept)
        session.reshape(edits.points if not result.layout_kept else {}, edits.labels, "tidy", edits.unmapped)
        assert _edges_reached(doc, width, height) >= leaves


def test_an_import_says_which_river_its_layout_left_out(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    """The layout leaves out a river it cannot draw with every station on its own bank (a fresh London import
    of 96 stations lost the Thames so, and said nothing): the designer is told, and how to draw it back."""
    area = ["--city", "berlin", "--area", "52.49,13.35,52.53,13.45"]
    assert editor_main(["import", *area, "-o", str(tmp_path / "kept.tmx")]) == 0
    kept = capsys.readouterr().out
    assert Document.load(tmp_path / "kept.tmx").of_kind("water") and "left out" not in kept
    real = schematic_module.lay_out

    def losing_every_river(doc: Document, *args: object, **kwargs: object) -> object:
        result = real(doc, *args, **kwargs)  # type: ignore[arg-type]
        for river in doc.of_kind("water"):
            doc.remove(river.id)
        return result

    monkeypatch.setattr(schematic_module, "lay_out", losing_every_river)
    assert editor_main(["import", *area, "-o", str(tmp_path / "lost.tmx")]) == 0
    said = capsys.readouterr().out
    assert "left out: 2 rivers (no course the layout found keeps every station on its own bank" in said
    assert "Water tool (R)" in said


def test_an_import_whose_river_mouth_the_layout_drew_level_with_a_station_keeps_its_river(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Berlin's west (32 stations): the layout drew Spandau, on the river's north bank, close to the board's
    left edge below where the river runs off it; a river from there keeps no bank, and the import left the
    river out. Its mouth slides along the edge instead, and the river is drawn, every station on its bank."""
    out = tmp_path / "west.tmx"
    assert editor_main(["import", "--city", "berlin", "--area", "52.50,13.18,52.56,13.33", "-o", str(out)]) == 0
    said = capsys.readouterr().out
    assert "left out" not in said
    doc = Document.load(out)
    rivers = [river for river in doc.of_kind("water") if len(river.points) > 4]
    assert rivers
    stations = [node.pos for node in doc.of_kind("station")]
    assert not any(point_in_polygon(p, river.points) for river in rivers for p in stations)


def test_an_area_typed_longitude_first_west_of_greenwich_is_read_and_told_apart(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`--area -0.22,51.49,…` starts with a minus: argparse took it for an option and said only "expected one
    argument". The value is read, and the import says the area is longitude first."""
    out = tmp_path / "west.tmx"
    assert editor_main(["import", "--city", "london", "--area", "-0.22,51.49,-0.02,51.54", "-o", str(out)]) == 2
    said = capsys.readouterr().err
    assert "latitude first" in said and "expected one argument" not in said
    assert not out.exists()


def test_an_area_with_no_station_says_where_the_citys_stations_lie(tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """An area off the city's map said only "choose a larger area": it now gives the box the city's stations
    lie in, as an area is typed."""
    out = tmp_path / "nowhere.tmx"
    assert editor_main(["import", "--city", "paris", "--area", "40.0,2.0,40.1,2.1", "-o", str(out)]) == 2
    said = capsys.readouterr().err
    assert "no station lies in that area" in said and "only 0" not in said
    box = said.split("lie within ")[1].split()[0]
    south, west, north, east = (float(v) for v in box.split(","))
    assert south < 48.86 < north and west < 2.35 < east  # Châtelet is inside
    assert not out.exists()
