"""Saved games from real seeded games, their mutations, and the oracle they go through: the menu reads them
and Continue opens what it offers, in a real window (SDL's dummy driver).

The oracle: reading the saves never raises; a save that is refused is set aside (`.bad`) with a one-line
message for the menu and Continue is off; a save that is accepted opens on Continue and plays on — frames
drawn, a few actions taken by the people at it (through the turn controller, as clicks are) and by the
computers — without an exception.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from functools import cache
from typing import Any

from hypothesis import strategies as st

from game.board.model import Board
from game.bots.registry import make_bot
from game.persist import saves
from game.rules.actions import ChooseRoute, PlaceTrack, TakeBranch
from game.rules.observation import observe
from game.ui.app import App
from game.ui.scenes.end import EndScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.play import PlayScene
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup, Seat
from tests.fuzz.harness import one_line

SAVES: Counter[str] = Counter()
SEATS = (("person", "Anna"), ("normal", "Computer 2"), ("person", "Ben"), ("easy", "Computer 4"))
FRAME = 30.0  # seconds per frame: each frame finishes the animations and lets a computer act
PLAY_ON = 4  # actions a resumed game must take


def real_saves(board: Board, board_spec: str, games: int = 3, per_game: int = 10) -> list[dict[str, Any]]:
    """What the game autosaves after actions of seeded games (2 to 4 seats, people and computers), taken
    at spread points: early, mid-turn, the passenger's move due, late."""
    found = []
    for seed in range(1, games + 1):
        seats = [Seat(kind, name) for kind, name in SEATS[: 2 + seed % 3]]
        session = GameSession(board, GameSetup(board_spec, seats, seed), None, seed)
        chooser = [session.bots.get(seat) or make_bot("random", seed * 7 + seat) for seat in range(len(seats))]
        documents = []
        while session.state.phase != "over":
            session.apply(chooser[session.state.current].choose(observe(session.state)))
            documents.append(json.loads(json.dumps(session.to_save())))
        picks = sorted(random.Random(seed).sample(range(len(documents)), min(per_game, len(documents))))
        found += [documents[k] for k in picks]
    return found


@cache
def paths_of(document_json: str) -> dict[str, tuple[tuple[str | int, ...], ...]]:
    """Every place in a save a value sits at, as key paths, in groups a mutation picks from evenly: the
    engine state's fields, the items of its lists and tables (tracks, cards, seats, tokens), the table's
    own fields (seats, scores, discards, log entries, undo groups), and anywhere at all."""
    found: list[tuple[str | int, ...]] = []

    def walk(value: Any, path: tuple[str | int, ...]) -> None:
        found.append(path)
        if isinstance(value, dict):
            for key, item in value.items():
                walk(item, (*path, key))
        elif isinstance(value, list):
            for index, item in enumerate(value):
                walk(item, (*path, index))

    walk(json.loads(document_json), ())
    paths = [path for path in found if path]
    return {
        "state fields": tuple(p for p in paths if p[0] == "state" and len(p) == 2),
        "state items": tuple(p for p in paths if p[0] == "state" and 3 <= len(p) <= 4 and p[1] != "log"),
        "table": tuple(p for p in paths if p[0] in ("setup", "history", "discards", "groups", "seed")
                       or (p[0] == "log" and len(p) == 3)),
        "anywhere": tuple(paths),
    }


NASTY = (None, True, False, 0, -1, 1, 2, 4, 5, 9999, -9999, 2**31, 2**63, 10**30, -(10**30), 0.5, 1e308, "",
         "x", "red", "standard", "express", "passenger", "over", "place", [], {}, [0], [9999, "standard"], [[]],
         {"type": "place", "line": "red", "link": 9999}, "A" * 300)


def _numbers(value: Any) -> list[Any]:
    """Near misses for a number: one off, negated, zero, out of every range."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return []
    return [value + 1, value - 1, -value, 0, value * 1000, value + 9999]


@st.composite
def mutated_saves(draw: st.DrawFn, documents: list[dict[str, Any]]) -> bytes:
    """A real save with one to three changes anywhere: numbers nudged, values replaced by other types,
    list items deleted, duplicated, swapped or cut off; or its bytes truncated.

    Hypothesis draws one seed and the changes are picked with it evenly: drawn one by one, hypothesis would
    favour the first save, the first group and the first path (its "simplest" choices) over the rest.
    """
    return mutate_save(random.Random(draw(st.integers(0, 2**64 - 1))), documents)


def mutate_save(rng: random.Random, documents: list[dict[str, Any]]) -> bytes:
    """One mutated save, the changes picked with `rng` (see `mutated_saves`)."""
    original = rng.choice(documents)
    if rng.random() < 0.1:
        raw = json.dumps(original).encode()
        return raw[: rng.randrange(len(raw))]
    data = copy.deepcopy(original)
    groups = paths_of(json.dumps(original))
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(groups[rng.choice(sorted(groups))])
        parent: Any = data
        try:
            for key in path[:-1]:
                parent = parent[key]
            last = path[-1]
            value = parent[last]
            action = rng.choice(("number", "number", "replace", "replace", "delete", "duplicate", "swap", "cut"))
            if action == "number" and _numbers(value):
                parent[last] = rng.choice(_numbers(value))
            elif action in ("replace", "number"):
                parent[last] = copy.deepcopy(rng.choice(NASTY))
            elif action == "delete":
                del parent[last]
            elif isinstance(parent, list) and action == "duplicate":
                parent.insert(last, copy.deepcopy(value))
            elif isinstance(parent, list) and action == "swap":
                other = rng.randrange(len(parent))
                parent[last], parent[other] = parent[other], parent[last]
            elif isinstance(parent, list):
                del parent[last:]
            else:
                parent[last] = copy.deepcopy(value) if not isinstance(value, int) else str(value)
        except (KeyError, IndexError, TypeError):
            continue  # an earlier change removed or replaced this place
    return json.dumps(data, allow_nan=False).encode()


def check_save_bytes(app: App, raw: bytes) -> None:
    """Put `raw` where the autosave goes, open the menu, and Continue if it is offered; play on."""
    folder = saves.data_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    saves.autosave_path().write_bytes(raw)
    SAVES["saves"] += 1
    app.router.go("menu", boards=[])  # no board preview to paint: the saves are what is tested
    menu = app.scene
    assert isinstance(menu, MenuScene)
    app.step()
    if menu.saved.data is None:
        assert not menu.widgets["continue"].is_enabled
        assert (folder / "autosave.json.bad").read_bytes() == raw, "a refused save must be kept aside"
        message = menu.saved.message or ""
        one_line(message)
        return
    SAVES["saves accepted (and played)"] += 1
    menu.resume()
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.ctl is not None, "Continue was offered and did not resume"
    play_on(app, scene)


def play_on(app: App, scene: PlayScene) -> None:
    """A few actions: the people's through the controller (as their clicks are), the computers' by themselves."""
    rng = random.Random(len(scene.ctl.state.log))
    acted = 0
    for _ in range(PLAY_ON * 5):
        app.step(FRAME)
        if app.scene is not scene or scene.ctl is None or scene.ctl.state.phase == "over":
            assert isinstance(app.scene, PlayScene | EndScene | MenuScene)
            return
        ctl = scene.ctl
        if not ctl.person_may_act():
            acted += 1
            continue
        actions = ctl.state.legal_actions()
        if not actions:
            return
        action = rng.choice(actions)
        if isinstance(action, PlaceTrack):
            ctl.selected = action.line
            assert ctl.place(action.link)
        elif isinstance(action, TakeBranch):
            assert ctl.take_branch()
        elif isinstance(action, ChooseRoute):
            option = next(o for o in ctl.route_options() if (o.destination, o.lines) == (action.destination,
                                                                                       action.lines))
            assert ctl.choose(option)
        acted += 1
        if acted >= PLAY_ON:
            app.step(FRAME)
            return
