"""Headless commands (contracts §2): route, score, compile, simulate, bench.

JSON in, JSON out: stdout carries nothing but JSON; a bad input raises, and the entry point's boundary
(game/boundary.py) turns it into one line on stderr and exit code 2. The parser is game/command_line.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any, NoReturn

from game.board.loader import load_board
from game.board.model import Board
from game.board.tmx.problems import Findings
from game.boundary import UserError
from game.files import JsonFileError, read_json, read_json_stream
from game.i18n import describe, explain
from game.rules.refusals import IllegalAction
from game.rules.routing import find_routes


class InputError(UserError):
    """Bad input from the user: reported in one line, exit code 2."""


def _fail(message: str) -> NoReturn:
    raise InputError(message)


def _read_json(source: str) -> dict[str, Any]:
    """A position or scenario through the one safe JSON reader (size, depth and numbers bounded)."""
    try:
        data = read_json_stream(sys.stdin.buffer, "-") if source == "-" else read_json(source)
    except JsonFileError as error:
        _fail(str(error))
    if not isinstance(data, dict):
        _fail(f"{source}: expected a JSON object")
    return data


def _field(data: dict[str, Any], name: str, kind: type, where: str = "input") -> Any:
    if name not in data:
        _fail(f"{where}: missing field {name!r}")
    value = data[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        _fail(f"{where}: field {name!r} must be {kind.__name__}, not {type(value).__name__}")
    return value


def _board(data: dict[str, Any]) -> Board:
    return load_board(_field(data, "board", str))


def _station(board: Board, name: Any, where: str) -> int:
    if not isinstance(name, str):
        _fail(f"{where}: a station is given by its name (a string)")
    if name not in board.index_of:
        _fail(f"{where}: no station called {name!r} on board {board.name!r}")
    return board.index_of[name]


# ----- route -----


def route_command(data: dict[str, Any]) -> dict[str, Any]:
    board = _board(data)
    tracks: list[list[str]] = [[] for _ in board.links]
    line_nodes: dict[str, set[int]] = {}
    for i, track in enumerate(_field(data, "tracks", list)):
        where = f"tracks[{i}]"
        if not isinstance(track, dict):
            _fail(f"{where}: expected an object with line, a and b")
        line = _field(track, "line", str, where)
        if line not in board.settings.line_tokens:
            _fail(f"{where}: unknown line colour {line!r}")
        a = _station(board, _field(track, "a", str, where), where)
        b = _station(board, _field(track, "b", str, where), where)
        link = board.link_between.get((a, b))
        if link is None:
            _fail(f"{where}: no link between {track['a']!r} and {track['b']!r}")
        if line in tracks[link]:
            _fail(f"{where}: the {line} line is on this link twice")
        if len(tracks[link]) >= board.links[link].spaces:
            _fail(f"{where}: more tracks than the link's {board.links[link].spaces} spaces")
        tracks[link].append(line)
        line_nodes.setdefault(line, set()).update((a, b))
    passenger = _station(board, _field(data, "passenger", str), "passenger")
    targets: dict[str, set[int]] = {"express": set(), "standard": set()}
    for i, card in enumerate(_field(data, "destinations", list)):
        where = f"destinations[{i}]"
        if not isinstance(card, dict):
            _fail(f"{where}: expected an object with station and kind")
        kind = _field(card, "kind", str, where)
        if kind not in targets:
            _fail(f"{where}: kind must be 'express' or 'standard', not {kind!r}")
        targets[kind].add(_station(board, _field(card, "station", str, where), where))
    kind = "express" if targets["express"] else "standard"
    result = find_routes(board, tracks, line_nodes, passenger, targets[kind])
    names = [node.name for node in board.nodes]
    if result is None:
        return {"kind": kind, "walked": None, "lines": None, "options": []}
    return {
        "kind": kind,
        "walked": result.walked,
        "lines": result.lines,
        "options": [
            {"destination": names[o.destination], "lines": list(o.lines), "path": [names[n] for n in o.path]}
            for o in result.options
        ],
    }


# ----- score -----


def score_command(data: dict[str, Any]) -> dict[str, Any]:
    from game.rules.sandbox import SandboxPlacement, sandbox_place, sandbox_state

    board = _board(data)
    seats = []
    for i, player in enumerate(_field(data, "players", list)):
        if not isinstance(player, dict):
            _fail(f"players[{i}]: expected an object with lines")
        lines = _field(player, "lines", list, f"players[{i}]")
        if not all(isinstance(line, str) for line in lines):
            _fail(f"players[{i}]: lines must be colour names")
        seats.append(lines)
    tiles = data.get("tiles", {})
    if not isinstance(tiles, dict) or not all(isinstance(v, str) for v in tiles.values()):
        _fail("tiles: expected an object mapping station names to tile names")
    state = sandbox_state(board, seats, tiles)
    results = []
    for i, raw in enumerate(_field(data, "placements", list)):
        where = f"placements[{i}]"
        if not isinstance(raw, dict):
            _fail(f"{where}: expected an object with line, a and b")
        placement = SandboxPlacement(_field(raw, "line", str, where), _field(raw, "a", str, where),
                                     _field(raw, "b", str, where))
        try:
            event = sandbox_place(state, placement)
        except IllegalAction as error:
            _fail(f"{where} ({placement.line} {placement.a}–{placement.b}) is illegal: {explain(error.refusal)}")
        results.append({
            "line": placement.line, "a": placement.a, "b": placement.b, "points": event.points,
            "branch_tokens": event.branch_tokens, "reasons": [describe(reason) for reason in event.reasons],
        })
    return {
        "placements": results,
        "players": [{"points": p.points, "branch_tokens": p.branch_tokens} for p in state.players],
    }


# ----- compile -----


def compile_command(args: argparse.Namespace) -> dict[str, Any]:
    from game.board.tmx.bus import is_bus_source
    from game.board.tmx.compiler import compile_tmx, write_board_atomically

    source = Path(args.source)
    with source.open("rb"):  # a source that cannot even be opened (missing, a folder): one line, not a report
        pass
    if is_bus_source(source):  # the second game's board (map property game = bus)
        return compile_bus_command(source, args)
    result = compile_tmx(source)
    _say_problems(source, result)
    assert result.board is not None
    report: dict[str, Any] = {
        "source": str(source), "board": result.board.name, "stations": sum(n.is_station for n in result.board.nodes),
        "links": len(result.board.links), "warnings": [str(p) for p in result.warnings],
        "legibility": [str(p) for p in result.legibility],
        "places_hard_to_read": len({(p.object_id, p.object_name) for p in result.legibility}),
    }
    if not args.check:
        out = Path(args.output) if args.output else source.with_suffix(".json")
        if out.is_dir():
            _fail(f"{out} is a folder; give the board file's name, e.g. {out / source.with_suffix('.json').name}")
        write_board_atomically(result.board, out)
        report["written"] = str(out)
    return report


def _counted(count: int, noun: str) -> str:
    """"1 error", "2 errors": the command line speaks English only."""
    return f"{count} {noun}{'' if count == 1 else 's'}"


def _say_problems(source: Path, result: Findings) -> None:
    """Every problem on standard error; a source with an error stops here (exit 2, nothing written)."""
    for problem in result.problems:
        print(problem.line(), file=sys.stderr)
    if result.errors:
        count = len(result.errors)
        _fail(f"{source}: {_counted(count, 'error')}; nothing written")


def compile_bus_command(source: Path, args: argparse.Namespace) -> dict[str, Any]:
    """`compile` for a bus-tour source: the same report and the same rule (nothing written on an error)."""
    from game.board.tmx.bus import compile_bus_tmx
    from game.files import write_atomically

    result = compile_bus_tmx(source)
    _say_problems(source, result)
    board = result.board
    assert board is not None
    report: dict[str, Any] = {"source": str(source), "board": board.name, "game": "bus", "places": len(board.places),
                              "routes": len(board.routes), "tickets": len(board.tickets),
                              "warnings": [str(p) for p in result.warnings]}
    if not args.check:
        out = Path(args.output) if args.output else source.with_suffix(".json")
        if out.is_dir():
            _fail(f"{out} is a folder; give the board file's name, e.g. {out / source.with_suffix('.json').name}")
        write_atomically(out, board.dumps().encode("utf-8"))
        report["written"] = str(out)
    return report


# ----- simulate -----


def simulate_command(args: argparse.Namespace) -> None:
    from game.bus.catalogue import is_bus_board, load_bus_board
    from game.bus.simulate import run_bus_games
    from game.simulate import run_games

    # the second game's boards (london_bus, a bus-board file or source) play the bus tour
    bus = load_bus_board(args.board) if is_bus_board(args.board) else None
    chosen = args.bots if args.bots is not None else ("normal" if bus is not None else "greedy")
    kinds = [k.strip() for k in chosen.split(",") if k.strip()]
    if bus is not None:
        lines = run_bus_games(bus, args.players, kinds, args.games, args.seed, args.rotate_seats)
    else:
        lines = run_games(load_board(args.board), args.players, kinds, args.games, args.seed, args.rotate_seats)
    for line in lines:
        print(json.dumps(line), flush=True)


# ----- dispatch -----


def run_command(args: argparse.Namespace) -> int:
    """Run the headless command the parser found; raises on bad input (the boundary reports it)."""
    try:
        return _run(args)
    except IllegalAction as error:  # the engine's refusal is a key: the boundary prints it in words
        raise InputError(explain(error.refusal)) from None


def _run(args: argparse.Namespace) -> int:
    if args.command == "route":
        output: Any = route_command(_read_json(args.position))
    elif args.command == "score":
        output = score_command(_read_json(args.scenario))
    elif args.command == "compile":
        output = compile_command(args)
    elif args.command == "simulate":
        simulate_command(args)
        return 0
    else:
        from game.bench import run_bench

        return run_bench(as_json=args.json)
    if args.command == "compile" and sys.stdout.isatty():
        print(compile_summary(output))
    else:
        print(json.dumps(output, ensure_ascii=False))
    return 0


def compile_summary(report: dict[str, Any]) -> str:
    """The compile report for a person at a terminal: what is hard to read, one a line (warnings and errors are
    on standard error already), then a sentence; the report as one line of JSON, repeating them all, is for
    programs (a designer found it unreadable)."""
    counts = ", ".join(_counted(report[key], key[:-1]) for key in ("stations", "links", "places", "routes", "tickets")
                       if key in report)
    found = [_counted(len(report["warnings"]), "warning")] if report.get("warnings") else []
    if report.get("legibility"):
        found.append(f"{_counted(len(report['legibility']), 'legibility problem')} at "
                     f"{_counted(report['places_hard_to_read'], 'place')}")
    done = f"wrote {report['written']}" if "written" in report else f"checked {report['source']}"
    return "\n".join([*report.get("legibility", []), f"{done}: {report['board']}, {counts}" +
                      (f"; {', '.join(found)} (listed above)" if found else "; clean")])
