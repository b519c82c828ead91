"""Show mode for conventions: computer players on a loop, a new city every game, and an invitation to play.

With `--replay FILE.json` the show plays that saved game back instead, from its first action, over and over
(replay/script.py reads it; every seat is played by the record). Any key, click or controller button
opens the menu; after `show_idle_minutes` without input anywhere else, the show comes back by itself.
Time is the App's `dt`, so tests drive the idle timer with a few long frames instead of waiting minutes.
"""

from __future__ import annotations

import math
from pathlib import Path

import pygame

from game import resources
from game.board.loader import builtin_boards, load_board
from game.board.model import Board, BoardError
from game.rules.state import GameState
from game.ui import style, text
from game.ui.board.overlay import BoardOverlay
from game.ui.board.passenger import PassengerView
from game.ui.input.intents import Intent
from game.ui.replay.script import ReplayError, ReplayScript
from game.ui.scenes.play import PlayScene
from game.ui.stage import Layer, Window
from game.ui.table.session import GameSession, bot_for
from game.ui.table.setup import GameSetup, Seat
from game.ui.table.turns import TurnController

ROTATION = ("london", "berlin", "newyork", "london_classic")
SHOW_PLAYERS = 4
SHOW_BOT_DELAY = 0.45  # seconds between a computer's actions: slow enough to follow from a few metres
SHOW_OVER_PAUSE = 6.0  # the final board stays up this long before the next city
BUS_SHOW_PLAYERS = 4  # the bus tour is for 2 to 4
DEFAULT_IDLE_MINUTES = 3
WAKE_EVENTS = frozenset({pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.CONTROLLERBUTTONDOWN,
                         pygame.JOYBUTTONDOWN, pygame.FINGERDOWN})
ACTIVITY_EVENTS = WAKE_EVENTS | {pygame.MOUSEMOTION, pygame.MOUSEWHEEL, pygame.TEXTINPUT}
STICK_NUDGE = 8000  # a controller axis moved this far (of 32767) counts as someone being there
WAKE_GRACE = 0.4  # seconds after waking in which presses are dropped: one press must not also click the menu


def next_board(current: str, available: list[str] | None = None) -> str:
    """The city after `current` in the show's rotation; a board outside it (a file) simply repeats."""
    boards = builtin_boards() if available is None else available
    cycle = [name for name in ROTATION if name in boards]
    if current not in cycle:
        return current
    return cycle[(cycle.index(current) + 1) % len(cycle)]


def show_seats(players: int) -> list[Seat]:
    """Computers on every seat, unnamed: "Computer 1"…, said in the language of the moment."""
    return [Seat("normal") for _ in range(players)]


class ShowScene(PlayScene):
    """Computers play; when a game ends the final board stays a moment, then the next city is dealt.

    Nothing is saved and there are no buttons: the attract overlay says how to start playing.
    """

    autosave = False
    show_controls = False
    is_show = True  # the show layer wakes any show into the menu (the bus tour's too)
    recover_to = "show"  # an unexpected error starts the show again: it runs unattended

    def __init__(self, app: Window, setup: GameSetup, board: Board | None = None, state: GameState | None = None,
                 session: GameSession | None = None, script: ReplayScript | None = None,
                 replay: Path | None = None) -> None:
        self.script = script  # a saved game to play back, again and again, instead of new games
        self.replay = replay  # its file, so the show comes back to it after people have played
        if script is not None:
            setup, board, session = script.setup, script.board, script.session()
        super().__init__(app, setup, board, state, session)
        self.games = 1

    @classmethod
    def starting(cls, app: Window, board: str | None = None, players: int | None = None,
                 seed: int | None = None, replay: Path | None = None) -> ShowScene:
        """The show on `board` (the first city of the rotation without one), for the router's "show";
        with `replay`, that saved game played back (a file that cannot be, and the usual show says why)."""
        problem = ""
        if replay is not None:
            try:
                script = ReplayScript.read(replay)
                return cls(app, script.setup, script=script, replay=replay)
            except ReplayError as error:
                problem = str(error)
        cycle = [name for name in ROTATION if name in builtin_boards()]
        first = board or (cycle[0] if cycle else (builtin_boards() or [""])[0])
        scene = cls(app, GameSetup(first, show_seats(players or SHOW_PLAYERS), seed))
        if problem and scene.ctl is not None:
            scene.ctl.say(problem)
        return scene

    def _controller(self, session: GameSession) -> TurnController:
        for seat in range(session.state.player_count):
            if seat not in session.bots:
                session.bots[seat] = bot_for("normal", session.seed * 31 + seat)
        ctl = super()._controller(session)
        ctl.bot_delay = SHOW_BOT_DELAY
        return ctl

    def enter(self) -> None:
        layer = show_layer(self.app)
        if layer is None:
            layer = ShowLayer()
            self.app.layers.insert(0, layer)  # first: a key that wakes the show must reach nobody else
        layer.board = self.setup.board
        layer.players = self.setup.players
        layer.replay = self.replay

    def update(self, dt: float) -> None:
        """As a game at the table; a record that stops before the game's end ends there, as a game would."""
        ctl = self.ctl
        if self.script is not None and ctl is not None and len(ctl.state.log) >= self.script.length:
            self.time += dt
            ctl.queue.update(dt)
            if not ctl.busy:
                ctl.over_time += dt
                self.game_over()
            return
        super().update(dt)

    def game_over(self) -> None:
        """Keep the final board up for a moment, then deal a new game in the next city (or the record again)."""
        assert self.ctl is not None
        if self.ctl.over_time < SHOW_OVER_PAUSE:
            return
        if self.script is not None:
            self.games += 1
            self.session = self.script.session()
            self.ctl = self._controller(self.session)
            return
        in_rotation = self.setup.board in ROTATION  # a board of one's own, shown at an event, simply repeats
        if in_rotation and resources.bus_board_names() and self.app.router.replace(
                "bus_show", after=next_board(self.setup.board), players=min(self.setup.players, BUS_SHOW_PLAYERS)):
            return  # the shows alternate: a game of the London bus tour, then the next city
        self.deal(next_board(self.setup.board))

    def deal(self, board_name: str) -> None:
        """A new game on `board_name` (the same board again if it cannot be opened)."""
        board = self.board
        if board_name != self.setup.board or board is None:
            try:
                board = load_board(board_name)
            except BoardError:
                board_name, board = self.setup.board, self.board
        if board is None:
            return
        self.seed += 1
        self.games += 1
        self.setup = GameSetup(board_name, self.setup.seats, self.seed)
        if board is not self.board:
            self.board = board
            self.view = self._new_view(board)
            self.overlay = BoardOverlay(self.view)
            self.passenger = PassengerView(self.overlay)
        self.session = GameSession(board, self.setup, None, self.seed)
        self.ctl = self._controller(self.session)
        layer = show_layer(self.app)
        if layer is not None:
            layer.board = board_name

    def sidebar_rect(self) -> pygame.Rect:
        """The side panel above the invitation, which takes the column's foot: the map keeps its whole
        area (boards have the map area's shape, so a band under the map would shrink every name)."""
        return above_invitation(super().sidebar_rect())

    def intent(self, intent: Intent) -> None:
        if intent.kind == "back":
            open_menu(self.app)
            return
        super().intent(intent)

    def animating(self) -> bool:
        """A show is always moving: the computers play and the invitation breathes."""
        return True

    def caption(self) -> str:
        if self.script is not None:
            return text.tr("replay.caption", board=text.board_title(self.script.board))
        return text.board_title(self.setup.board)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.view is not None:
            attract(surface, invitation_rect(super().sidebar_rect()), self.time, self.caption())


def band_height(screen_height: int) -> int:
    """The invitation's height: under a third of the screen, so the title reads from across a hall."""
    return max(200, round(screen_height * 0.3))


def invitation_rect(column: pygame.Rect) -> pygame.Rect:
    """Where the invitation goes: the foot of the right-hand column (which runs the screen's height)."""
    height = min(band_height(column.height), column.height // 2)
    return pygame.Rect(column.x, column.bottom - height, column.width, height)


def above_invitation(column: pygame.Rect) -> pygame.Rect:
    """The rest of the column, for its panel."""
    band = invitation_rect(column)
    return pygame.Rect(column.x, column.y, column.width, band.y - column.y)


def attract(surface: pygame.Surface, band: pygame.Rect, time: float, city: str) -> None:
    """The invitation beside the running game: the title and "Press any key or button to play", breathing."""
    height = band.height
    room = band.width - 2 * max(16, band.width // 14)
    pygame.draw.rect(surface, style.INK, band)
    stripe = band.width / len(style.LINE_COLOURS)
    for k, colour in enumerate(style.LINE_COLOURS.values()):  # the eleven lines, as in the menu's title rule
        pygame.draw.rect(surface, colour, pygame.Rect(round(band.x + k * stripe), band.y, math.ceil(stripe), 6))
    words = text.tr("app.title")
    size = round(height * 0.3)
    size = min(size, int(size * room / max(1, style.font(size, "black").size(words)[0])))  # shrink, never cut
    title = style.text(words, size, "black", style.HALO)
    title_rect = title.get_rect(midtop=(band.centerx, band.y + round(height * 0.1)))
    surface.blit(title, title_rect)
    breath = 0.5 + 0.5 * math.sin(time * 2 * math.pi / 2.6)
    size = round(height * 0.13)
    top = title_rect.bottom + round(height * 0.04 * (1 + breath))
    for line in style.wrap(text.tr("show.press"), size, "bold", room):
        prompt = style.fit_text(line, size, "bold", style.GOLD, room).copy()
        prompt.set_alpha(round(255 * (0.6 + 0.4 * breath)))
        surface.blit(prompt, prompt.get_rect(midtop=(band.centerx, top)))
        top += prompt.get_height()
    caption = style.fit_text(f"{city} · {text.tr('show.caption')}", max(13, round(height * 0.06)), "semibold",
                             style.mix(style.HALO, style.INK, 0.35), room)
    surface.blit(caption, caption.get_rect(midbottom=(band.centerx, band.bottom - round(height * 0.05))))


# ----- starting, leaving and coming back -----
# The show starts alone on the stack: `app.router.go("show")` from the menu's Show mode button, --show or
# the idle timer.


def open_menu(app: Window) -> None:
    """Someone wants to play: the menu, with the idle timer running."""
    layer = show_layer(app)
    if layer is not None:
        layer.idle = 0.0
        layer.grace = WAKE_GRACE
    app.router.replace("menu")


def show_layer(app: Window) -> ShowLayer | None:
    """The window's show layer, once show mode has run in it."""
    return next((layer for layer in app.layers if isinstance(layer, ShowLayer)), None)


class ShowLayer(Layer):
    """Wakes the show into the menu on any key, click or button, and brings it back after idle minutes.

    Present once show mode has run in this window: people who never asked for a show never get one.
    """

    def __init__(self) -> None:
        self.idle = 0.0  # seconds since the last input anywhere outside the show
        self.board = ""  # the city last shown, so the show resumes with the next one
        self.players = SHOW_PLAYERS
        self.replay: Path | None = None  # the saved game the show plays back, if it was started with one
        self.grace = 0.0  # a controller reports one press as a joystick and a controller event: drop the echo

    @staticmethod
    def minutes(app: Window) -> float:
        store = getattr(app, "store", None)
        return float(getattr(getattr(store, "settings", None), "show_idle_minutes", DEFAULT_IDLE_MINUTES))

    def event(self, app: Window, event: pygame.event.Event) -> bool:
        if event.type in ACTIVITY_EVENTS or (
                event.type == pygame.CONTROLLERAXISMOTION and abs(getattr(event, "value", 0)) > STICK_NUDGE):
            self.idle = 0.0
        if event.type in WAKE_EVENTS and self.grace > 0:
            return True
        if not getattr(app.scene, "is_show", False) or event.type not in WAKE_EVENTS:
            return False
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            return False  # full screen still toggles
        open_menu(app)
        return True

    def update(self, app: Window, dt: float) -> None:
        self.grace = max(0.0, self.grace - dt)
        if getattr(app.scene, "is_show", False):  # either game's show
            self.idle = 0.0
            return
        self.idle += dt
        if self.idle >= self.minutes(app) * 60:
            self.idle = 0.0
            app.router.go("show", board=next_board(self.board) if self.board else None, players=self.players,
                          replay=self.replay)
