"""`python -m game compile` on sources a person may really hand it: one over the size the game is built for,
one edited by hand, one holding absurdly long names. Each is refused in bounded lines naming what is wrong,
with nothing written and never a traceback (contracts §1, §2)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from game.board.model import MAX_STATIONS
from game.board.tmx.problems import MAX_LINE

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = 40


def compile_source(source: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "game", "compile", str(source), *args], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


def network_source(stations: int, first_station: str = "") -> str:
    """A connected board of `stations` stations on a grid (a chain along each row, each row hung from the one
    above); `first_station` replaces the first station's object, to break it."""
    objects = []
    for i in range(stations):
        x, y = 100 + (i % COLUMNS) * 60, 100 + (i // COLUMNS) * 60
        props = ('<property name="start" type="bool" value="true"/>' if i == 0 else
                 '<property name="destination" value="standard"/>' if i % 10 == 5 else "")
        objects.append(f'<object id="{i + 1}" name="Station {i}" type="station" x="{x}" y="{y}">'
                       f"<properties>{props}</properties><point/></object>")
    for i in range(1, stations):
        a = i - COLUMNS if i % COLUMNS == 0 else i - 1
        objects.append(f'<object id="{stations + i}" type="link" x="0" y="0"><properties>'
                       f'<property name="a" type="object" value="{a + 1}"/>'
                       f'<property name="b" type="object" value="{i + 1}"/></properties>'
                       '<polyline points="0,0"/></object>')
    if first_station:
        objects[0] = first_station
    body = "\n  ".join(objects)
    return f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" width="90" height="90" tilewidth="32" tileheight="32">
 <properties><property name="name" value="Grid"/><property name="ruleset" value="berlin"/></properties>
 <objectgroup id="1" name="Network">
  {body}
 </objectgroup>
</map>
"""


def errors(result: subprocess.CompletedProcess[str]) -> list[str]:
    assert "Traceback" not in result.stderr, result.stderr
    return [line for line in result.stderr.splitlines() if line.startswith("error: ")]


def test_a_board_at_the_bound_compiles_and_one_station_more_is_refused(tmp_path: Path) -> None:
    at_bound = tmp_path / "grid.tmx"
    at_bound.write_text(network_source(MAX_STATIONS), encoding="utf-8")
    result = compile_source(at_bound, "-o", str(tmp_path / "grid.json"))
    assert result.returncode == 0, errors(result)
    assert (tmp_path / "grid.json").is_file()

    over = tmp_path / "over.tmx"
    over.write_text(network_source(MAX_STATIONS + 1), encoding="utf-8")
    result = compile_source(over, "-o", str(tmp_path / "over.json"))
    assert result.returncode == 2
    assert errors(result) == [
        f"error: {over}: the board has 1,001 stations; a board may have at most 1,000 (the size the game is built for)",
        f"error: {over}: 1 error; nothing written",
    ]
    assert not (tmp_path / "over.json").exists()


def test_a_station_without_a_position_is_named_in_one_line(tmp_path: Path) -> None:
    source = tmp_path / "edited.tmx"
    source.write_text(network_source(12, '<object id="1" name="Station 0" type="station" y="100"><point/></object>'),
                      encoding="utf-8")
    result = compile_source(source, "--check")
    assert result.returncode == 2
    found = errors(result)
    assert found[0] == (f"error: {source}: object 1 'Station 0': the object has no x attribute: it has no place on "
                        "the map (Tiled writes x and y on every object; was the file edited by hand?)")
    assert found[-1].endswith("nothing written")


def test_very_long_names_in_a_source_are_shortened_in_every_line(tmp_path: Path) -> None:
    long = "Waterloo" * 5_000
    twice = f'<property name="{long}" value="1"/><property name="{long}" value="2"/>'
    station = (f'<object id="1" name="{long}" type="station" x="100" y="100"><properties>{twice}'
               '<property name="start" type="bool" value="true"/></properties><point/></object>')
    source = tmp_path / "long.tmx"
    source.write_text(network_source(12, station), encoding="utf-8")
    result = compile_source(source, "--check")
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert len(lines) >= 3 and all(len(line) <= MAX_LINE for line in lines), [len(line) for line in lines]
    assert any("is given twice" in line and "…" in line for line in lines)
    assert any("the name is 40000 characters long; at most 100" in line for line in lines)


def test_a_warning_says_warning_once_where_an_error_says_error(tmp_path: Path) -> None:
    """The designer's report of a compile that warns: "warning:", then the file, the object, what is wrong, as
    errors read (it said "warning: kiez.tmx: warning: …", the word twice)."""
    spaced = ('<object id="1" name=" Station 0 " type="station" x="100" y="100"><properties>'
              '<property name="start" type="bool" value="true"/></properties><point/></object>')
    source = tmp_path / "kiez.tmx"
    source.write_text(network_source(12, spaced).replace('<property name="ruleset" value="berlin"/>', ""),
                      encoding="utf-8")
    result = compile_source(source, "--check")
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    warned = result.stderr.splitlines()
    assert f"warning: {source}: object 1 ' Station 0 ': the name starts or ends with spaces; they are dropped" in warned
    assert f"warning: {source}: map properties: the map has no 'ruleset' property; using 'custom'" in warned
    assert warned and all(line.replace(str(source), "").count("warning") == 1 for line in warned), warned


def test_at_a_terminal_the_report_is_a_sentence_not_a_line_of_json(tmp_path: Path, monkeypatch, capsys) -> None:
    """The problems go to standard error one a line; on standard output a program gets the report as JSON, a
    person at a terminal a sentence (a designer found the one line of JSON, repeating every problem, unreadable)."""
    from game.__main__ import main

    source = tmp_path / "grid.tmx"
    source.write_text(network_source(12), encoding="utf-8")
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["compile", str(source), "-o", str(tmp_path / "grid.json")]) == 0
    *listed, said = capsys.readouterr().out.strip().split("\n")
    assert said.startswith(f"wrote {tmp_path / 'grid.json'}: ") and "12 stations, 11 links" in said, said
    report = json.loads(compile_source(source, "--check").stdout)
    assert listed == report["legibility"]  # what is hard to read, one a line, above the sentence
    if listed:
        assert f"{len(listed)} legibility problem" in said and f"at {report['places_hard_to_read']} place" in said
    piped = compile_source(source, "--check")
    assert piped.returncode == 0 and piped.stdout.startswith("{")  # a program's: JSON, as before
