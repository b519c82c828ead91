"""First-game tips: a few marks that point at what to do next, until the first turn has been played once.

"Pick one of your lines" points at the line chips, "Click a lit space" at a lit space, the passenger's
tip at the route list (it speaks of a choice only when his routes really tie, of his two trips when he
makes two, and while it is up a single route waits for Go instead of leaving by itself), and a last one at
the "?" for the rules, once his last trip is made ("That was a whole turn" between his trips misled). Each mark goes
away when the player does what it says (or presses Got it, or Esc: a new player's way to close a popup,
which must not leave the game under it); the last one remembers, in a small JSON file in
the user data folder, that the tips have been seen. "Don't show again" remembers it at once. A tip's text
wraps, never cut; a click on a tip, or one that began on it, never reaches the board. A tip steps aside while
the hint the player asked for (H) is on show, and waits while the cards over the panel leave it no room.
"""

from __future__ import annotations

import contextlib
import json
import math
from pathlib import Path
from typing import Any

import pygame

from game.files import SETTINGS_JSON, JsonFileError, read_json, write_atomically
from game.ui import style, text
from game.ui.input.intents import Intent
from game.ui.input.pad_cursor import BoardCursor
from game.ui.overlays.help import HelpLayer
from game.ui.panels.widgets import Hotspot, button, hit
from game.ui.stage import Layer, Table, Window, table_on_screen
from game.ui.table.trips import current_trip

FILE_NAME = "hints.json"
STEPS = ("line", "space", "passenger", "done")
DONE_SECONDS = 9.0  # the last mark goes by itself
BOX_W = 380
GONE_SECONDS = 0.6  # after a tip goes by itself, a click where it stood is still taken as meant for it


def hints_path() -> Path:
    from game.persist.saves import data_dir

    return data_dir() / FILE_NAME


class Hints:
    """Whether the first-game tips were seen. Any problem with the file means "not seen": tips, not a crash."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or hints_path()
        self.seen = False
        try:
            data = read_json(self.path, SETTINGS_JSON)  # bounded: a hostile file is "not seen", never a crash
            self.seen = isinstance(data, dict) and data.get("coach_seen") is True
        except JsonFileError:
            pass

    def mark_seen(self) -> None:
        """Remember for good (atomically; a read-only disk only means the tips come back next time)."""
        self.seen = True
        with contextlib.suppress(OSError):
            write_atomically(self.path, (json.dumps({"version": 1, "coach_seen": True}) + "\n").encode("utf-8"))


class CoachLayer(Layer):
    """Shows the current tip over a game with people at it; its buttons are hit before the board."""

    def __init__(self) -> None:
        self.hints: Hints | None = None
        self.session: object = None  # the game the tips follow; a new game starts them over
        self.step = 0
        self.hidden = False  # "Don't show again" or all seen
        self.time = 0.0
        self.tokens = 0  # track tokens the people had last frame
        self.start_line: str | None = None
        self.start_picks = 0
        self.was_choosing = False
        self.spots: list[Hotspot] = []
        self.space_link: int | None = None
        self.box: pygame.Rect | None = None  # the tip on screen now
        self.pressed = False  # the mouse went down on the tip: its release is the tip's too
        self.gone: tuple[pygame.Rect, float] | None = None  # a tip that just went by itself, and for how long
        self._space_cache: tuple[object, pygame.Rect | None] = (None, None)

    # ----- state -----

    def _hints(self) -> Hints:
        if self.hints is None:
            self.hints = Hints()
        return self.hints

    @staticmethod
    def table(app: Window) -> Table | None:
        """The game on screen with at least one person seated, or None (menus, show mode, computer games)."""
        table = table_on_screen(app)
        if table is None or table.session is None:
            return None
        seats = table.session.state.player_count
        return table if any(not table.session.is_computer(seat) for seat in range(seats)) else None

    def current(self, app: Window) -> str | None:
        """The tip to show now, or None."""
        scene = self.table(app)
        if scene is None or self.hidden or self._hints().seen or self.step >= len(STEPS):
            return None
        ctl = scene.ctl
        if ctl is None:
            return None
        step = STEPS[self.step]
        if step in ("line", "space"):
            return step if ctl.person_may_act() and ctl.state.phase == "actions" else None
        if step == "passenger":
            return step if ctl.person_may_act() and ctl.route_options() else None
        return None if ctl.state.phase == "passenger" else step  # "a whole turn" only once his last trip is made

    def advance(self) -> None:
        self.step += 1
        self.time = 0.0
        if self.step >= len(STEPS):
            self._hints().mark_seen()

    def dismiss(self) -> None:
        self.hidden = True
        self._hints().mark_seen()

    # ----- layer -----

    def event(self, app: Window, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            self.pressed = self._on_tip(event.pos)
        return False

    def _close(self, app: Window) -> bool:
        """Esc closes the tip on screen, as Got it does, and the game under it stays. A hint the player asked
        for since (H) is put away first: that is the hint layer's."""
        table = self.table(app)
        if table is None or table.ctl is None or table.ctl.hints.status or not self.current(app) or self.box is None:
            return False
        self.advance()
        return True

    def _on_tip(self, pos: tuple[float, float]) -> bool:
        """On the tip showing, or where one stood a moment ago (a click meant for it must not hit the board)."""
        if self.box is not None and self.box.collidepoint(pos):
            return True
        return self.gone is not None and self.gone[0].collidepoint(pos)

    def intent(self, app: Window, intent: Intent) -> bool:
        if intent.kind == "back":
            return self._close(app)
        if intent.kind != "select" or intent.pos is None or self.table(app) is None:
            return False
        pressed, self.pressed = self.pressed, False
        if self.current(app) is None or self.box is None:
            return pressed or self._on_tip(intent.pos)  # the tip went while the button was down: the click was its
        spot = hit(self.spots, intent.pos)
        if spot is not None and spot.kind == "never":
            self.dismiss()
        elif spot is not None and spot.kind == "next":
            self.advance()
        return spot is not None or pressed or self.box.collidepoint(intent.pos)

    def update(self, app: Window, dt: float) -> None:
        if self.gone is not None:
            self.gone = (self.gone[0], self.gone[1] + dt) if self.gone[1] + dt < GONE_SECONDS else None
        scene = self.table(app)
        if scene is None or scene.ctl is None or scene.session is None:
            self.box = self.gone = None
            return
        ctl = scene.ctl
        ctl.hold = self.current(app) == "passenger"  # the passenger waits while his tip is read
        left = _people_tokens(scene)
        if scene.session is not self.session:  # a new game: the tips start over (unless seen)
            self.session, self.step, self.time, self.was_choosing = scene.session, 0, 0.0, False
            self.start_line, self.start_picks, self.tokens = ctl.selected, ctl.line_picks, left
        placed, self.tokens = left < self.tokens, left  # only people's placements count, undo does not
        name = STEPS[self.step] if self.step < len(STEPS) else None
        if name in ("line", "space") and placed and not self.hidden:
            self.advance()  # placed: that was the point of both (the animation hides the tip meanwhile)
            if name == "line":
                self.advance()
            return
        step = self.current(app)
        if step is None:
            if name == "passenger" and self.was_choosing and not ctl.route_options():
                self.advance()  # the route was chosen
            return
        self.time += dt
        if step == "line" and (ctl.selected != self.start_line or ctl.line_picks > self.start_picks):
            self.advance()  # another line picked, or the lifted one picked again: either answers the tip
        elif step == "passenger":
            self.was_choosing = True
        elif step == "done" and self.time > DONE_SECONDS:
            self.advance()

    def animating(self, app: Window) -> bool:
        """The last tip's timer runs out by itself (the pulses rest with the screen: pacing.py)."""
        return self.current(app) == "done"

    def draw(self, app: Window, surface: pygame.Surface) -> None:
        self.spots = []
        step = self.current(app)
        scene = self.table(app)
        if step is None or scene is None:
            if self.box is not None:
                self.gone = (self.box, 0.0)
            self.box = None
            return
        target = None if self._hint_up(scene) else self.target(app, scene, step)
        if target is None:
            self.box = None
            return
        self._mark(surface, scene, step, target)

    @staticmethod
    def _hint_up(scene: Table) -> bool:
        """The hint the player asked for (H) is on show: the tip steps aside until it is put away or played. It
        says more than the tip, and at 1280×720 the two cards, stacked, ran into each other or off the window."""
        ctl = scene.ctl
        return ctl is not None and ctl.hint is not None and ctl.person_may_act()

    # ----- where the tips point -----

    def target(self, app: Window, scene: Table, step: str) -> pygame.Rect | None:
        spots = scene.hotspots()
        if step == "line":
            return _union([s.rect for s in spots if s.kind == "line"])
        if step == "passenger":
            return _union([s.rect for s in spots if s.kind in ("route", "go")])
        if step == "space":
            return self._space(scene)
        return HelpLayer.button_rect(app)

    def _space(self, scene: Table) -> pygame.Rect | None:
        """Around the lit space nearest the middle of the board (remembered, to draw it lit). Never beside a hint's
        space: the tip steps aside while one is on show (`_hint_up`); two gold marks at two spaces left a new
        player asking which."""
        ctl = scene.ctl
        if ctl is None or scene.view is None or not ctl.legal_spaces():
            return None
        camera = scene.view.camera
        key = (ctl.version, ctl.selected, camera.level, camera.offset, camera.view)
        if self._space_cache[0] == key:
            return self._space_cache[1]
        x, y, w, h = scene.board_rect()
        centre = (x + w / 2, y + h / 2)
        points = {link: BoardCursor.space_point(scene, link) for link in ctl.legal_spaces()}
        inside = [link for link, p in points.items() if x + 40 < p[0] < x + w - 40 and y + 40 < p[1] < y + h - 40]
        self.space_link = min(inside or list(points), key=lambda link: math.dist(points[link], centre))
        best = points[self.space_link]
        r = style.ui(16)
        rect = pygame.Rect(round(best[0]) - r, round(best[1]) - r, 2 * r, 2 * r)
        self._space_cache = (key, rect)  # a first token may go anywhere: 150 spaces to measure, once
        return rect

    def _light(self, surface: pygame.Surface, scene: Table) -> None:
        """The pointed-at space drawn as the mouse would light it: the line's colour in a gold rim."""
        ctl, overlay = scene.ctl, scene.overlay
        if ctl is None or overlay is None or self.space_link is None or ctl.selected is None:
            return
        overlay.hovered(surface, ctl, self.space_link)

    # ----- drawing -----

    @staticmethod
    def words(scene: Table, step: str) -> tuple[str, str]:
        """The tip's title and text: the lines' says which is lifted when one is (asked to pick one, a new player
        saw red lifted already); the passenger's speaks of a choice only when his routes tie, and of his
        trips when he makes more than one this turn (a new player saw him move twice and did not know why)."""
        if step == "line" and scene.ctl is not None and scene.ctl.selected is not None:  # one is lifted already
            return text.tr("coach.line.lifted"), text.tr("coach.line.lifted.more",
                                                         line=text.line_name(scene.ctl.selected))
        if step != "passenger" or scene.ctl is None:
            return text.tr(f"coach.{step}"), text.tr(f"coach.{step}.more")
        count = len(scene.ctl.route_options())
        if count > 1:
            heading, more = text.tr("coach.passenger.tie"), text.ntr("coach.passenger.tie.more", count, count=count)
        else:
            heading, more = text.tr("coach.passenger"), text.tr("coach.passenger.more")
        trip = current_trip(scene.ctl.state)
        if trip is None or not trip.several:
            return heading, more
        plan = text.tr("coach.trips.express_standard" if trip.express_then_standard else "coach.trips.each")
        if count <= 1:
            heading = text.ntr("coach.trips", trip.total, count=trip.total)
        return heading, f"{plan} {more}"

    def _mark(self, surface: pygame.Surface, scene: Table, step: str, target: pygame.Rect) -> None:
        """The tip's box in the side panel, under its message line (over the map it hid station names), a
        pulsing ring on the target and, for a target on the map, a thin arrow from the box to it."""
        x, y, w, h = (round(v) for v in scene.board_rect())
        board = pygame.Rect(x, y, w, h)
        room = scene.panel_room()
        width = room.width if room is not None else min(style.ui(BOX_W), board.width - 40)
        heading, more = self.words(scene, step)
        titles = [style.text(line, style.ui(21), "black", style.INK)
                  for line in style.wrap(heading, style.ui(21), "black", width - 36, max_lines=4)]
        lines = style.wrap(more, style.ui(15), "regular", width - 36, max_lines=12)
        body = [style.text(line, style.ui(15), "regular", style.INK_SOFT) for line in lines]
        row = style.ui(38)
        height = 18 + sum(t.get_height() for t in titles) + 6 + sum(b.get_height() + 2 for b in body) + 14 + row + 16
        box = panel_box(room, width, height, target, bottom=True) if room is not None else \
            pygame.Rect(board.right - 20 - width, board.bottom - 20 - height, width, height)
        if box is None:  # no room under the cards before it (a hovered space's preview): it waits for some
            self.box = None
            return
        if room is not None:
            scene.cover_panel(surface, box)  # the log's entries it reaches are hidden whole, none cut through
        pulse = 0.5 + 0.5 * math.sin(self.time * 5)
        grow = 14 if step == "space" else 8  # around panel controls, tighter: the text beside them stays clear
        ring = target.inflate(grow + 6 * pulse, grow + 6 * pulse)
        if step == "space":
            self._light(surface, scene)
        round_ring = ring.width // 2 if step == "space" else 14  # a space gets a circle, panels a frame
        pygame.draw.rect(surface, style.INK, ring.inflate(6, 6), 3, border_radius=round_ring + 3)
        pygame.draw.rect(surface, style.GOLD, ring, 4, border_radius=round_ring)
        if board.colliderect(target):  # the panel's controls are ringed beside the box; a space is pointed at
            _arrow(surface, box, ring)
        self._card(surface, scene, box, titles, body, row)

    def _card(self, surface: pygame.Surface, scene: Table, box: pygame.Rect, titles: list[pygame.Surface],
              body: list[pygame.Surface], row: int) -> None:
        """The tip's box: its words, Got it and Don't show again."""
        pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.45), box.move(0, 4), border_radius=14)
        pygame.draw.rect(surface, style.HALO, box, border_radius=14)
        pygame.draw.rect(surface, style.GOLD, box, 3, border_radius=14)
        self.box = box
        cy = box.y + 18
        for title in titles:
            surface.blit(title, (box.x + 18, cy))
            cy += title.get_height()
        cy += 6
        for image in body:
            surface.blit(image, (box.x + 18, cy))
            cy += image.get_height() + 2
        cy += 14
        got = pygame.Rect(box.x + 18, cy, style.ui(130), row)
        never = pygame.Rect(got.right + 12, cy, box.right - 18 - got.right - 12, row)
        hover = scene.hover
        button(surface, got, text.tr("coach.next"), primary=True, size=style.ui(15),
               hovered=hover is not None and got.collidepoint(hover))
        button(surface, never, text.tr("coach.never"), size=style.ui(14),
               hovered=hover is not None and never.collidepoint(hover))
        self.spots = [Hotspot(got, "next"), Hotspot(never, "never")]


def panel_box(room: pygame.Rect, width: int, height: int, target: pygame.Rect | None = None,
              bottom: bool = False) -> pygame.Rect | None:
    """A box `height` tall across the side panel's room (`Table.panel_room`): at its top, or at its bottom
    (`bottom`), and never over a `target` in the room (the passenger's routes): below it when it is there.
    None where it does not fit whole: a card is never drawn over another, a target or off the window (at the
    largest text size at 1280×720 the hint's card hid the tip's heading, and both ran past the window)."""
    top = room.top
    if target is not None and room.colliderect(target):
        top = max(top, target.bottom + style.ui(12))
    if top + height > room.bottom:
        return None
    box = pygame.Rect(room.x, room.y, min(width, room.width), height)
    if bottom:
        box.bottom = room.bottom
    box.top = max(top, min(box.top, room.bottom - height))
    return box


def _people_tokens(scene: Table) -> int:
    """Track tokens the people at the table have left: it drops exactly when a person places track."""
    assert scene.session is not None
    state = scene.session.state
    return sum(state.lines[line].tokens_left for seat, player in enumerate(state.players)
               if not scene.session.is_computer(seat) for line in player.lines)


def _union(rects: list[pygame.Rect]) -> pygame.Rect | None:
    if not rects:
        return None
    return rects[0].unionall(rects[1:])


def _arrow(surface: pygame.Surface, box: pygame.Rect, target: pygame.Rect) -> None:
    """A thick arrow from the box's edge to the target's, in gold with a dark edge."""
    start = pygame.Vector2(_edge_point(box, pygame.Vector2(target.center)))
    end = pygame.Vector2(_edge_point(target, pygame.Vector2(box.center)))
    if start.distance_to(end) < 12:
        return
    direction = (end - start).normalize()
    side = pygame.Vector2(-direction.y, direction.x)
    tip = end
    base = end - direction * 18
    for colour, width, grow in ((style.INK, 9, 3), (style.GOLD, 5, 0)):
        pygame.draw.line(surface, colour, start, base, width)
        head = [tip + direction * grow, base + side * (11 + grow), base - side * (11 + grow)]
        pygame.draw.polygon(surface, colour, head)


def _edge_point(rect: pygame.Rect, towards: Any) -> tuple[float, float]:
    """Where the line from the rectangle's centre towards a point leaves the rectangle."""
    cx, cy = rect.center
    dx, dy = towards[0] - cx, towards[1] - cy
    if dx == 0 and dy == 0:
        return (cx, cy)
    scale = min(rect.width / 2 / abs(dx) if dx else math.inf, rect.height / 2 / abs(dy) if dy else math.inf)
    return (cx + dx * scale, cy + dy * scale)
