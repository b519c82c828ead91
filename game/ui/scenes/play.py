"""The play screen: the board with the turn drawn over it, the table beside it, the cards below.

This module only lays the pieces out and routes input: the turn's logic is in table/turns.py, the
panels in panels/sidebar.py and panels/cards.py, the passenger in board/passenger.py, the marks on the
board in board/overlay.py. It leaves by naming the next screen to the router ("menu", "end").
"""

from __future__ import annotations

import math
import random
import sys

import pygame

from game.board.loader import load_board
from game.board.model import Board, BoardError
from game.rules.state import GameState
from game.ui import style, text
from game.ui.board.animation import Glide, ease
from game.ui.board.overlay import BoardOverlay
from game.ui.board.passenger import PassengerView
from game.ui.board.view import BoardView
from game.ui.input.intents import Intent
from game.ui.panels.cards import CardStrip
from game.ui.panels.layout import Panels, map_area, panels_for
from game.ui.panels.layout import sidebar_width as sidebar_width  # where the tests and tools read it
from game.ui.panels.sidebar import Sidebar
from game.ui.panels.turn_banner import draw_turn_banner, give_way
from game.ui.panels.widgets import Hotspot, hit
from game.ui.stage import Scene, Table, Window
from game.ui.table.session import GameSession, read_saved_game
from game.ui.table.setup import GameSetup
from game.ui.table.turns import TurnController

AMBIENT_SECONDS = 5.0  # the passenger's and the legal spaces' pulsing goes on this long after the last input
FOLLOW_BOX = 0.3  # when zoomed in, the view follows the passenger once he leaves the middle 40% of it
LOOK_SECONDS = 3.0  # when a turn begins, the passenger piece pulses this long (while frames run, AMBIENT_SECONDS)

Point = tuple[float, float]


class PlayScene(Scene):
    """One game at the table: people click, computers take their time, the passenger glides."""

    autosave = True

    def __init__(self, app: Window, setup: GameSetup, board: Board | None = None, state: GameState | None = None,
                 session: GameSession | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        self.error = ""
        self.board: Board | None = session.board if session else board
        if self.board is None:
            try:
                self.board = load_board(setup.board)
            except BoardError as error:
                self.error = text.tr("error.board", reason=str(error))
        self.seed = setup.seed if setup.seed is not None else random.randrange(1 << 30)
        self.time = 0.0
        self.ambient = AMBIENT_SECONDS  # seconds of pulsing left before a waiting screen comes to rest
        self.seen_version = -1  # the controller's state version last drawn: a change wakes the pulsing
        self.hover: tuple[int, int] | None = None
        self._fitted: int | None = None  # the turn at whose start the view was last fitted for a person
        self._look: tuple[int, float] = (-1, 0.0)  # the turn last begun on screen, and when (the scene's time)
        self.session: GameSession | None = None
        self.ctl: TurnController | None = None
        self.view: BoardView | None = None
        self._panels: tuple[object, Panels] | None = None  # the panels' sizes, and what they were worked out for
        if self.board is not None:
            self.session = session or GameSession(self.board, setup, state, self.seed)
            self.view = self._new_view(self.board)
            self.ctl = self._controller(self.session)
        self.overlay = BoardOverlay(self.view) if self.view else None
        self.passenger = PassengerView(self.overlay) if self.overlay else None
        self.sidebar = Sidebar()
        self.cards = CardStrip()

    def _controller(self, session: GameSession) -> TurnController:
        assert self.view is not None
        ctl = TurnController(session, self.view.metrics.unit, autosave=self.autosave)
        ctl.sound = self.app.audio.play  # effects follow the animation queue; volume and mute are read live
        return ctl

    @property
    def state(self) -> GameState | None:
        return self.session.state if self.session else None

    @classmethod
    def from_autosave(cls, app: Window) -> PlayScene | None:
        """Continue the autosaved game exactly where it was; None if there is none that resumes.

        The saves are read as the menu reads them (table.session.read_saved_game): checked in full, a bad
        one set aside and the one before it tried, so what opens here is a game that plays on.
        """
        session = read_saved_game().restored
        if not isinstance(session, GameSession):
            return None
        scene = cls(app, session.setup, session=session)
        if scene.ctl is not None:
            scene.ctl.saved_version = scene.ctl.version  # the autosave holds it: leaving at once writes nothing
        return scene

    # ----- layout -----

    def _new_view(self, board: Board) -> BoardView:
        """A view of `board` fitted to the map area, which depends on the board's names (panels_for): made
        first, then fitted."""
        self.view = BoardView(board, (0, 0, 10, 10))
        self.view.resize(self.board_rect())
        return self.view

    def panels(self) -> Panels:
        """The side panel's width and the strip's height for this window, text size and board."""
        view = self.view
        key = (self.app.size, style.look_key(), view.bounds if view else None, view.board.label_px if view else 0.0)
        if self._panels is None or self._panels[0] != key:
            found = panels_for(self.app.size, view.bounds, view.board.label_px) if view else panels_for(self.app.size)
            self._panels = (key, found)
        return self._panels[1]

    def board_rect(self) -> tuple[float, float, float, float]:
        return map_area(self.app.size, self.panels())

    def sidebar_rect(self) -> pygame.Rect:
        w, h = self.app.size
        width = self.panels().sidebar
        return pygame.Rect(w - width, 0, width, h)

    def strip_rect(self) -> pygame.Rect:
        w, h = self.app.size
        panels = self.panels()
        return pygame.Rect(0, h - panels.strip, w - panels.sidebar, panels.strip)

    def resize(self, size: tuple[int, int]) -> None:
        if self.view is not None:
            self.view.resize(self.board_rect())

    # ----- what the layers see (stage.Table) -----

    def table(self) -> Table | None:
        """People play here (the show, a subclass, has no controls): tips, the "?" and the cursor apply."""
        return self if self.show_controls else None

    def hotspots(self) -> list[Hotspot]:
        return self.sidebar.spots + self.cards.spots

    def help_rect(self) -> pygame.Rect | None:
        return self.sidebar.help_rect(self.sidebar_rect())

    def panel_room(self) -> pygame.Rect | None:
        """The side panel from its message line (where a hovered space's preview goes) to its bottom: the
        first-game tips and the hint's card sit there, beside the map, where they hide no station name.
        Less the cards already drawn there this frame, so a later card goes beside them, not over them."""
        panel = self.sidebar_rect()
        dock = self.sidebar.note_rect(panel)
        if dock is None:
            return None
        return self.sidebar.free_room(pygame.Rect(dock.x, dock.y, dock.width, panel.bottom - style.ui(8) - dock.y))

    def cover_panel(self, surface: pygame.Surface, box: pygame.Rect) -> pygame.Rect:
        """Clear the side panel under a card about to be drawn at `box` (log entries hidden whole)."""
        return self.sidebar.cover(surface, box)

    def notice_rect(self) -> pygame.Rect | None:
        """The side panel's message line and log heading, under its buttons (else the panel's top): over the
        map a notice hid station names."""
        panel = self.sidebar_rect()
        top = pygame.Rect(panel.x, panel.y, panel.width, 0).inflate(-2 * style.ui(8), 0).move(0, style.ui(8))
        return self.sidebar.note_rect(panel) or top

    # ----- input -----

    def event(self, event: pygame.event.Event) -> None:
        self.ambient = AMBIENT_SECONDS
        if event.type != pygame.KEYDOWN or self.ctl is None:
            return
        ctl = self.ctl
        key = event.key
        if key in (pygame.K_SPACE, pygame.K_TAB):
            ctl.fast = not ctl.fast
        elif key == pygame.K_z and event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META):
            ctl.undo()
        elif key == pygame.K_b:
            ctl.take_branch()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.passenger is not None:
            ctl.go(self.passenger.marked(ctl))
        elif pygame.K_1 <= key <= pygame.K_9:
            index = key - pygame.K_1
            options = ctl.route_options()
            if options:
                if index < len(options):
                    ctl.choose(options[index])
            else:
                ctl.select_index(index)

    def intent(self, intent: Intent) -> None:
        self.ambient = AMBIENT_SECONDS
        if intent.kind == "hover":
            self.hover = (int(intent.pos[0]), int(intent.pos[1])) if intent.pos else None
            return
        if intent.kind == "select" and intent.pos is not None:
            self.hover = (int(intent.pos[0]), int(intent.pos[1]))
            self.click(intent.pos)
            return
        if self.view is not None and self.view.handle(intent):
            return
        if intent.kind == "back":
            self.back()

    def click(self, pos: Point) -> None:
        """A click: a panel's control if there is one under it, else the board."""
        ctl = self.ctl
        if ctl is None or self.overlay is None or self.passenger is None:
            return
        spots: list[Hotspot] = self.sidebar.spots + self.cards.spots
        spot = hit(spots, pos)
        if spot is not None:
            self.press(spot)
            return
        view = pygame.Rect(*(round(v) for v in self.board_rect()))
        if not view.collidepoint(pos):
            return
        if ctl.state.phase == "passenger":
            if not ctl.person_may_act():
                return
            option = self.passenger.pick(ctl, pos)
            if option is not None:
                ctl.choose(option)
            elif self.passenger.narrowed(ctl):
                routes = len(self.passenger.narrowed(ctl) or ())
                ctl.say(text.ntr("play.route.narrow", routes, count=routes))
            return
        if ctl.state.phase == "actions" and ctl.person_may_act():
            ctl.place(self.overlay.pick_link(pos, ctl.legal_spaces()))

    def press(self, spot: Hotspot) -> None:
        ctl = self.ctl
        assert ctl is not None
        if spot.kind in ("line", "branch", "undo", "go", "route"):
            self.app.audio.play("click")
        if spot.kind == "line":
            ctl.select_line(spot.value)
        elif spot.kind == "branch":
            ctl.take_branch()
        elif spot.kind == "undo":
            ctl.undo()
        elif spot.kind == "go" and self.passenger is not None:
            ctl.go(self.passenger.marked(ctl))
        elif spot.kind == "route":
            options = ctl.route_options()
            if spot.value < len(options):
                ctl.choose(options[spot.value])

    def back(self) -> None:
        """To the menu, the game kept for Continue whatever point it is at (even before its first move): what
        the disk refused is said on the menu, which then offers only what it could keep."""
        problem = self._keep()
        if problem:
            self.app.notice = problem
        self.app.router.replace("menu")

    def closing(self) -> None:
        """The window closes over the game: kept for Continue as on leaving to the menu (the show, the
        tutorial and replays keep nothing: their controller's autosave is off). A refusing disk is told on
        the terminal, the only place left."""
        problem = self._keep()
        if problem:
            print(f"underground: {problem}", file=sys.stderr)

    def _keep(self) -> str | None:
        if self.ctl is None:
            return None
        self.ctl.queue.finish()
        return self.ctl.keep()

    # ----- time -----

    def update(self, dt: float) -> None:
        self.time += dt
        self.ambient = max(0.0, self.ambient - dt)
        if self.ctl is None:
            return
        self.ctl.pace = self.computer_pace()  # read live: a change in the settings counts from the next pause
        self.ctl.update(dt)
        if self.ctl.version != self.seen_version:
            self.seen_version, self.ambient = self.ctl.version, AMBIENT_SECONDS
        self._follow()
        self._refit_for_a_person()
        if not self.ctl.busy and self.ctl.state.turn != self._look[0]:
            self._look = (self.ctl.state.turn, self.time)  # the turn begins once its hand-over has played out
        if self.ctl.finished:
            self.game_over()

    def computer_pace(self) -> float:
        """The computers' pauses as a factor: the player's computer speed at the table; the show and a replay
        (no controls) keep their own pace."""
        return self.app.store.settings.computer_pace if self.show_controls else 1.0

    def animating(self) -> bool:
        """Frames are needed while anything moves or a timer runs: an animation, a message, a computer's
        turn, a lone route about to go by itself, the end of the game; and for a few seconds after input
        the pulsing of the passenger and of the legal spaces. A person thinking about their move with
        nothing moving gets no frames at all (pacing.py), and the pulses rest where they were."""
        ctl = self.ctl
        if ctl is None:
            return False
        if ctl.busy or ctl.message or ctl.state.phase == "over" or ctl.computer_turn():
            return True
        if ctl.state.phase == "passenger" and len(ctl.route_options()) == 1:
            return True  # it goes by itself in a moment
        return self.ambient > 0

    def looking(self) -> bool:
        """Whether it is time to look at the passenger, so his piece pulses: his move is due (his routes are
        shown) or a turn has just begun, when a new player wonders where he is."""
        ctl = self.ctl
        if ctl is None or ctl.state.phase == "over":
            return False
        return not ctl.busy and (bool(ctl.route_options()) or self.time - self._look[1] < LOOK_SECONDS)

    def _refit_for_a_person(self) -> None:
        """Fit the whole board again when a person's turn begins (once per turn, never mid-turn): a computer's
        turn or the passenger's ride may have left the view zoomed or panned anywhere."""
        ctl = self.ctl
        assert ctl is not None
        state = ctl.state
        if self.view is None or state.phase != "actions" or not ctl.person_may_act() or self._fitted == state.turn:
            return
        self._fitted = state.turn
        self.view.camera.fit()

    def _follow(self) -> None:
        """When zoomed in, keep the gliding passenger in view."""
        assert self.ctl is not None
        where = self.ctl.passenger_position()
        if where is None or self.view is None or self.view.camera.level <= 0:
            return
        camera = self.view.camera
        sx, sy = camera.to_screen(where)
        vx, vy, vw, vh = camera.view
        cx, cy = vx + vw / 2, vy + vh / 2
        dx = sx - cx
        dy = sy - cy
        limit_x, limit_y = vw * FOLLOW_BOX / 2, vh * FOLLOW_BOX / 2
        pan_x = -(dx - math.copysign(limit_x, dx)) if abs(dx) > limit_x else 0.0
        pan_y = -(dy - math.copysign(limit_y, dy)) if abs(dy) > limit_y else 0.0
        if pan_x or pan_y:
            camera.pan(pan_x * 0.25, pan_y * 0.25)

    def game_over(self) -> None:
        assert self.session is not None
        self.app.router.replace("end", session=self.session)

    # ----- drawing -----

    def caption(self) -> str:
        return text.board_title(self.board if self.board is not None else self.setup.board)

    def draw(self, surface: pygame.Surface) -> None:
        ctl, view, overlay = self.ctl, self.view, self.overlay
        if ctl is None or view is None or overlay is None or self.passenger is None:
            surface.fill(style.PAPER)
            message = style.fit_text(self.error, style.ui(20), "semibold", style.INK_SOFT, surface.get_width() - 40)
            surface.blit(message, message.get_rect(center=(surface.get_width() // 2, surface.get_height() // 2)))
            return
        area = pygame.Rect(*(round(v) for v in self.board_rect()))
        hover = self.hover
        on_board = hover if hover is not None and area.collidepoint(hover) else None
        look = self.looking()
        view.draw(surface, ctl.shown, self.time, marks=overlay.marks(ctl), with_passenger=False)
        previous = surface.get_clip()
        surface.set_clip(area)
        hovered_link = None
        if on_board is not None and ctl.person_may_act() and ctl.state.phase == "actions":
            hovered_link = overlay.pick_link(on_board, ctl.legal_spaces(), fallback=False)
        overlay.flashes(surface, ctl, self.time)
        glide = ctl.queue.current
        if isinstance(glide, Glide) and glide.started:
            overlay.trail(surface, list(glide.points), ease(glide.progress))
        if hovered_link is not None:
            overlay.hovered(surface, ctl, hovered_link)
        overlay.pulses(surface, ctl)
        pointed = self._pointed(surface, ctl, overlay)
        self.passenger.draw(surface, ctl, self.time, hover, self.sidebar.spots)
        if pointed or self._across_track(ctl, hovered_link):
            view.draw_names_again(surface)
        where = ctl.passenger_position() or self._waiting_passenger()
        if where is not None:  # last on the board: above his routes, a hovered space, lit spaces and markers
            view.draw_passenger(surface, where, self.time, look)
        surface.set_clip(previous)
        self.cards.draw(surface, self.strip_rect(), ctl, hover)
        self._pile_tip(surface, ctl)
        panel = self.sidebar_rect()
        self.sidebar.draw(surface, panel, ctl, self.caption(), hover, self.show_controls, self.passenger.marked(ctl))
        if hovered_link is not None:
            self._preview(surface, ctl, overlay, hovered_link, panel)
        self._banner(surface, ctl)

    show_controls = True

    def _preview(self, surface: pygame.Surface, ctl: TurnController, overlay: BoardOverlay, link: int,
                 panel: pygame.Rect) -> None:
        """The hovered space's preview, in the side panel over its message line and the log's top: beside the
        pointer it hid station names. The log's entries it reaches it covers whole, never cut through."""
        dock, room = self.sidebar.note_rect(panel), self.panel_room()
        if dock is None or room is None:
            return
        box = pygame.Rect(room.x, room.y, room.width, overlay.tooltip_height(ctl, link, room.width))
        box.height = max(dock.height, min(box.height, room.height))
        cleared = self.cover_panel(surface, box)
        overlay.tooltip(surface, ctl, link, pygame.Rect(box.x, box.y, box.width, cleared.bottom - box.y))

    def _waiting_passenger(self) -> Point | None:
        assert self.ctl is not None and self.board is not None
        station = self.ctl.shown.passenger
        if station is None:
            return None
        node = self.board.nodes[station]
        return (node.x, node.y)

    def _across_track(self, ctl: TurnController, hovered_link: int | None) -> bool:
        """Whether this frame's effects drew across the track (a ride, a flash, a new track's pulse, the
        passenger's routes, a hovered space): then the names go over them again."""
        glide = ctl.queue.current  # its trail is drawn on a walk too, when no line glows
        return bool((isinstance(glide, Glide) and glide.started) or ctl.queue.of_kind("flash")
                    or ctl.queue.of_kind("pulse") or ctl.route_options() or hovered_link is not None)

    def _pointed(self, surface: pygame.Surface, ctl: TurnController, overlay: BoardOverlay) -> bool:
        """Light what a hovered log line, card or the pile refers to; True if anything was lit."""
        spot = hit(self.sidebar.spots + self.cards.spots, self.hover)
        if spot is None:
            return False
        if spot.kind == "log":
            entry = spot.value
            overlay.entry_highlight(surface, entry.links, entry.nodes, entry.path, self.time)
        elif spot.kind == "card":
            overlay.rings(surface, [spot.value], self.time)
        elif spot.kind == "deck":
            overlay.rings(surface, CardStrip.pile_stations(ctl), self.time, style.HALO)
        else:
            return False
        return True

    def _pile_tip(self, surface: pygame.Surface, ctl: TurnController) -> None:
        spot = hit(self.cards.spots, self.hover)
        if spot is None or spot.kind != "deck":
            return
        names = CardStrip.pile_names(ctl)
        message = text.tr("play.deck_hover", names=names) if names else text.tr("play.deck_empty")
        words = message.split(" ")
        lines: list[str] = []
        current = ""
        for word in words:
            trial = f"{current} {word}".strip()
            if style.font(style.ui(15), "semibold").size(trial)[0] > style.ui(520) and current:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
        images = [style.text(line, style.ui(15), "semibold", style.HALO) for line in lines[:8]]
        width = max(image.get_width() for image in images) + 28
        height = sum(image.get_height() + 2 for image in images) + 20
        box = pygame.Rect(0, 0, width, height)
        box.bottomright = (spot.rect.right, spot.rect.top - 10)
        pygame.draw.rect(surface, style.INK, box, border_radius=10)
        y = box.y + 10
        for image in images:
            surface.blit(image, (box.x + 14, y))
            y += image.get_height() + 2

    def _banner(self, surface: pygame.Surface, ctl: TurnController) -> None:
        """"Anna's turn", briefly, when the turn passes to a person (unless the route panel is up), over the side
        panel's turn box (turn_banner.py)."""
        turn = self.sidebar.turn_rect(self.sidebar_rect())
        if ctl.route_options() or turn is None:
            return
        for effect in ctl.queue.of_kind("banner")[-1:]:
            if self.hover is not None and turn.collidepoint(self.hover):
                give_way(effect)
            draw_turn_banner(surface, self.sidebar_rect(), turn, effect.data["seat"],
                             ctl.session.name(effect.data["seat"]), effect.progress)
