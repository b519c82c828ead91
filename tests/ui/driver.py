"""Driving the play screen the way a person does: real mouse and key events, frames with a fixed dt."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pygame

from game import geometry
from game.rules.routing import RouteOption
from game.ui.app import App
from game.ui.panels.widgets import Hotspot
from game.ui.scenes.play import PlayScene
from game.ui.table.setup import GameSetup, Seat

DT = 0.05  # seconds per frame in tests: time only moves when a test steps a frame
SHOTS_ENV = "UNDERGROUND_SHOTS"  # a folder: tests that show something save their screens there, to be looked at


Without = Callable[[], Callable[[], None]]  # takes something off the screen, returns what puts it back


def open_table(make_app: Callable[[list[str]], App], board: str, size: str = "1920x1080", seed: int = 4,
               frames: int = 5) -> tuple[App, PlayScene]:
    """A new game of Anna and Ben, two people, at the table over the menu, `frames` frames in."""
    app = make_app(["--scene", "menu", "--board", board, "--size", size])
    app.fixed_dt = DT
    scene = PlayScene(app, GameSetup(board, [Seat("person", "Anna"), Seat("person", "Ben")], seed))
    app.replace(scene)
    for _ in range(frames):
        app.step()
    return app, scene


def without_drawing(owner: object, method: str) -> Without:
    """Take away what `owner.method` draws (it draws nothing until put back)."""
    def take_away() -> Callable[[], None]:
        setattr(owner, method, lambda *args: None)
        return lambda: delattr(owner, method)
    return take_away


def without_value(owner: object, attribute: str, blank: object) -> Without:
    """Take away what `owner.attribute` shows by setting it to `blank` until put back."""
    def take_away() -> Callable[[], None]:
        kept = getattr(owner, attribute)
        setattr(owner, attribute, blank)
        return lambda: setattr(owner, attribute, kept)
    return take_away


def save_shot(surface: pygame.Surface, name: str) -> Path | None:
    """Keep a test's screen as NAME.png in $UNDERGROUND_SHOTS (nothing when it is not set)."""
    folder = os.environ.get(SHOTS_ENV)
    if not folder:
        return None
    path = Path(folder) / f"{name}.png"
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def move(app: App, pos: tuple[int, int]) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()


def click(app: App, pos: tuple[float, float]) -> None:
    """Move there, press and release the left button: one click, as pygame delivers it."""
    point = (round(pos[0]), round(pos[1]))
    move(app, point)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=point, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=point, button=1))
    app.step()


def key(app: App, code: int, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))
    app.step()


def run_until(app: App, done: Callable[[], bool], limit: int = 2000) -> None:
    """Step frames until `done()`; fail loudly instead of hanging."""
    for _ in range(limit):
        if done():
            return
        app.step()
    raise AssertionError("the screen never got there")


def settle(app: App, scene: PlayScene, limit: int = 400) -> None:
    """Let the animations play out."""
    run_until(app, lambda: scene.ctl is None or not scene.ctl.busy, limit)


def spot(scene: PlayScene, kind: str, value: object = None) -> Hotspot:
    spots = scene.sidebar.spots + scene.cards.spots
    for candidate in spots:
        if candidate.kind == kind and (value is None or candidate.value == value):
            return candidate
    raise AssertionError(f"no {kind} {value!r} on screen")


def space_point(scene: PlayScene, link: int) -> tuple[float, float]:
    """The middle of the next free space of a link, on screen."""
    tracks = scene.ctl.shown.tracks
    path = scene.overlay.slot_screen(link, len(tracks[link]))
    return geometry.point_along(path, 0.5)


def node_point(scene: PlayScene, node: int) -> tuple[float, float]:
    the_node = scene.board.nodes[node]
    return scene.view.camera.to_screen((the_node.x, the_node.y))


def option_clicks(scene: PlayScene, options: tuple[RouteOption, ...], k: int) -> list[tuple[float, float]]:
    """Where to click to pick option k: its destination if only it goes there, else tracks of its lines,
    each click keeping only the options that ride the clicked line, until one is left."""
    option = options[k]
    same = [o for o in options if o.destination == option.destination]
    if len(same) == 1:
        return [node_point(scene, option.destination)]
    clicks = []
    left = list(options)
    tracks = scene.ctl.shown.tracks
    while len(left) > 1:
        line = next((x for x in option.lines if any(x not in o.lines for o in left)), None)
        if line is None:
            raise AssertionError("no line tells this option apart")
        link = next(i for i, lines in enumerate(tracks) if line in lines)
        clicks.append(geometry.point_along(scene.overlay.slot_screen(link, tracks[link].index(line)), 0.5))
        left = [o for o in left if line in o.lines]
    return clicks


def plug_controller(app: App, event: int) -> None:
    """A controller plugged in (and out again, for CONTROLLERDEVICEREMOVED) as the system reports it, and
    the message saying so faded fully in."""
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEADDED, device_index=7, instance_id=7))
    app.step()
    if event == pygame.CONTROLLERDEVICEREMOVED:
        pygame.event.post(pygame.event.Event(pygame.CONTROLLERDEVICEREMOVED, instance_id=7))
        app.step()
    for _ in range(6):
        app.step()
