"""Read the shared open metro data into one plain network shape, fixing each source's known faults.

Every city's files look different (see game/data/network/SOURCES.md); the importer only wants stations with a
name, a position and the lines through them, and the ordered stop lists of each line. Stops that are one
station are merged here, so that the rest of the importer never sees a stop id.
"""

from __future__ import annotations

import itertools
import json
import math
import re
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import resources

CITIES = ("london", "berlin", "newyork", "paris")
RIVERS_FILE = "rivers.json"
# A city centre of each, as LAT1,LON1,LAT2,LON2 (40–70 stations): the import form's example area.
EXAMPLE_AREAS = {"london": "51.49,-0.20,51.535,-0.07", "berlin": "52.49,13.35,52.54,13.45",
                 "newyork": "40.66,-74.005,40.715,-73.94", "paris": "48.845,2.32,48.875,2.37"}
# The lines a metro map of each city shows unless a designer asks for others (`lines`, `--lines`, `--all-lines`):
# the underground and its metro-like railways, as the shipped boards have them; trams, the cable car,
# regional rail (the Elizabeth line) and the Staten Island Railway are left out.
METRO_LINES: dict[str, tuple[str, ...]] = {
    "london": ("Bakerloo", "Central", "Circle", "District", "Hammersmith & City", "Jubilee", "Metropolitan",
               "Northern", "Piccadilly", "Victoria", "Waterloo & City", "DLR", "London Overground"),
    "berlin": (r"U\d+", r"S\d+"),
    "newyork": (r"\d", "[A-G]", "[J-N]", "[Q-R]", "W", "GS", "FS", "H"),
    "paris": (r"M\d+b?",),
}


class ImportError_(ValueError):
    """Bad or missing input data; the message is one line meant for the user.

    What a designer can get wrong in the editor's import form also carries a `key` and its `params` (the
    message `editor.import_error.<key>` in the catalogues), so the form says it in the editor's language;
    the command line prints the English message."""

    def __init__(self, message: str, key: str = "", **params: object) -> None:
        super().__init__(message)
        self.key = key
        self.params = params


@dataclass
class Station:
    """One station after merging: `key` is its unique name on the network."""

    key: str
    lat: float
    lon: float
    lines: set[str] = field(default_factory=set)


@dataclass
class Network:
    """Stations by name and, per line, its routes as lists of station names (one per service pattern)."""

    city: str
    stations: dict[str, Station]
    routes: dict[str, list[list[str]]]

    def lines_at(self, name: str) -> set[str]:
        return self.stations[name].lines


def default_data_dir() -> Path:
    """The open network data that ships inside the product (game/data/network, see its SOURCES.md)."""
    return resources.path("network")


def load_rivers(city: str, data_dir: Path | None = None) -> list[dict[str, Any]]:
    """The city's rivers as traced for its boards (rivers.json, see SOURCES.md): name, width in board px and
    course in latitude/longitude. A data folder of the designer's own without the file gets the product's."""
    folder = data_dir if data_dir is not None and (data_dir / RIVERS_FILE).is_file() else default_data_dir()
    rivers = _read(folder, RIVERS_FILE)
    return [dict(river) for river in rivers.get(city, [])]


def _read(data_dir: Path, name: str) -> Any:
    path = data_dir / name
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ImportError_(f"data file {path} is missing (give the open data folder with --data DIR)",
                           "data_missing", file=str(path)) from None
    except (OSError, json.JSONDecodeError) as error:
        raise ImportError_(f"cannot read data file {path}: {error}", "data_unreadable", file=str(path),
                           reason=str(error)) from None


def load_network(city: str, data_dir: Path | None = None, lines: list[str] | None = None) -> Network:
    """The merged, repaired network of a city; `lines` (regular expressions) keeps only matching lines."""
    data_dir = data_dir or default_data_dir()
    if not data_dir.is_dir():
        raise ImportError_(f"data folder {data_dir} is missing (give it with --data DIR)", "data_folder_missing",
                           folder=str(data_dir))
    loaders = {"london": _load_london, "berlin": _load_berlin, "newyork": _load_newyork, "paris": _load_paris}
    if city not in loaders:
        raise ImportError_(f"unknown city {city!r} (expected one of {', '.join(CITIES)})")
    network = loaders[city](data_dir)
    if lines:
        patterns = [re.compile(f"(?:{pattern})$") for pattern in lines]
        network.routes = {ln: r for ln, r in network.routes.items() if any(p.match(ln) for p in patterns)}
    _finish(network)
    return network


def _finish(network: Network) -> None:
    """Drop repeated stops inside a route, recompute lines per station, drop stations no line serves."""
    for line, routes in network.routes.items():
        cleaned = []
        for route in routes:
            ring = len(route) > 2 and route[0] == route[-1]
            seen: set[str] = set()
            stops = []
            for stop in route[:-1] if ring else route:
                if stop not in seen:  # a stop listed twice (Berlin S1 Hohen Neuendorf) makes a false link
                    seen.add(stop)
                    stops.append(stop)
            if ring:
                stops.append(stops[0])
            if len(stops) >= 2:
                cleaned.append(stops)
        network.routes[line] = cleaned
    for station in network.stations.values():
        station.lines = set()
    for line, routes in network.routes.items():
        for route in routes:
            for stop in route:
                network.stations[stop].lines.add(line)
    network.stations = {key: s for key, s in network.stations.items() if s.lines}


class _Merger:
    """Collects stop ids into stations keyed by name, averaging the stops' positions."""

    def __init__(self) -> None:
        self.positions: dict[str, list[tuple[float, float]]] = defaultdict(list)
        self.id_to_name: dict[str, str] = {}

    def add(self, stop_id: str, name: str, lat: float, lon: float) -> None:
        self.id_to_name[stop_id] = name
        self.positions[name].append((lat, lon))

    def stations(self) -> dict[str, Station]:
        result = {}
        for name, points in self.positions.items():
            lat = sum(p[0] for p in points) / len(points)
            lon = sum(p[1] for p in points) / len(points)
            result[name] = Station(name, lat, lon)
        return result

    def route(self, stop_ids: list[str]) -> list[str]:
        names = [self.id_to_name[s] for s in stop_ids if s in self.id_to_name]
        return [n for i, n in enumerate(names) if i == 0 or n != names[i - 1]]


# ----- London -----

_LONDON_SUFFIX = re.compile(r"\s*(Underground Station|Rail Station|DLR Station|Tram Stop|-Underground|ELL)$")
_LONDON_QUALIFIER = re.compile(r"\s*\((Dist&Picc Line|H&C Line|Central|Bakerloo|Circle Line|London|for [^)]*)\)")
_LONDON_NAMES = {"Shepherds Bush": "Shepherd's Bush", "Queens Park": "Queen's Park"}


def london_name(raw: str, known: set[str] | None = None) -> str:
    """TfL's stop name as the station is spelt on the map: no suffix, no line qualifier."""
    name = raw
    for _ in range(2):
        name = _LONDON_SUFFIX.sub("", name).strip()
    name = _LONDON_QUALIFIER.sub("", name).strip()
    name = _LONDON_NAMES.get(name, name)
    if known is not None and name.startswith("London ") and name[7:] in known:
        name = name[7:]  # "London Euston" (National Rail) is the tube's "Euston"
    return name


def _load_london(data_dir: Path) -> Network:
    data = _read(data_dir, "london_network.json")
    served = {stop for line in data["lines"].values() for route in line["routes"] for stop in route}
    plain = {london_name(s["name"]) for key, s in data["stations"].items() if key in served}
    merger = _Merger()
    for key, stop in data["stations"].items():
        if key in served:  # hub ids carry no line: they would only pull a station's position about
            merger.add(key, london_name(stop["name"], plain), float(stop["lat"]), float(stop["lon"]))
    routes = {
        line: [merger.route(route) for route in info["routes"]] for line, info in data["lines"].items()
    }
    return Network("london", merger.stations(), routes)


# ----- Berlin -----

# U6 north of Kurt-Schumacher-Platz is missing from the data (positions from OpenStreetMap).
_U6_NORTH = [
    ("Alt-Tegel", 52.58947, 13.28386),
    ("Borsigwerke", 52.58180, 13.29034),
    ("Holzhauser Straße", 52.57595, 13.29618),
    ("Otisstraße", 52.57102, 13.30291),
    ("Scharnweberstraße", 52.56668, 13.31272),
]
_BERLIN_POSITIONS = {"Julius-Leber-Brücke": (52.48622, 13.36074)}  # the data repeats Johannisthal's
_BERLIN_NAMES = {
    "Kloster Straße": "Klosterstraße",
    "Samariter Straße": "Samariterstraße",
    "Jakob Kaiser Platz": "Jakob-Kaiser-Platz",
    "Adenauer Platz": "Adenauerplatz",
    "Kochstraße (Checkpoint Charlie)": "Kochstraße/Checkpoint Charlie",
    "Olympia-Stadion": "Olympia-Stadion",
}


def _load_berlin(data_dir: Path) -> Network:
    raw_stations = _read(data_dir, "berlin_FreiFahren_StationsList.json")
    raw_lines = _read(data_dir, "berlin_FreiFahren_LinesList.json")
    merger = _Merger()
    for key, stop in raw_stations.items():
        name = _BERLIN_NAMES.get(stop["name"], stop["name"])
        lat, lon = _BERLIN_POSITIONS.get(name, (stop["coordinates"]["latitude"], stop["coordinates"]["longitude"]))
        merger.add(key, name, float(lat), float(lon))
    for name, lat, lon in _U6_NORTH:
        merger.add(f"fix:{name}", name, lat, lon)
    routes: dict[str, list[list[str]]] = {}
    for line, stops in raw_lines.items():
        route = merger.route(stops)
        if line == "U6" and route and route[0] == "Kurt-Schumacher-Platz":
            route = [name for name, _, _ in _U6_NORTH] + route
        if line in ("S41", "S42") and route[0] != route[-1]:
            route.append(route[0])  # the ring is stored open: Jungfernheide–Beusselstraße is missing
        routes[line] = [route]
    return Network("berlin", merger.stations(), routes)


# ----- New York -----


def _nyc_line(service: str) -> str:
    """Route variants A1/A2 are one line, A."""
    return re.sub(r"^([A-Z]+)\d$", r"\1", service)


def _load_newyork(data_dir: Path) -> Network:
    stops = _read(data_dir, "nyc_blahblahblah-subwaydle_stations.json")
    transfers = _read(data_dir, "nyc_blahblahblah-subwaydle_transfers.json")
    routings = _read(data_dir, "nyc_blahblahblah-subwaydle_weekday-routings.json")
    parent = {key: key for key in stops}

    def find(key: str) -> str:
        while parent[key] != key:
            parent[key] = parent[parent[key]]
            key = parent[key]
        return key

    staten_island = set(routings.get("SI", [])) | {"S31"}
    for key, others in transfers.items():
        for other in others:
            if key in parent and other in parent and key not in staten_island and other not in staten_island:
                parent[find(key)] = find(other)  # a complex: one station on the board
    services_at: dict[str, set[str]] = defaultdict(set)
    for service, route in routings.items():
        for stop in route:
            services_at[stop].add(_nyc_line(service))
    members: dict[str, list[str]] = defaultdict(list)
    for key in stops:
        members[find(key)].append(key)
    complex_name: dict[str, str] = {}
    complex_lines: dict[str, set[str]] = {}
    for root, keys in members.items():
        counts: dict[str, int] = defaultdict(int)
        for key in keys:
            counts[stops[key]["name"]] += 1
        best = max(keys, key=lambda k: (counts[stops[k]["name"]], len(services_at[k]), k))
        complex_name[root] = stops[best]["name"].replace("Sq.", "Sq")
        complex_lines[root] = set().union(*(services_at[k] for k in keys))
    # Names repeat across the city (four "23 St"): those get their lines in brackets.
    by_name: dict[str, list[str]] = defaultdict(list)
    for root, name in complex_name.items():
        if complex_lines[root]:
            by_name[name].append(root)
    for name, roots in by_name.items():
        if len(roots) > 1:
            for root in roots:
                complex_name[root] = f"{name} ({' '.join(sorted(complex_lines[root], key=_service_order))})"
    merger = _Merger()
    for key, stop in stops.items():
        merger.add(key, complex_name[find(key)], float(stop["latitude"]), float(stop["longitude"]))
    routes: dict[str, list[list[str]]] = defaultdict(list)
    for service, route in routings.items():
        routes[_nyc_line(service)].append(merger.route(route))
    network = Network("newyork", merger.stations(), dict(routes))
    _drop_express_skips(network)
    return network


def _service_order(line: str) -> tuple[int, str]:
    return (0, line.zfill(3)) if line.isdigit() else (1, line)


def _drop_express_skips(network: Network) -> None:
    """Split express runs: where another service stops between two stops, ride through its stops instead.

    An express pair (96 St → 72 St) becomes the local stops between them, so links follow local tracks
    and the line still counts on each of them.
    """
    local_paths: dict[tuple[str, str], list[str]] = {}
    for routes in network.routes.values():
        for route in routes:
            index = {stop: i for i, stop in enumerate(route)}
            for i, a in enumerate(route):
                for b in route[i + 2:]:
                    between = route[i: index[b] + 1]
                    for key, path in (((a, b), between), ((b, a), list(reversed(between)))):
                        if key not in local_paths or len(path) > len(local_paths[key]):
                            local_paths[key] = path
    for line, routes in network.routes.items():
        expanded = []
        for route in routes:
            stops = [route[0]]
            for a, b in itertools.pairwise(route):
                local = local_paths.get((a, b))
                if local and _bend(network, local) < 1.6:
                    stops.extend(local[1:])
                else:
                    stops.append(b)
            expanded.append(stops)
        network.routes[line] = expanded


def _bend(network: Network, path: list[str]) -> float:
    """How much longer a path is than the straight line between its ends (1.0 = straight)."""
    s = network.stations
    length = sum(_km(s[a], s[b]) for a, b in itertools.pairwise(path))
    direct = _km(s[path[0]], s[path[-1]])
    return length / direct if direct > 0 else math.inf


def _km(a: Station, b: Station) -> float:
    dy = (a.lat - b.lat) * 111.2
    dx = (a.lon - b.lon) * 111.2 * math.cos(math.radians((a.lat + b.lat) / 2))
    return math.hypot(dx, dy)


# ----- Paris -----

_PARIS_WORDS = {
    "Chatelet": "Châtelet", "Etoile": "Étoile", "Hotel": "Hôtel", "Opera": "Opéra", "Republique": "République",
    "Eglise": "Église", "Ecole": "École", "Pere": "Père", "Chateau": "Château", "Gaite": "Gaîté",
    "Segur": "Ségur", "Sevres": "Sèvres", "Odeon": "Odéon", "Musee": "Musée", "Elysees": "Élysées",
    "Trinite": "Trinité", "Liege": "Liège", "Mutualite": "Mutualité", "Trocadero": "Trocadéro",
    "Iena": "Iéna", "Bastille": "Bastille", "Reaumur": "Réaumur", "Sebastopol": "Sébastopol",
    "Metiers": "Métiers", "Assemblee": "Assemblée", "Solferino": "Solférino", "Cite": "Cité",
    "Felix": "Félix", "Eboue": "Éboué", "Glaciere": "Glacière", "Alesia": "Alésia", "Orleans": "Orléans",
    "General": "Général", "Universite": "Université", "Prefecture": "Préfecture", "Hopital": "Hôpital",
    "Becon": "Bécon", "Pyrenees": "Pyrénées", "Fetes": "Fêtes", "Telegraphe": "Télégraphe",
    "Chaussee": "Chaussée", "Pre": "Pré", "Gervais": "Gervais", "Bicetre": "Bicêtre", "Leo": "Léo",
    "Andre": "André", "Citroen": "Citroën", "Emile": "Émile", "Marechal": "Maréchal", "Mande": "Mandé",
    "Berault": "Bérault", "Bibliotheque": "Bibliothèque", "Francois": "François", "Emilion": "Émilion",
    "Leon": "Léon", "Maraichers": "Maraîchers", "Jaures": "Jaurès", "Barbes": "Barbès", "Madeleine": "Madeleine",
    "Quatre": "Quatre", "Marcel": "Marcel", "Plaisance": "Plaisance", "Porte": "Porte", "Dupleix": "Dupleix",
    "Veterinaire": "Vétérinaire", "Liberte": "Liberté", "Creteil": "Créteil", "Crimee": "Crimée",
    "Saint-Germain": "Saint-Germain", "Pres": "Prés", "Defense": "Défense", "Menilmontant": "Ménilmontant",
    "Rene": "René", "Aeroport": "Aéroport", "Chapelle": "Chapelle", "Aragon": "Aragon",
    "Daubenton": "Daubenton", "Dugommier": "Dugommier", "Sully": "Sully", "Lamarck": "Lamarck",
    "Peri": "Péri", "Lilas": "Lilas", "Porte d'Ivry": "Porte d'Ivry", "Mairie": "Mairie",
    "Asnieres": "Asnières", "Boissiere": "Boissière", "Breguet": "Bréguet", "Chatillon": "Châtillon",
    "Doree": "Dorée", "Echat": "Échat", "Ecoles": "Écoles", "Etienne": "Étienne", "Falguiere": "Falguière",
    "Kleber": "Kléber", "Laumiere": "Laumière", "Poissonniere": "Poissonnière", "Rapee": "Rapée",
    "Sebastien": "Sébastien",
}


def paris_name(raw: str) -> str:
    """Put back the accents the data lost, word by word."""
    return re.sub(r"[A-Za-z]+", lambda m: _PARIS_WORDS.get(m.group(0), m.group(0)), raw)


def _load_paris(data_dir: Path) -> Network:
    raw_lines = _read(data_dir, "paris_greeeg-paris-subway-map_lines-unified.json")
    raw_stations = _read(data_dir, "paris_greeeg-paris-subway-map_stations-unified.json")
    merger = _Merger()
    for key, stop in raw_stations.items():
        lon, lat = stop["geolocation"]
        merger.add(key, paris_name(stop["name"]), float(lat), float(lon))
    stations = merger.stations()
    routes: dict[str, list[list[str]]] = {}
    for info in raw_lines.values():
        flat = merger.route([s["uuid"] for s in info["stations"]])
        routes[f"M{info['code']}"] = _unflatten(flat, stations)
    return Network("paris", stations, routes)


def _unflatten(flat: list[str], stations: dict[str, Station]) -> list[list[str]]:
    """Branches and loops are appended to the main list: a long jump starts a branch at its nearest stop."""
    if len(flat) < 3:
        return [flat]
    gaps = sorted(_km(stations[a], stations[b]) for a, b in itertools.pairwise(flat))
    limit = max(2.5 * gaps[len(gaps) // 2], 1.6)
    routes = [[flat[0]]]
    placed = [flat[0]]
    for a, b in itertools.pairwise(flat):
        if _km(stations[a], stations[b]) > limit:
            nearest = min(placed, key=lambda s: _km(stations[s], stations[b]))
            routes.append([nearest])
        routes[-1].append(b)
        placed.append(b)
    return [r for r in routes if len(r) >= 2]
