"""The play screen, for now: the board with its camera, and a game moved along by computer players.

Every seat is played by the random bot until the play screen's own input lands; the events the engine
reports drive the animations (the passenger walks his route).
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pygame

from game.board.loader import load_board
from game.board.model import Board, BoardError
from game.rules.state import GameState, new_game
from game.ui import geometry, saves, style, symbols, text
from game.ui.app import App, Scene
from game.ui.board_view import BoardView
from game.ui.intents import Intent
from game.ui.setup import GameSetup, Seat
from game.ui.snapshot import BoardSnapshot

SIDEBAR = 340
ACTION_INTERVAL = 0.35  # seconds between computer actions
RIDE_SECONDS = 1.2  # how long the passenger takes for one trip
OVER_PAUSE = 5.0  # seconds the final scores stay up before show mode starts again

Point = tuple[float, float]


def route_polyline(board: Board, path: tuple[int, ...]) -> list[Point]:
    """The drawn path the passenger follows through a list of nodes."""
    points: list[Point] = []
    for a, b in itertools.pairwise(path):
        link = board.links[board.link_between[(a, b)]]
        points.extend(link.path_from(a) if not points else link.path_from(a)[1:])
    if not points and path:
        node = board.nodes[path[0]]
        points = [(node.x, node.y)]
    return points


def branch_icon(surface: pygame.Surface, centre: Point, radius: float) -> None:
    """A branch token: a dark disc with a forking line."""
    cx, cy = centre
    symbols.disc(surface, style.INK, centre, radius)
    w = max(1.5, radius * 0.24)
    symbols.thick_line(surface, style.HALO, (cx, cy + radius * 0.6), (cx, cy - radius * 0.05), w)
    symbols.thick_line(surface, style.HALO, (cx, cy), (cx - radius * 0.45, cy - radius * 0.55), w)
    symbols.thick_line(surface, style.HALO, (cx, cy), (cx + radius * 0.45, cy - radius * 0.55), w)


class PlayScene(Scene):
    """Shows one game: the board on the left, the table (seats, scores) on the right."""

    action_interval = ACTION_INTERVAL

    def __init__(self, app: App, setup: GameSetup, board: Board | None = None,
                 state: GameState | None = None) -> None:
        super().__init__(app)
        self.setup = setup
        self.error = ""
        self.board: Board | None = board
        if self.board is None:
            try:
                self.board = load_board(setup.board)
            except BoardError as error:
                self.error = text.tr("error.board", reason=str(error))
        self.seed = setup.seed if setup.seed is not None else random.randrange(1 << 30)
        self.rng = random.Random(self.seed)
        self.state: GameState | None = None
        self.view: BoardView | None = None
        if self.board is not None:
            self.state = state or new_game(self.board, setup.players, self.seed)
            self.view = BoardView(self.board, self.board_rect())
        self.snapshot = BoardSnapshot.of(self.state) if self.state else None
        self.time = 0.0
        self.timer = 0.0
        self.ride: tuple[list[Point], float] | None = None  # polyline, progress 0..1
        self.rides: list[list[Point]] = []
        self.over_for = 0.0

    @classmethod
    def from_autosave(cls, app: App) -> PlayScene | None:
        """Continue the autosaved game: {"setup": {...}, "state": GameState.to_json()}; None if unusable."""
        data = saves.load_autosave()
        if not data:
            return None
        try:
            raw = data["setup"]
            setup = GameSetup(str(raw["board"]), [Seat(str(s["kind"]), str(s["name"])) for s in raw["seats"]],
                              raw.get("seed"))
            board = load_board(setup.board)
            state = GameState.from_json(data["state"], board)
        except (KeyError, TypeError, ValueError, BoardError):
            return None
        return cls(app, setup, board, state)

    # ----- layout -----

    def board_rect(self) -> tuple[float, float, float, float]:
        w, h = self.app.size
        return (0, 0, max(10, w - SIDEBAR), h)

    def resize(self, size: tuple[int, int]) -> None:
        if self.view is not None:
            self.view.resize(self.board_rect())

    # ----- input -----

    def intent(self, intent: Intent) -> None:
        if self.view is not None and self.view.handle(intent):
            return
        if intent.kind == "back":
            self.back()

    def back(self) -> None:
        from game.ui.menu import MenuScene

        self.app.replace(MenuScene(self.app))

    # ----- the game moving -----

    def update(self, dt: float) -> None:
        self.time += dt
        if self.state is None:
            return
        if self.ride is not None:
            points, progress = self.ride
            progress += dt / RIDE_SECONDS
            self.ride = (points, progress) if progress < 1 else None
            if self.ride is None and self.rides:
                self.ride = (self.rides.pop(0), 0.0)
            return
        if self.state.phase == "over":
            self.over_for += dt
            if self.over_for >= OVER_PAUSE:
                self.game_over()
            return
        self.timer += dt
        if self.timer < self.action_interval:
            return
        self.timer = 0.0
        actions = self.state.legal_actions()
        if actions:
            self.play(self.rng.choice(actions))

    def play(self, action: Any) -> None:
        """Apply one action and start the animations its events call for."""
        assert self.state is not None and self.board is not None
        events = self.state.apply(action)
        for event in events:
            if event.kind == "passenger" and len(event.path) > 1:
                self.rides.append(route_polyline(self.board, tuple(event.path)))
        if self.rides and self.ride is None:
            self.ride = (self.rides.pop(0), 0.0)
        self.snapshot = BoardSnapshot.of(self.state)

    def game_over(self) -> None:
        """The play screen keeps the final board up; show mode overrides this to start again."""

    def passenger_at(self) -> Point | None:
        if self.ride is None:
            return None
        points, progress = self.ride
        eased = progress * progress * (3 - 2 * progress)
        return geometry.point_along(points, eased)

    # ----- drawing -----

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(style.PAPER)
        if self.view is not None:
            self.view.draw(surface, self.snapshot, self.time, self.passenger_at())
        else:
            message = style.font(20, "semibold").render(self.error, True, style.INK_SOFT)
            surface.blit(message, message.get_rect(center=(surface.get_width() // 2, surface.get_height() // 2)))
        self.draw_sidebar(surface)

    def caption(self) -> str:
        return text.board_title(self.board.name if self.board else self.setup.board)

    def draw_sidebar(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        panel = pygame.Rect(w - SIDEBAR, 0, SIDEBAR, h)
        pygame.draw.rect(surface, style.PAPER_DARK, panel)
        pygame.draw.line(surface, style.mix(style.PAPER_DARK, style.INK, 0.15), panel.topleft, panel.bottomleft, 2)
        x, y = panel.x + 28, 30
        title = style.font(30, "black").render(self.caption(), True, style.INK)
        surface.blit(title, (x, y))
        y += title.get_height() + 4
        state = self.state
        if state is None:
            return
        status = self.status_line(state)
        line = style.font(17, "semibold").render(status, True, style.INK_SOFT)
        surface.blit(line, (x, y))
        y += line.get_height() + 22
        for seat, player in enumerate(state.players):
            y = self.draw_seat(surface, x, y, seat, player, seat == state.current and state.phase != "over")
        y += 10
        self.draw_cards(surface, x, y, state)
        hint = style.font(13, "regular").render(text.tr("play.hint"), True, style.INK_SOFT)
        if hint.get_width() > SIDEBAR - 40:
            hint = style.font(11, "regular").render(text.tr("play.hint"), True, style.INK_SOFT)
        surface.blit(hint, (panel.x + 20, h - 30))

    def status_line(self, state: GameState) -> str:
        if state.phase == "over":
            return text.tr("play.over")
        if state.phase == "passenger":
            return text.tr("play.passenger")
        return text.tr("play.actions_left", count=state.actions_left)

    def draw_seat(self, surface: pygame.Surface, x: int, y: int, seat: int, player: Any, active: bool) -> int:
        row = pygame.Rect(x - 12, y - 8, SIDEBAR - 32, 76)
        if active:
            pygame.draw.rect(surface, style.PAPER, row, border_radius=10)
            pygame.draw.rect(surface, style.GOLD, row, 2, border_radius=10)
        name = self.setup.seats[seat].name if seat < len(self.setup.seats) else text.tr(
            "menu.seat.default_name", number=seat + 1)
        label = style.font(19, "bold").render(name, True, style.INK)
        surface.blit(label, (x, y))
        points = style.font(22, "black").render(str(player.points), True, style.INK)
        surface.blit(points, (row.right - 16 - points.get_width(), y - 2))
        lx = x
        for line in player.lines:
            colour = style.line_colour(line)
            chip = pygame.Rect(lx, y + 32, 52, 22)
            pygame.draw.rect(surface, style.line_edge(line), chip, border_radius=6)
            pygame.draw.rect(surface, colour, chip.inflate(-4, -4), border_radius=5)
            left = self.state.lines[line].tokens_left if self.state and line in self.state.lines else 0
            ink = style.INK if sum(colour) > 450 else style.HALO
            count = style.font(14, "bold").render(str(left), True, ink)
            surface.blit(count, count.get_rect(center=chip.center))
            lx += 58
        tokens = style.font(16, "bold").render(str(player.branch_tokens), True, style.INK)
        tx = row.right - 16 - tokens.get_width()
        surface.blit(tokens, (tx, y + 34))
        branch_icon(surface, (tx - 14, y + 43), 9)
        return y + 88

    def draw_cards(self, surface: pygame.Surface, x: int, y: int, state: GameState) -> None:
        assert self.board is not None
        for station, kind in state.face_up:
            card = pygame.Rect(x, y, SIDEBAR - 56, 30)
            fill = style.GOLD if kind == "express" else style.HALO
            pygame.draw.rect(surface, fill, card, border_radius=6)
            pygame.draw.rect(surface, style.INK, card, 1, border_radius=6)
            name = style.font(15, "bold").render(self.board.nodes[station].name, True, style.INK)
            surface.blit(name, (card.x + 12, card.centery - name.get_height() // 2))
            y += 36
        deck = style.font(14, "regular").render(text.tr("play.deck", count=state.deck_size), True, style.INK_SOFT)
        surface.blit(deck, (x + 2, y + 2))


class ShowScene(PlayScene):
    """Show mode: computer players on a loop, a new game when one ends."""

    action_interval = 0.2

    def game_over(self) -> None:
        assert self.board is not None
        self.seed += 1
        self.state = new_game(self.board, self.setup.players, self.seed)
        self.snapshot = BoardSnapshot.of(self.state)
        self.over_for = 0.0

    def intent(self, intent: Intent) -> None:
        if intent.kind == "back":
            self.app.quit()
            return
        super().intent(intent)

    def caption(self) -> str:
        return text.tr("show.title")
