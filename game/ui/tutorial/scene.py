"""Learn to play: the play screen on the tutorial board, with a card that says what to do next.

It is the real play screen (same board view, panels, controls and rules engine); only two things are added.
The controller asks the current step before it lets a learner's move through, and a move the step did not
ask for gets a friendly word in the card instead of happening. The scene draws the step's card and a ring
around what it asks for, and moves on when the engine's state shows the learner did it. Esc asks before
leaving; the last card's "Play a real game" opens the menu. Nothing is autosaved.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.board.model import Board
from game.ui import style, text
from game.ui.input.gamepad import PadLayer
from game.ui.input.intents import Intent
from game.ui.input.pad_cursor import BoardCursor
from game.ui.overlays.coach import CoachLayer
from game.ui.panels.widgets import Hotspot, hit
from game.ui.scenes.play import PlayScene
from game.ui.stage import Window
from game.ui.table.session import GameSession
from game.ui.table.turns import TurnController
from game.ui.tutorial import script
from game.ui.tutorial.card import MARGIN, CardText, card_width, draw_card, ring
from game.ui.tutorial.script import STEPS, Step

Point = tuple[float, float]
SPACE_SHARE = 0.5  # of its track's length: how long the ring round an asked-for space is
BUTTON_ORDER = ("next", "real", "stay", "leave")  # the card's buttons, the safe or forward one first
MAP_SHARE = 0.6  # the map keeps at least this share of the board's width when the card has a column


def learner_name(app: Window) -> str:
    """The name the learner plays under: the menu's first person at the last table, else "Player 1".

    A real name, never "You": the table's texts put a name where a person is named ("{name}'s turn",
    "{name} placed blue") and a pronoun there reads wrongly in every language."""
    seats = app.store.settings.table_seats
    name = next((name.strip() for kind, name in seats if kind == "person" and name.strip()), "")
    return name or text.tr("menu.seat.default_name", number=script.LEARNER + 1)


class TutorialController(TurnController):
    """The turn controller with a gate: `guide(kind, value)` says whether a learner's move may happen."""

    def __init__(self, session: GameSession, unit: float, guide: Callable[[str, object], bool]) -> None:
        super().__init__(session, unit, autosave=False)
        self.guide = guide

    def _asks(self, kind: str, value: object) -> bool:
        """Let the move through when no person is acting (the base then refuses it) or the step wants it."""
        return not self.person_may_act() or self.guide(kind, value)

    def select_line(self, line: str) -> bool:
        return self._asks("line", line) and super().select_line(line)

    def place(self, link: int | None) -> bool:
        return self._asks("place", (self.selected, link)) and super().place(link)

    def take_branch(self) -> bool:
        return self._asks("branch", None) and super().take_branch()

    def choose(self, option: object) -> bool:
        return self._asks("route", option) and super().choose(option)  # type: ignore[arg-type]

    def undo(self) -> bool:
        return self._asks("undo", None) and super().undo()


class TutorialScene(PlayScene):
    """The guided first game."""

    autosave = False

    def __init__(self, app: Window) -> None:
        board = script.board()
        setup = script.setup()
        setup.seats[script.LEARNER].name = learner_name(app)
        setup.seats[script.OPPONENT].name = text.tr("tutorial.opponent_name")
        session = GameSession(board, setup, script.first_state(board), script.SEED)
        session.bots[script.OPPONENT] = script.ScriptedOpponent(board)
        super().__init__(app, setup, session=session)
        self.index = 0
        self.nudge = ""
        self.leaving = False  # Esc was pressed: "Leave the tutorial?" is up
        self.card_spots: list[Hotspot] = []  # the card and its buttons, as last drawn
        self._coach_hidden: bool | None = None
        assert self.ctl is not None
        self.ctl.selected = "red"  # the first step asks for the blue line
        self.resize(app.size)

    def map_rect(self) -> tuple[float, float, float, float]:
        """Where the map is drawn: right of a column for the card when the window is wide enough for both,
        else the whole board area (the card then takes the corner farthest from what it points at)."""
        x, y, w, h = self.board_rect()
        column = card_width(pygame.Rect(0, 0, round(w), round(h))) + 2 * MARGIN
        return (x + column, y, w - column, h) if w - column >= MAP_SHARE * w else (x, y, w, h)

    def resize(self, size: tuple[int, int]) -> None:
        if self.view is not None:
            self.view.resize(self.map_rect())

    def _controller(self, session: GameSession) -> TurnController:
        assert self.view is not None
        ctl = TutorialController(session, self.view.metrics.unit, self.guide)
        ctl.sound = self.app.audio.play
        return ctl

    @property
    def step(self) -> Step:
        return STEPS[self.index]

    @property
    def tutorial_board(self) -> Board:
        assert self.board is not None
        return self.board

    # ----- the first-game tips stay away: this screen is the tips -----

    def enter(self) -> None:
        super().enter()
        for layer in self.app.layers:
            if isinstance(layer, CoachLayer):
                self._coach_hidden, layer.hidden = layer.hidden, True

    def leave(self) -> None:
        for layer in self.app.layers:
            if isinstance(layer, CoachLayer) and self._coach_hidden is not None:
                layer.hidden = self._coach_hidden
        super().leave()

    # ----- the steps -----

    def guide(self, kind: str, value: object) -> bool:
        """The gate the controller asks: a move the step wants, or a friendly word in the card."""
        if self.leaving:
            return False
        if script.allows(self.step, kind, value, self.tutorial_board):
            self.nudge = ""
            return True
        self.nudge = text.tr(f"tutorial.{self.step.key}.nudge")
        self.app.audio.play("click")  # a soft sound, not the refusal's: the card says what to do instead
        self.ambient = 5.0
        return False

    def advance(self) -> None:
        self.index = min(self.index + 1, len(STEPS) - 1)
        self.nudge = ""
        self.ambient = 5.0

    def update(self, dt: float) -> None:
        assert self.ctl is not None
        self.ctl.hold = self.step.wants in ("route", "next")  # a lone route waits for Go while a card is read
        super().update(dt)
        state, selected = self.ctl.state, self.ctl.selected
        while self.step.wants not in ("next", "end") and self.step.done(state, selected):
            if self.step.wants == "watch" and self.ctl.busy:
                break  # the computer's turn is still playing out on screen: the next card waits for it
            self.advance()

    def game_over(self) -> None:
        """The real end comes as the last card, over the final board (the menu is one click away)."""
        if self.step.wants != "end":
            self.index = len(STEPS) - 1

    # ----- input -----

    def event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.leaving:
                self.app.router.go("menu")
                return
            if self.step.wants == "next":
                self.advance()
                return
            if self.step.wants == "end":
                self.app.router.go("menu")
                return
        if not self.leaving:
            super().event(event)

    def intent(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.back()
            return
        super().intent(intent)

    def click(self, pos: Point) -> None:
        """The card's buttons first; a click on the card or under the question stays off the board."""
        spot = hit(self.card_spots, pos)
        if spot is not None:
            self.card_button(spot.kind)
            return
        if self.leaving:
            return
        super().click(pos)

    @property
    def spots(self) -> list[Hotspot]:
        """The card's buttons, the one to press first first: a controller's focus moves among them and A
        presses one (gamepad.py). Empty while the step is done on the board, so the board's cursor plays."""
        buttons = [spot for spot in self.card_spots if spot.kind in BUTTON_ORDER]
        return sorted(buttons, key=lambda spot: BUTTON_ORDER.index(spot.kind))

    def card_button(self, kind: str) -> None:
        if kind == "next":
            self.advance()
        elif kind in ("real", "leave"):
            self.app.router.go("menu")
        elif kind == "stay":
            self.leaving = False

    def back(self) -> None:
        """Esc: ask before leaving (a second Esc keeps playing); after the last step, simply leave."""
        if self.step.wants == "end":
            self.app.router.go("menu")
        else:
            self.leaving = not self.leaving

    # ----- drawing -----

    def target(self) -> tuple[pygame.Rect | None, pygame.Rect | None, bool]:
        """What the step points at (ringed), what the card must not cover, and whether it is a space."""
        ctl, step = self.ctl, self.step
        assert ctl is not None
        spots = self.sidebar.spots
        if step.wants == "line" or (step.line and ctl.selected != step.line and step.wants == "space"):
            chip = next((s.rect for s in spots if s.kind == "line" and s.value == step.line), None)
            return chip, None, False
        if step.wants == "branch":
            return next((s.rect for s in spots if s.kind == "branch"), None), None, False
        if step.wants == "route":
            rects = [s.rect for s in spots if s.kind in ("go", "route")]
            return (rects[0].unionall(rects[1:]) if rects else None), None, False
        if step.key == "cards":  # the face-up destinations below the board, with their heading
            cards = [s.rect for s in self.cards.spots if s.kind == "card"]
            if not cards:
                return None, None, False
            row = cards[0].unionall(cards[1:])
            strip = pygame.Rect(*(round(v) for v in self.strip_rect()))
            heading = pygame.Rect(row.x - style.ui(6), strip.y + style.ui(4), row.width + style.ui(12), 1)
            return row.union(heading), None, False
        if step.wants == "space" and step.link is not None and ctl.person_may_act():
            link = script.link_between(self.tutorial_board, *step.link)
            space = self._space_rect(link)
            ends = [self._node_rect(node) for node in (self.tutorial_board.links[link].a,
                                                       self.tutorial_board.links[link].b)]
            return space, space.unionall(ends).inflate(style.ui(60), style.ui(40)), True
        return None, None, False

    def _space_rect(self, link: int) -> pygame.Rect:
        """The asked-for space as a slim box along its track (a ring round it then leaves the names beside
        the track readable); a round spot where the track runs at a slant."""
        assert self.ctl is not None and self.overlay is not None
        x, y = BoardCursor.space_point(self, link)
        path = self.overlay.slot_screen(link, len(self.ctl.shown.tracks[link]))
        (x0, y0), (x1, y1) = path[0], path[-1]
        assert self.view is not None
        thick = max(4, round(self.view.metrics.slot_width * self.view.camera.scale))  # the track's width
        r = style.ui(16)
        if abs(y1 - y0) < 1 < abs(x1 - x0):
            long = max(2 * r, round(abs(x1 - x0) * SPACE_SHARE))
            return pygame.Rect(round(x) - long // 2, round(y) - thick // 2, long, thick)
        if abs(x1 - x0) < 1 < abs(y1 - y0):
            long = max(2 * r, round(abs(y1 - y0) * SPACE_SHARE))
            return pygame.Rect(round(x) - thick // 2, round(y) - long // 2, thick, long)
        return pygame.Rect(round(x) - r, round(y) - r, 2 * r, 2 * r)

    def _node_rect(self, node: int) -> pygame.Rect:
        assert self.view is not None and self.board is not None
        x, y = self.view.camera.to_screen((self.board.nodes[node].x, self.board.nodes[node].y))
        return pygame.Rect(round(x) - 10, round(y) - 10, 20, 20)

    def words(self) -> CardText:
        step = self.step
        assert self.ctl is not None
        body = text.tr(f"tutorial.{step.key}.more")
        if step.wants == "end":
            points = [player.points for player in self.ctl.state.players]
            mine, theirs = points[script.LEARNER], points[script.OPPONENT]
            score = text.ntr("tutorial.end.score", mine, count=mine, other=theirs,
                             name=text.tr("tutorial.opponent_name"))
            body = f"{score} {body}"
        return CardText(text.tr(f"tutorial.{step.key}"), body,
                        text.tr("tutorial.progress", number=self.index + 1, total=len(STEPS)),
                        text.tr("tutorial.esc") if step.wants != "end" else "", self.nudge)

    def caption(self) -> str:
        return text.tr("tutorial.menu")

    def buttons(self) -> list[tuple[str, str, bool]]:
        if self.step.wants == "next":
            return [("next", text.tr("tutorial.next"), True)]
        if self.step.wants == "end":
            return [("real", text.tr("tutorial.real_game"), True)]
        return []

    def draw(self, surface: pygame.Surface) -> None:
        area = pygame.Rect(*(round(v) for v in self.board_rect()))
        surface.fill(style.PAPER, area)  # the card's column: the map view paints only its own part
        super().draw(surface)
        if self.ctl is None or self.overlay is None:
            return
        if self.leaving:
            shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
            shade.fill((*style.INK, 120))
            surface.blit(shade, (0, 0))
            words = CardText(text.tr("tutorial.leave"), text.tr("tutorial.leave.more"))
            self.card_spots = draw_card(surface, area, words, [("leave", text.tr("tutorial.leave.yes"), False),
                                                          ("stay", text.tr("tutorial.leave.no"), True)],
                                   None, self.hover, centred=True)
            return
        target, avoid, is_space = self.target()
        if target is not None and not self.ctl.busy:
            if is_space and self.step.link is not None and self.ctl.selected == self.step.line:
                link = script.link_between(self.tutorial_board, *self.step.link)
                self.overlay.hovered(surface, self.ctl, link)  # lit as the mouse would light it
            ring(surface, target, self.time, is_space)
        stations = [self._node_rect(node.index).inflate(style.ui(120), style.ui(40))
                    for node in self.tutorial_board.nodes]
        if any(isinstance(layer, PadLayer) and layer.active for layer in self.app.layers):
            foot = style.ui(15) * 2 + 42  # a controller's button hints at the foot of the board (pad_cursor.py)
            stations.append(pygame.Rect(area.x, area.bottom - foot, area.width, foot))
        self.card_spots = draw_card(surface, area, self.words(), self.buttons(), avoid or target, self.hover, stations)
