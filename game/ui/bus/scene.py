"""The bus tour at the table (docs/bus-rules.md): the map, the table beside it, people and computers.

Hands are secret on one shared screen: between two people a curtain hides everything until the next one
presses "ready" (and the one before may still take back a claim). Mouse, keyboard and controller all
work: a click or a controller's A on a card, the deck, the ticket pile or a lit route; keys 1–5, D and T
draw, arrows walk a focus ring over every control and Enter presses it, Tab tries another way to pay,
Ctrl+Z takes back, H shows the rules, Esc cancels (twice: leaves).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import pygame

from game.bus.board import BusBoard
from game.bus.bots.planning import cheapest_path, thrifty
from game.bus.bots.players import BusBot, make_bus_bot
from game.bus.catalogue import load_bus_board
from game.bus.rules.actions import BusAction, ClaimRoute, DrawBlind, DrawFaceUp, DrawTickets, KeepTickets
from game.bus.rules.events import BusEvent
from game.bus.rules.observation import observe
from game.bus.rules.state import BusState, new_game
from game.i18n import explain
from game.persist.bus_save import forget_bus_save, read_bus_save, write_bus_save
from game.ui import style, text
from game.ui.bus.choice import bus_title
from game.ui.bus.map_view import BusMapView
from game.ui.bus.overlays import Finale, claim_bar, curtain, finale, ticket_choice, ticket_strip_height
from game.ui.bus.panel import TableView, draw_panel
from game.ui.input.intents import Intent
from game.ui.input.pad_focus import SpotFocus, focus_ring
from game.ui.panels.widgets import Hotspot, hit
from game.ui.stage import Scene, Window
from game.ui.table.setup import Seat

CARD_EVENTS = frozenset({"face_up", "blind", "display_redealt", "deck_reshuffled"})
TICKET_EVENTS = frozenset({"tickets_drawn", "tickets_kept"})
THINK_SECONDS = 0.7  # a computer's pause before each step, so people can follow
DRIVE_SECONDS = 0.6  # buses driving onto a claimed route


@dataclass
class BusSetup:
    board: str
    seats: list[Seat]
    seed: int = 0
    pace: float = 1.0  # computers' pauses, scaled (show, tests); the player's speed too: computer_pace


def bot_for(kind: str, seed: int) -> BusBot:
    """The bus tour's level for a seat's level (it has two: hard plays as normal)."""
    return make_bus_bot("easy" if kind == "easy" else "normal", seed)


class BusPlayScene(Scene):
    is_show = False  # show mode's game: no buttons, no "computer" tags (everyone is one)

    def __init__(self, app: Window, setup: BusSetup, resumed: BusState | None = None) -> None:
        super().__init__(app)
        self.board: BusBoard = load_bus_board(setup.board)  # BoardError: the menu checks before it starts
        board = self.board
        self.setup = setup
        seed = setup.seed or random.randrange(1, 1 << 30)
        self.state: BusState = resumed if resumed is not None else new_game(board, len(setup.seats), seed)
        self.names = [seat.name.strip() or (text.tr("menu.seat.computer_name", number=i + 1) if seat.is_computer
                                            else text.tr("bus.player", n=i + 1)) for i, seat in enumerate(setup.seats)]
        self.bots = {i: bot_for(seat.kind, seed + i) for i, seat in enumerate(setup.seats) if seat.is_computer}
        self.people = [i for i in range(len(setup.seats)) if i not in self.bots]
        self.map = BusMapView(board, self.map_rect())
        self.seen_by: int | None = None  # the person whose hand was last open: the curtain falls between two
        self.curtain = False  # set by _after below when a person is to act and others are at the table
        self.chosen_route: int | None = None
        self.pay_index = 0
        self.ticket_pick: set[int] = set()
        self.think = THINK_SECONDS * setup.pace
        self.arriving: dict[int, float] = {}
        self.log: list[str] = []
        self.message = ""
        self.hover: tuple[int, int] | None = None
        self.spots: list[Hotspot] = []
        self.note: pygame.Rect | None = None  # the panel's room for a passing notice, where it was last drawn
        self.focus = SpotFocus()
        self.keyboard = False
        self.leaving = False
        self.end: Finale | None = None
        self._after(self.state.log if resumed is None else [])

    @classmethod
    def starting(cls, app: Window, board: str, seats: list[Seat], seed: int = 0, pace: float = 1.0) -> BusPlayScene:
        """The router's entry (scenes/catalog.py): a new game on `board` for these seats."""
        return cls(app, BusSetup(board, list(seats), seed, pace))

    @classmethod
    def resumed(cls, app: Window) -> BusPlayScene | None:
        """The router's "bus_resume": the autosaved bus game, None when there is none to resume."""
        saved = read_bus_save()
        if saved is None:
            return None
        seats = [Seat(kind, name) for kind, name in saved.seats]
        return cls(app, BusSetup(saved.board, seats, saved.state.seed), saved.state)

    # ----- layout -----

    def panel_rect(self) -> pygame.Rect:
        w, h = self.app.size
        width = max(300, min(round(w * 0.3), round(460 * style.ui_scale())))
        return pygame.Rect(w - width, 0, width, h)

    def map_rect(self) -> tuple[float, float, float, float]:
        w, h = self.app.size
        return (0.0, 0.0, float(w - self.panel_rect().width), float(h))

    def resize(self, size: tuple[int, int]) -> None:
        self.map.fit(self.map_rect())
        self.note = None

    def notice_rect(self) -> pygame.Rect | None:
        """A passing notice ("Controller connected") goes in the panel's message line, under the cards and the
        hand (at the window's top it covered the map's places and routes); the panel's top until it is drawn."""
        if self.note is not None:
            return self.note
        panel = self.panel_rect()
        return pygame.Rect(panel.x, panel.y, panel.width, 0).inflate(-2 * style.ui(8), 0).move(0, style.ui(8))

    # ----- whose turn, what is shown -----

    def person_to_act(self) -> int | None:
        s = self.state
        return None if s.phase == "over" or s.current in self.bots else s.current

    def hand_open(self) -> int | None:
        """The person whose hand shows now: the one to act, once the curtain is up."""
        person = self.person_to_act()
        return person if person is not None and not self.curtain else None

    def _needs_curtain(self) -> bool:
        person = self.person_to_act()
        return person is not None and len(self.people) > 1 and person != self.seen_by

    # ----- input -----

    def event(self, event: pygame.event.Event) -> None:
        if event.type != pygame.KEYDOWN:
            return
        self.keyboard = True
        ctrl = bool(event.mod & pygame.KMOD_CTRL)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            self.enter_key()
        elif event.key == pygame.K_z and ctrl:
            self.press("undo")
        elif event.key == pygame.K_TAB:
            self.press("other_cards")
        elif pygame.K_1 <= event.key <= pygame.K_5:
            self.press("face_up", event.key - pygame.K_1)
        elif event.key == pygame.K_d:
            self.press("deck")
        elif event.key == pygame.K_t:
            self.press("draw_tickets")

    def enter_key(self) -> None:
        """Enter: the focused control, else the obvious one (ready, keep, claim)."""
        spot = self.focus.current(self.spots) if self.keyboard and self.focus.index is not None else None
        if spot is not None:
            self.press(spot.kind, spot.value)
        elif self.curtain:
            self.press("ready")
        elif self.state.phase in ("choose_tickets", "keep_tickets"):
            self.press("keep")
        elif self.chosen_route is not None:
            self.press("claim")

    def intent(self, intent: Intent) -> None:
        if intent.kind == "hover":
            self.hover = (int(intent.pos[0]), int(intent.pos[1])) if intent.pos else None
            self.keyboard = False
        elif intent.kind == "select" and intent.pos is not None:
            self.hover = (int(intent.pos[0]), int(intent.pos[1]))
            self.click(intent.pos)
        elif intent.kind == "pan_step":
            self.keyboard = True
            self.focus.move(self.spots, intent.delta)
        elif intent.kind == "back" or intent.kind == "pad_b":
            self.back()
        elif intent.kind == "pad_x":
            self.press("other_cards")

    def back(self) -> None:
        if self.chosen_route is not None:
            self.press("cancel")
        elif self.leaving or self.state.phase == "over":
            self.app.router.go("menu")
        else:
            self.leaving = True
            self.message = text.tr("bus.leave")

    def click(self, pos: tuple[float, float]) -> None:
        spot = hit(self.spots, pos)
        if spot is not None:
            self.press(spot.kind, spot.value)
            return
        if self.curtain or self.end is not None or self.hand_open() is None:
            return
        route = self.map.route_at(pos)
        if route is not None:
            self.press("route", route)

    def press(self, kind: str, value: object = None) -> None:
        """A control pressed, by any device."""
        self.leaving = False
        if kind == "help":
            self.app.router.push("help")  # the rules overlay, with this board's districts
            return
        if self.end is not None:
            if kind == "again":
                self.app.router.replace("bus", board=self.setup.board, seats=self.setup.seats)
            elif kind == "menu":
                self.app.router.go("menu")
            return
        if kind == "undo":
            self._undo()
            return
        if self.curtain:
            if kind == "ready":
                self.curtain = False
                self.seen_by = self.person_to_act()
                self.app.audio.play("click")
            return
        person = self.hand_open()
        if person is None:
            return
        state = self.state
        if state.phase in ("choose_tickets", "keep_tickets"):
            if kind == "ticket" and isinstance(value, int):
                self.ticket_pick ^= {value}
            elif kind == "keep" and self.ticket_pick:
                self.act(KeepTickets(tuple(sorted(self.ticket_pick))))
            return
        if kind == "face_up" and isinstance(value, int):
            self.act(DrawFaceUp(value))
        elif kind == "deck":
            self.act(DrawBlind())
        elif kind == "draw_tickets":
            self.act(DrawTickets())
        elif kind == "route" and isinstance(value, int):
            self.choose_route(value)
        elif kind == "claim" and self.chosen_route is not None:
            self.act(ClaimRoute(self.chosen_route, self.payments()[self.pay_index]))
        elif kind == "other_cards" and self.chosen_route is not None:
            self.pay_index = (self.pay_index + 1) % len(self.payments())
        elif kind == "cancel":
            self.chosen_route = None

    def payments(self) -> list[tuple[str, ...]]:
        if self.chosen_route is None:
            return []
        pays = self.state.payments(self.chosen_route)
        return sorted(pays, key=lambda pay: pay != thrifty(pays))  # the thriftiest first

    def choose_route(self, route: int) -> None:
        refusal = self.state.why_not_route(route) if self.state.phase == "turn" else None
        if self.state.phase != "turn":
            self.say(text.tr("bus.second_card_first"), illegal=True)
        elif refusal is not None:
            self.say(explain(refusal), illegal=True)
        elif not self.state.payments(route):
            r = self.board.routes[route]
            self.say(text.ntr("bus.not_enough_cards", r.spaces, count=r.spaces), illegal=True)
        else:
            self.chosen_route, self.pay_index = route, 0

    def say(self, message: str, illegal: bool = False) -> None:
        self.message = message
        if illegal:
            self.app.audio.play("illegal")

    def act(self, action: BusAction) -> None:
        refusal = self.state.why_illegal(action)
        if refusal is not None:
            self.say(explain(refusal), illegal=True)
            return
        events = self.state.apply(action)
        self.chosen_route = None
        self.ticket_pick = set()
        self.message = ""
        self._after(events)

    def _undo(self) -> None:
        if not self.state.can_undo():
            return
        self.state.undo()
        self._keep()
        self.log.append(text.tr("bus.log.undo"))
        self.curtain = False
        self.seen_by = self.person_to_act()
        self.arriving.clear()

    def _after(self, events: list[BusEvent]) -> None:
        """What an action did: the log, the sounds, buses driving on, the curtain, the end."""
        for event in events:
            line = self._log_line(event)
            if line:
                self.log.append(line)
            if event.kind == "claim" and event.route is not None:
                self.arriving[event.route] = 0.0
                self.app.audio.play("place")  # the bell rings when the bus has arrived: update()
            elif event.kind in CARD_EVENTS:
                self.app.audio.play("card")
            elif event.kind in TICKET_EVENTS:
                self.app.audio.play("ticket")
            elif event.kind == "game_over":
                self.app.audio.play("end")
                self.end = Finale(self.state.results)
        if self.state.phase in ("choose_tickets", "keep_tickets") and len(self.state.offer) == 1:
            self.ticket_pick = {0}
        if self._needs_curtain():
            self.curtain = True
        self.think = THINK_SECONDS * self.setup.pace
        self._keep()

    def _keep(self) -> None:
        """The autosave after every action (a finished game is not kept: Continue would have nothing to do)."""
        if self.setup.pace < 1.0:  # show mode's and the tests' fast games are nobody's to continue
            return
        if self.state.phase == "over":
            forget_bus_save()
            return
        seats = [(seat.kind, seat.name) for seat in self.setup.seats]
        problem = write_bus_save(self.setup.board, seats, self.state)
        if problem is not None:
            self.message = text.tr("bus.save_failed", reason=problem)

    def _log_line(self, event: BusEvent) -> str:
        if event.player is None:
            return text.tr("bus.log.redealt") if event.kind == "display_redealt" else ""
        name = self.names[event.player]
        if event.kind == "claim" and event.route is not None:
            route = self.board.routes[event.route]
            return text.ntr("bus.log.claim", event.points, name=name, a=self.board.places[route.a].name,
                            b=self.board.places[route.b].name, count=event.points)
        if event.kind == "face_up" and event.colour:
            return text.tr("bus.log.face_up", name=name, colour=text.tr(f"bus.colour.{event.colour}"))
        if event.kind == "blind":
            return text.tr("bus.log.blind", name=name)
        if event.kind == "tickets_kept":
            kept = len(event.tickets)
            return text.ntr("bus.log.tickets", kept, name=name, count=kept)
        if event.kind == "last_round":
            return text.tr("bus.log.last_round", name=name)
        return ""

    # ----- time -----

    def update(self, dt: float) -> None:
        for route in list(self.arriving):
            self.arriving[route] = min(1.0, self.arriving[route] + dt / DRIVE_SECONDS)
            if self.arriving[route] >= 1.0:
                del self.arriving[route]
                self.app.audio.play("bell")
        if self.end is not None:
            shown = self.end.shown
            self.end.update(dt)
            for seat, ticket in self.end.items[shown:self.end.shown]:  # each ticket as it is revealed
                self.app.audio.play("score" if ticket in self.end.results[seat].tickets_done else "miss")
            return
        if self.state.current in self.bots and self.state.phase != "over":
            self.think -= dt / self.computer_pace()  # the setting read live: a change counts at once
            if self.think <= 0:
                bot = self.bots[self.state.current]
                self.act(bot.choose(observe(self.state)))

    def computer_pace(self) -> float:
        """The computers' pauses as a factor: the player's computer speed (settings); the show keeps its own."""
        return 1.0 if self.is_show else self.app.store.settings.computer_pace

    def animating(self) -> bool:
        return True

    # ----- drawing -----

    def draw(self, surface: pygame.Surface) -> None:
        state = self.state
        person = self.hand_open()
        lit: set[int] = set()
        if person is not None and state.phase == "turn" and self.chosen_route is None:
            lit = {a.route for a in state.legal_actions() if isinstance(a, ClaimRoute)}
        glow, done_places = self._finished_tickets(person)
        choosing = person is not None and state.phase in ("choose_tickets", "keep_tickets")
        x, y, w, h = self.map_rect()
        if choosing:  # the map above the ticket choice, the offered places lit: where they are is the choice
            h -= ticket_strip_height(len(state.offer))
            for t in state.offer:
                done_places |= {self.board.tickets[t].a, self.board.tickets[t].b}
        if self.map.area != (x, y, w, h):
            self.map.fit((x, y, w, h))
        self.map.draw(surface, state.claimed, lit=lit, chosen=self.chosen_route, places_lit=done_places,
                      arriving=self.arriving, glow=glow)
        spots = [Hotspot(_spot_rect(self.map.route_centre(k)), "route", k) for k in sorted(lit)]
        view = TableView(self.names, [i in self.bots and not self.is_show for i in range(len(self.names))], person,
                         self.payments()[self.pay_index] if self.chosen_route is not None else (),
                         self.message or self._prompt(), self.hover,
                         self.end.partial(state) if self.end is not None else None, bus_title(self.setup.board))
        panel_spots, self.note = draw_panel(surface, self.panel_rect(), state, view, self.log)
        spots += panel_spots
        area = pygame.Rect(*(round(v) for v in self.map_rect()))
        if choosing:
            spots = ticket_choice(surface, area, state, self.ticket_pick, self.hover) + [
                s for s in spots if s.kind == "help"]
        elif person is not None and self.chosen_route is not None:
            route = self.board.routes[self.chosen_route]
            name = f"{self.board.places[route.a].name} – {self.board.places[route.b].name}"
            spots += claim_bar(surface, area, name, self.payments()[self.pay_index], len(self.payments()), self.hover)
        who = self.person_to_act()
        if self.curtain and self.end is None and who is not None:
            last = self.seen_by if self.seen_by is not None else who
            spots = curtain(surface, self.names[who], who, self.state.can_undo(), self.hover, self.names[last])
        if self.end is not None:
            spots = finale(surface, area, state, self.end, self.names, self.hover, buttons=not self.is_show) + [
                s for s in spots if s.kind == "help"]
        self.spots = spots
        if self.keyboard and self.focus.index is not None:
            spot = self.focus.current(self.spots)
            if spot is not None:
                focus_ring(surface, spot.rect, pygame.time.get_ticks() / 1000)

    def _finished_tickets(self, person: int | None) -> tuple[set[int], set[int]]:
        """For the open hand: the routes of each finished ticket's connection and its two places, to light."""
        if person is None:
            return set(), set()
        board = self.board
        mine = set(self.state.players[person].routes)
        routes: set[int] = set()
        places: set[int] = set()
        for t in self.state.players[person].tickets:
            ticket = board.tickets[t]
            path = cheapest_path(board, ticket.a, ticket.b, mine, set())
            if path is not None:
                routes.update(path)
                places.update((ticket.a, ticket.b))
        return routes, places

    def _prompt(self) -> str:
        state = self.state
        if state.phase == "over":
            return ""
        if state.current in self.bots:
            return text.tr("bus.thinking", name=self.names[state.current])
        if state.phase == "second_card":
            return text.tr("bus.prompt.second")
        if state.phase in ("choose_tickets", "keep_tickets"):
            return text.tr("bus.prompt.tickets")
        return text.tr("bus.prompt.turn")



def _spot_rect(centre: tuple[float, float]) -> pygame.Rect:
    rect = pygame.Rect(0, 0, 26, 26)
    rect.center = (round(centre[0]), round(centre[1]))
    return rect
