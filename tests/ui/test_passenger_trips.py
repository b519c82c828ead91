"""The passenger's two trips are explained where they happen: a new player saw him move twice and did not
know why (rules §5: with both kinds of card on display he goes to an express destination, then on to a
standard one; New York has no express cards, and he always makes two standard trips).

A first game of Anna and Ben is played as a person plays it (a click on a lit space, B twice, Enter for
each trip), and what the table says is read off what it draws: the route panel's "Trip 1 of 2: to an
express destination" under its title, the first-game tip's two-trip wording, each trip's log entry ("Express
trip first: …", "Then a standard trip: …"). The tip and the new line stay in the side panel and hide no
station name (as tests/ui/test_tip_notices.py measures), at 1920×1080, at 1280×720 with 150 % text, and in
German. Which trip is due is worked out from the game state alone, so a game continued between the trips
says the same.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator

import pygame
import pytest

from game.persist.settings import config_dir
from game.ui import style
from game.ui.app import App
from game.ui.layers import find
from game.ui.overlays.coach import CoachLayer
from game.ui.panels import routes
from game.ui.scenes.play import PlayScene
from game.ui.table.session import GameSession
from game.ui.table.trips import current_trip
from tests.ui.driver import (
    click,
    key,
    open_table,
    run_until,
    save_shot,
    settle,
    space_point,
    without_drawing,
    without_value,
)
from tests.ui.test_map_notices import _covered, _frame
from tests.ui.test_tip_notices import _outside
from tests.ui.test_turn_notices import _name_boxes, _names_hit

# what the table should say, per language: the panel's line for each trip, the tip, each trip's log entry
WORDS = {
    "en": {"trip1": "Trip 1 of 2: to an express destination", "trip2": "Trip 2 of 2: to a standard destination",
           "tip": "The passenger makes 2 trips",
           "plan": "first he goes to an express destination (gold card), then on to a standard one (white card)",
           "log1": "Express trip first: Passenger ", "log2": "Then a standard trip: Passenger "},
    "de": {"trip1": "Fahrt 1 von 2: zu einem Express-Ziel", "trip2": "Fahrt 2 von 2: zu einem normalen Ziel",
           "tip": "Der Passagier macht 2 Fahrten",
           "plan": "Erst fährt er zu einem Express-Ziel (goldene Karte), dann weiter zu einem normalen",
           "log1": "Erst die Express-Fahrt: Passagier ", "log2": "Dann eine normale Fahrt: Passagier "},
}
LOOKS = [("en", "1920x1080", 1.0), ("en", "1280x720", 1.5), ("de", "1280x720", 1.5), ("de", "1920x1080", 1.0)]


class Drawn:
    """Every text the screen renders (style.text is where all of the panels' and tips' words become pixels)."""

    def __init__(self) -> None:
        self.texts: list[str] = []

    def clear(self) -> None:
        self.texts.clear()

    def said(self) -> str:
        """All of it in the order drawn, wrapped lines joined again."""
        return " ".join(self.texts)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Iterator[Drawn]:
    seen = Drawn()
    render = style.text

    def recorded(message: str, size: int, weight: str = "regular", colour: style.Colour = style.INK) -> pygame.Surface:
        seen.texts.append(message)
        return render(message, size, weight, colour)

    monkeypatch.setattr(style, "text", recorded)
    yield seen


def first_game(make_app: Callable[[list[str]], App], board: str, lang: str, size: str,
               scale: float) -> tuple[App, PlayScene]:
    """A new player's first game (tips not seen) in `lang` at `size` and text size `scale`."""
    folder = config_dir()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "settings.json").write_text(json.dumps({"version": 1, "language": lang, "text_scale": scale}))
    return open_table(make_app, board, size, seed=5, frames=3)


def play_first_turn(app: App, scene: PlayScene) -> None:
    """Anna's first turn as she plays it: a click on the lit space nearest the map's middle, then B twice;
    her three actions done, the passenger's move is due."""
    ctl = scene.ctl
    x, y, w, h = scene.board_rect()
    points = {link: space_point(scene, link) for link in ctl.legal_spaces()}
    inside = [link for link, (px, py) in points.items() if x + 60 < px < x + w - 60 and y + 60 < py < y + h - 60]
    link = min(inside, key=lambda n: math.dist(points[n], (x + w / 2, y + h / 2)))
    click(app, points[link])
    settle(app, scene)
    assert ctl.state.tracks[link], "the click laid track"
    for _ in range(2):
        key(app, pygame.K_b)
        settle(app, scene)
    run_until(app, lambda: bool(ctl.route_options()))


def covers_no_name(app: App, scene: PlayScene, without: Callable[[], Callable[[], None]], what: str) -> None:
    """What `without` takes away changes pixels only in the side panel, none in a station name's box."""
    covered = _covered(app, scene, without)
    assert covered.count(), f"{what} is drawn"
    hit = _names_hit(covered, _name_boxes(scene))
    assert not hit, f"{what} covers {len(hit)} station names"
    assert not _outside(covered, scene.sidebar_rect()), f"{what} is not in the side panel"


def without_trip_line(scene: PlayScene) -> Callable[[], Callable[[], None]]:
    """The route panel drawn as it was before it named the trip (and drawn afresh, past its cache)."""
    take = without_value(routes, "current_trip", lambda state: None)

    def take_away() -> Callable[[], None]:
        put_back = take()
        scene.sidebar.cache.key = None

        def restore() -> None:
            put_back()
            scene.sidebar.cache.key = None
        return restore
    return take_away


@pytest.mark.parametrize(("lang", "size", "scale"), LOOKS)
def test_the_two_trips_are_named_in_the_panel_the_tip_and_the_log(make_app, drawn: Drawn, lang: str, size: str,
                                                                 scale: float) -> None:
    words = WORDS[lang]
    app, scene = first_game(make_app, "london", lang, size, scale)
    ctl = scene.ctl
    assert {kind for _, kind in ctl.state.face_up} == {"express", "standard"}, "the cards show both kinds"
    drawn.clear()
    play_first_turn(app, scene)
    app.step()
    shot = f"trips_{lang}_{size}_{scale}"

    # trip 1: the route panel and the first-game tip say he goes twice, express first
    coach = find(app, CoachLayer)
    assert isinstance(coach, CoachLayer) and coach.current(app) == "passenger"
    said = drawn.said()
    assert words["trip1"] in said, "the route panel names the trip"
    heading, more = coach.words(scene, "passenger")
    if len(ctl.route_options()) == 1:
        assert heading == words["tip"]
    assert words["plan"] in more
    assert heading in said and words["plan"] in said, "the tip on screen says so"
    save_shot(_frame(app, scene), f"{shot}_trip1")
    covers_no_name(app, scene, without_drawing(coach, "_card"), "the two-trip tip")
    covers_no_name(app, scene, without_trip_line(scene), "the trip line")

    key(app, pygame.K_RETURN)  # Go: the express trip
    ride = next(e for e in reversed(ctl.session.log) if e.kind == "passenger")
    assert ride.text.startswith(words["log1"]), ride.text

    # trip 2: the panel says it is the second, to a standard card; a game continued here says the same
    drawn.clear()
    run_until(app, lambda: bool(ctl.route_options()))
    app.step()
    assert words["trip2"] in drawn.said()
    assert coach.current(app) is None, "no tip says the turn is over while a trip is still due"
    again = GameSession.from_save(ctl.session.to_save())
    assert current_trip(again.state) == current_trip(ctl.state)
    assert (current_trip(ctl.state).number, current_trip(ctl.state).total) == (2, 2)
    save_shot(_frame(app, scene), f"{shot}_trip2")
    covers_no_name(app, scene, without_trip_line(scene), "the second trip's line")

    key(app, pygame.K_RETURN)  # Go: the standard trip
    rides = [e for e in ctl.session.log if e.kind == "passenger"]
    assert rides[-2].text.startswith(words["log1"]) and rides[-1].text.startswith(words["log2"]), \
        [e.text for e in rides]
    settle(app, scene)
    app.step()
    assert ctl.state.current == 1 and ctl.state.phase == "actions", "Ben's turn"
    assert coach.current(app) == "done", "now the turn is over, the last tip says so"
    save_shot(_frame(app, scene), f"{shot}_log")


def test_new_yorks_two_standard_trips_are_counted(make_app, drawn: Drawn) -> None:
    """No express cards: two trips, each to a standard destination, "Trip 1 of 2" and "Trip 2 of 2"."""
    app, scene = first_game(make_app, "newyork", "en", "1920x1080", 1.0)
    ctl = scene.ctl
    assert {kind for _, kind in ctl.state.face_up} == {"standard"}
    drawn.clear()
    play_first_turn(app, scene)
    app.step()
    coach = find(app, CoachLayer)
    assert isinstance(coach, CoachLayer) and coach.current(app) == "passenger"
    assert "Trip 1 of 2: to a standard destination" in drawn.said()
    heading, more = coach.words(scene, "passenger")
    assert len(ctl.route_options()) > 1 or heading == "The passenger makes 2 trips"
    assert more.startswith("Each trip goes to a destination on display.")
    save_shot(_frame(app, scene), "trips_newyork_trip1")
    key(app, pygame.K_RETURN)
    run_until(app, lambda: bool(ctl.route_options()))
    key(app, pygame.K_RETURN)
    rides = [e.text for e in ctl.session.log if e.kind == "passenger"]
    assert rides[-2].startswith("Trip 1 of 2: Passenger ") and rides[-1].startswith("Trip 2 of 2: Passenger "), rides

