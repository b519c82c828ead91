"""The rules in our own words, over the game: what this board scores, the passenger, the end, the controls.

Only the features the current board has are listed (no landmarks on a London evening). The overlay is a
scene pushed on top, so the game underneath waits while people read. F1, H (but at a people's table H
asks for a hint: overlays/hint.py), the "?" button on the play screen, the menu's Rules button or a
controller's Guide / left stick click open it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.board.model import Board
from game.bus.board import BusBoard
from game.ui import style, text
from game.ui.input.intents import Intent
from game.ui.overlays.bus_help import bus_board_title, bus_sections
from game.ui.overlays.help_section import Section
from game.ui.panels.widgets import button
from game.ui.stage import Layer, Scene, Window, table_on_screen

PANEL_W = 860
TITLE = 34
HEAD = 22
BODY = 17
LINE_GAP = 5
SCROLL_STEP = 70
BULLET_INDENT = 17  # wrapped lines of a "•" item start under its first word


def features(board: Board | None) -> list[str]:
    """The scoring features `board` really has, in the order the help lists them."""
    if board is None:
        return ["railway", "terminus"]
    nodes = [node for node in board.nodes if not node.waypoint]
    found = []
    checks = [
        ("railway", any(n.railway for n in nodes)),
        ("terminus", any(n.terminus for n in nodes)),
        ("connection", any(n.connection for n in nodes)),
        ("loop", board.settings.loops),
        ("plus", any(n.plus for n in nodes)),
        ("landmark", any(n.landmarks for n in nodes)),
        ("cluster", bool(board.clusters)),
        ("water", any(n.water for n in board.nodes)),
    ]
    for name, present in checks:
        if present:
            found.append(name)
    return found


def sections(board: Board | BusBoard | None) -> list[Section]:
    """The rules summary for `board` (a generic one without a board); the bus tour's for a bus-tour board."""
    if isinstance(board, BusBoard):
        return bus_sections(board)
    settings = board.settings if board is not None else None
    actions = settings.actions_per_turn if settings else 4
    cost = settings.branch_cost if settings else 2
    city = text.board_title(board) if board is not None else ""
    tr = text.tr
    turn = [text.ntr("help.turn", actions, actions=actions)]
    if settings is not None and settings.first_round == "equal":
        points = ", ".join(str(p) for p in settings.start_points) or "0"
        turn.append(text.ntr("help.turn.equal", actions, actions=actions, points=points))
    else:
        turn.append(tr("help.turn.staggered"))
    scoring = [tr("help.score.intro")] + [_feature(name, board) for name in features(board)]
    has_express = board is None or any(n.destination == "express" for n in board.nodes)
    passenger = [tr("help.passenger.moves" if has_express else "help.passenger.moves_standard"),
                 tr("help.passenger.route"), tr("help.passenger.choose")]
    end = [tr("help.end.pile")]
    if settings is not None and not settings.passenger_after_deck:
        end.append(tr("help.end.classic"))
    end.append(tr("help.end.winner"))
    return [
        Section(tr("help.goal.title"), (tr("help.goal", city=city) if city else tr("help.goal.any"),), "goal"),
        Section(tr("help.turn.title"), tuple(turn), "turn"),
        Section(tr("help.place.title"), (tr("help.place.first"), text.ntr("help.place.branch", cost, cost=cost),
                                         tr("help.place.rules")), "place"),
        Section(tr("help.score.title"), tuple(scoring), "score"),
        Section(tr("help.passenger.title"), tuple(passenger), "passenger"),
        Section(tr("help.end.title"), tuple(end), "end"),
        Section(tr("help.controls.title"), (tr("help.controls.mouse"), tr("help.controls.pad")), "controls"),
    ]


def _feature(name: str, board: Board | None) -> str:
    s = board.settings if board is not None else None
    values: dict[str, Any] = {}
    if s is not None:
        features: dict[str, dict[str, Any]] = {
            "railway": {"points": s.railway_points},
            "terminus": {"points": s.terminus_points, "tokens": s.terminus_branch_tokens},
            "connection": {"points": s.connection_pair_points},
            "loop": {"points": s.loop_points},
            "plus": {"table": ", ".join(str(p) for p in s.plus_table)},
            "landmark": {"set": s.landmark_set_points, "majority": s.landmark_majority_points},
            "cluster": {"points": s.cluster_points},
            "water": {"points": _third(s.water_table)},
        }
        values = features[name]
    else:
        values = {"points": 1} if name == "railway" else {"points": 2, "tokens": 1}
    key = f"help.score.{name}"
    if "tokens" in values:  # the terminus gives branch tokens: a count
        return "• " + text.ntr(key, values["tokens"], **values)
    return "• " + text.tr(key, **values)


def _third(table: tuple[int, ...]) -> int:
    return max(table) if table else 0


def board_of(scene: Any) -> Board | BusBoard | None:
    """The board a screen is about: the game's (either game's), the end screen's, or the menu's choice."""
    board = getattr(scene, "board", None)
    if isinstance(board, Board | BusBoard):
        return board
    if getattr(scene, "is_bus", False):  # the menu with the bus tour chosen
        return scene.bus_board()  # type: ignore[no-any-return]
    session = getattr(scene, "session", None)
    if session is not None and isinstance(getattr(session, "board", None), Board):
        return session.board
    preview = getattr(scene, "preview", None)
    if callable(preview):
        view = preview()
        return getattr(view, "board", None)
    return None


class HelpScene(Scene):
    """The scrollable rules overlay. Esc, F1/H, a click outside or any controller face button closes it."""

    def __init__(self, app: Window, board: Board | BusBoard | None, below: Scene | None = None) -> None:
        super().__init__(app)
        self.board = board
        self.below = below
        self.scroll = 0.0
        self.page: pygame.Surface | None = None
        self.page_key: tuple[object, ...] | None = None
        self.backdrop: pygame.Surface | None = None
        self.hover: tuple[int, int] | None = None
        self.shown = sections(board)

    @classmethod
    def over(cls, app: Window) -> HelpScene | None:
        """The rules over whatever is on screen, for the router's "help"; None when they are open already."""
        scene = app.scene
        if scene is None or isinstance(scene, HelpScene):
            return None
        return cls(app, board_of(scene), scene)

    # ----- layout -----

    def panel(self) -> pygame.Rect:
        w, h = self.app.size
        width = min(PANEL_W, w - 40)
        return pygame.Rect((w - width) // 2, 30, width, h - 60)

    def close_rect(self) -> pygame.Rect:
        panel = self.panel()
        width, height = style.ui(128), style.ui(40)
        return pygame.Rect(panel.right - width - 22, panel.y + 20, width, height)

    def body_rect(self) -> pygame.Rect:
        panel = self.panel()
        top = panel.y + 44 + style.ui(40)
        return pygame.Rect(panel.x + 36, top, panel.width - 72, panel.bottom - top - 20)

    def max_scroll(self) -> float:
        page = self._page()
        return max(0.0, page.get_height() - self.body_rect().height)

    # ----- input -----

    def intent(self, intent: Intent) -> None:
        kind = intent.kind
        if kind == "hover":
            self.hover = (int(intent.pos[0]), int(intent.pos[1])) if intent.pos else None
        elif kind in ("back", "help", "pad_a", "pad_b", "pad_start", "pad_back"):
            self.close()
        elif kind == "select" and intent.pos is not None:
            if self.close_rect().collidepoint(intent.pos) or not self.panel().collidepoint(intent.pos):
                self.close()
        elif kind == "zoom":  # the wheel scrolls here
            self.scroll_by(-intent.amount * SCROLL_STEP)
        elif kind == "pan_step":
            self.scroll_by(intent.delta[1] * 14)
        elif kind == "pan":
            self.scroll_by(-intent.delta[1])
        elif kind == "pad_move":
            self.scroll_by(intent.delta[1] * SCROLL_STEP)
        elif kind in ("pad_prev", "pad_next"):
            self.scroll_by((1 if kind == "pad_next" else -1) * self.body_rect().height * 0.8)

    def event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_PAGEDOWN, pygame.K_SPACE):
            self.scroll_by(self.body_rect().height * 0.8)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_PAGEUP:
            self.scroll_by(-self.body_rect().height * 0.8)

    def scroll_by(self, amount: float) -> None:
        self.scroll = max(0.0, min(self.max_scroll(), self.scroll + amount))

    def close(self) -> None:
        if self.app.scene is self:
            self.app.router.back()

    def resize(self, size: tuple[int, int]) -> None:
        self.backdrop = None
        if self.below is not None:
            self.below.resize(size)
        self.scroll_by(0)

    # ----- drawing -----

    def _page(self) -> pygame.Surface:
        """Every section rendered once into one tall surface (again when the width or language changes)."""
        width = self.body_rect().width
        key = (width, text.language(), style.ui_scale())
        if self.page is not None and self.page_key == key:
            return self.page
        self.shown = sections(self.board)
        blocks: list[tuple[pygame.Surface, int, int]] = []  # image, indent, gap below
        for section in self.shown:
            blocks.append((style.text(section.title, style.ui(HEAD), "black", style.INK), 0, 8))
            for paragraph in section.paragraphs:
                bullet = paragraph.startswith("• ")
                indent = style.ui(BULLET_INDENT) if bullet else 0
                lines = style.wrap(paragraph, style.ui(BODY), "regular", width - 8 - indent, max_lines=40)
                for k, line in enumerate(lines):
                    gap = LINE_GAP if k < len(lines) - 1 else 10
                    blocks.append((style.text(line, style.ui(BODY), "regular", style.INK), indent if k else 0, gap))
            image, indent, _gap = blocks[-1]
            blocks[-1] = (image, indent, 26)
        height = sum(image.get_height() + gap for image, _indent, gap in blocks)
        page = pygame.Surface((width, height), pygame.SRCALPHA)
        y = 0
        for image, indent, gap in blocks:
            page.blit(image, (indent, y))
            y += image.get_height() + gap
        self.page, self.page_key = page, key
        return page

    def draw(self, surface: pygame.Surface) -> None:
        size = surface.get_size()
        if self.backdrop is None or self.backdrop.get_size() != size:
            if self.below is not None:
                self.below.draw(surface)
            else:
                surface.fill(style.PAPER)
            shade = pygame.Surface(size, pygame.SRCALPHA)
            shade.fill((*style.INK, 150))
            surface.blit(shade, (0, 0))
            self.backdrop = surface.copy()
        surface.blit(self.backdrop, (0, 0))
        panel = self.panel()
        pygame.draw.rect(surface, style.mix(style.INK, style.PAPER, 0.3), panel.move(0, 5), border_radius=18)
        pygame.draw.rect(surface, style.PAPER, panel, border_radius=18)
        title = self.board and (bus_board_title(self.board) if isinstance(self.board, BusBoard)
                                else text.board_title(self.board))
        heading = style.text(text.tr("help.title"), style.ui(TITLE), "black", style.INK)
        surface.blit(heading, (panel.x + 36, panel.y + 22))
        if title:
            city = style.text(title, style.ui(18), "semibold", style.INK_SOFT)
            surface.blit(city, (panel.x + 44 + heading.get_width(), panel.y + 22 + heading.get_height()
                                - city.get_height() - 4))
        close = self.close_rect()
        button(surface, close, text.tr("help.close"), "Esc",
               hovered=self.hover is not None and close.collidepoint(self.hover), size=style.ui(16))
        body = self.body_rect()
        page = self._page()
        previous = surface.get_clip()
        surface.set_clip(body)
        surface.blit(page, (body.x, body.y - round(self.scroll)))
        surface.set_clip(previous)
        self._scrollbar(surface, body, page.get_height())

    def _scrollbar(self, surface: pygame.Surface, body: pygame.Rect, total: int) -> None:
        if total <= body.height:
            return
        track = pygame.Rect(body.right + 8, body.y, 6, body.height)
        pygame.draw.rect(surface, style.PAPER_DARK, track, border_radius=3)
        length = max(30, round(body.height * body.height / total))
        top = track.y + round((track.height - length) * self.scroll / max(1.0, total - body.height))
        pygame.draw.rect(surface, style.INK_SOFT, pygame.Rect(track.x, top, 6, length), border_radius=3)
        fade = _fade(body.width)
        if self.scroll < total - body.height - 1:  # more below: a soft fade says so
            surface.blit(fade, (body.x, body.bottom - fade.get_height()))
        if self.scroll > 1:  # and above
            surface.blit(pygame.transform.flip(fade, False, True), (body.x, body.y))


_fades: dict[int, pygame.Surface] = {}


def _fade(width: int, height: int = 36) -> pygame.Surface:
    """Paper fading in from transparent, to soften the edge where the text is cut."""
    if width not in _fades:
        fade = pygame.Surface((width, height), pygame.SRCALPHA)
        for y in range(height):
            pygame.draw.line(fade, (*style.PAPER, round(255 * y / height)), (0, y), (width, y))
        _fades.clear()
        _fades[width] = fade
    return _fades[width]


class HelpLayer(Layer):
    """F1 / H / a controller's help button anywhere, and the "?" button on the play screen."""

    def __init__(self) -> None:
        self.hover: tuple[int, int] | None = None

    @staticmethod
    def button_rect(app: Window) -> pygame.Rect | None:
        """Where the "?" sits: in the table's heading beside the board, so it never covers the map (not in the
        show, which has no table)."""
        table = table_on_screen(app)
        return table.help_rect() if table is not None else None

    def intent(self, app: Window, intent: Intent) -> bool:
        if intent.kind == "help":
            if isinstance(app.scene, HelpScene):
                app.scene.close()
            else:
                app.router.push("help")
            return True
        if intent.kind == "hover":
            self.hover = (int(intent.pos[0]), int(intent.pos[1])) if intent.pos else None
            return False
        if intent.kind == "select" and intent.pos is not None:
            rect = self.button_rect(app)
            if rect is not None and rect.collidepoint(intent.pos):
                app.router.push("help")
                return True
        return False

    def draw(self, app: Window, surface: pygame.Surface) -> None:
        rect = self.button_rect(app)
        if rect is None:
            return
        lit = self.hover is not None and rect.collidepoint(self.hover)
        centre = rect.center
        r = rect.width / 2
        pygame.draw.circle(surface, style.mix(style.INK, style.PAPER, 0.5), (centre[0], centre[1] + 2), r)
        pygame.draw.circle(surface, style.GOLD if lit else style.INK, centre, r)
        pygame.draw.circle(surface, style.GOLD_DARK if lit else style.HALO, centre, r, 2)
        mark = style.text("?", round(r * 1.25), "black", style.INK if lit else style.HALO)
        surface.blit(mark, mark.get_rect(center=(centre[0], centre[1] + 1)))
        if lit:
            tip = style.text(text.tr("help.button"), style.ui(14), "bold", style.HALO)
            box = tip.get_rect().inflate(style.ui(18), style.ui(10))
            box.topright = (rect.right, rect.bottom + style.ui(8))
            box.clamp_ip(surface.get_rect())
            pygame.draw.rect(surface, style.INK, box, border_radius=8)
            surface.blit(tip, tip.get_rect(center=box.center))
