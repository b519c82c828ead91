"""Points a seat wins at once rise as one sum: the passenger paying a seat for four lines raised "+2 +2 +2 +2"
side by side, over that seat's line chips (a new player at 1280×720)."""

from __future__ import annotations

from game.rules.events import Event
from tests.ui.driver import open_table


def test_points_won_at_one_arrival_rise_as_one_sum_per_seat(make_app) -> None:
    app, scene = open_table(make_app, "london", "1280x720", frames=2)
    ctl = scene.ctl
    assert ctl is not None
    link = ctl.session.board.links[0]
    ctl.present([Event("passenger", path=(link.a, link.b)), Event("score", player=0, points=2),
                 Event("score", player=0, points=3), Event("score", player=1, points=1)])
    floats = []
    for _ in range(400):  # the glide, then the points as he arrives
        app.step()
        floats = ctl.queue.of_kind("float")
        if floats:
            break
    assert sorted((e.data["seat"], e.data["points"]) for e in floats) == [(0, 5), (1, 1)]
