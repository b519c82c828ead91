"""The bus tour sounds like its table: a card flicks when drawn, tickets slide, the conductor's bell rings
as a bus arrives on its route, and the end's reveal chimes for a finished ticket and falls for a missed one."""

from __future__ import annotations

from game.bus.rules.actions import ClaimRoute
from game.ui.bus.scene import BusPlayScene, BusSetup
from game.ui.table.setup import Seat
from tests.ui.driver import DT, click, run_until


def open_table(make_app, seats: list[Seat], pace: float = 1.0) -> tuple[object, BusPlayScene]:
    app = make_app(["--scene", "menu", "--size", "1280x720"])
    app.fixed_dt = DT
    ticks = iter(range(1_000_000))
    app.audio.clock = lambda: float(next(ticks))  # a second between sounds: none is dropped as a repeat
    scene = BusPlayScene(app, BusSetup("london_bus", seats, seed=3, pace=pace))
    app.replace(scene)
    app.step()
    return app, scene


def sounds_after(app, act) -> list[str]:  # type: ignore[no-untyped-def]
    app.audio.played.clear()  # it keeps only the newest 64
    act()
    return list(app.audio.played)


def spot(scene: BusPlayScene, kind: str):  # type: ignore[no-untyped-def]
    return next(s for s in scene.spots if s.kind == kind)


def test_cards_tickets_and_a_bus_arriving_each_sound(make_app) -> None:
    app, scene = open_table(make_app, [Seat("person", "Anna"), Seat("normal", "")])
    assert app.audio.enabled
    state = scene.state
    while state.phase == "choose_tickets":
        if scene.hand_open() is not None:
            click(app, spot(scene, "ticket").rect.center)
            assert "ticket" in sounds_after(app, lambda: click(app, spot(scene, "keep").rect.center))
        else:
            app.step()
    run_until(app, lambda: scene.hand_open() is not None and state.phase == "turn")
    assert sounds_after(app, lambda: click(app, spot(scene, "deck").rect.center)) == ["card"]
    click(app, spot(scene, "deck").rect.center)
    run_until(app, lambda: scene.hand_open() is not None and state.phase == "turn")
    me = state.current
    state.players[me].hand.update({"green": 4, "wild": 2})
    app.step()
    route = next(a.route for a in state.legal_actions()
                 if isinstance(a, ClaimRoute) and state.board.routes[a.route].colour == "green")
    click(app, scene.map.route_centre(route))
    heard = sounds_after(app, lambda: click(app, spot(scene, "claim").rect.center))
    assert "place" in heard and "bell" not in heard  # the bus is still driving on
    heard = sounds_after(app, lambda: run_until(app, lambda: route not in scene.arriving))
    assert "bell" in heard


def test_the_reveal_chimes_for_done_tickets_and_falls_for_missed_ones(make_app) -> None:
    app, scene = open_table(make_app, [Seat("easy", ""), Seat("normal", ""), Seat("random", "")], pace=0.02)
    run_until(app, lambda: scene.end is not None, limit=20000)
    end = scene.end
    assert end is not None
    heard = sounds_after(app, lambda: run_until(app, lambda: end.finished, limit=5000))
    done = sum(len(r.tickets_done) for r in scene.state.results)
    missed = sum(len(r.tickets_failed) for r in scene.state.results)
    assert done and missed  # this seed's game has both, so both sounds are tried
    assert "score" in heard and "miss" in heard
    assert set(heard) <= {"score", "miss", "bell"}
