"""The compiler's and the board check's problem lines in the editor's language.

The compiler and the board check write each problem in English, and the name placer reads the board check's
lines back as strings, so they stay English where they are made; the editor's problems panel says them again
in its language, by pattern.
"""

from __future__ import annotations

import re

from game import i18n
from game.phrase import Phrase, Value

# Each kind of line is known by its English form (first match wins: "covers station X" before
# "covers X"); its groups, shown as they are, fill the message `editor.problem.<kind>`. A group `station` is
# the station whose name the line is about: "its name" ({subject}, {own}) when the line is listed under it.
PROBLEM = "editor.problem"
_Q = r"'.*'|\".*\""  # a name the compiler quotes with repr()
PATTERNS: dict[str, re.Pattern[str]] = {kind: re.compile(pattern) for kind, pattern in {
    # the board check's names (game/board/name_clearance.py)
    "name_board": r"name of (?P<station>.+?) leaves the board",
    "name_reach": r"name of (?P<station>.+?) is (?P<px>\d+) px from its station's ring \(at most (?P<limit>\d+)\)",
    "name_own": r"name of (?P<station>.+?) covers its own station",
    "name_station": r"name of (?P<station>.+?) covers station (?P<other>.+)",
    "name_waypoint": r"name of (?P<station>.+?) covers a waypoint",
    "name_bar": r"name of (?P<station>.+?) covers the terminus bar of (?P<other>.+)",
    "name_icon": r"name of (?P<station>.+?) covers an icon \((?P<icon>.+)\)",
    "name_icon_bare": r"name of (?P<station>.+?) covers an icon",
    "name_disc": r"name of (?P<station>.+?) covers (?P<other>.+)",
    "name_nearer": r"name of (?P<station>.+?) is nearer (?P<other>.+) than (?P=station)",
    "name_link": r"name of (?P<station>.+?) crosses a link \((?P<link>.+)\)",
    "name_link_bare": r"name of (?P<station>.+?) crosses a link",
    "name_overlaps": r"name of (?P<station>.+?) overlaps name of (?P<other>.+)",
    "name_runs_into": r"name of (?P<station>.+?) runs into name of (?P<other>.+)",
    "name_no_place": r"name of (?P<station>.+?) has no place",
    # the board check's stations and links (game/board/legibility.py)
    "link_through": r"the link (?P<link>.+?) is drawn through (?P<other>.+)",
    "too_close": r"stations (?P<a>.+?) and (?P<b>.+) are (?P<gap>\d+) px apart \(at least (?P<spacing>\d+)\)",
    "link_runs_along": r"the link (?P<link>.+?) runs along the link (?P<other>.+) at \((?P<x>-?\d+), (?P<y>-?\d+)\), "
                       r"which reads as one track: move its bends so the two part",
    "link_bends_on": r"the link (?P<link>.+?) bends on the link (?P<other>.+) at \((?P<x>-?\d+), (?P<y>-?\d+)\), "
                     r"which reads as a junction: move the bend off it",
    "names_stacked": r"the names of (?P<a>.+?) and (?P<b>.+) are set one over the other and read as one: "
                         r"move (?P<mover>.+)'s name",
    "water_disc": r"the water reaches (?P<station>.+)'s disc: the station looks as if it stood in the river",
    "name_on_water": r"name of (?P<station>.+?) is on the water or across it: a reader looks there for another "
                     r"station's name",
    "link_along_water": r"the link (?P<link>.+?) runs along the water for (?P<px>\d+) px from \((?P<x>-?\d+), "
                        r"(?P<y>-?\d+)\): its track hides the river there; cross the water, do not follow it",
    # the compiler (game/board/tmx/checks.py, build.py, compiler.py)
    "two_stations": rf"two stations are called (?P<name>{_Q}) \(also object (?P<id>\d+)\)",
    "two_waypoints": rf"two waypoints are called (?P<name>{_Q}) \(also object (?P<id>\d+)\)",
    "no_start": r"no station has start = true \(the passenger's start; exactly one is needed\)",
    "second_start": rf"a second start station \(the first is object (?P<id>\d+) (?P<name>{_Q})\); "
                    r"exactly one is allowed",
    "link_to_itself": rf"the link joins (?P<name>{_Q}) to itself \(a and b must differ\)",
    "second_link": rf"a second link between (?P<a>{_Q}) and (?P<b>{_Q}) \(also object (?P<id>\d+)\); "
                   r"use one link with more spaces",
    "no_stations": r"the map has no stations \(objects of type 'station'\)",
    "cut_off": r"not connected to the rest of the network \(cut-off part: (?P<names>.+)\)",
    "waypoint_links": r"the waypoint has (?P<links>\d+) link\(s\); a crossing needs two or more",
    "empty_cluster": r"the cluster contains no station \(stations inside its polygon belong to it\)",
    "two_clusters": rf"the station lies in two clusters: object (?P<first_id>\d+) (?P<first>{_Q}) "
                    rf"and object (?P<second_id>\d+) (?P<second>{_Q})",
    "odd_connections": r"(?P<connections>\d+) connection stations; they pair up, so the number must be even",
    "no_destination": r"no station is a destination; set destination = standard or express on some",
    "few_cards": r"only (?P<cards>\d+) destination card\(s\); (?P<face_up>\d+) are face up at a time",
    "newyork_express": r"(?P<express>\d+) express destination\(s\) on a newyork board, which has standard cards only",
    "berlin_landmarks": r"a berlin board without landmark stations: give some stations Landmarks 1 to 3 in the side "
                        r"panel \(the printed board has five of 3, ten of 2, five of 1\)",
    "berlin_plus": r"a berlin board without '\+' stations: tick the \"\+\" station box of some stations in the side "
                   r"panel \(plus = true\)",
    "newyork_clusters": r"a newyork board without clusters: draw some round groups of stations with the Cluster tool "
                        r"\(C\); a line scores for each other cluster it already reaches",
    "london_connections": r"(?P<connections>\d+) connection stations; the london rules deal (?P<tiles>\d+) tiles "
                          r"\((?P<symbols>\d+) symbols × 2\): tick 'Connection tile' on (?P=tiles) stations in the "
                          r"side panel",
    "no_station_name": r"the station has no name \(the object's name is the station's name\)",
    "name_spaces": r"the name starts or ends with spaces; they are dropped",
    "no_map_name": rf"the map has no 'name' property; the board is called (?P<name>{_Q})",
    "no_ruleset": r"the map has no 'ruleset' property; using 'custom'",
    "cluster_no_name": r"the cluster has no name",
    "cards_no_destination": r"cards = (?P<cards>-?\d+) has no effect without a destination",
    "background_missing": rf"the background image (?P<file>{_Q}) is not in the board's folder",
    # the bus tour's board check (game/board/tmx/bus_check.py)
    "bus_names_overlap": r"its name overlaps the name of (?P<other>.+)",
    "bus_name_over_place": r"its name lies over the place (?P<other>.+)",
    "bus_name_over_route": r"its name lies over the route (?P<route>.+) \(move it with the label property\)",
    "bus_name_off_board": r"its name runs off the board",
    "bus_path_ends": r"its drawn path does not start and end at (?P<a>.+?) and (?P<b>.+)",
    "bus_through_place": r"it passes through (?P<other>.+)",
    "bus_crosses_route": r"it crosses the route (?P<route>.+)",
    "bus_places_close": r"it is (?P<gap>\d+) px from (?P<other>.+) \(keep places at least (?P<spacing>[\d.]+) px "
                        r"apart\)",
    "bus_in_water": r"it stands in the water",
    "bus_unreached": r"no route reaches it",
    "bus_in_pieces": r"the network is in pieces: no routes join it to (?P<other>.+)",
    "bus_ticket_unjoined": r"no routes join (?P<a>.+?) and (?P<b>.+): nobody could finish the ticket",
}.items()}
# What a map-level problem is about (an object-less problem's `object_name`): `editor.problem_place.<kind>`.
PLACE = "editor.problem_place"
PLACES: dict[str, re.Pattern[str]] = {kind: re.compile(pattern) for kind, pattern in {
    "map_properties": r"map properties",
    "map_property": r"map property (?P<property>.+)",
    "board": r"board",
}.items()}


def said(family: str, patterns: dict[str, re.Pattern[str]], line: str, subject: str = "") -> str | None:
    """`line` in the editor's language by the first pattern it matches, or None when none does (or the
    catalogue lacks its message: never a bare key on screen)."""
    for kind, pattern in patterns.items():
        found = pattern.fullmatch(line)
        if found is None:
            continue
        if not i18n.has(f"{family}.{kind}"):
            return None
        values: dict[str, Value] = dict(found.groupdict())
        station = found.groupdict().get("station")
        if station is not None:  # the name of a station: "its name" under that station itself
            own = station == subject
            values["subject"] = Phrase(f"{PROBLEM}.its_name") if own else Phrase.of(f"{PROBLEM}.name_of",
                                                                                    station=station)
            values["own"] = Phrase(f"{PROBLEM}.its_station") if own else station
        return i18n.render(Phrase.of(f"{family}.{kind}", **values))
    return None


def translate(message: str, subject: str = "") -> str | None:
    """A compiler's or board check's line in the editor's language, None when no pattern knows it; `subject` is
    the station it is listed under."""
    return said(PROBLEM, PATTERNS, message, subject)


def its_name(message: str, name: str) -> str:
    """A line no pattern knows, in English: about the name of station `name`, it says "its name"."""
    if message.startswith(f"name of {name} "):
        message = "its name " + message.removeprefix(f"name of {name} ")
        if message.endswith(f" than {name}"):
            message = message.removesuffix(f" than {name}") + " than its station"
    return message
