"""Make a starter board from open metro data: pick stations, join them along the real lines, lay them out.

The result is a Tiled map (contracts §1) a designer then finishes in Tiled or our editor. The same code builds
the shipped boards from `tools/board_configs/*.json`, so every hand decision lives in a configuration
and the build is reproducible. A configuration is a plain dict; every key is optional except `city`:

  name, ruleset, properties        map properties
  lines                            regular expressions of the lines to use, or "all" (default: the city's metro
                                   lines, network_data.METRO_LINES: no trams, cable car or regional rail)
  stations | area                  station names, or [lat1, lon1, lat2, lon2]
  names                            {data name: board name}; two data names to one board name merge them
  add_stations                     {name: [lat, lon]}
  add_links, remove_links          [[a, b, spaces?]], [[a, b]]
  spaces                           [[a, b, n]]: overrides the count of real lines
  projection                       centre [lat, lon], power (default: the one that spreads the stations most
                                   evenly, projection.even_power), rotate (degrees clockwise), margin, min_distance,
                                   link_clearance, clearance_per_space, max_stretch, width, height,
                                   name_room (iterations of the pass that makes room for names), name_em
  even_out                         the background of the warp that spreads a city's crowded parts into its empty
                                   ones (cartogram.py), as a share of the stations' mean density: 0 evens fully;
                                   "auto" (FRESH_IMPORT): EVEN_OUT on a map of more than EVEN_OUT_OVER stations;
                                   without the key, none
  nudge                            {name: [dx, dy]} pixels, applied before the spacing pass
  start, express, standard, railway, terminus, connection, plus, landmarks {name: n}, cards {name: n}
                                   connection, plus, landmarks: "auto" guesses those the ruleset scores
                                   (editor.importing.features; FRESH_IMPORT); without the key, none
  hub_lines                        stations with at least this many lines are railway and express candidates
  clusters                         {cluster name: [station, …]}, or "auto" (a newyork board's, guessed)
  rivers                           [{"name", "points": [[lat, lon], …], "width": px, "crossings": bool}]; a river
                                   without points follows the city's river of that name (network_data.load_rivers);
                                   without the key, every river the city has is drawn, cut to the board ([] for none);
                                   "cut": true cuts a river to the board
  polygons                         [{"kind": "water"|"park", "points": [[lat, lon], …], "name"?}]
  double_water                     [[a, b]]: crossings of that link get two water symbols
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from pathlib import Path
from typing import Any

from editor.importing.features import Guessed, settings_of, spread_out
from editor.importing.features import guess as guess_features
from editor.importing.layout import make_room_for_names, padded_blob
from editor.importing.network_data import METRO_LINES, ImportError_, Network, Station, load_network
from editor.importing.projection import Projection
from editor.importing.relaxation import relax
from editor.importing.starter import StarterBoard, StarterLink, StarterNode, pair
from editor.importing.water import decorate, rivers_of
from game.board.proportions import BOARD_SIZE
from game.geometry import point_in_polygon

__all__ = ["ImportError_", "StarterBoard", "build_board", "load_network"]

RULESET_OF_CITY = {"london": "london", "berlin": "berlin", "newyork": "newyork", "paris": "custom"}
CITY_TITLES = {"london": "London", "berlin": "Berlin", "newyork": "New York", "paris": "Paris"}
# A hub (railway station, express destination) serves this many lines. New York's data names each service
# (1, 2, 3, A, C, E…), so a plain local stop there already has three or four of them.
HUB_LINES = {"newyork": 6}
STANDARD_ONLY = ("newyork",)  # rulesets whose destination cards are all standard
FEATURE_FLAGS = ("railway", "terminus", "connection", "plus")
# What a fresh import asks for on top of a configuration (`python -m editor import`, the editor's Import): its
# city's own features guessed, so it starts without the warnings a board lacking them gets. The shipped
# boards' configurations name theirs instead.
GUESSED = ("connection", "plus", "landmarks", "clusters")  # the features an "auto" leaves to the importer
FRESH_IMPORT: dict[str, Any] = {**dict.fromkeys(GUESSED, "auto"), "even_out": "auto"}
# A fresh import of more than EVEN_OUT_OVER stations is spread with a background of EVEN_OUT. Measured on the
# survey's 13 imports of more than 80 stations (tools/import_survey.py, 2026-11-29): names breaking the figure
# 222 -> 178 (the backgrounds 0.5, 1, 3 and 4 gave 195, 192, 189 and 201), names in trouble at the clear scale
# 555 -> 494. On the 18 of up to 80 every name already meets the figure, and evening them out broke it for
# 3 of them (1 or 2 names each): their stations have the room.
EVEN_OUT, EVEN_OUT_OVER = 2.0, 80


def city_title(city: str) -> str:
    """A city as people write it ("New York", not the key "newyork"): a board's default name, the import
    form's menu, the editor's status."""
    return CITY_TITLES.get(city, city.title())


def _unknown(names: list[str], known: dict[str, Station], what: str) -> None:
    missing = [n for n in names if n not in known]
    if missing:
        hints = []
        guesses: list[str] = []
        for name in missing[:5]:
            close = _close(name, list(known))
            guesses = guesses or close  # the keyed message offers the first misspelt name's guesses
            hints.append(f"{name!r}" + (f" (did you mean {' or '.join(map(repr, close))}?)" if close else ""))
        more = " …" if len(missing) > 5 else ""
        listed = ", ".join(map(repr, missing[:5])) + more
        raise ImportError_(f"{what}: unknown station {', '.join(hints)}{more}",
                           "unknown_close" if guesses else "unknown", count=len(missing), names=listed,
                           guesses=" / ".join(map(repr, guesses)))


def folded(name: str) -> str:
    """A name as a person may type it: any case, accents left off ("chatelet" for "Châtelet"), any
    punctuation read as a space ("place d italie" for "Place d'Italie", "montparnasse bienvenue")."""
    decomposed = unicodedata.normalize("NFKD", name.casefold())
    plain = "".join(c if c.isalnum() else " " for c in decomposed if not unicodedata.combining(c))
    return " ".join(plain.split())


def _short_name(name: str) -> str:
    """A name without the bracketed part after it: "Gare de l'Est" for "Gare de l'Est (Verdun)"."""
    return re.sub(r"\s*\([^()]*\)\s*$", "", name) or name


def _close(name: str, known: list[str]) -> list[str]:
    """The stations a mistyped name may mean: every one equal to it but for case and accents, else the
    nearest spelling, compared the same way."""
    same = [k for k in known if folded(k) == folded(name)]
    if same:
        return same[:3]
    by_fold = {folded(k): k for k in known}
    return [by_fold[f] for f in difflib.get_close_matches(folded(name), list(by_fold), n=1)]


def _in_area(network: Network, lat1: float, lon1: float, lat2: float, lon2: float) -> list[str]:
    """The stations between two corners of latitude and longitude, by name."""
    south, north, west, east = min(lat1, lat2), max(lat1, lat2), min(lon1, lon2), max(lon1, lon2)
    return sorted(n for n, s in network.stations.items() if south <= s.lat <= north and west <= s.lon <= east)


def _extent(network: Network) -> str:
    """The box round every station of the city's data, as an area is typed: where an area must lie."""
    lats = [s.lat for s in network.stations.values()]
    lons = [s.lon for s in network.stations.values()]
    return f"{min(lats):.2f},{min(lons):.2f},{max(lats):.2f},{max(lons):.2f}"


def counted(count: int, thing: str) -> str:
    """"1 link", "2 links": the importer's and the command line's messages speak English only (the editor's
    words are translated)."""
    return f"{count} {thing}{'' if count == 1 else 's'}"


def resolve(names: list[str], known: dict[str, Station], what: str) -> list[str]:
    """The data's own names for a typed list: exact, or the one station that matches when case, accents,
    punctuation and a bracketed part are left aside (a designer types "bastille", "Opera" or "Gare de l'Est"
    for "Gare de l'Est (Verdun)"); none or several such matches is refused with a hint."""
    by_fold: dict[str, list[str]] = {}
    for name in known:
        for key in {folded(name), folded(_short_name(name))}:  # a bracketed part may be left off too
            by_fold.setdefault(key, []).append(name)
    resolved = []
    for name in names:
        matches = by_fold.get(folded(name), [])
        exact = [match for match in matches if folded(match) == folded(name)]
        matches = exact or matches  # "Bank" is Bank, though "Bank (DLR)" shortens to it too
        resolved.append(matches[0] if name not in known and len(matches) == 1 else name)
    _unknown(resolved, known, what)
    return resolved


def apply_names(network: Network, names: dict[str, str]) -> None:
    """Rename stations; a name given to two stations merges them (the one already so named keeps its place)."""
    _unknown(list(names), network.stations, "names")
    for old, new in names.items():
        station = network.stations.pop(old)
        if new in network.stations:
            network.stations[new].lines |= station.lines
        else:
            station.key = new
            network.stations[new] = station
    for line, routes in network.routes.items():
        renamed = []
        for route in routes:
            stops = [names.get(s, s) for s in route]
            renamed.append([s for i, s in enumerate(stops) if i == 0 or s != stops[i - 1]])
        network.routes[line] = renamed


def select(network: Network, config: dict[str, Any]) -> tuple[list[str], dict[tuple[str, str], set[str]]]:
    """The board's stations and its links with the lines that run on each.

    With a station list, a line links consecutive chosen stations, riding past the ones left out.
    With an area, a line that leaves the area is cut there.
    """
    if "stations" in config:
        chosen = list(dict.fromkeys(resolve(list(config["stations"]), network.stations, "stations")))
        bridge = True
    elif "area" in config:
        chosen = _in_area(network, *(float(v) for v in config["area"]))
        bridge = False
    else:
        raise ImportError_("give either a station list or an area")
    if len(chosen) < 2:
        if "area" in config:
            lon1, lat1, lon2, lat2 = (float(v) for v in config["area"])
            if len(_in_area(network, lat1, lon1, lat2, lon2)) >= 2:  # typed longitude first
                raise ImportError_("no station lies in that area, but some do with latitude and longitude the other"
                                   " way round: give the area as LAT1,LON1,LAT2,LON2 (latitude first)", "swapped")
            extent = _extent(network)
            if not chosen:  # not "only 0 stations"
                raise ImportError_(f"no station lies in that area: the city's stations lie within {extent}"
                                   " (LAT1,LON1,LAT2,LON2)", "none_in_area", extent=extent)
            raise ImportError_(f"only {counted(len(chosen), 'station')} in that area: the city's stations lie within"
                               f" {extent} (LAT1,LON1,LAT2,LON2)", "few_in_area", count=len(chosen), extent=extent)
        raise ImportError_(f"only {counted(len(chosen), 'station')} selected: choose a larger area or more stations",
                           "few_stations", count=len(chosen))
    keep = set(chosen)
    links: dict[tuple[str, str], set[str]] = {}
    for line, routes in network.routes.items():
        for route in routes:
            previous: str | None = None
            for stop in route:
                if stop not in keep:
                    if not bridge:
                        previous = None
                    continue
                if previous is not None and previous != stop:
                    links.setdefault(pair(previous, stop), set()).add(line)
                previous = stop
    if not bridge:  # an area cuts lines: keep the biggest connected piece, the compiler wants one network
        chosen = _largest_component(chosen, links)
        links = {key: lines for key, lines in links.items() if key[0] in chosen}
    return chosen, links


def _largest_component(chosen: list[str], links: dict[tuple[str, str], set[str]]) -> list[str]:
    neighbours: dict[str, set[str]] = {n: set() for n in chosen}
    for a, b in links:
        neighbours[a].add(b)
        neighbours[b].add(a)
    best: set[str] = set()
    seen: set[str] = set()
    for start in chosen:
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for other in neighbours[todo.pop()] - part:
                part.add(other)
                todo.append(other)
        seen |= part
        if len(part) > len(best):
            best = part
    return [n for n in chosen if n in best]


def _route_ends(network: Network, chosen: list[str]) -> set[str]:
    """Stations where a line's run of chosen stations ends: the ends of lines on this board."""
    keep = set(chosen)
    ends: set[str] = set()
    for routes in network.routes.values():
        for route in routes:
            inside = [s for s in route if s in keep]
            if inside and route[0] != route[-1]:
                ends.update((inside[0], inside[-1]))
    return ends


def build_board(config: dict[str, Any], data_dir: Path | None = None) -> StarterBoard:
    """The whole pipeline from data to a StarterBoard, driven by one configuration dict."""
    city = config.get("city", "")
    lines = config.get("lines", list(METRO_LINES.get(city, ())))
    network = load_network(city, data_dir, None if lines == "all" else lines)
    for name, (lat, lon) in config.get("add_stations", {}).items():
        network.stations[name] = Station(name, float(lat), float(lon), {"(added)"})
    apply_names(network, config.get("names", {}))
    chosen, line_sets = select(network, config)
    for name in config.get("add_stations", {}):
        if name not in chosen and "stations" not in config:
            chosen.append(name)
    for a, b in config.get("remove_links", []):
        line_sets.pop(pair(a, b), None)
    spaces = {key: max(1, min(4, len(lines))) for key, lines in line_sets.items()}
    for extra in config.get("add_links", []):
        a, b = extra[0], extra[1]
        spaces[pair(a, b)] = int(extra[2]) if len(extra) > 2 else 1
        line_sets.setdefault(pair(a, b), set())
    for a, b, n in config.get("spaces", []):
        if pair(a, b) not in spaces:
            raise ImportError_(f"spaces: no link between {a!r} and {b!r}")
        spaces[pair(a, b)] = int(n)
    known = set(chosen)
    for a, b in spaces:
        if a not in known or b not in known:
            raise ImportError_(f"link {a!r}–{b!r} joins a station that is not on the board")

    proj_cfg = config.get("projection", {})
    size = (float(proj_cfg.get("width", BOARD_SIZE[0])), float(proj_cfg.get("height", BOARD_SIZE[1])))
    margin = float(proj_cfg.get("margin", 60))
    centre = tuple(proj_cfg["centre"]) if "centre" in proj_cfg else None
    stations = network.stations
    power = None if proj_cfg.get("power") is None else float(proj_cfg["power"])  # None: the city's own
    projection = Projection([(stations[n].lat, stations[n].lon) for n in chosen], centre,  # type: ignore[arg-type]
                            power, size, margin, float(proj_cfg.get("max_stretch", 1.35)),
                            float(proj_cfg.get("rotate", 0.0)), _even_out(config.get("even_out"), len(chosen)))
    projected = {n: projection(stations[n].lat, stations[n].lon) for n in chosen}
    for name, (dx, dy) in config.get("nudge", {}).items():
        if name in projected:
            projected[name] = (projected[name][0] + dx, projected[name][1] + dy)
    min_distance = float(proj_cfg.get("min_distance", 40))
    clearance = float(proj_cfg.get("link_clearance", 14))
    wider = {key: float(proj_cfg.get("clearance_per_space", 0)) * (n - 1) for key, n in spaces.items()}
    positions = relax(projected, sorted(spaces), min_distance, size, margin * 0.5,
                      iterations=int(proj_cfg.get("iterations", 400)), link_clearance=clearance, wider=wider)
    if proj_cfg.get("name_room"):
        positions = make_room_for_names(positions, sorted(spaces), _importance(config, chosen, spaces), min_distance,
                                        size, margin * 0.5, float(proj_cfg.get("name_em", 0.16)),
                                        int(proj_cfg["name_room"]), clearance, wider)
        positions = relax(positions, sorted(spaces), min_distance, size, margin * 0.5, iterations=60,
                          link_clearance=clearance, wider=wider)

    nodes = [StarterNode(n, *positions[n]) for n in chosen]
    links = [StarterLink(a, b, spaces[(a, b)], tuple(sorted(line_sets.get((a, b), ())))) for a, b in sorted(spaces)]
    board = StarterBoard(
        name=config.get("name", city_title(city)),
        ruleset=config.get("ruleset", RULESET_OF_CITY.get(city, "custom")),
        width=size[0], height=size[1],
        properties=dict(config.get("properties", {})),
        nodes=nodes, links=links,
    )
    guessed = _assign_features(board, network, config)
    decorate(board, config, rivers_of(config, data_dir), projection, projected, positions)
    _clusters(board, config, guessed.clusters)
    return board


def _importance(config: dict[str, Any], chosen: list[str], spaces: dict[tuple[str, str], int]) -> list[str]:
    """Stations in the order the game places their names: destinations first, then by links."""
    degree = dict.fromkeys(chosen, 0)
    for a, b in spaces:
        degree[a] += 1
        degree[b] += 1
    destinations = set(config.get("express", [])) | set(config.get("standard", []))
    return sorted(chosen, key=lambda n: (n not in destinations, -degree[n], n))


def _assign_features(board: StarterBoard, network: Network, config: dict[str, Any]) -> Guessed:
    """Features from the configuration, or guessed: hubs are railway/express, line ends termini, the city's
    own features where it says "auto" (returned too: the clusters are drawn after the rivers)."""
    names = [n.name for n in board.nodes]
    lines = {n: network.stations[n].lines for n in names}
    listed = [config.get(key, []) for key in ("express", "standard", *FEATURE_FLAGS)]
    landmarks = config.get("landmarks", {})
    listed += [landmarks if landmarks == "auto" else list(landmarks), list(config.get("cards", {}))]
    listed += [[config["start"]]] if "start" in config else []
    for group in listed:
        if group != "auto":
            _unknown([n for n in group], {n: network.stations[n] for n in names}, "features")
    hub = int(config.get("hub_lines", HUB_LINES.get(config.get("city", ""), 3)))
    degree = {n: 0 for n in names}
    for link in board.links:
        degree[link.a] += 1
        degree[link.b] += 1
    guessed_termini = sorted(n for n in _route_ends(network, names) if degree[n] == 1)
    if "express" in config or "standard" in config:
        express, standard = set(config.get("express", [])), set(config.get("standard", []))
    else:
        express, standard = guess_destinations(board, lines, degree, hub)
        if board.ruleset in STANDARD_ONLY:
            express, standard = set(), standard | express
    termini = config.get("terminus", "auto")
    termini = set(guessed_termini) if termini == "auto" else set(termini) | set(config.get("extra_termini", []))
    railway = config.get("railway", "auto")
    railway = {n for n in names if len(lines[n]) >= hub + 1} if railway == "auto" else set(railway)
    start = config.get("start") or max(names, key=lambda n: (len(lines[n]), degree[n], n))
    guessed = _guessed(board, config, lines, degree)
    connection = guessed.connection if config.get("connection") == "auto" else set(config.get("connection", []))
    plus = guessed.plus if config.get("plus") == "auto" else set(config.get("plus", []))
    landmarks = guessed.landmarks if landmarks == "auto" else landmarks
    for node in board.nodes:
        props: dict[str, Any] = {}
        n = node.name
        if n in express:
            props["destination"] = "express"
        elif n in standard:
            props["destination"] = "standard"
        if n in config.get("cards", {}):
            props["cards"] = int(config["cards"][n])
        flags = {"railway": railway, "terminus": termini, "connection": connection, "plus": plus}
        for flag, members in flags.items():
            if n in members:
                props[flag] = True
        if landmarks.get(n):
            props["landmarks"] = int(landmarks[n])
        if n == start:
            props["start"] = True
        node.properties = props
    return guessed


def _guessed(board: StarterBoard, config: dict[str, Any], lines: dict[str, set[str]],
             degree: dict[str, int]) -> Guessed:
    """The city's features the configuration leaves to the importer ("auto"), for the board's ruleset."""
    wanted = {key for key in GUESSED if config.get(key) == "auto"}
    if not wanted:
        return Guessed()
    stations = [node for node in board.nodes if not node.waypoint]
    return guess_features(settings_of(board.ruleset, board.properties), board.ruleset,
                          [node.name for node in stations], {node.name: (node.x, node.y) for node in stations},
                          {n: len(lines[n]) for n in lines}, degree, board.width,
                          float(config.get("cluster_pad", 14)), wanted)


SHIPPED_CARDS = 55  # destination cards of a shipped board: the game ends when the pile runs out
SHORT_GAME_CARDS = 30  # fewer, and a game is over in a dozen turns or less (18 cards played 9 turns)


def destination_cards(board: StarterBoard) -> int:
    """The cards the board deals, as the compiler counts them (a destination without `cards` deals one)."""
    return sum(int(node.properties.get("cards", 1)) for node in board.nodes
               if not node.waypoint and node.properties.get("destination"))


EXPRESS_SHARE = 0.19  # of the stations: the shipped boards have about one in five express destinations...
DESTINATION_SHARE = 0.47  # ...and about half of all stations on a destination card


def guess_destinations(board: StarterBoard, lines: dict[str, set[str]], degree: dict[str, int],
                       hub: int) -> tuple[set[str], set[str]]:
    """Express and standard destinations for a board without a designer's list, in the shipped boards'
    proportions: the busiest interchanges are express; the standard ones are spread over the map (each
    next one the station farthest from every destination so far, busier first on a tie), so the cards
    send the passenger everywhere rather than round the centre."""
    names = [node.name for node in board.nodes if not node.waypoint]
    if not names:
        return set(), set()
    busiest = sorted(names, key=lambda n: (-len(lines[n]), -degree[n], n))
    express_count = max(1, round(EXPRESS_SHARE * len(names)))
    express = {n for n in busiest[:express_count] if len(lines[n]) >= min(hub, 2) or degree[n] >= 3}
    where = {node.name: (node.x, node.y) for node in board.nodes}
    chosen = set(express) or {busiest[0]}
    total = max(len(chosen), round(DESTINATION_SHARE * len(names)))
    standard = (chosen - express) | set(spread_out(names, where, total - len(chosen), degree.__getitem__, chosen))
    return express, standard


def _clusters(board: StarterBoard, config: dict[str, Any], guessed: list[tuple[str, list[str]]]) -> None:
    """A rounded outline around each cluster's stations, checked to hold no other station; `guessed` stands
    for the configuration's clusters when it leaves them to the importer ("auto")."""
    by_name = {n.name: n for n in board.nodes}
    clusters = dict(guessed) if config.get("clusters") == "auto" else config.get("clusters", {})
    for name, members in clusters.items():
        _unknown(members, {n: Station(n, 0, 0) for n in by_name}, f"cluster {name}")
        points = [(by_name[m].x, by_name[m].y) for m in members]
        polygon = padded_blob(points, float(config.get("cluster_pad", 14)))
        intruders = [n.name for n in board.nodes if n.name not in members and not n.waypoint
                     and point_in_polygon((n.x, n.y), polygon)]
        if intruders:
            raise ImportError_(f"cluster {name!r} would also hold {', '.join(intruders)}: add or move them")
        board.clusters.append((name, polygon))


def _even_out(setting: object, stations: int) -> float | None:
    """The background of the warp that evens the stations out (`even_out` of the configuration), None for none."""
    if setting == "auto":
        return EVEN_OUT if stations > EVEN_OUT_OVER else None
    if setting is None:
        return None
    try:
        return max(0.0, float(setting))  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise ImportError_(f'even_out wants a number or "auto", not {setting!r}') from None
