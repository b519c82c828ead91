"""The problems list speaks the editor's language. The compiler and the board check write their lines in
English (the name placer reads them back, so they stay English where they are made); the list says them
again in German or French, station and link names as they are. English reads as it did, a name that runs
into another is explained, and a line the list was never taught stays English, whole."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from editor import text
from editor.app import EditorApp
from editor.document.problems import compile_document, describe
from editor.document.session import EditingSession
from editor.document.tmx import Document
from editor.problem_text import PATTERNS, PLACE, PLACES, PROBLEM, translate
from game import i18n
from game.board import legibility
from game.board.model import Board, Decoration, NameLabel
from game.board.name_clearance import NameObstacles, NameScene, NameStation, problems_by_station
from game.board.tmx.problems import Problem
from tests.board.test_links_along import board as tiny
from tests.editor.driver import Driver
from tests.editor.test_map_commands import crowded_document
from tools import locales

BUS_SOURCE = Path(__file__).resolve().parents[2] / "game" / "data" / "bus_boards" / "src" / "london_bus.tmx"
ENGLISH_WORDS = ("name of", "its name", "covers", "crosses", "overlaps", "nearer", " apart", "the link",
                 "drawn through", "runs into", "leaves", "no place", "lies over", "connected", "no station")
SUBJECT_VALUES = {"subject", "own"}  # what a line about a station's name is given besides its pattern's groups
EXTRAS = {"about", "its_name", "name_of", "its_station"}  # the family's words that are no kind of line


@pytest.fixture(autouse=True)
def _english_after() -> Iterator[None]:
    yield
    text.localize("en")


def before(problem: Any) -> str:
    """The list's English line as it was before it was translated: what English must still read."""
    mark = "×" if problem.severity == "error" else "!"
    name = problem.object_name or ""
    message = problem.message
    if not name:
        return f"{mark} {message}"
    if message.startswith(f"name of {name} "):
        message = "its name " + message.removeprefix(f"name of {name} ")
        if message.endswith(f" than {name}"):
            message = message.removesuffix(f" than {name}") + " than its station"
    return f"{mark} {name}: {message}"


def crowded() -> Document:
    """A board that compiles but is hard to read (two long names on stations 20 px apart)."""
    return crowded_document(cards=2)[0]


def broken() -> Document:
    """A board that does not compile: a name twice, no start, no destination, parts cut off, a lone waypoint,
    and no ruleset."""
    doc = Document.new("Broken")
    session = EditingSession(doc)
    session.add_object("station", [(100, 100)], "add", name="Acton")
    session.add_object("station", [(300, 300)], "add", name="Bow")
    session.add_object("station", [(300, 500)], "add", name="Acton")
    session.add_object("waypoint", [(500, 500)], "add")
    doc.set_map_property("ruleset", None)
    return doc


def scene_lines() -> list[str]:
    """Every line the name rules write, by the rules' own code: each kind of broken rule (about Moorgate's
    name), then names that overlap, run into each other on one row, and a name with no place."""
    stations = [NameStation(0, "Moorgate", 100, 100, 6), NameStation(1, "Liverpool Street", 300, 100, 6),
                NameStation(2, "Angel", 360, 140, 6), NameStation(3, "Bank", 500, 500, 6)]
    scene = NameScene(stations, NameObstacles(spacing=5.0), SimpleNamespace(width=1000, height=1000))
    kinds = [("board", ""), ("reach", "42"), ("own", ""), ("station", "Bank"), ("disc", "Bank"), ("disc", ""),
             ("nearer", "Bank"), ("bar", "Bank"), ("icon", "Bank"), ("icon", ""), ("link", "Bank–Angel"),
             ("link", "")]
    lines = [scene.describe(0, kind, what) for kind, what in kinds]
    boxes = {0: (110.0, 90.0, 80.0, 20.0), 1: (192.0, 90.0, 100.0, 20.0), 2: (280.0, 100.0, 60.0, 20.0)}
    found = problems_by_station(scene, boxes)  # 0 and 1 are 2 px apart, 1 and 2 overlap, 3 has no box
    return [*lines, *dict.fromkeys(line for pos in sorted(found) for line in found[pos])]


def board_check_lines() -> list[str]:
    """The board check's lines about stations and links: a bend on another link, a stretch along one, a link
    through a station, two stations too close, two names read as one."""
    bent = tiny({"Acton": (100, 300), "Bow": (500, 300), "Cam": (300, 100), "Dee": (520, 520)},
                [("Acton", "Bow", []), ("Cam", "Dee", [(300, 300)])])
    along = tiny({"Acton": (100, 300), "Bow": (700, 300), "Cam": (200, 100), "Dee": (600, 100)},
                 [("Acton", "Bow", []), ("Cam", "Dee", [(200, 296), (600, 296)])])
    through = tiny({"Acton": (100, 300), "Bow": (700, 300), "Cam": (400, 300), "Dee": (420, 300)},
                   [("Acton", "Bow", [])])
    stacked = tiny({"Acton": (100, 500), "Cam": (300, 300), "Dee": (310, 333)}, [("Acton", "Cam", [])])
    stacked = replace(stacked, nodes=tuple(replace(node, label=NameLabel(0, 0, 0, 0, "NE", (node.name,), 0))
                                           for node in stacked.nodes))  # Cam's name just over Dee's
    return [p.message for board in (bent, along, through, stacked, *watered()) for p in legibility.problems(board)
            if not p.message.startswith("name of ")]


def watered() -> list[Board]:
    """Acton–Bow with a river under Cam's disc, one across its name and one down the link's track."""
    base = tiny({"Acton": (100, 300), "Bow": (700, 300), "Cam": (400, 100)}, [("Acton", "Bow", [])])
    base = replace(base, nodes=tuple(replace(node, label=NameLabel(node.x + 20, node.y - 10, 60, 20, "E",
                                                                   (node.name,), 0)) for node in base.nodes))

    def with_water(*corners: tuple[float, float]) -> Board:
        return replace(base, decorations=(Decoration("water", corners),))

    return [with_water((394, 0), (406, 0), (406, 200), (394, 200)),
            with_water((440, 0), (452, 0), (452, 200), (440, 200)),
            with_water((300, 292), (500, 292), (500, 308), (300, 308))]


# ----- the lines of a board being edited, as the list shows them -----

@pytest.mark.parametrize(("language", "expected"), [
    ("de", ["! Long Station Name West: die Stationen Long Station Name West und Long Station Name East liegen "
            "20 px auseinander (mindestens 40)",
            "! Long Station Name West: der Name verdeckt die Station Long Station Name East",
            "! Long Station Name West: der Name steht näher an Long Station Name East als an der eigenen Station",
            "! Long Station Name West: der Name überlappt den Namen von Long Station Name East",
            "! die Strecke Long Station Name West–Far führt durch Long Station Name East hindurch",
            "! Long Station Name East: der Name kreuzt eine Strecke (Long Station Name East–Far)"]),
    ("fr", ["! Long Station Name West : les stations Long Station Name West et Long Station Name East sont à "
            "20 px l'une de l'autre (au moins 40)",
            "! Long Station Name West : son nom couvre la station Long Station Name East",
            "! Long Station Name West : son nom est plus près de Long Station Name East que de sa station",
            "! Long Station Name West : son nom chevauche le nom de Long Station Name East",
            "! la liaison Long Station Name West–Far traverse Long Station Name East",
            "! Long Station Name East : son nom croise une liaison (Long Station Name East–Far)"]),
])
def test_the_board_checks_lines_read_in_german_and_french(language: str, expected: list[str]) -> None:
    report = compile_document(crowded())
    assert report.board is not None and report.hard_to_read
    text.localize(language)
    lines = [describe(p) for p in report.hard_to_read]
    assert [line for line in expected if line not in lines] == []
    assert [line for line in lines if any(word in line for word in ENGLISH_WORDS)] == []


@pytest.mark.parametrize(("language", "expected"), [
    ("de", ["× Acton: zwei Stationen heißen 'Acton' (auch Objekt 1)",
            "× keine Station hat start = true (der Startbahnhof des Passagiers; genau einer ist nötig)",
            "× Bow: nicht mit dem übrigen Netz verbunden (abgetrennter Teil: 'Bow')",
            "× der Wegpunkt hat 0 Strecke(n); eine Kreuzung braucht zwei oder mehr",
            "× keine Station ist ein Ziel; bei einigen destination = standard oder express setzen",
            "! Karteneigenschaften: die Karte hat keine Eigenschaft 'ruleset'; es gilt 'custom'"]),
    ("fr", ["× Acton : deux stations s'appellent 'Acton' (aussi l'objet 1)",
            "× aucune station n'a start = true (le départ du passager ; il en faut exactement un)",
            "× Bow : hors du réseau principal (partie isolée : 'Bow')",
            "× le point de passage a 0 liaison(s) ; un croisement en demande au moins deux",
            "× aucune station n'est une destination ; mettez destination = standard ou express sur certaines",
            "! propriétés de la carte : la carte n'a pas de propriété 'ruleset' ; 'custom' est utilisé"]),
])
def test_the_compilers_errors_read_in_german_and_french(language: str, expected: list[str]) -> None:
    report = compile_document(broken())
    assert report.board is None
    text.localize(language)
    lines = [describe(p) for p in report.problems]
    assert [line for line in expected if line not in lines] == []


@pytest.mark.parametrize(("language", "expected"), [
    ("de", ["! Notting Hill: sein Name liegt über dem Ort Paddington",
            "! Notting Hill: er liegt 22 px von Paddington entfernt (Orte mindestens 60 px auseinander halten)",
            "! die Route führt durch Notting Hill hindurch"]),
    ("fr", ["! Notting Hill : son nom recouvre le lieu Paddington",
            "! Notting Hill : il est à 22 px de Paddington (gardez les lieux à au moins 60 px l'un de l'autre)",
            "! le trajet traverse Notting Hill"]),
])
def test_a_bus_tours_warnings_read_in_german_and_french(tmp_path: Path, language: str, expected: list[str]) -> None:
    """Our London bus tour with Notting Hill dragged next to Paddington."""
    shutil.copy(BUS_SOURCE, tmp_path / "london_bus.tmx")
    doc = Document.load(tmp_path / "london_bus.tmx")
    places = {place.name: place for place in doc.of_kind("place")}
    (x, y), = places["Paddington"].points
    doc.set_points(places["Notting Hill"].id, [(x + 20, y + 10)])
    report = compile_document(doc)
    text.localize(language)
    lines = [describe(p) for p in report.problems]
    assert [line for line in expected if line not in lines] == []


def test_english_reads_as_before() -> None:
    """Every line of a hard-to-read board, of a broken one and of a board check on links, word for word."""
    problems = [*compile_document(crowded()).problems, *compile_document(broken()).problems]
    problems += [Problem("legibility", "tiny.tmx", None, "", line) for line in board_check_lines()]
    assert len(problems) > 15
    assert [describe(p) for p in problems] == [before(p) for p in problems]
    assert "! Long Station Name West: its name overlaps name of Long Station Name East" in map(describe, problems)


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "! Moorgate: its name runs into name of Liverpool Street (so close on one row that they read as one "
           "name)"),
    ("de", "! Moorgate: der Name stößt an den Namen von Liverpool Street (so nah in einer Zeile, dass beide sich "
           "als ein Name lesen)"),
    ("fr", "! Moorgate : son nom touche le nom de Liverpool Street (si près sur la même ligne qu'on les lit comme "
           "un seul nom)"),
])
def test_a_name_running_into_another_is_explained(language: str, expected: str) -> None:
    (line,) = [line for line in scene_lines() if " runs into " in line]
    assert line == "name of Moorgate runs into name of Liverpool Street"
    text.localize(language)
    assert describe(Problem("legibility", "b.tmx", 7, "Moorgate", line)) == expected


# ----- every kind of line, and what the list does with one it does not know -----

@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_line_the_board_check_writes_is_translated_with_its_names(language: str) -> None:
    """Each kind of line the name rules and the board check write (by their own code), listed under no
    station, so every name in it must be said: translated, names and numbers as they are."""
    lines = [*scene_lines(), *board_check_lines()]
    assert len(lines) >= 20
    text.localize(language)
    words = ("Moorgate", "Liverpool Street", "Angel", "Bank", "Bank–Angel", "Cam–Dee", "Acton–Bow", "Cam",
             "Dee", "42", "(300, 300)", "(400, 296)", "(293, 300)", "216")
    for line in lines:
        said = translate(line)
        assert said is not None and said != line, line
        assert [word for word in words if word in line and word not in said] == [], (line, said)
        assert not any(word in said for word in ENGLISH_WORDS), said


def test_every_pattern_has_its_words_in_every_language() -> None:
    """A kind of line with no message, or a message asking for a value its pattern does not give, would show
    English or a key; a message no pattern uses is stale."""
    families = [(PROBLEM, PATTERNS), (PLACE, PLACES)]
    english = locales.texts("en")
    for family, patterns in families:
        for kind, pattern in patterns.items():
            key = f"{family}.{kind}"
            assert key in english, key
            given = set(pattern.groupindex) | SUBJECT_VALUES
            assert {name for name, _ in locales.placeholders(english[key][0])} <= given, key
            for code in ("de", "fr"):
                said = i18n.catalogue(code).message(key)
                assert said and said != english[key][0], (code, key)
    known = {f"{PROBLEM}.{kind}" for kind in (*PATTERNS, *EXTRAS)} | {f"{PLACE}.{kind}" for kind in PLACES}
    family_keys = {key for key in english if key.startswith((f"{PROBLEM}.", f"{PLACE}."))}
    assert family_keys == known


def test_a_line_nobody_taught_the_list_stays_english_and_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    text.localize("de")
    new = Problem("warning", "b.tmx", 3, "Zoo", "something the list was never taught")
    assert describe(new) == "! Zoo: something the list was never taught"
    about_name = Problem("legibility", "b.tmx", 3, "Zoo", "name of Zoo is painted pink")
    assert describe(about_name) == "! Zoo: its name is painted pink"
    monkeypatch.setitem(PATTERNS, "painted", re.compile(r"name of (?P<station>.+?) is painted (?P<colour>.+)"))
    assert describe(about_name) == "! Zoo: its name is painted pink"  # a pattern without words: English, no key
    assert describe(Problem("error", "b.tmx", None, "", "")) == "× "


# ----- as a designer sees it -----

def test_the_problems_panel_of_a_german_editor(tmp_path: Path) -> None:
    """A German editor on the crowded board: the list says its problems in German, and choosing one puts the
    German line in the status bar."""
    path = tmp_path / "crowded.tmx"
    crowded().save(path)
    text.localize("de")
    d = Driver(EditorApp(path))
    d.app.watcher.refresh(force=True)
    d.frames(2)
    shown = d.app.problems.box.html_text
    assert "der Name überlappt den Namen von Long Station Name East" in shown
    assert "its name" not in shown and "name of" not in shown
    index = next(i for i, p in enumerate(d.app.watcher.report.problems) if "covers station" in p.message)
    rect = d.app.problems.rect_of(index)
    assert rect is not None and rect.height > 0  # in sight without scrolling
    d.click_screen(rect.center)
    d.frames(1)
    assert "Long Station Name West: der Name verdeckt die Station Long Station Name East" in \
        d.app.user.current_status()
    d.screenshot("problems-de")
