"""Import a real network through `editor.importing.importer`, as a new unsaved document.

The editor's import gives what `python -m editor import` gives: the starter board laid out as a schematic
metro map with its names placed (editor.importing.schematic), not the geographic plot the importer builds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from editor.document import Document
from editor.document.asking import ImportCity
from editor.document.work import Progress
from editor.importing.importer import FRESH_IMPORT, build_board, city_title, destination_cards
from editor.importing.network_data import CITIES, EXAMPLE_AREAS, ImportError_
from editor.tmx_write import tmx_bytes


def cities() -> dict[str, ImportCity]:
    """Each city the importer knows, with its title and an example area of it for the import form."""
    return {city: ImportCity(city_title(city), EXAMPLE_AREAS[city]) for city in CITIES}


def parse_area(area: str) -> list[float] | None:
    """`LAT1,LON1,LAT2,LON2` into four numbers; None when empty. ImportError_ (a ValueError), in plain words,
    otherwise."""
    area = area.strip()
    if not area:
        return None
    try:
        values = [float(v) for v in area.replace(";", ",").split(",") if v.strip()]
    except ValueError:
        values = []
    if len(values) != 4:
        raise ImportError_("the area is four numbers LAT1,LON1,LAT2,LON2 (e.g. 51.49,-0.20,51.535,-0.07), "
                           f"not {area!r}", "bad_area", area=area)
    return values


@dataclass(frozen=True)
class Imported:
    """A fresh import: the unsaved document, and how many destination cards its board deals (a short game?)."""

    doc: Document
    cards: int


def read_stations(path: Path) -> list[str]:
    """A station list as `--stations FILE` takes it: one name a line; empty lines and '#' comments skipped."""
    text = path.read_text(encoding="utf-8")  # OSError: the caller says which file
    return [line.strip() for line in text.splitlines() if line.strip() and line.strip()[0] != "#"]


def import_network(city: str, area: str = "", progress: Progress | None = None, stations: str = "",
                   thorough: bool = False) -> Imported:
    """A new, unsaved document holding the starter board of one area of a city, as a schematic map with
    placed names. An empty area is the city's example area (the import form shows it): the importer needs
    an area, and a whole network is far more than one board holds. A station list file (`stations`, as
    `--stations FILE`) stands for the area; `thorough` takes minutes for clearer names (`--thorough`)."""
    config: dict[str, object] = {"city": city, **FRESH_IMPORT}  # its city's features guessed: no warnings
    if stations.strip():
        path = Path(stations.strip()).expanduser()
        try:
            config["stations"] = read_stations(path)
        except (OSError, UnicodeDecodeError) as error:
            reason = error.strerror if isinstance(error, OSError) and error.strerror else "not a text file"
            raise ImportError_(f"cannot read the station list {path.name}: {reason}", "unreadable_list",
                               file=path.name, reason=reason) from error
    else:
        bounds = parse_area(area) or parse_area(EXAMPLE_AREAS.get(city, ""))
        if bounds is not None:
            config["area"] = bounds
    board = build_board(config)
    if progress is not None:
        progress(0.05)  # the data is read: a cancel now stops before the layout
    from editor.importing.schematic import lay_out  # the pipeline loads only when an import runs

    doc = Document.from_bytes(tmx_bytes(board))
    lay_out(doc, progress, thorough=thorough)
    doc.touch()  # not saved anywhere yet
    return Imported(doc, destination_cards(board))
