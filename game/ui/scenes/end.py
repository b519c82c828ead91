"""The end of a game: the final ranking, the tie-break if it decided anything, and every player's score
turn by turn as a chart drawn with pygame primitives. New game (same table), watch the whole game again
(the replay, R), or back to the menu.
"""

from __future__ import annotations

import itertools

import pygame

from game.ui import style, text
from game.ui.board import symbols
from game.ui.input.intents import Intent
from game.ui.panels.widgets import Hotspot, branch_icon, button, hit, seat_badge
from game.ui.stage import Scene, Window
from game.ui.table.session import GameSession
from game.ui.table.setup import GameSetup

LEFT_W = 600
CHART_GAP = 14  # between the chart's lowest label and the replay button
SHADES = (0.0, 0.5, 0.22, 0.64, 0.36)  # each seat's ink on the chart, paper mixed in: told apart without hue


def _s(value: float) -> int:
    """A design-size length at the panels' scale, the players' text size included (as the menu's)."""
    return style.ui(value)


def seat_ink(seat: int) -> style.Colour:
    return style.mix(style.INK, style.PAPER, SHADES[seat % len(SHADES)])


def tie_break_note(session: GameSession) -> str:
    """One line about the tie-break, or "" when the points alone decided."""
    players = session.state.players
    top = max(p.points for p in players)
    tied = [seat for seat, p in enumerate(players) if p.points == top]
    if len(tied) < 2:
        return ""
    if len(session.state.winners) == 1:
        return text.ntr("end.tiebreak", top, points=top)
    return text.tr("end.tiebreak_shared")


class EndScene(Scene):
    """Final scores and the score chart; `spots` are the three buttons."""

    def __init__(self, app: Window, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.spots: list[Hotspot] = []
        self.hover: tuple[int, int] | None = None

    # ----- input -----

    def intent(self, intent: Intent) -> None:
        if intent.kind == "hover":
            self.hover = (int(intent.pos[0]), int(intent.pos[1])) if intent.pos else None
        elif intent.kind == "select" and intent.pos is not None:
            spot = hit(self.spots, intent.pos)
            if spot is not None and spot.kind == "new":
                self.new_game()
            elif spot is not None and spot.kind == "menu":
                self.menu()
            elif spot is not None and spot.kind == "replay":
                self.replay()
        elif intent.kind == "back":
            self.menu()

    def event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.new_game()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_r:
            self.replay()

    def new_game(self) -> None:
        old = self.session.setup
        setup = GameSetup(old.board, list(old.seats), None)
        self.app.router.replace("play", setup=setup, board=self.session.board)

    def menu(self) -> None:
        self.app.router.replace("menu")

    def replay(self) -> None:
        """The whole game again from its first action (Esc there comes back here)."""
        self.app.router.replace("replay", session=self.session)

    # ----- drawing -----

    def animating(self) -> bool:
        """A still screen: frames only for input (pacing.py)."""
        return False

    def draw(self, surface: pygame.Surface) -> None:
        """Every length is a design-size one at the panels' scale (`_s`), so the players' text size and the
        window's size grow this screen as they do every other (the panels' scale keeps it inside the window)."""
        surface.fill(style.PAPER)
        w, h = surface.get_size()
        left = min(_s(LEFT_W), int(w * 0.4))
        pygame.draw.rect(surface, style.PAPER_DARK, pygame.Rect(0, 0, left, h))
        x, y = _s(56), _s(48)
        inner = left - 2 * x
        title = style.fit_text(text.tr("end.title"), _s(52), "black", style.INK, inner)
        surface.blit(title, (x, y))
        y += title.get_height()
        turns = max(0, len(self.session.history) - 1)
        sub = text.ntr("end.board", turns, board=text.board_title(self.session.board), turns=turns)
        surface.blit(style.fit_text(sub, _s(18), "italic", style.INK_SOFT, inner), (x, y))
        y += _s(40)
        state = self.session.state
        winners = state.winners
        names = [self.session.name(s) for s in winners]
        headline = text.tr("end.winner", name=names[0]) if len(names) == 1 else text.tr(
            "end.shared", names=text.joined(names))
        surface.blit(style.fit_text(headline, _s(30), "black", style.GOLD_DARK, inner), (x, y))
        y += _s(44)
        note = tie_break_note(self.session)
        if note:
            surface.blit(style.fit_text(note, _s(17), "semibold", style.INK_SOFT, inner), (x, y))
            y += _s(30)
        y += _s(10)
        ranking = sorted(range(state.player_count),
                         key=lambda s: (-state.players[s].points, -state.players[s].branch_tokens, s))
        for place, seat in enumerate(ranking):
            y = self._row(surface, pygame.Rect(x, y, inner, _s(74)), place, seat, seat in winners) + _s(10)
        by, tall = max(y + _s(20), h - _s(110)), _s(56)
        narrow = min(1.0, (inner - _s(16)) / _s(380))  # both buttons inside the panel, however narrow
        new = pygame.Rect(x, by, round(_s(220) * narrow), tall)
        menu = pygame.Rect(new.right + _s(16), by, round(_s(160) * narrow), tall)
        watch = pygame.Rect(0, by, min(_s(320), w - left - _s(140)), tall)  # under the chart: its game, again
        watch.right = w - _s(70)
        for rect, label, key, primary in ((watch, "end.replay", text.tr("end.replay_key"), False),
                                          (new, "end.new_game", "", True), (menu, "end.menu", "", False)):
            button(surface, rect, text.tr(label), key, primary=primary, size=_s(19),
                   hovered=self.hover is not None and rect.collidepoint(self.hover))
        self.spots = [Hotspot(new, "new"), Hotspot(menu, "menu"), Hotspot(watch, "replay")]
        chart_top = _s(110)  # the chart, its axis labels included, ends clear above the replay button under it
        self._chart(surface, pygame.Rect(left + _s(70), chart_top, w - left - _s(140),
                                         watch.top - _s(CHART_GAP) - chart_top))

    def _row(self, surface: pygame.Surface, rect: pygame.Rect, place: int, seat: int, winner: bool) -> int:
        """A ranked seat: place, star, badge and marker, name and line chips, then branch tokens and points."""
        player = self.session.state.players[seat]
        pygame.draw.rect(surface, style.HALO, rect, border_radius=_s(12))
        if winner:
            pygame.draw.rect(surface, style.GOLD, rect, max(2, _s(3)), border_radius=_s(12))
        rank = style.text(str(place + 1), _s(30), "black", style.INK_SOFT)
        surface.blit(rank, rank.get_rect(midleft=(rect.x + _s(22), rect.centery)))
        if winner:
            symbols.star(surface, style.GOLD_DARK, (rect.x + _s(60), rect.centery), _s(13))
        seat_badge(surface, (rect.x + _s(100), rect.y + _s(26)), _s(12), seat)
        _marker(surface, seat, (rect.x + _s(100), rect.y + _s(52)), _s(5),
                style.GOLD_DARK if winner else seat_ink(seat))
        points = style.text(str(player.points), _s(38), "black", style.INK)
        surface.blit(points, points.get_rect(midright=(rect.right - _s(20), rect.centery - _s(2))))
        tokens = style.text(str(player.branch_tokens), _s(16), "bold", style.INK_SOFT)
        tx = rect.right - _s(40) - points.get_width() - tokens.get_width()
        surface.blit(tokens, tokens.get_rect(midleft=(tx, rect.centery + _s(2))))
        branch_icon(surface, (tx - _s(14), rect.centery + _s(2)), _s(9), style.INK_SOFT)
        name_x = rect.x + _s(122)  # the name runs up to the branch tokens, never under them
        name = style.fit_text(self.session.name(seat), _s(22), "bold", style.INK, tx - _s(32) - name_x)
        surface.blit(name, (name_x, rect.y + _s(12)))
        for k, line in enumerate(player.lines):
            chip = pygame.Rect(name_x + k * _s(36), rect.y + _s(46), _s(30), _s(12))
            pygame.draw.rect(surface, style.line_edge(line), chip, border_radius=_s(4))
            pygame.draw.rect(surface, style.line_colour(line), chip.inflate(-4, -4), border_radius=_s(3))
        return rect.bottom

    def _chart(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Lines of score per turn, one per seat, with a light grid and the final score at the end."""
        if area.width < _s(100) or area.height < _s(100):
            return
        history = self.session.history
        heading = style.fit_text(text.tr("end.chart"), _s(22), "black", style.INK, area.width)
        surface.blit(heading, (area.x, area.y - _s(50)))
        tick_h = style.text("0", _s(14), "semibold", style.INK_SOFT).get_height()
        axis = style.text(text.tr("end.turn_axis"), _s(14), "italic", style.INK_SOFT)
        under = _s(8) + tick_h + axis.get_height()  # the turn numbers and the axis's name, inside the area
        plot = pygame.Rect(area.x + _s(44), area.y, area.width - _s(44 + 150), area.height - under)
        top = max([1] + [v for row in history for v in row])
        step = next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if top / s <= 8)
        top = ((top + step - 1) // step) * step
        turns = max(1, len(history) - 1)
        grid = style.mix(style.PAPER, style.INK, 0.12)

        def at(turn: int, value: float) -> tuple[float, float]:
            return (plot.x + plot.width * turn / turns, plot.bottom - plot.height * value / top)

        for value in range(0, top + 1, step):
            y = at(0, value)[1]
            pygame.draw.line(surface, grid, (plot.x, y), (plot.right, y), 1)
            label = style.text(str(value), _s(14), "semibold", style.INK_SOFT)
            surface.blit(label, label.get_rect(midright=(plot.x - _s(10), y)))
        tick = max(1, turns // 12)
        for turn in range(0, turns + 1, tick):
            x = at(turn, 0)[0]
            pygame.draw.line(surface, grid, (x, plot.bottom), (x, plot.bottom + _s(6)), 1)
            label = style.text(str(turn), _s(14), "semibold", style.INK_SOFT)
            surface.blit(label, label.get_rect(midtop=(x, plot.bottom + _s(8))))
        surface.blit(axis, axis.get_rect(topright=(plot.right, plot.bottom + _s(8) + tick_h)))
        pygame.draw.line(surface, style.INK_SOFT, plot.bottomleft, plot.bottomright, 2)
        ends: list[tuple[float, int]] = []
        seats = len(history[0]) if history else 0
        winners = set(self.session.state.winners)
        for seat in range(seats):  # in ink, told apart by their markers and numbers (colours mean lines)
            colour = style.GOLD_DARK if seat in winners else seat_ink(seat)
            points = [at(turn, row[seat]) for turn, row in enumerate(history) if seat < len(row)]
            for a, b in itertools.pairwise(points):
                symbols.thick_line(surface, colour, a, b, _s(3))
            for p in points[:: max(1, len(points) // 16)] + points[-1:]:
                _marker(surface, seat, p, _s(5), colour)
            if points:
                ends.append((points[-1][1], seat))
        ends.sort()
        for y, (_, seat) in zip(_spread([y for y, _ in ends], _s(28), plot.bottom), ends, strict=True):
            seat_badge(surface, (plot.right + _s(26), y), _s(11), seat)
            label = style.fit_text(f"{self.session.name(seat)}  {history[-1][seat]}", _s(16), "bold", style.INK,
                                   area.right - plot.right - _s(44))
            surface.blit(label, label.get_rect(midleft=(plot.right + _s(44), y)))


def _spread(heights: list[float], gap: float, lowest: float) -> list[float]:
    """Sorted heights pushed `gap` apart and none below `lowest`: the chart's final scores, side by side at its
    right end, neither cover one another nor run down past the plot into the button under it."""
    placed: list[float] = []
    for y in heights:
        placed.append(max(y, placed[-1] + gap) if placed else y)
    for k in reversed(range(len(placed))):
        placed[k] = min(placed[k], placed[k + 1] - gap if k + 1 < len(placed) else lowest)
    return placed


def _marker(surface: pygame.Surface, seat: int, centre: tuple[float, float], r: float, colour: style.Colour) -> None:
    """A seat's point shape on the chart: disc, square, triangle, diamond, ring."""
    x, y = centre
    shape = seat % 5
    if shape == 0:
        symbols.disc(surface, colour, centre, r)
    elif shape == 1:
        pygame.draw.rect(surface, colour, pygame.Rect(round(x - r), round(y - r), round(2 * r), round(2 * r)))
    elif shape == 2:
        symbols.polygon(surface, colour, [(x, y - r * 1.2), (x + r * 1.15, y + r * 0.8), (x - r * 1.15, y + r * 0.8)])
    elif shape == 3:
        symbols.polygon(surface, colour, [(x, y - r * 1.3), (x + r * 1.3, y), (x, y + r * 1.3), (x - r * 1.3, y)])
    else:
        pygame.draw.circle(surface, colour, (x, y), r + 1, 3)
